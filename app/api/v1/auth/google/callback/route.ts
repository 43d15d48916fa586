import { NextResponse } from 'next/server';
import { z } from 'zod';
import { safeNextPath } from '@/lib/domain/next-path';
import { holderHashOf } from '@/lib/server/auth/holder';
import { callbackUri, isHttps, publicOrigin } from '@/lib/server/auth/origin';
import { finishSignIn, OIDC_TX_COOKIE } from '@/lib/server/auth/oidc';
import { createSession, sessionCookieOptions } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { claimHolds } from '@/lib/server/repositories/holds';
import { findOrCreateByIdentity } from '@/lib/server/services/find-or-create-by-identity';
import { SESSION_COOKIE } from '@/lib/tenant-host';

/** The sign-in transaction the start route left in its cookie, with where to return after signing in. */
const ZTransaction = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), next: z.string().optional() });

/**
 * `GET /api/v1/auth/google/callback`: completes sign-in (code exchange checking state, nonce, PKCE and
 * the ID token), finds or creates the user by verified e-mail, opens a server-side session (httpOnly,
 * SameSite=Lax, Secure behind https), gives the account this browser's holds (`POST /holds`) and redirects to the
 * start's `next` path (checked again), else `/`. Any failure redirects to `/login?error=1`;
 * 429 after 30 callbacks in 10 minutes from one IP.
 */
export const GET = route(
  {
    summary: 'Completes sign-in (302 to / or /login?error=1)',
    access: 'public',
    status: 302,
    limits: [['signInCallbackPerIp', ({ ip }) => ip]],
  },
  async ({ req, tenant }) => {
    const origin = publicOrigin(req);
    const fail = () => {
      const res = NextResponse.redirect(`${origin}/login?error=1`, 302);
      res.cookies.delete({ name: OIDC_TX_COOKIE, path: '/api/v1/auth' });
      return res;
    };
    const raw = req.cookies.get(OIDC_TX_COOKIE)?.value;
    const parsed = raw ? ZTransaction.safeParse(safeJson(Buffer.from(raw, 'base64url').toString())) : undefined;
    if (!parsed?.success) return fail();
    let identity;
    try {
      identity = await finishSignIn(req.nextUrl, callbackUri(req), { state: parsed.data.state, nonce: parsed.data.nonce, verifier: parsed.data.verifier });
    } catch (err) {
      console.warn('[auth] sign-in failed', err instanceof Error ? err.message : err);
      return fail();
    }
    const db = await getDb();
    const user = await findOrCreateByIdentity(db, tenant.id, identity);
    if (!user) return fail();
    // The browser's holds of an hour (`POST /holds`) become the account's: its booking finishes after sign-in.
    await claimHolds(db, tenant.id, user.id, { holderHash: holderHashOf(req) });
    const { token, expires } = await createSession(tenant.id, user.id, req.cookies.get(SESSION_COOKIE)?.value);
    const res = NextResponse.redirect(`${origin}${safeNextPath(parsed.data.next) ?? '/'}`, 302);
    res.cookies.delete({ name: OIDC_TX_COOKIE, path: '/api/v1/auth' });
    res.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(isHttps(req), expires));
    return res;
  },
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
