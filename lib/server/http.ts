import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { findSessionUser, isStaff, type SessionUser } from '@/lib/server/auth/session';
import { ApiError, isExclusionViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { tenantForHost, type Tenant } from '@/lib/server/tenancy';
import { requestHost, SESSION_COOKIE } from '@/lib/tenant-host';

/**
 * Who may call a route: anyone of the tenant, any signed-in user, clients only, staff only, or admins only
 * (decisions "Admin-only actions": an employee gets 403 `forbidden`).
 */
export type Access = 'public' | 'user' | 'client' | 'staff' | 'admin';

type Ctx<B, Q, P, A extends Access> = {
  req: NextRequest;
  tenant: Tenant;
  user: A extends 'public' ? SessionUser | null : SessionUser;
  body: B;
  query: Q;
  params: P;
};

type Options<B, Q, P, A extends Access> = {
  access: A;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
};

/** A handler's answer: a ready Response, or JSON with an optional status (200 by default). */
export type Reply = Response | { status?: number; json: unknown };

/**
 * The one wrapper of every API route (ARCHITECTURE convention 1): resolves the tenant from the host,
 * the user from the session cookie (never from a header), checks the access level, validates params,
 * query and body with zod, and maps failures to `{ error: { code, message } }`:
 * unknown tenant 404, no session 401, wrong role 403, invalid input 400, exclusion violation 409,
 * anything unexpected 500 (logged with a request id, no internals leaked).
 */
export function route<A extends Access, B = undefined, Q = undefined, P = undefined>(
  opts: Options<B, Q, P, A>,
  handler: (ctx: Ctx<B, Q, P, A>) => Promise<Reply>,
) {
  return async (req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => {
    try {
      const tenant = await tenantForHost(requestHost(req.headers));
      if (!tenant) throw new ApiError('tenant_not_found', errorMessage('tenantNotFound'));
      const user = await findSessionUser(tenant.id, req.cookies.get(SESSION_COOKIE)?.value);
      if (opts.access !== 'public') {
        if (!user) throw new ApiError('unauthenticated', errorMessage('unauthenticated'));
        if (opts.access === 'staff' && !isStaff(user.role)) throw new ApiError('forbidden', errorMessage('forbidden'));
        if (opts.access === 'client' && user.role !== 'client') throw new ApiError('forbidden', errorMessage('forbidden'));
        if (opts.access === 'admin' && user.role !== 'admin') throw new ApiError('forbidden', errorMessage('forbidden'));
      }
      const rawParams = decodeParams((await context.params) ?? {});
      const params = opts.params ? parse(opts.params, rawParams) : (undefined as P);
      const query = opts.query ? parse(opts.query, Object.fromEntries(req.nextUrl.searchParams)) : (undefined as Q);
      let body = undefined as B;
      if (opts.body) {
        let raw: unknown;
        try {
          raw = await req.json();
        } catch {
          throw new ApiError('bad_request', errorMessage('invalidRequest'));
        }
        body = parse(opts.body, raw);
      }
      const reply = await handler({ req, tenant, user: user as Ctx<B, Q, P, A>['user'], body, query, params });
      if (reply instanceof Response) return reply;
      if (reply.status === 204) return new NextResponse(null, { status: 204 });
      return NextResponse.json(reply.json, { status: reply.status ?? 200 });
    } catch (err) {
      return errorResponse(err);
    }
  };
}

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
    return v;
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

/** Maps any thrown value to the API's JSON error answer. */
export function errorResponse(err: unknown): NextResponse {
  if (err instanceof ApiError) {
    return NextResponse.json(
      { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } },
      { status: err.status },
    );
  }
  if (isExclusionViolation(err)) {
    return NextResponse.json({ error: { code: 'slot_taken', message: errorMessage('slotTaken') } }, { status: 409 });
  }
  const requestId = randomUUID();
  console.error(`[api] request ${requestId} failed`, err);
  return NextResponse.json(
    { error: { code: 'internal', message: errorMessage('internal'), requestId } },
    { status: 500 },
  );
}

/** `{ data }` envelope of one resource (spec section 7). */
export const data = (value: unknown, status = 200): Reply => ({ status, json: { data: value } });
/** `{ items }` envelope of a list (spec section 7). */
export const items = (value: unknown[], status = 200): Reply => ({ status, json: { items: value } });

export { z };
