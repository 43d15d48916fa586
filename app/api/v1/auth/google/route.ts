import { NextResponse } from 'next/server';
import { callbackUri, isHttps } from '@/lib/server/auth/origin';
import { OIDC_TX_COOKIE, startSignIn } from '@/lib/server/auth/oidc';
import { route } from '@/lib/server/http';

/**
 * `GET /api/v1/auth/google` (spec section 7): starts OpenID Connect sign-in. Redirects (302) to the
 * identity provider with PKCE (S256), state and nonce; the transaction waits in a 10-minute
 * httpOnly SameSite=Lax cookie scoped to the callback path. 429 after 30 starts in 10 minutes from one IP.
 */
export const GET = route(
  {
    summary: 'Starts OpenID Connect sign-in (302 to the provider)',
    access: 'public',
    status: 302,
    limits: [['signInPerIp', ({ ip }) => ip]],
  },
  async ({ req }) => {
    const { url, transaction } = await startSignIn(callbackUri(req));
    const res = NextResponse.redirect(url, 302);
    res.cookies.set(OIDC_TX_COOKIE, Buffer.from(JSON.stringify(transaction)).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(req),
      path: '/api/v1/auth',
      maxAge: 600,
    });
    return res;
  },
);
