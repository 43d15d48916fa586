import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';
import { isHttps } from './origin';

/**
 * The browser that made a hold (beyond-the-spec section 1): a random 256-bit token in the httpOnly cookie
 * `klok_holder`, stored only as its SHA-256 on the hold. It survives the sign-in round trip (SameSite=Lax:
 * sent on the provider's redirect back), so the signed-in client books the hour its visit held.
 */
export const HOLDER_COOKIE = 'klok_holder';

/** How long the holder cookie lives (seconds): a day, beyond any hold. */
const HOLDER_COOKIE_SECONDS = 24 * 60 * 60;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (hex) of a holder token. */
export const holderHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The request's holder token when it carries a well-formed one, else null. */
export function holderTokenOf(req: NextRequest): string | null {
  const token = req.cookies.get(HOLDER_COOKIE)?.value;
  return token && TOKEN.test(token) ? token : null;
}

/** The hash of the request's holder token, or null without one (reads never create a token). */
export function holderHashOf(req: NextRequest): string | null {
  const token = holderTokenOf(req);
  return token ? holderHash(token) : null;
}

/**
 * The request's holder token, or a new one; `set` writes a new token's cookie on the answer (httpOnly,
 * SameSite=Lax, Secure behind https, a day).
 */
export function holderFor(req: NextRequest): { hash: string; set: (res: NextResponse) => void } {
  const existing = holderTokenOf(req);
  const token = existing ?? randomBytes(32).toString('base64url');
  return {
    hash: holderHash(token),
    set: (res) => {
      if (existing) return;
      res.cookies.set(HOLDER_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: isHttps(req), path: '/', maxAge: HOLDER_COOKIE_SECONDS });
    },
  };
}
