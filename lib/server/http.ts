import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import type { Access } from '@/lib/domain/roles';
import type { DocumentedOperation, Method, OperationDeclaration } from '@/lib/validation/openapi';
import { isHttps } from '@/lib/server/auth/origin';
import { findSessionUser, isOnboarded, isStaff, type SessionUser } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { env } from '@/lib/server/env';
import { ApiError, ERROR_STATUS, isDatabaseUnavailable, isExclusionViolation, isTransactionConflict, isUniqueViolation } from '@/lib/server/errors';
import { logger, REQUEST_ID } from '@/lib/server/log';
import { errorMessage } from '@/lib/server/messages';
import { consume, consumeAll, LIMITS, type LimitName } from '@/lib/server/rate-limit';
import { tenantForHost, type Tenant } from '@/lib/server/tenancy';
import { HSTS } from '@/lib/security/csp';
import { CLIENT_IP_HEADER, requestHost, SESSION_COOKIE } from '@/lib/tenant-host';

type Ctx<B, Q, P, A extends Access, H = undefined> = {
  req: NextRequest;
  tenant: Tenant;
  /** The caller's IP address as the custom server saw it (null when not behind it, e.g. in-process tests). */
  ip: string | null;
  /** The request's instant, ms since the epoch, from the server's clock (lib/server/clock.ts): pass it to use cases. */
  now: number;
  user: A extends 'public' ? SessionUser | null : SessionUser;
  body: B;
  query: Q;
  params: P;
  /** The request headers the route declares (`headers`), validated; lower-case names. */
  headers: H;
  /** The request body as UTF-8 text, exactly as received (routes with `webhook`, which check its signature); '' otherwise. */
  rawBody: string;
};

/**
 * A request body whose contract depends on who writes: one schema per kind of caller, and `pick`, which
 * names the kind from the signed-in user and the parsed params (it may refuse with an ApiError, e.g. 403
 * when the caller may not write there at all). Built with `bodyByKind`.
 */
export class BodyByKind<B> {
  constructor(
    readonly kinds: Readonly<Record<string, ZodType>>,
    readonly pick: (user: SessionUser, params: never) => string,
    /** Only carries the parsed body's type. */
    readonly _body?: B,
  ) {}
}

/** The body a `BodyByKind` hands to the handler: the kind picked and the value its schema parsed. */
export type KindBody<M extends Record<string, ZodType>> = { [K in keyof M & string]: { kind: K; value: z.output<M[K]> } }[keyof M & string];

/**
 * Declares a body validated by the schema of the caller's kind: `bodyByKind({ client: ZA, staff: ZB },
 * (user) => (isStaff(user.role) ? 'staff' : 'client'))`. The handler gets `{ kind, value }`; the OpenAPI
 * document shows the schemas as `oneOf`.
 */
export function bodyByKind<M extends Record<string, ZodType>, P = undefined>(
  kinds: M,
  pick: (user: SessionUser, params: P) => keyof M & string,
): BodyByKind<KindBody<M>> {
  return new BodyByKind<KindBody<M>>(kinds, pick as (user: SessionUser, params: never) => string);
}

/**
 * A rate limit a route spends before its handler (after validation): the limit's name in LIMITS and the key
 * it is counted by, from the request (null: not counted for this request, e.g. no client IP or another role).
 */
export type RouteLimit<C> = readonly [LimitName, (ctx: C) => string | null];

/**
 * The budget of the reads open to visitors without a session (beyond-the-spec section 1: services, stylists,
 * free hours): `publicReadPerIp`, counted by the caller's IP for visitors only; a signed-in user is not
 * charged (its reads spend only the general per-IP budget).
 */
export const PUBLIC_READ_LIMIT: RouteLimit<{ user: SessionUser | null; ip: string | null }> = [
  'publicReadPerIp',
  ({ user, ip }) => (user ? null : ip),
];

