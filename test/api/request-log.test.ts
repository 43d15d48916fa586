/**
 * Structured request logs and request ids: every API answer carries
 * `X-Request-Id`; each request writes one JSON line with the request id, tenant, route pattern (never the
 * raw path with an e-mail in it), method, status and duration; a 500 carries `request_id` in its body and
 * is logged at error level with the stack under the same id.
 */
process.env.LOG_LEVEL = 'info';

import { GET as getUser } from '@/app/api/v1/users/[email]/route';
import { route } from '@/lib/server/http';
import { setLogSink } from '@/lib/server/log';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';

type Line = Record<string, unknown> & { msg: string; level: string };
const lines: Line[] = [];
const raw: string[] = [];

beforeAll(async () => {
  await openTestDb();
  setLogSink((l) => {
    raw.push(l);
    lines.push(JSON.parse(l) as Line);
  });
}, 60_000);
afterAll(async () => {
  setLogSink(null);
  await closeTestDb();
});
beforeEach(() => {
  lines.length = 0;
  raw.length = 0;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('one info line per request with the route pattern, never the e-mail of the path', async () => {
  const cookie = await sessionFor('cliente@klok.demo');
  const r = await call(getUser, { path: '/api/v1/users/cliente%40klok.demo', params: { email: 'cliente%40klok.demo' }, cookie });
  expect(r.status).toBe(200);
  const id = r.res.headers.get('x-request-id');
  expect(id).toMatch(UUID);
  const requests = lines.filter((l) => l.msg === 'request');
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({
    level: 'info',
    component: 'api',
    request_id: id,
    tenant: 'klok',
    route: '/api/v1/users/{email}',
    method: 'GET',
    status: 200,
  });
  expect(typeof requests[0]!.duration_ms).toBe('number');
  expect(typeof requests[0]!.user).toBe('string');
  expect(raw.join('')).not.toMatch(/cliente|klok\.demo|%40/);
});

test('the edge request id is kept when valid and replaced when not', async () => {
  const kept = await call(getUser, { path: '/api/v1/users/x%40y.es', params: { email: 'x%40y.es' }, headers: { 'x-klok-request-id': 'proxy-0a1b2c' } });
  expect(kept.status).toBe(401);
  expect(kept.res.headers.get('x-request-id')).toBe('proxy-0a1b2c');
  expect(lines.at(-1)).toMatchObject({ request_id: 'proxy-0a1b2c', status: 401, route: '/api/v1/users/{email}' });
  const replaced = await call(getUser, { path: '/api/v1/users/x%40y.es', params: { email: 'x%40y.es' }, headers: { 'x-klok-request-id': 'bad id","level":"fatal' } });
  expect(replaced.res.headers.get('x-request-id')).toMatch(UUID);
  expect(raw.join('')).not.toContain('fatal');
});

test('a 500 carries request_id in the body and header, logged at error level with the stack', async () => {
  const boom = route({ summary: 'Fails on purpose', access: 'public' }, async () => {
    throw new Error('secret internals of the failure');
  });
  const r = await call(boom, { path: '/api/v1/boom' });
  expect(r.status).toBe(500);
  const id = r.res.headers.get('x-request-id');
  expect(id).toMatch(UUID);
  expect(r.body.error).toEqual({ code: 'internal', message: expect.any(String), request_id: id });
  expect(JSON.stringify(r.body)).not.toContain('secret');
  const failed = lines.find((l) => l.msg === 'request failed');
  expect(failed).toMatchObject({ level: 'error', request_id: id, status: 500, route: '/api/v1/boom' });
  expect((failed!.err as { stack: string }).stack).toContain('secret internals of the failure');
});
