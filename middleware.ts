/**
 * The request edge (design card): resolves the tenant from the host and checks the session (in process
 * through the server's published probe, else `GET /api/v1/session` over loopback), then routes each page request to the route set of the role (spec section 2):
 * clients to `/client/...`, staff to `/staff/...`, visitors to `/login`, `/onboarding` and `/reservar` (the booking
 * open to visitors, where a client also finishes the booking it held before signing in); action links `/c/{token}`
 * are open to everyone.
 * It is a convenience, never a security boundary: every layout and API handler checks the session again.
 * It also sets the security headers of every page answer: a Content-Security-Policy around a
 * fresh nonce (passed on to Next.js in the request's own CSP header, so Next puts it on its scripts) and,
 * over https, Strict-Transport-Security. The API is outside the matcher: next.config.mjs gives it its
 * own strict policy. Imports nothing server-only.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, createNonce, cspOptionsFromEnv, hstsHeader } from '@/lib/security/csp';
import { CLIENT_IP_HEADER, requestHost, SESSION_COOKIE } from '@/lib/tenant-host';
import { UNAVAILABLE_RETRY_AFTER, unavailablePageHtml } from '@/lib/net/unavailable-page';

/** The booking open to visitors and where it finishes after sign-in (beyond-the-spec section 1). */
const VISITOR_PATHS = /^\/reservar(\/confirmar)?$/;
/** Action links (beyond-the-spec section 3): open to whoever holds one, signed in or not, whatever the role. */
const ACTION_PATHS = /^\/c\/[^/]+$/;
const CLIENT_PATHS = [/^\/$/, /^\/onboarding$/, /^\/new\/appointment$/];
const STAFF_PATHS = [
  /^\/$/,
  /^\/new\/(appointment|leave)$/,
  /^\/move\/appointment$/,
  /^\/employees(\/[^/]+(\/edit\/(day-schedule|week-schedule|services|information))?)?$/,
  /^\/services(\/new|\/[^/]+(\/edit\/(information|employees))?)?$/,
  /^\/clients(\/[^/]+(\/edit\/(information|users))?)?$/,
  /^\/activities$/,
  /^\/summary$/,
  /^\/waitlist$/,
  /^\/reminders$/,
  /^\/whatsapp\/[^/]+$/,
  /^\/mail$/,
];

type SessionAnswer = { status: number; role?: string; onboarding?: boolean };
type Probe = (host: string | null, token: string | undefined, ip: string | null) => Promise<SessionAnswer>;

/**
 * The session behind the request's cookie. In process when the server published its probe
 * (lib/server/auth/session-probe.ts, registered by instrumentation.ts; this middleware runs on the Node.js
 * runtime in the same process): the very answer of `GET /api/v1/session` without a loopback HTTP call.
 * Otherwise (the probe not yet registered) it asks `/api/v1/session` over loopback.
 */
async function askSession(req: NextRequest): Promise<SessionAnswer> {
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return { status: 404 };
  const probe = (globalThis as { __klokSessionProbe?: Probe }).__klokSessionProbe;
  if (probe) return probe(requestHost(req.headers), token, req.headers.get(CLIENT_IP_HEADER) || null);
  // Ask this same server over loopback (tenant hosts such as klok.localhost need not resolve here);
  // the tenant travels as the forwarded host.
  const port = process.env.PORT ?? (req.nextUrl.port || '3000');
  const origin = process.env.INTERNAL_ORIGIN ?? `http://127.0.0.1:${port}`;
  // The custom server (scripts/server.ts) honours the forwarded host and client IP of this loopback call
  // only with its per-process internal token; from anyone else it replaces them.
  const res = await fetch(new URL('/api/v1/session', origin), {
    headers: {
      cookie: `${SESSION_COOKIE}=${token}`,
      'x-forwarded-host': req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? '',
      'x-klok-client-ip': req.headers.get('x-klok-client-ip') ?? '',
      'x-klok-internal': process.env.KLOK_INTERNAL_TOKEN ?? '',
    },
    cache: 'no-store',
  });
  if (res.status !== 200) return { status: res.status };
  const body = (await res.json()) as { data?: { role?: string; onboarding_completed?: boolean } };
  return { status: 200, role: body.data?.role, onboarding: body.data?.onboarding_completed };
}