/** The declaration of a route: what route() enforces and what the OpenAPI document says of it. */
type Options<B, Q, P, A extends Access, H = undefined> = {
  /** One line for the OpenAPI document. */
  summary: string;
  access: A;
  /** Refuse cross-site requests even for a GET (a state-changing GET such as the spec's logout). */
  sameOrigin?: boolean;
  /**
   * A server-to-server callback (a provider's webhook, e.g. WhatsApp's): no browser sends it, so the
   * same-origin check and the onboarding rule are skipped and the handler proves the caller itself (a
   * signature over `rawBody`). The body is not parsed as JSON by the wrapper (no `body` schema with it): the
   * handler gets the raw text, still bounded by the 64 KB limit and the JSON content-type rule.
   */
  webhook?: boolean;
  /**
   * Whether a client's write (POST, PATCH, PUT, DELETE) needs a finished onboarding: a verified phone and an
   * accepted privacy policy (403 `onboarding_required` otherwise). On by default; false only for the routes
   * onboarding itself uses (phone code and verification, the client's own profile, logout).
   */
  onboarding?: boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** Request headers the handler reads, as an object schema with lower-case header names (400 when invalid). */
  headers?: ZodType<H>;
  /** The JSON body: one schema, or one per kind of caller (`bodyByKind`). */
  body?: ZodType<B> | BodyByKind<B>;
  /** Success status: the default of a JSON reply without its own, and the documented one (200 by default). */
  status?: number;
  /** Schema of the success answer (documentation; none for redirects and 204). */
  response?: ZodType;
  /** Failures the handler may answer beyond the wrapper's own: status → description. */
  errors?: Readonly<Record<number, string>>;
  /** Rate limits spent after validation and before the handler (429 `too_many_requests`). */
  limits?: readonly RouteLimit<Ctx<B, Q, P, A, H>>[];
};

/** What route() returns: the Next.js handler, carrying the declaration it was built from. */
export type RouteHandler = ((req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) & {
  readonly operation: RouteDeclaration;
};

/** A route's declaration as the OpenAPI assembly reads it (`route().operation`). */
export type RouteDeclaration = Omit<Options<unknown, unknown, unknown, Access, unknown>, 'limits'> & { limits: readonly LimitName[] };

/** A handler's answer: a ready Response, or JSON with an optional status (the route's declared `status` by default). */
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
 *   a `webhook` route skips this check and the onboarding rule below (a provider calls it server to server and
 *   the handler checks the signature of `rawBody` instead);
 * - the general per-IP budget and, for an unknown or expired session cookie, the per-IP budget of bad
 *   sessions (429 `too_many_requests` with `Retry-After`; the stale cookie is cleared);
 * - the user from the session cookie (never from a header) and the access level (401, 403);
 * - a client's write needs a verified phone and an accepted privacy policy (403 `onboarding_required`,
 *   before the body is read: nothing is stored), unless the route opts out with `onboarding: false`;
 * - params, query and body validated with zod (400 with field paths); the body must be JSON
 *   (415 `unsupported_media_type`) of at most 64 KB (413 `payload_too_large`, checked before and while
 *   reading); declared headers (`headers`, lower-case names) likewise; control characters in any string → 400; a malformed percent escape in the path → 400; a body
 *   declared per kind of caller (`bodyByKind`) is parsed with the schema of the kind its `pick` names;
 * - the route's rate limits (`limits`), each spent with its key (429 `too_many_requests`);
 * - the handler (given the raw body text as `rawBody` on a `webhook` route); a JSON reply without a status gets
 *   the declared success `status`;
 * - failures mapped to `{ error: { code, message } }`: exclusion violation 409 `slot_taken`, unique violation,
 *   deadlock or serialization failure 409 `conflict`, database unreachable or slow 503 `unavailable`, anything else 500 with the request id in
 *   `error.request_id` (logged at error level with the stack, no internals leaked).
 * Every answer carries `Cache-Control: no-store`, `X-Request-Id` (lib/server/log.ts), and HSTS when the
 * request came over https. Each request writes one `info` log line: request id, tenant slug, user id, route
 * pattern (never the raw path: `/users/{email}`), method, status and duration in ms.
 */
