import { NextResponse } from 'next/server';
import { holderHashOf } from '@/lib/server/auth/holder';
import { isHttps, publicOrigin } from '@/lib/server/auth/origin';
import { createSession, sessionCookieOptions } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { claimHolds } from '@/lib/server/repositories/holds';
import { openSignInLink } from '@/lib/server/services/sign-in-link';
import { ZEmailLinkCallbackQuery } from '@/lib/validation/auth';
import { SESSION_COOKIE } from '@/lib/tenant-host';

/**
 * `GET /api/v1/auth/email-link/callback?token=` (beyond-the-spec §1): opens a sign-in link. Consumes the
 * token atomically; on success opens a session exactly as the Google callback does (rotation of the cookie
 * the browser held, httpOnly, SameSite=Lax, Secure behind https), gives the account the holds of the link and
 * of this browser (`POST /holds`), and redirects (302) to the link's `next`
 * path, else `/` (which sends a new client to onboarding). An unknown, expired, used or other-tenant token
 * redirects to `/login?error=link` ("El enlace ha caducado o ya se ha usado. Pide otro."); an address that
 * cannot sign in (removed stylist, guest) to `/login?error=1`. 429 after 30 callbacks in 10 minutes per IP.
 */
export const GET = route(
  {
    summary: 'Opens a sign-in link (302 to its next path, /, or /login?error=link)',
    access: 'public',
    status: 302,
    query: ZEmailLinkCallbackQuery,
    limits: [['signInCallbackPerIp', ({ ip }) => ip]],
  },
  async ({ req, tenant, query, now }) => {
    const origin = publicOrigin(req);
    const db = await getDb();
    const opened = await openSignInLink(db, tenant.id, query.token, now);
    if (!opened.ok) return NextResponse.redirect(`${origin}/login?error=${opened.reason === 'link' ? 'link' : '1'}`, 302);
    // Opened in the browser that held an hour: the account takes its holds over too.
    await claimHolds(db, tenant.id, opened.user.id, { holderHash: holderHashOf(req) });
    const { token, expires } = await createSession(tenant.id, opened.user.id, req.cookies.get(SESSION_COOKIE)?.value);
    const res = NextResponse.redirect(`${origin}${opened.next ?? '/'}`, 302);
    res.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(isHttps(req), expires));
    return res;
  },
);
