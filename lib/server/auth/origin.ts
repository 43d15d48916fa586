import 'server-only';
import type { NextRequest } from 'next/server';
import { requestHost } from '@/lib/tenant-host';

/** The public origin of a request (scheme from `x-forwarded-proto` behind a proxy, host from `Host`). */
export function publicOrigin(req: NextRequest): string {
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? req.nextUrl.protocol.replace(':', '');
  const host = requestHost(req.headers) ?? req.nextUrl.host;
  return `${proto}://${host}`;
}

/** True when the request reached us over https (cookies then get `Secure`). */
export function isHttps(req: NextRequest): boolean {
  return publicOrigin(req).startsWith('https://');
}

/** The OIDC redirect URI of the tenant host of a request. */
export function callbackUri(req: NextRequest): string {
  return `${publicOrigin(req)}/api/v1/auth/google/callback`;
}
