import { NextResponse } from 'next/server';
import { isHttps } from '@/lib/server/auth/origin';
import { deleteSession, sessionCookieOptions } from '@/lib/server/auth/session';
import { route } from '@/lib/server/http';
import { SESSION_COOKIE } from '@/lib/tenant-host';

/**
 * Logout (spec section 7): ends the session and clears its cookie; 204. `GET` as the spec has it, refused
 * with 403 `cross_origin` when another site triggers it (`Sec-Fetch-Site: cross-site`, or a foreign `Origin`),
 * so no page elsewhere can log a user out; `POST` does the same for clients that prefer a write.
 */
const logout = route({ summary: 'Ends the session', access: 'public', sameOrigin: true, onboarding: false, status: 204 }, async ({ req, tenant }) => {
  await deleteSession(tenant.id, req.cookies.get(SESSION_COOKIE)?.value);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(isHttps(req)), maxAge: 0 });
  return res;
});

export const GET = logout;
export const POST = logout;
