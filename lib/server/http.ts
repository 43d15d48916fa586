import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { isHttps } from '@/lib/server/auth/origin';
import { findSessionUser, isOnboarded, isStaff, type SessionUser } from '@/lib/server/auth/session';
import { env } from '@/lib/server/env';
import { ApiError, isDatabaseUnavailable, isExclusionViolation, isTransactionConflict, isUniqueViolation } from '@/lib/server/errors';
import { logger, REQUEST_ID } from '@/lib/server/log';
import { errorMessage } from '@/lib/server/messages';
import { consume } from '@/lib/server/rate-limit';
import { tenantForHost, type Tenant } from '@/lib/server/tenancy';
import { HSTS } from '@/lib/security/csp';
import { CLIENT_IP_HEADER, requestHost, SESSION_COOKIE } from '@/lib/tenant-host';
import type { Access } from '@/lib/domain/roles';

type Ctx<B, Q, P, A extends Access> = {
  req: NextRequest;
  tenant: Tenant;
  /** The caller's IP address as the custom server saw it (null when not behind it, e.g. in-process tests). */
  ip: string | null;
  user: A extends 'public' ? SessionUser | null : SessionUser;
  body: B;
  query: Q;
  params: P;
};

type Options<B, Q, P, A extends Access> = {
  access: A;
  /** Refuse cross-site requests even for a GET (a state-changing GET such as the spec's logout). */
  sameOrigin?: boolean;
  /**
   * Whether a client's write (POST, PATCH, PUT, DELETE) needs a finished onboarding: a verified phone and an
   * accepted privacy policy (403 `onboarding_required` otherwise). On by default; false only for the routes
   * onboarding itself uses (phone code and verification, the client's own profile, logout).
   */
  onboarding?: boolean;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
};

/** A handler's answer: a ready Response, or JSON with an optional status (200 by default). */
export type Reply = Response | { status?: number; json: unknown };

/** Largest request body the API reads, in bytes (413 `payload_too_large` beyond it). */
export const BODY_LIMIT_BYTES = 64 * 1024;

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The request id scripts/server.ts puts on every request it admits (the trusted proxy's, or a fresh one). */
export const REQUEST_ID_HEADER = 'x-klok-request-id';

/** This request's id: the edge's (scripts/server.ts) when valid, else a fresh UUID (in-process calls, tests). */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The route pattern of a request for the log: each path segment that is a route param becomes `{name}`
 * (`/api/v1/users/ana%40x.es` → `/api/v1/users/{email}`), and any other segment that still looks like an
 * e-mail or a phone number becomes `{redacted}`, so no personal data reaches a log line.
 */
export function routePattern(pathname: string, params: Record<string, string | string[]>): string {
  const names = new Map<string, string>();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) names.set(one, k);
  return pathname
    .split('/')
    .map((seg) => {
      let decoded = seg;
      try {
        decoded = decodeURIComponent(seg);
      } catch {
        return '{malformed}';
      }
      const name = names.get(decoded) ?? names.get(seg);
      if (name) return `{${name}}`;
      return /@|^\+?\d{7,}$/.test(decoded.replace(/[\s()-]/g, '')) ? '{redacted}' : seg;
    })
    .join('/');
}

/**
 * The session of a request, as every API route and the page middleware's probe (auth/session-probe.ts) see
 * it: spends the general per-IP budget (429 `too_many_requests`), then looks up the token; an unknown or
 * expired token spends the bad-session budget and is reported as `badToken` (its cookie is cleared).
 * `ip` is the edge's client IP header (null: no per-IP budget).
 */
export async function requestSession(
  tenantId: number,
  token: string | undefined,
  ip: string | null,
): Promise<{ user: SessionUser | null; badToken: boolean }> {
  if (ip) await consume('apiPerIp', ip);
  const user = await findSessionUser(tenantId, token);
  const badToken = Boolean(token && !user);
  if (badToken && ip) await consume('badSessionPerIp', ip);
  return { user, badToken };
}

