/**
 * The OpenAPI document is generated from the routes themselves: app/api/v1/operations.ts lists exactly the
 * `route.ts` files under app/api/v1 (by the OpenAPI path of their file path), every exported method appears
 * in `GET /api/v1/openapi.json` with what its route() declaration states (summary, access, params, query,
 * body, success answer, failures), the access matrix (test/access/matrix.ts) agrees with each declared
 * access level, and the document is a valid OpenAPI 3.1 document.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { z } from 'zod';
import { GET } from '@/app/api/v1/openapi.json/route';
import { ROUTE_MODULES } from '@/app/api/v1/operations';
import type { RouteHandler, RouteModule } from '@/lib/server/http';
import { bodySchemaOf, jsonSchemaOf, SCHEDULE_CONFLICT, STALE_VERSION } from '@/lib/validation/openapi';
import type { Access } from '@/lib/domain/roles';
import { ROLES, ROWS, type Role } from '../access/matrix';
import { call, closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT } from './fixtures';

const API_ROOT = path.join(__dirname, '../../app/api/v1');
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type HttpMethod = (typeof METHODS)[number];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

/** `app/api/v1/users/[email]/route.ts` → `/api/v1/users/{email}`. */
function openApiPath(file: string): string {
  const rel = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join('/');
  return `/api/v1${rel ? `/${rel}` : ''}`.replace(/\[([^\]]+)\]/g, '{$1}');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an arbitrary JSON document
let doc: any;

beforeAll(async () => {
  await openTestDb();
  const res = await call(GET, { path: '/api/v1/openapi.json' });
  expect(res.status).toBe(200);
  doc = res.body;
}, DB_TIMEOUT);
afterAll(closeTestDb);

test('the document is valid OpenAPI 3.1', async () => {
  expect(doc.openapi).toBe('3.1.0');
  await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
});

const files = routeFiles(API_ROOT);
/** Every route module by OpenAPI path: the index, and the document's own route. */
const modules: Record<string, RouteModule> = { ...ROUTE_MODULES, '/api/v1/openapi.json': { GET } };

test('finds the route files', () => {
  expect(files.length).toBeGreaterThan(20);
});

test('the index lists exactly the route files on disk, by their OpenAPI paths', () => {
  expect(Object.keys(modules).sort()).toEqual(files.map(openApiPath).sort());
});

/** Every (path, method, handler) the route files export. */
const operations: [string, HttpMethod, string][] = files.flatMap((file) => METHODS.map((m) => [openApiPath(file), m, file] as [string, HttpMethod, string]));

test.each(files.map((f) => [openApiPath(f), f]))('%s: the index holds this file’s handlers, and every exported method is documented', async (apiPath, file) => {
  const mod = (await import(file)) as Record<string, unknown>;
  const exported = METHODS.filter((m) => typeof mod[m] === 'function');
  expect(exported.length).toBeGreaterThan(0);
  for (const m of METHODS) expect(modules[apiPath]?.[m]).toBe(mod[m]);
  const documented = Object.keys(doc.paths[apiPath] ?? {}).map((m) => m.toUpperCase());
  expect(documented.sort()).toEqual([...exported].sort());
});

test('every documented path has a route', () => {
  const served = new Set(files.map(openApiPath));
  expect(Object.keys(doc.paths).filter((p) => !served.has(p))).toEqual([]);
});

/** Every served operation: `METHOD path`, path, method and its handler. */
const declared: [string, string, HttpMethod, RouteHandler][] = operations.flatMap(([apiPath, method]) => {
  const handler = modules[apiPath]?.[method];
  return handler ? [[`${method} ${apiPath}`, apiPath, method, handler] as [string, string, HttpMethod, RouteHandler]] : [];
});

