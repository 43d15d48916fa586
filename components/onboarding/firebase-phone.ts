/**
 * Phone verification through Firebase Auth in the browser (production provider, spec section 1:
 * "an external authentication provider with an invisible captcha"): an invisible reCAPTCHA, an SMS
 * sent by Firebase, and the Firebase ID token that the server verifies before it stores the phone.
 * Firebase is loaded only when this provider is configured.
 */
import type { ConfirmationResult } from 'firebase/auth';
import type { VerifyFailure } from './verification';

/** The public Firebase web configuration (none of it is secret). */
export type FirebasePublicConfig = { apiKey: string; authDomain: string; projectId: string };

/**
 * Sends the SMS code to `phone` (E.164) behind an invisible reCAPTCHA bound to the element with id
 * `captchaContainerId`; resolves with the pending confirmation.
 */
export async function sendFirebaseCode(
  config: FirebasePublicConfig,
  phone: string,
  captchaContainerId: string,
): Promise<ConfirmationResult> {
  const { getApps, initializeApp } = await import('firebase/app');
  const { getAuth, RecaptchaVerifier, signInWithPhoneNumber } = await import('firebase/auth');
  const app = getApps()[0] ?? initializeApp(config);
  const auth = getAuth(app);
  auth.languageCode = 'es';
  const verifier = new RecaptchaVerifier(auth, captchaContainerId, { size: 'invisible' });
  try {
    return await signInWithPhoneNumber(auth, phone, verifier);
  } finally {
    verifier.clear();
  }
}

/** Confirms the six-digit code with Firebase; resolves with the Firebase ID token for the server. */
export async function confirmFirebaseCode(confirmation: ConfirmationResult, code: string): Promise<string> {
  const credential = await confirmation.confirm(code);
  return credential.user.getIdToken();
}

/** Which message a Firebase failure shows (spec section 8, "Phone code"). */
export function firebaseFailureOf(err: unknown): VerifyFailure {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'auth/invalid-verification-code') return 'codeInvalid';
  if (code === 'auth/code-expired') return 'codeExpired';
  return 'codeOther';
}