/**
 * The one wrapper of every API route (ARCHITECTURE convention 1), in order:
 * - tenant from the host (404 `tenant_not_found`);
 * - writes (POST, PATCH, PUT, DELETE, or any method with `sameOrigin`) only from the tenant's own origin or a
 *   configured FRONTEND_ORIGINS entry: `Origin` or `Sec-Fetch-Site` saying otherwise → 403 `cross_origin`;
 * - the general per-IP budget and, for an unknown or expired session cookie, the per-IP budget of bad
 *   sessions (429 `too_many_requests` with `Retry-After`; the stale cookie is cleared);
 * - the user from the session cookie (never from a header) and the access level (401, 403);
 * - a client's write needs a verified phone and an accepted privacy policy (403 `onboarding_required`,
 *   before the body is read: nothing is stored), unless the route opts out with `onboarding: false`;
 * - params, query and body validated with zod (400 with field paths); the body must be JSON
 *   (415 `unsupported_media_type`) of at most 64 KB (413 `payload_too_large`, checked before and while
 *   reading); control characters in any string → 400; a malformed percent escape in the path → 400;
 * - failures mapped to `{ error: { code, message } }`: exclusion violation 409 `slot_taken`, unique violation,
 *   deadlock or serialization failure 409 `conflict`, database unreachable or slow 503 `unavailable`, anything else 500 with the request id in
 *   `error.request_id` (logged at error level with the stack, no internals leaked).
 * Every answer carries `Cache-Control: no-store`, `X-Request-Id` (lib/server/log.ts), and HSTS when the
 * request came over https. Each request writes one `info` log line: request id, tenant slug, user id, route
 * pattern (never the raw path: `/users/{email}`), method, status and duration in ms.
 */
export function route<A extends Access, B = undefined, Q = undefined, P = undefined>(
  opts: Options<B, Q, P, A>,
  handler: (ctx: Ctx<B, Q, P, A>) => Promise<Reply>,
) {
  return async (req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers);
    let clearCookie = false;
    let res: Response;
    let tenantSlug: string | undefined;
    let userId: string | undefined;
    let failure: unknown;
    try {
      const tenant = await tenantForHost(requestHost(req.headers));
      tenantSlug = tenant?.slug;
      if (!tenant) throw new ApiError('tenant_not_found', errorMessage('tenantNotFound'));
      if (opts.sameOrigin || WRITE_METHODS.has(req.method)) assertSameOrigin(req);
      const ip = req.headers.get(CLIENT_IP_HEADER) || null;
      const session = await requestSession(tenant.id, req.cookies.get(SESSION_COOKIE)?.value, ip);
      const user = session.user;
      userId = user?.id;
      clearCookie = session.badToken;
      if (opts.access !== 'public') {
        if (!user) throw new ApiError('unauthenticated', errorMessage('unauthenticated'));
        if (opts.access === 'staff' && !isStaff(user.role)) throw new ApiError('forbidden', errorMessage('forbidden'));
        if (opts.access === 'client' && user.role !== 'client') throw new ApiError('forbidden', errorMessage('forbidden'));
        if (opts.access === 'admin' && user.role !== 'admin') throw new ApiError('forbidden', errorMessage('forbidden'));
      }
      if (opts.onboarding !== false && user?.role === 'client' && WRITE_METHODS.has(req.method) && !user.onboarded) {
        // The session may predate the end of onboarding by a moment: ask the database before refusing.
        if (!(await isOnboarded(tenant.id, user.id))) throw new ApiError('onboarding_required', errorMessage('onboardingRequired'));
      }
      const rawParams = decodeParams((await context.params) ?? {});
      assertNoControlCharacters(rawParams);
      const params = opts.params ? parse(opts.params, rawParams) : (undefined as P);
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams);
      assertNoControlCharacters(rawQuery);
      const query = opts.query ? parse(opts.query, rawQuery) : (undefined as Q);
      const text = await readBody(req);
      let body = undefined as B;
      if (opts.body) {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          throw new ApiError('bad_request', errorMessage('invalidRequest'));
        }
        assertNoControlCharacters(raw);
        body = parse(opts.body, raw);
      }
      const reply = await handler({ req, tenant, ip, user: user as Ctx<B, Q, P, A>['user'], body, query, params });
      if (reply instanceof Response) res = reply;
      else if (reply.status === 204) res = new NextResponse(null, { status: 204 });
      else res = NextResponse.json(reply.json, { status: reply.status ?? 200 });
    } catch (err) {
      res = errorResponse(err, requestId);
      if (res.status >= 500) failure = err;
    }
    const params = await Promise.resolve(context?.params).then((p) => p ?? {}, () => ({}));
    const line = {
      component: 'api',
      request_id: requestId,
      tenant: tenantSlug,
      user: userId,
      route: routePattern(req.nextUrl.pathname, params),
      method: req.method,
      status: res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (res.status === 500) logger().error({ ...line, err: failure }, 'request failed');
    else if (res.status >= 500) logger().warn({ ...line, err: failure instanceof Error ? failure.message : undefined }, 'request unavailable');
    else logger().info(line, 'request');
    res.headers.set('x-request-id', requestId);
    return finish(req, res, clearCookie);
  };
}

/** Adds the headers every API answer carries; clears a session cookie that no longer opens a session. */
function finish(req: NextRequest, res: Response, clearCookie: boolean): Response {
  if (!res.headers.has('cache-control')) res.headers.set('cache-control', 'no-store');
  if (isHttps(req)) res.headers.set('strict-transport-security', HSTS);
  if (clearCookie && res instanceof NextResponse && !res.cookies.get(SESSION_COOKIE)) {
    res.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
  }
  return res;
}

