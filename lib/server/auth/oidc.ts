import 'server-only';
import * as oidc from 'openid-client';
import { env } from '@/lib/server/env';

/**
 * OpenID Connect sign-in (authorization code + PKCE + state + nonce) with openid-client.
 * Google by default; the local OpenID provider of `scripts/dev-oidc.ts` when the start script
 * configures it (then, and only then, plain http is allowed).
 */
let configPromise: Promise<oidc.Configuration> | undefined;

function configuration(): Promise<oidc.Configuration> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOW_INSECURE } = env();
  if (!OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) {
    return Promise.reject(new Error('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not configured'));
  }
  configPromise ??= oidc
    .discovery(
      new URL(OIDC_ISSUER),
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      undefined,
      OIDC_ALLOW_INSECURE === '1' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .catch((err) => {
      configPromise = undefined;
      throw err;
    });
  return configPromise;
}

/** The pending sign-in, kept in a short-lived httpOnly cookie between the redirect and the callback. */
/** Cookie holding the pending sign-in between the redirect and the callback. */
export const OIDC_TX_COOKIE = 'klok_oidc';

export type OidcTransaction = { state: string; nonce: string; verifier: string };

/** Builds the provider's authorization URL and the transaction to remember. */
export async function startSignIn(redirectUri: string): Promise<{ url: URL; transaction: OidcTransaction }> {
  const config = await configuration();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, transaction: { state, nonce, verifier } };
}

/** Verified identity from the provider's ID token. */
export type Identity = { email: string; name: string };

/**
 * Completes the sign-in: exchanges the code (checking state, nonce and PKCE) and returns the verified
 * e-mail and name. Throws when the provider's answer fails a check or the e-mail is not verified.
 */
export async function finishSignIn(callbackUrl: URL, redirectUri: string, tx: OidcTransaction): Promise<Identity> {
  const config = await configuration();
  const current = new URL(redirectUri);
  current.search = callbackUrl.search;
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
    expectedNonce: tx.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!claims || !email || claims.email_verified !== true) throw new Error('The identity provider did not verify an e-mail');
  const name = typeof claims.name === 'string' ? claims.name : '';
  return { email, name };
}