export function route<A extends Access, B = undefined, Q = undefined, P = undefined, H = undefined>(
  opts: Options<B, Q, P, A, H>,
  handler: (ctx: Ctx<B, Q, P, A, H>) => Promise<Reply>,
): RouteHandler {
  if (opts.webhook && opts.body) throw new TypeError(`${opts.summary}: a webhook route reads its raw body and declares no body schema`);
  const serve = async (req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers);
    const now = serverNow();
    let clearCookie = false;
    let res: Response;
    let tenantSlug: string | undefined;
    let userId: string | undefined;
    let failure: unknown;
    try {
      const tenant = await tenantForHost(requestHost(req.headers));
      tenantSlug = tenant?.slug;
      if (!tenant) throw new ApiError('tenant_not_found', errorMessage('tenantNotFound'));
      if (!opts.webhook && (opts.sameOrigin || WRITE_METHODS.has(req.method))) assertSameOrigin(req);
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
      if (!opts.webhook && opts.onboarding !== false && user?.role === 'client' && WRITE_METHODS.has(req.method) && !user.onboarded) {
        // The session may predate the end of onboarding by a moment: ask the database before refusing.
        if (!(await isOnboarded(tenant.id, user.id))) throw new ApiError('onboarding_required', errorMessage('onboardingRequired'));
      }
      const rawParams = decodeParams((await context.params) ?? {});
      assertNoControlCharacters(rawParams);
      const params = opts.params ? parse(opts.params, rawParams) : (undefined as P);
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams);
      assertNoControlCharacters(rawQuery);
      const query = opts.query ? parse(opts.query, rawQuery) : (undefined as Q);
      const headers = opts.headers ? parse(opts.headers, Object.fromEntries(req.headers)) : (undefined as H);
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
        body = parseBody(opts.body, raw, user, params);
      }
      const rawBody = opts.webhook ? text : '';
      const ctx: Ctx<B, Q, P, A, H> = { req, tenant, ip, now, user: user as Ctx<B, Q, P, A, H>['user'], body, query, params, headers, rawBody };
      if (opts.limits) await spendLimits(opts.limits, ctx);
      const reply = await handler(ctx);
      const status = reply instanceof Response ? reply.status : (reply.status ?? opts.status ?? 200);
      if (reply instanceof Response) res = reply;
      else if (status === 204) res = new NextResponse(null, { status: 204 });
      else res = NextResponse.json(reply.json, { status });
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
  const { limits, ...rest } = opts;
  const operation: RouteDeclaration = { ...(rest as Omit<RouteDeclaration, 'limits'>), limits: (limits ?? []).map(([name]) => name) };
  return Object.defineProperty(serve, 'operation', { value: Object.freeze(operation), enumerable: false }) as RouteHandler;
}

/** Parses a body with its schema, or with the schema of the caller's kind (`bodyByKind`). */
function parseBody<B>(schema: ZodType<B> | BodyByKind<B>, raw: unknown, user: SessionUser | null, params: unknown): B {
  if (!(schema instanceof BodyByKind)) return parse(schema, raw);
  if (!user) throw new ApiError('unauthenticated', errorMessage('unauthenticated'));
  const kind = schema.pick(user, params as never);
  return { kind, value: parse(schema.kinds[kind]!, raw) } as B;
}

