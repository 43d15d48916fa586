import { NextResponse } from 'next/server';
import { isHttps } from '@/lib/server/auth/origin';
import { deleteSession, sessionCookieOptions } from '@/lib/server/auth/session';
import { route } from '@/lib/server/http';
import { SESSION_COOKIE } from '@/lib/tenant-host';

/** `GET /api/v1/auth/logout` (spec section 7): ends the session and clears its cookie; 204. */
export const GET = route({ access: 'public' }, async ({ req }) => {
  await deleteSession(req.cookies.get(SESSION_COOKIE)?.value);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(isHttps(req)), maxAge: 0 });
  return res;
});
