/**
 * The access matrix of /api/v1 in-process: every row × role of test/access/matrix.ts is sent to
 * the route modules under app/api/v1 with `call()`, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 * Fails on any differing cell (printing a compact diff and the whole grid) and on any route file method
 * the table lacks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import {
  formatReport,
  ONBOARDING_ROUTES,
  PEOPLE,
  prepare,
  ROWS,
  runMatrix,
  teardown,
  type Answer,
  type MatrixApi,
  type MatrixResult,
  type Method,
  type Role,
} from '../access/matrix';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { createClient, DB_TIMEOUT, SALON2, seedSalon2 } from './fixtures';

jest.setTimeout(240_000);

const API_ROOT = path.join(__dirname, '../../app/api/v1');
const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
const KLOK = { host: 'localhost:3000' };

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteDef = { route: string; segments: string[]; mod: Record<string, unknown> };

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

/** `app/api/v1/users/[email]/route.ts` → `/api/v1/users/{email}` (as test/api/openapi.test.ts). */
function routeOf(file: string): string {
  const rel = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join('/');
  return `/api/v1${rel ? `/${rel}` : ''}`.replace(/\[([^\]]+)\]/g, '{$1}');
}

let routes: RouteDef[] = [];

/** The route serving a path, the most specific one (most static segments) when several match. */
function match(pathname: string): { def: RouteDef; params: Record<string, string> } | null {
  const parts = pathname.split('/').filter(Boolean);
  let best: { def: RouteDef; params: Record<string, string>; statics: number } | null = null;
  for (const def of routes) {
    if (def.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const ok = def.segments.every((seg, i) => {
      const m = /^\{(.+)\}$/.exec(seg);
      if (m) {
        params[m[1]!] = decodeURIComponent(parts[i]!);
        return true;
      }
      statics++;
      return seg === parts[i];
    });
    if (ok && (!best || statics > best.statics)) best = { def, params, statics };
  }
  return best && { def: best.def, params: best.params };
}

const served = (method: Method, route: string) => typeof routes.find((r) => r.route === route)?.mod[method] === 'function';

/* A stand-in identity provider: only the discovery document, enough for `GET /auth/google` to redirect. */
let issuerServer: Server;
let smsDir: string | undefined;
const cookies = new Map<Role, string | undefined>();

async function openSession(role: Role): Promise<string | undefined> {
  switch (role) {
    case 'anon':
      return undefined;
    case 'client':
      return sessionFor(PEOPLE.client.email);
    case 'otherClient':
      return sessionFor(PEOPLE.otherClient.email);
    case 'employee':
      return sessionFor(PEOPLE.employee.email);
    case 'admin':
      return sessionFor(PEOPLE.admin.email);
    case 'foreignStaff':
    case 'foreignHome':
      return sessionFor(PEOPLE.foreignStaff.email, PEOPLE.foreignStaff.tenant);
  }
}

function smsLog(): string {
  const dir = process.env.DATA_DIR === 'memory://' ? path.resolve('.data-sms') : path.resolve(process.env.DATA_DIR ?? './data');
  return path.join(dir, 'sms.log');
}

/** The in-process transport: the route module's handler, the role's cookie and host. */
const api: MatrixApi = {
  async call(role, method, target, body, opts) {
    const url = new URL(target, 'http://localhost');
    const found = match(url.pathname);
    if (!found) return { status: 404, body: null, text: `no route for ${url.pathname}` };
    const handler = found.def.mod[method];
    if (typeof handler !== 'function') return { status: 405, body: null, text: `${found.def.route} does not export ${method}` };
    const cookie = opts?.fresh ? await openSession(role) : cookies.get(role);
    const host = role === 'foreignHome' ? SALON2.host : KLOK.host;
    const r = await call(handler as Handler, { method, path: target, params: found.params, body, cookie, host, headers: opts?.headers });
    const answer: Answer = { status: r.status, body: r.body, text: r.body === null ? r.text : JSON.stringify(r.body) };
    return answer;
  },
  async smsCode(phone) {
    const line = readFileSync(smsLog(), 'utf8').trim().split('\n').filter((l) => l.split(' ')[1] === phone).at(-1);
    if (!line) throw new Error(`no SMS to ${phone} in ${smsLog()}`);
    return line.split(' ')[2]!;
  },
};

beforeAll(async () => {
  issuerServer = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    if (req.url !== '/.well-known/openid-configuration') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((done) => issuerServer.listen(0, '127.0.0.1', done));
  Object.assign(process.env, {
    OIDC_ISSUER: `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`,
    OIDC_CLIENT_ID: 'klok-matrix',
    OIDC_CLIENT_SECRET: 'matrix-secret',
    OIDC_ALLOW_INSECURE: '1',
    PHONE_PROVIDER: 'dev',
  });
  // On PostgreSQL keep the SMS log out of the repository's ./data folder (PGlite uses .data-sms).
  if (process.env.TEST_DATABASE_URL) {
    smsDir = mkdtempSync(path.join(tmpdir(), 'klok-matrix-sms-'));
    process.env.DATA_DIR = smsDir;
  }
  await openTestDb();
  await seedSalon2();
  await createClient(PEOPLE.otherClient.email, { name: PEOPLE.otherClient.name });
  for (const role of ['anon', 'client', 'otherClient', 'employee', 'admin', 'foreignStaff'] as const) cookies.set(role, await openSession(role));
  cookies.set('foreignHome', cookies.get('foreignStaff'));
  routes = await Promise.all(
    routeFiles(API_ROOT).map(async (file) => ({
      route: routeOf(file),
      segments: routeOf(file).split('/').filter(Boolean),
      mod: (await import(file)) as Record<string, unknown>,
    })),
  );
}, DB_TIMEOUT);

afterAll(async () => {
  await closeTestDb();
  await new Promise((done) => issuerServer.close(done));
  if (smsDir) rmSync(smsDir, { recursive: true, force: true });
});

test('every route file and method has a row, and every row a served route', () => {
  expect(routes.length).toBeGreaterThan(20);
  const exported = routes.flatMap((r) => METHODS.filter((m) => typeof r.mod[m] === 'function').map((m) => `${m} ${r.route}`));
  const inTable = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
  expect(exported.filter((k) => !inTable.has(k))).toEqual([]);
  const stale = ROWS.filter((r) => !r.upcoming && !served(r.method, r.route)).map((r) => `${r.method} ${r.route}`);
  expect(stale).toEqual([]);
});

test('every concrete path of the table is served by its declared route', () => {
  const f = { clientId: 'x', corteId: 1, corteDuration: 30, stylist: 'e@klok.test', serviceId: 1, slot: '', holdSlots: [''], day: '2030-01-07', tag: 't' };
  const wrong = ROWS.filter((r) => {
    const p = typeof r.path === 'function' ? r.path({ f, role: 'admin', seq: 1, v: { service: 1, email: 'a@b.test', date: '2030-01-08' } }) : r.path;
    return match(new URL(p, 'http://localhost').pathname)?.def.route !== r.route;
  });
  expect(wrong.map((r) => `${r.method} ${r.route}`)).toEqual([]);
});

test('the access matrix: every row × role answers as the table says', async () => {
  const result: MatrixResult = await runMatrix(api, served);
  console.log(formatReport(result));
  expect(result.mismatches.map((m) => m.summary)).toEqual([]);
  expect(result.passed).toBe(result.cells);
});

test('onboarding_required: a client without verified phone and privacy policy writes nothing but its onboarding', async () => {
  const email = 'sin.registro.matriz@klok.test';
  await createClient(email, { name: 'Sin Registro' });
  const cookie = await sessionFor(email);
  const asNewClient = async (method: Method, target: string, body?: unknown) => {
    const found = match(new URL(target, 'http://localhost').pathname)!;
    return call(found.def.mod[method] as Handler, { method, path: target, params: found.params, body, cookie, host: KLOK.host });
  };
  const f = await prepare(api);
  const wrong: string[] = [];
  let seq = 10_000;
  for (const row of ROWS) {
    if (row.method === 'GET' || ONBOARDING_ROUTES.includes(`${row.method} ${row.route}`)) continue;
    const base = { f, role: 'otherClient' as const, seq: ++seq };
    const cell = { ...base, v: row.setup ? await row.setup(api, base) : {} };
    const target = typeof row.path === 'function' ? row.path(cell) : row.path;
    const body = typeof row.body === 'function' ? row.body(cell) : row.body;
    const r = await asNewClient(row.method, target, body);
    if (row.cleanup) await row.cleanup(api, cell, { status: r.status, body: r.body, text: JSON.stringify(r.body) }).catch(() => undefined);
    // Routes open to clients answer onboarding_required; staff-only ones refuse the role first.
    const code = row.expect.client === 403 ? r.body?.error?.code : 'onboarding_required';
    if (r.status !== 403 || r.body?.error?.code !== code) wrong.push(`${row.method} ${row.route}: ${r.status} ${r.body?.error?.code}`);
  }
  await teardown(api, f);
  expect(wrong).toEqual([]);
  expect(ROWS.filter((r) => r.method !== 'GET' && r.expect.client !== 403 && !ONBOARDING_ROUTES.includes(`${r.method} ${r.route}`)).length).toBeGreaterThan(0);

  // The onboarding routes still work for the client itself.
  expect((await asNewClient('PATCH', `/api/v1/users/${email}`, { name: 'Sin Registro' })).status).toBe(201);
  expect((await asNewClient('POST', `/api/v1/users/${email}/phone/code`, { tlf: '+34 699 777 001' })).status).toBe(200);
  const verified = await asNewClient('POST', `/api/v1/users/${email}/phone/verify`, { code: await api.smsCode('+34699777001') });
  expect(verified.status).toBe(200);
  expect((await asNewClient('POST', '/api/v1/auth/logout')).status).toBe(204);
});