/** Spends the route's limits whose key applies to this request, all of them even when one refuses. */
async function spendLimits<C>(limits: readonly RouteLimit<C>[], ctx: C): Promise<void> {
  const checks: [LimitName, string][] = [];
  for (const [name, keyOf] of limits) {
    const key = keyOf(ctx);
    if (key !== null) checks.push([name, key]);
  }
  await consumeAll(checks);
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

/** `{ data }` envelope of one resource (spec section 7), with the route's declared status unless given. */
export const data = (value: unknown, status?: number): Reply => ({ status, json: { data: value } });
/** `{ items }` envelope of a list (spec section 7), with the route's declared status unless given. */
export const items = (value: unknown[], status?: number): Reply => ({ status, json: { items: value } });

export { z };

/** What each failure the wrapper itself answers means, for the OpenAPI document. */
const WRAPPER_FAILURES = {
  bad_request: 'invalid params, query or body (details.fields lists the paths), a body that is not JSON, a control character or a malformed path',
  unauthenticated: 'no session',
  forbidden: 'not allowed for this role',
  cross_origin: 'a cross-site write (Origin or Sec-Fetch-Site not the tenant’s own origin nor a configured frontend)',
  onboarding_required: 'a client who has not finished onboarding (verified phone and accepted privacy policy)',
  tenant_not_found: 'no tenant on this host',
  request_timeout: 'the body broke off before its end',
  conflict: 'a concurrent write the database ended (unique violation, deadlock or serialization failure); nothing was written',
  payload_too_large: `a body over ${BODY_LIMIT_BYTES / 1024} KB`,
  unsupported_media_type: 'a body that is not application/json',
  too_many_requests: 'too many requests from this IP (Retry-After gives the seconds to wait)',
  unavailable: 'the database is unavailable or slow (Retry-After)',
} as const satisfies Partial<Record<keyof typeof ERROR_STATUS, string>>;

type WrapperFailure = keyof typeof WRAPPER_FAILURES;

/** The failures route() itself may answer for a method of a route, by its access level and declaration. */
function wrapperFailures(method: Method, decl: RouteDeclaration): WrapperFailure[] {
  const write = method !== 'get';
  const codes: WrapperFailure[] = ['bad_request', 'tenant_not_found', 'too_many_requests', 'unavailable'];
  if (decl.access !== 'public') codes.push('unauthenticated');
  if (decl.access === 'client' || decl.access === 'staff' || decl.access === 'admin') codes.push('forbidden');
  if (!decl.webhook && (write || decl.sameOrigin)) codes.push('cross_origin');
  if (write && !decl.webhook && decl.onboarding !== false && (decl.access === 'public' || decl.access === 'user' || decl.access === 'client')) {
    codes.push('onboarding_required');
  }
  if (write) codes.push('payload_too_large', 'unsupported_media_type', 'request_timeout', 'conflict');
  return codes;
}

/**
 * The OpenAPI view of a route's declaration for one method: its failures are the wrapper's own (from the
 * error table, by access level and method), the route's rate limits (429, with their budgets) and the
 * handler's declared `errors`, one description per status.
 */
export function describeRoute(method: Method, decl: RouteDeclaration): OperationDeclaration {
  const parts = new Map<number, string[]>();
  const add = (status: number, text: string) => parts.set(status, [...(parts.get(status) ?? []), text]);
  for (const [status, text] of Object.entries(decl.errors ?? {})) add(Number(status), text);
  for (const code of wrapperFailures(method, decl)) add(ERROR_STATUS[code], `${code}: ${WRAPPER_FAILURES[code]}`);
  for (const name of decl.limits) {
    const { points, seconds } = LIMITS[name];
    add(ERROR_STATUS.too_many_requests, `too_many_requests: over ${points} in ${seconds} s (${name})`);
  }
  const failures = Object.fromEntries([...parts].sort(([a], [b]) => a - b).map(([status, texts]) => [status, texts.join('; ')]));
  const body = decl.body instanceof BodyByKind ? decl.body.kinds : decl.body;
  return {
    summary: decl.summary,
    access: decl.access,
    params: decl.params,
    query: decl.query,
    headers: decl.headers,
    body,
    status: decl.status ?? 200,
    response: decl.response,
    failures,
  };
}

const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** A route module as Next.js loads it: its exported method handlers (route() results). */
export type RouteModule = Partial<Record<(typeof HTTP_METHODS)[number], RouteHandler>>;

/**
 * The operations of route modules by OpenAPI path (`/api/v1/users/{email}`), for the OpenAPI generator:
 * one per exported method, described from the handler's declaration.
 */
export function documentRoutes(modules: Readonly<Record<string, RouteModule>>): DocumentedOperation[] {
  return Object.entries(modules).flatMap(([path, mod]) =>
    HTTP_METHODS.flatMap((m) => {
      const handler = mod[m];
      if (!handler) return [];
      const method = m.toLowerCase() as Method;
      return [{ method, path, operation: describeRoute(method, handler.operation) }];
    }),
  );
}