/**
 * Refuses a cross-site write (CSRF): an `Origin` other than the request's own host or a FRONTEND_ORIGINS
 * entry, or, without `Origin`, a `Sec-Fetch-Site` other than `same-origin`/`none` (a sibling tenant's
 * subdomain is `same-site`, and refused too). Requests with neither header come from outside a browser.
 */
function assertSameOrigin(req: NextRequest): void {
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (origin) {
    if (env().FRONTEND_ORIGINS.includes(origin.replace(/\/$/, ''))) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    const own = requestHost(req.headers) ?? req.nextUrl.host;
    if (host && host.toLowerCase() === own.toLowerCase()) return;
    throw new ApiError('cross_origin', errorMessage('crossOrigin'));
  }
  if (site && site !== 'same-origin' && site !== 'none') throw new ApiError('cross_origin', errorMessage('crossOrigin'));
}

/**
 * Reads the request body as UTF-8 text, refusing more than BODY_LIMIT_BYTES (by `Content-Length` before
 * reading, and while reading for chunked bodies) and any non-JSON content type for a non-empty body.
 * A body that breaks off before its end is `request_timeout` (408), not an internal failure.
 */
async function readBody(req: NextRequest): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > BODY_LIMIT_BYTES) throw new ApiError('payload_too_large', errorMessage('payloadTooLarge'));
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The body stopped before its end: the client went away, or the edge cut it (BODY_TIMEOUT_MS).
      throw new ApiError('request_timeout', errorMessage('requestTimeout'));
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError('payload_too_large', errorMessage('payloadTooLarge'));
    }
    chunks.push(value);
  }
  if (total === 0) return '';
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported_media_type', errorMessage('unsupportedMediaType'));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError('bad_request', errorMessage('invalidRequest'));
  }
}

/**
 * Control characters other than tab, line feed and carriage return (and DEL), and unpaired UTF-16
 * surrogates (`"\ud800"` in JSON: PostgreSQL's jsonb refuses them, text columns would store U+FFFD).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Throws 400 when any string (or object key) in a value holds a control character such as NUL. */
function assertNoControlCharacters(value: unknown, depth = 0): void {
  if (depth > 64) throw new ApiError('bad_request', errorMessage('invalidRequest'));
  if (typeof value === 'string') {
    if (CONTROL.test(value)) throw new ApiError('bad_request', errorMessage('controlCharacters'));
  } else if (Array.isArray(value)) {
    for (const v of value) assertNoControlCharacters(v, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (CONTROL.test(k)) throw new ApiError('bad_request', errorMessage('controlCharacters'));
      assertNoControlCharacters(v, depth + 1);
    }
  }
}

/** Decodes the path params; a malformed percent escape (`%ZZ`) is the caller's mistake: 400. */
function decodeParams(params: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(params)) {
    out[k] = Array.isArray(v) ? v.map(safeDecode) : safeDecode(v);
  }
  return out;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    throw new ApiError('bad_request', errorMessage('badPath'));
  }
}

/** Validates a value with a zod schema; throws 400 `bad_request` with the failing field paths. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ApiError('bad_request', errorMessage('invalidRequest'), { fields });
  }
  return result.data;
}

/**
 * Maps any thrown value to the API's JSON error answer (with `Retry-After` for 429 and 503); an unknown
 * failure is a 500 `internal` carrying `request_id` (the wrapper logs it with the stack under that id).
 */
export function errorResponse(err: unknown, requestId: string = randomUUID()): NextResponse {
  if (err instanceof ApiError) {
    const res = NextResponse.json(
      { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } },
      { status: err.status },
    );
    if (err.options.retryAfter) res.headers.set('retry-after', String(err.options.retryAfter));
    return res;
  }
  if (isExclusionViolation(err)) {
    return NextResponse.json({ error: { code: 'slot_taken', message: errorMessage('slotTaken') } }, { status: 409 });
  }
  if (isUniqueViolation(err) || isTransactionConflict(err)) {
    return NextResponse.json({ error: { code: 'conflict', message: errorMessage('conflict') } }, { status: 409 });
  }
  if (isDatabaseUnavailable(err)) {
    return errorResponse(new ApiError('unavailable', errorMessage('unavailable'), undefined, { retryAfter: 5 }));
  }
  return NextResponse.json(
    { error: { code: 'internal', message: errorMessage('internal'), request_id: requestId } },
    { status: 500 },
  );
}

/** `{ data }` envelope of one resource (spec section 7). */
export const data = (value: unknown, status = 200): Reply => ({ status, json: { data: value } });
/** `{ items }` envelope of a list (spec section 7). */
export const items = (value: unknown[], status = 200): Reply => ({ status, json: { items: value } });

export { z };