/**
 * The page policy for this request's nonce. NEXT_PUBLIC_API_BASE_URL is read the way the browser bundle
 * reads it (inlined at build time); the other variables at run time, as the server reads them.
 */
function pagePolicy(nonce: string): string {
  return contentSecurityPolicy(
    cspOptionsFromEnv({ ...process.env, NEXT_PUBLIC_API_BASE_URL: process.env.NEXT_PUBLIC_API_BASE_URL }, nonce),
  );
}

/** The 503 page of a view whose session cannot be checked because the database is unavailable. */
function unavailablePage(nonce: string, target: string): NextResponse {
  return new NextResponse(unavailablePageHtml(nonce, target), {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': UNAVAILABLE_RETRY_AFTER, 'cache-control': 'no-store' },
  });
}

/** Routes a page request by the session's role (spec section 2) and sets the security headers. */
export async function middleware(req: NextRequest) {
  const nonce = createNonce();
  const csp = pagePolicy(nonce);
  // Next renders the page with the request's headers: it takes the nonce from this CSP header. Any
  // client-sent value is replaced.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-nonce', nonce);
  // The custom server (scripts/server.ts) rewrites X-Forwarded-Proto from the socket (or a trusted proxy).
  const hsts = hstsHeader(req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', ''));
  const secure = (res: NextResponse) => {
    res.headers.set('Content-Security-Policy', csp);
    if (hsts) res.headers.set('Strict-Transport-Security', hsts);
    return res;
  };
  const next = () => secure(NextResponse.next({ request: { headers: requestHeaders } }));
  const rewrite = (path: string) =>
    secure(NextResponse.rewrite(new URL(path + req.nextUrl.search, req.url), { request: { headers: requestHeaders } }));
  const redirect = (path: string) => secure(NextResponse.redirect(new URL(path, req.url)));

  const { pathname } = req.nextUrl;
  // The token is the proof: no session is asked for.
  if (ACTION_PATHS.test(pathname)) return next();
  let session: SessionAnswer;
  try {
    session = await askSession(req);
  } catch {
    session = { status: 503 };
  }
  // The session could not be checked (the database is down): an error page, not the sign-in page.
  if (session.status === 503) return secure(unavailablePage(nonce, pathname + req.nextUrl.search));

  if (session.status === 200 && session.role) {
    if (pathname === '/login') return redirect('/');
    if (session.role === 'client') {
      // /reservar/confirmar finishes a booking a visitor held before signing in (beyond-the-spec section 1).
      if (pathname === '/onboarding' || VISITOR_PATHS.test(pathname)) return next();
      if (!CLIENT_PATHS.some((p) => p.test(pathname))) return redirect('/');
      return rewrite(`/client${pathname === '/' ? '' : pathname}`);
    }
    if (!STAFF_PATHS.some((p) => p.test(pathname))) return redirect('/');
    return rewrite(`/staff${pathname === '/' ? '' : pathname}`);
  }
  // No session (or an unknown tenant, which the login page reports).
  if (pathname === '/login' || pathname === '/onboarding' || VISITOR_PATHS.test(pathname)) return next();
  return redirect('/login');
}

export const config = {
  // Node.js, not Edge: the session probe of the server process is reachable (see askSession).
  runtime: 'nodejs',
  // Pages only: not the API, Next's assets or public files.
  matcher: ['/((?!api/|_next/|favicon|tenants/|avatars/|icons/|manifest|sw\\.js|.*\\.(?:png|svg|jpg|ico|webmanifest|js)$).*)'],
};