test.each(declared)('%s: the document states the route’s declaration', (_name, apiPath, method, handler) => {
  const decl = handler.operation;
  const op = doc.paths[apiPath][method.toLowerCase()];
  expect(op.summary).toBe(decl.summary);
  expect(decl.summary.length).toBeGreaterThan(0);
  expect(op['x-access']).toBe(decl.access);
  expect(op.security).toEqual(decl.access === 'public' ? undefined : [{ session: [] }]);
  // Request body: the JSON Schema of the declared zod body (oneOf the kinds for a body per kind of caller).
  if (decl.body) {
    const body = decl.body instanceof z.ZodType ? decl.body : decl.body.kinds;
    expect(op.requestBody.content['application/json'].schema).toEqual(bodySchemaOf(body));
  } else {
    expect(op.requestBody).toBeUndefined();
  }
  // Parameters: one per property of the declared params (path), query and headers objects.
  const names = (schema: z.ZodType | undefined) => Object.keys((schema && (jsonSchemaOf(schema, 'input').properties as object)) ?? {});
  expect(op.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name).sort()).toEqual(names(decl.params).sort());
  expect(op.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name).sort()).toEqual(names(decl.query).sort());
  expect(op.parameters.filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name).sort()).toEqual(names(decl.headers).sort());
  // Path params are exactly the `{name}` segments of the path.
  expect(names(decl.params).sort()).toEqual([...apiPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
  // Success answer.
  const success = op.responses[String(decl.status ?? 200)];
  expect(success).toBeDefined();
  if (decl.response) expect(success.content['application/json'].schema).toEqual(jsonSchemaOf(decl.response, 'output'));
  // Failures: the wrapper's own by access level and method, the route's declared ones, 500.
  const statuses = Object.keys(op.responses).filter((s) => s !== String(decl.status ?? 200));
  const expected = new Set(['400', '404', '429', '500', '503']);
  if (decl.access !== 'public') expected.add('401');
  // A webhook (server to server, signed) has no same-origin check: its writes add no 403 of their own.
  if (decl.access === 'staff' || decl.access === 'admin' || decl.access === 'client' || (method !== 'GET' && !decl.webhook) || decl.sameOrigin) expected.add('403');
  if (method !== 'GET') ['408', '409', '413', '415'].forEach((s) => expected.add(s));
  for (const s of Object.keys(decl.errors ?? {})) expected.add(s);
  expect(statuses.sort()).toEqual([...expected].sort());
  for (const [status, text] of Object.entries(decl.errors ?? {})) expect(op.responses[status].description).toContain(text);
  for (const name of decl.limits) expect(op.responses['429'].description).toContain(name);
});

test('request and response schemas come from the contract', () => {
  const create = doc.paths['/api/v1/facility/{facilityId}/services'].post;
  const body = create.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['name', 'description', 'price', 'duration', 'busy_slots', 'employees']));
  const answer = create.responses['201'].content['application/json'].schema;
  expect(Object.keys(answer.properties.data.properties)).toEqual(
    expect.arrayContaining(['id', 'name', 'price', 'duration', 'busy_slots', 'employees']),
  );
});

test('a body per kind of caller is documented as oneOf its schemas', () => {
  const booking = doc.paths['/api/v1/schedules/insert/appointment'].patch.requestBody.content['application/json'].schema;
  expect(booking.oneOf.map((s: { title: string }) => s.title)).toEqual(['client', 'staff']);
  expect(booking.oneOf[0].required).toContain('user_id');
  expect(booking.oneOf[1].required ?? []).not.toContain('user_id');
  const user = doc.paths['/api/v1/users/{email}'].patch.requestBody.content['application/json'].schema;
  expect(user.oneOf.map((s: { title: string }) => s.title)).toEqual(['self', 'staff']);
  expect(Object.keys(user.oneOf[1].properties)).toEqual(expect.arrayContaining(['n_appointments_allowed', 'users']));
});

