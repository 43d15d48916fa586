/**
 * The onboarding calls (spec section 4, "Onboarding"): check the phone is unused, request an SMS
 * code, verify it, then save the profile. The code request answers which provider verifies the
 * phone: `dev` (the server sends and checks the code) or `firebase` (see firebase-phone.ts).
 */
import { ApiClientError, apiFetch } from '@/lib/api-client/fetcher';
import { apiPaths } from '@/lib/api-client/paths';
import { fullName, givenName } from './profile-name';

/** Who delivers and checks the code: the API itself (`dev`) or Firebase Auth. */
export type PhoneProvider = 'dev' | 'firebase';
export type CodeRequest = { provider: PhoneProvider; expiresAt: string; tlf: string };
/** Message keys (namespace `onboarding`) of a failed verification. */
export type VerifyFailure = 'codeInvalid' | 'codeExpired' | 'codeOther' | 'sendFirst';

/** True when the phone already belongs to another account (spec: data with an e-mail means taken). */
export async function isPhoneTakenByOther(phone: string, ownEmail: string): Promise<boolean> {
  const body = await apiFetch<{ data?: { email?: string } }>(`/api/v1/users/phone/${encodeURIComponent(phone)}`);
  const email = body?.data?.email;
  return Boolean(email) && email!.toLowerCase() !== ownEmail.toLowerCase();
}

/** Asks the API to send a verification code to `tlf`; throws `ApiClientError` (409 `phone_taken`, …). */
export async function requestCode(email: string, tlf: string): Promise<CodeRequest> {
  const body = await apiFetch<{ data: { provider: PhoneProvider; expires_at: string } }>(
    `${apiPaths.user(email)}/phone/code`,
    { method: 'POST', body: { tlf } },
  );
  return { provider: body.data.provider, expiresAt: body.data.expires_at, tlf };
}

/** Proves the phone to the API: the code (dev provider) or the Firebase ID token (firebase provider). */
export async function verifyCode(email: string, proof: { code: string } | { id_token: string }): Promise<void> {
  await apiFetch(`${apiPaths.user(email)}/phone/verify`, { method: 'POST', body: proof });
}

/** Which message a failed verification shows (spec section 8, "Phone code"). */
export function verifyFailureOf(err: unknown): VerifyFailure {
  if (err instanceof ApiClientError && err.status === 422) {
    if (err.code === 'code_invalid') return 'codeInvalid';
    if (err.code === 'code_expired') return 'codeExpired';
    if (err.code === 'code_required') return 'sendFirst';
  }
  return 'codeOther';
}

/**
 * Saves the finished profile: full name ("Nombre Apellido"), the Nombre alone as `given_name` (the
 * greeting), verified phone, accepted policy, onboarding done.
 */
export async function completeProfile(email: string, names: { firstName: string; surname: string }, tlf: string): Promise<void> {
  await apiFetch(apiPaths.user(email), {
    method: 'PATCH',
    body: {
      name: fullName(names.firstName, names.surname),
      given_name: givenName(names.firstName),
      tlf,
      privacy_policy: true,
      onboarding_completed: true,
    },
  });
}
