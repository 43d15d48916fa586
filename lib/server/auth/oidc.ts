import 'server-only';
import { cookies } from 'next/headers';
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

/**
 * Verified identity from the provider's ID token: the e-mail, the display name (`name`) and, when the
 * provider sends them (OIDC standard claims; Google does), the given and family names.
 */
export type Identity = { email: string; name: string; givenName?: string; familyName?: string };

/**
 * Completes the sign-in: exchanges the code (checking state, nonce and PKCE) and returns the verified
 * e-mail and name. Throws when the provider's answer fails a check or the e-mail is not verified.
 * The provider's given and family names are also remembered for the onboarding form (`rememberNameParts`).
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
  const identity = identityOf(email, claims);
  await rememberNameParts(identity, current.protocol === 'https:');
  return identity;
}

/** A name claim as tidy text (at most 120 characters, as a user's name), or undefined when absent. */
function nameClaim(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/\s+/g, ' ').slice(0, 120);
  return text || undefined;
}

/**
 * The identity of verified claims. The display name is `name`, or the given and family names joined when
 * the provider sent only those.
 */
export function identityOf(email: string, claims: Record<string, unknown>): Identity {
  const givenName = nameClaim(claims.given_name);
  const familyName = nameClaim(claims.family_name);
  const name = nameClaim(claims.name) ?? [givenName, familyName].filter(Boolean).join(' ');
  return { email, name, ...(givenName && { givenName }), ...(familyName && { familyName }) };
}

/**
 * Cookie carrying the provider's given and family names from the sign-in callback to the onboarding page
 * (which splits the stored name into Nombre and Apellido with them): httpOnly, only sent to /onboarding,
 * one hour. A hint for a prefill, nothing trusts it (the page only uses it when it matches the stored name).
 */
export const NAME_PARTS_COOKIE = 'klok_name';

/** The provider's name parts as remembered at sign-in. */
export type NameParts = { given?: string; family?: string };

/** Sets (or, when the provider sent no parts, clears) the name-parts cookie on the callback's response. */
async function rememberNameParts(identity: Identity, secure: boolean): Promise<void> {
  try {
    const jar = await cookies();
    if (!identity.givenName && !identity.familyName) {
      jar.delete({ name: NAME_PARTS_COOKIE, path: '/onboarding' });
      return;
    }
    const parts: NameParts = { given: identity.givenName, family: identity.familyName };
    jar.set(NAME_PARTS_COOKIE, Buffer.from(JSON.stringify(parts)).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/onboarding',
      maxAge: 3600,
    });
  } catch (err) {
    // Only a prefill is lost: the sign-in goes on.
    console.warn('[auth] could not remember the name parts', err instanceof Error ? err.message : err);
  }
}

/** The name parts remembered at sign-in (for the onboarding page), or null. */
export async function rememberedNameParts(): Promise<NameParts | null> {
  const raw = (await cookies()).get(NAME_PARTS_COOKIE)?.value;
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString());
    if (!value || typeof value !== 'object') return null;
    const { given, family } = value as Record<string, unknown>;
    return { given: nameClaim(given), family: nameClaim(family) };
  } catch {
    return null;
  }
}