test('failures carry the wrapper’s codes, the rate limits and the routes’ own descriptions', () => {
  const patchEmployee = doc.paths['/api/v1/employees/{employeeId}'].patch.responses;
  expect(patchEmployee['409'].description).toContain(SCHEDULE_CONFLICT);
  expect(patchEmployee['409'].description).toContain(STALE_VERSION);
  expect(patchEmployee['403'].description).toEqual(expect.stringContaining('cross_origin'));
  expect(patchEmployee['413'].description).toContain('payload_too_large');
  const booking = doc.paths['/api/v1/schedules/insert/appointment'].patch.responses;
  expect(booking['403'].description).toContain('onboarding_required');
  expect(booking['429'].description).toEqual(expect.stringMatching(/bookingPerClient.*|bookingPerStaff/));
  const facility = doc.paths['/api/v1/facility'].get.responses;
  expect(facility['401'].description).toContain('unauthenticated');
  expect(facility['403']).toBeUndefined();
  expect(doc.paths['/api/v1/session'].get.responses['401']).toBeUndefined();
});

/** The roles each access level lets through route()'s checks (`foreignHome` is salon2's admin on its own host). */
const ADMITS: Record<Access, readonly Role[]> = {
  public: ROLES,
  user: ['client', 'otherClient', 'employee', 'admin', 'foreignHome'],
  client: ['client', 'otherClient'],
  staff: ['employee', 'admin', 'foreignHome'],
  admin: ['admin', 'foreignHome'],
};

/** Routes that act on the caller's own account only (phone verification during onboarding). */
const SELF_ONLY = ['POST /api/v1/users/{email}/phone/code', 'POST /api/v1/users/{email}/phone/verify'];
/** Public routes whose handler refuses staff (403): holds, since staff book directly. */
const NOT_STAFF = ['POST /api/v1/holds'];

/**
 * Routes whose caller proves itself with a secret of the salon's WhatsApp connection instead of a session (the
 * verify token, the body's signature): the matrix has no such secret, so every role is refused there.
 */
const SECRET_ONLY = ['GET /api/v1/webhooks/whatsapp', 'POST /api/v1/webhooks/whatsapp'];

/** What route() answers a role its access level refuses: 401 without a session on this tenant, else 403. */
const refusal = (role: Role) => (role === 'anon' || role === 'foreignStaff' ? 401 : 403);

test.each(declared)('%s: the access matrix agrees with the declared access', (_name, apiPath, method, handler) => {
  const access = handler.operation.access;
  const rows = ROWS.filter((r) => r.route === apiPath && r.method === method);
  expect(rows.length).toBeGreaterThan(0);
  // Every role the declared access refuses gets route()'s refusal in every row.
  const refused = ROLES.filter((role) => !ADMITS[access].includes(role));
  for (const row of rows) {
    expect(Object.fromEntries(refused.map((role) => [role, row.expect[role]]))).toEqual(Object.fromEntries(refused.map((role) => [role, refusal(role)])));
  }
  // And each kind of caller it admits (anyone, clients, staff) gets through in some row, so the declaration is
  // not looser than the route: the rows of a route acting on the caller's own account name Ana's, so there
  // only she gets through.
  const kinds: Record<string, readonly Role[]> = { anon: ['anon'], client: ['client', 'otherClient'], staff: ['employee', 'admin'] };
  const admitted = Object.keys(kinds).filter((k) => kinds[k]!.some((role) => ADMITS[access].includes(role)));
  const through = Object.keys(kinds).filter((k) => rows.some((row) => kinds[k]!.some((role) => ![401, 403].includes(row.expect[role]))));
  const expected = SECRET_ONLY.includes(`${method} ${apiPath}`)
    ? []
    : SELF_ONLY.includes(`${method} ${apiPath}`)
      ? ['client']
      : NOT_STAFF.includes(`${method} ${apiPath}`)
        ? admitted.filter((k) => k !== 'staff')
        : admitted;
  expect(through).toEqual(expected);
});
