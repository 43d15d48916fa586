/**
 * The request edge (design card): resolves the tenant from the host and proxies the session check to
 * `GET /api/v1/session`, then routes each page request to the route set of the role (spec section 2):
 * clients to `/client/...`, staff to `/staff/...`, visitors to `/login` and `/onboarding`.
 * It is a convenience, never a security boundary: every layout and API handler checks the session again.
 * Imports nothing server-only.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/tenant-host';

const CLIENT_PATHS = [/^\/$/, /^\/onboarding$/, /^\/new\/appointment$/];
const STAFF_PATHS = [
  /^\/$/,
  /^\/new\/(appointment|leave)$/,
  /^\/employees(\/[^/]+(\/edit\/(day-schedule|week-schedule|services|information))?)?$/,
  /^\/services(\/new|\/[^/]+(\/edit\/(information|employees))?)?$/,
  /^\/clients(\/[^/]+(\/edit\/(information|users))?)?$/,
  /^\/activities$/,
  /^\/mail$/,
];

type SessionAnswer = { status: number; role?: string; onboarding?: boolean };

async function askSession(req: NextRequest): Promise<SessionAnswer> {
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return { status: 404 };
  // Ask this same server over loopback (tenant hosts such as klok.localhost need not resolve here);
  // the tenant travels as the forwarded host.
  const port = process.env.PORT ?? (req.nextUrl.port || '3000');
  const origin = process.env.INTERNAL_ORIGIN ?? `http://127.0.0.1:${port}`;
  const res = await fetch(new URL('/api/v1/session', origin), {
    headers: {
      cookie: `${SESSION_COOKIE}=${token}`,
      'x-forwarded-host': req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? '',
    },
    cache: 'no-store',
  });
  if (res.status !== 200) return { status: res.status };
  const body = (await res.json()) as { data?: { role?: string; onboarding_completed?: boolean } };
  return { status: 200, role: body.data?.role, onboarding: body.data?.onboarding_completed };
}

export async function middleware(req: NextRequest) {
  const { pathname } = req.nextUrl;
  let session: SessionAnswer;
  try {
    session = await askSession(req);
  } catch {
    session = { status: 404 };
  }
  const rewrite = (path: string) => NextResponse.rewrite(new URL(path + req.nextUrl.search, req.url));
  const redirect = (path: string) => NextResponse.redirect(new URL(path, req.url));

  if (session.status === 200 && session.role) {
    if (pathname === '/login') return redirect('/');
    if (session.role === 'client') {
      if (pathname === '/onboarding') return NextResponse.next();
      if (!CLIENT_PATHS.some((p) => p.test(pathname))) return redirect('/');
      return rewrite(`/client${pathname === '/' ? '' : pathname}`);
    }
    if (!STAFF_PATHS.some((p) => p.test(pathname))) return redirect('/');
    return rewrite(`/staff${pathname === '/' ? '' : pathname}`);
  }
  // No session (or an unknown tenant, which the login page reports).
  if (pathname === '/login' || pathname === '/onboarding') return NextResponse.next();
  return redirect('/login');
}

export const config = {
  // Pages only: not the API, Next's assets or public files.
  matcher: ['/((?!api/|_next/|favicon|tenants/|avatars/|icons/|manifest|sw\\.js|.*\\.(?:png|svg|jpg|ico|webmanifest|js)$).*)'],
};
