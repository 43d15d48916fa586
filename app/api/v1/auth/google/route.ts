import { NextResponse } from 'next/server';
import { z } from 'zod';
import { NEXT_PATH_MAX, safeNextPath } from '@/lib/domain/next-path';
import { callbackUri, isHttps } from '@/lib/server/auth/origin';
import { OIDC_TX_COOKIE, startSignIn } from '@/lib/server/auth/oidc';
import { route } from '@/lib/server/http';

/**
 * `GET /api/v1/auth/google` (spec section 7): starts OpenID Connect sign-in. Redirects (302) to the
 * identity provider with PKCE (S256), state and nonce; the transaction waits in a 10-minute
 * httpOnly SameSite=Lax cookie scoped to the callback path, with the optional `next` (a same-origin path,
 * `safeNextPath`; anything else is ignored) where the callback returns. 429 after 30 starts in 10 minutes
 * from one IP.
 */
export const GET = route(
  {
    summary: 'Starts OpenID Connect sign-in (302 to the provider)',
    access: 'public',
    status: 302,
    query: z.object({ next: z.string().max(NEXT_PATH_MAX).optional().catch(undefined) }),
    limits: [['signInPerIp', ({ ip }) => ip]],
  },
  async ({ req, query }) => {
    const { url, transaction } = await startSignIn(callbackUri(req));
    const res = NextResponse.redirect(url, 302);
    const next = safeNextPath(query.next) ?? undefined;
    res.cookies.set(OIDC_TX_COOKIE, Buffer.from(JSON.stringify({ ...transaction, next })).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(req),
      path: '/api/v1/auth',
      maxAge: 600,
    });
    return res;
  },
);
