/**
 * Two Klok instances behind HAProxy (round robin) on one PostgreSQL through PgBouncer in transaction mode
 * (test/scale/stack.ts builds the stack):
 * - the booking race: 200 clients book the same stylist and hour at once through the proxy → exactly one
 *   201 and 199 × 409 `slot_taken`, no 5xx, and both instances served bookings;
 * - the allowance race: one client with an allowance of 1 books N different hours at once → one 201,
 *   the rest 409 `allowance_exceeded`;
 * - the proxy's request id reaches the answers; the JSON request logs carry it with the route pattern;
 * - SIGTERM on one instance: an in-flight booking (its body still arriving) completes with 201, new
 *   connections are refused, the worker stops after the HTTP drain, the process exits 0, and the proxy
 *   keeps answering through the other instance.
 * Run: `npx jest -c test/scale/jest.config.mjs` after a production build (.ci/run does, after `npm test`).
 */
import http from 'node:http';
import { DateTime } from 'luxon';
import { createClients, PORTS, refused, sleep, startStack, waitReady, type Stack } from './stack';
import { ZONE } from '@/lib/domain/time';

jest.setTimeout(240_000);

const CLIENTS = 200;
const ALLOWANCE_TRIES = 10;

let stack: Stack;
let serviceId: number;
let duration: number;
let origin: string;

beforeAll(async () => {
  stack = await startStack();
  origin = stack.proxyUrl;
  const { rows } = await stack.pg.query<{ id: number; duration_minutes: number }>(
    `select id, duration_minutes from services where tenant_id = $1 and name = 'Corte de pelo'`,
    [stack.tenantId],
  );
  serviceId = rows[0]!.id;
  duration = rows[0]!.duration_minutes;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

/** Before each race: both instances ready again after the previous load, and the proxy's checks caught up. */
beforeEach(async () => {
  for (const [port, proc] of [
    [PORTS.a, stack.a],
    [PORTS.b, stack.b],
  ] as const) {
    if (proc.child.exitCode === null) await waitReady(port, proc, 30_000);
  }
  await sleep(1500);
});

type Hour = { id: string; start_time: string; end_time: string };

/** The offered hours of a stylist on the first weekday from `fromDays` on that has at least `min` of them. */
async function hoursOf(cookie: string, employee: string, fromDays: number, min: number): Promise<Hour[]> {
  const today = DateTime.now().setZone(ZONE).startOf('day');
  for (let i = fromDays; i < fromDays + 14; i++) {
    const day = today.plus({ days: i });
    if (day.weekday > 5) continue;
    const date = day.toFormat('yyyy-MM-dd');
    const res = await fetch(
      `${origin}/api/v1/facility/1/${date}/${encodeURIComponent(employee)}/appointments/available?serviceDuration=${duration}&serviceId=${serviceId}`,
      { headers: { cookie } },
    );
    expect(res.status).toBe(200);
    const hours = ((await res.json()) as { items: { hours: Hour[] }[] }).items.flatMap((g) => g.hours);
    if (hours.length >= min) return hours;
  }
  throw new Error(`no day with ${min} hours for ${employee}`);
}

/** `PATCH /api/v1/schedules/insert/appointment` through the proxy as a client, from the tenant's origin. */
async function book(client: { id: string; email: string; name: string; cookie: string }, employee: string, start: string) {
  const res = await fetch(`${origin}/api/v1/schedules/insert/appointment`, {
    method: 'PATCH',
    headers: { cookie: client.cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(bookingBody(client, employee, start)),
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code: string } }).error?.code;
  } catch {
    code = 'not-json'; // e.g. the proxy's own 503 page: counted, so a failure shows what happened
  }
  return { status: res.status, code, requestId: res.headers.get('x-request-id') };
}

function bookingBody(client: { id: string; email: string; name: string }, employee: string, start: string) {
  return {
    start_time: start,
    facility_id: 1,
    employee_id: employee,
    service_id: serviceId,
    client_id: client.email,
    user_id: client.id,
    user_name: client.name,
  };
}

const tally = (xs: (string | number | undefined)[]) =>
  xs.reduce<Record<string, number>>((acc, x) => ((acc[String(x)] = (acc[String(x)] ?? 0) + 1), acc), {});

/** Booking request lines an instance logged. */
const bookingLines = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => l.msg === 'request' && l.route === '/api/v1/schedules/insert/appointment');

test(`booking race: ${CLIENTS} clients, one stylist, one hour, through both instances → one 201, the rest 409`, async () => {
  const clients = await createClients(stack, `race${Date.now()}`, CLIENTS);
  const [hour] = await hoursOf(clients[0]!.cookie, 'admin@klok.demo', 3, 1);
  const before = { a: bookingLines(stack.a.json()).length, b: bookingLines(stack.b.json()).length };
  const started = Date.now();
  const results = await Promise.all(clients.map((c) => book(c, 'admin@klok.demo', hour!.start_time)));
  const elapsed = Date.now() - started;
  const statuses = tally(results.map((r) => r.status));
  expect(tally(results.map((r) => `${r.status} ${r.code ?? ''}`.trim()))).toEqual({ 201: 1, '409 slot_taken': CLIENTS - 1 });
  // One appointment in the database, whichever instance won.
  const { rows } = await stack.pg.query(
    `select count(*)::int as n from appointments where tenant_id = $1 and start_at = $2 and status = 'pending'`,
    [stack.tenantId, hour!.start_time],
  );
  expect(rows[0].n).toBe(1);
  // Round robin: both instances answered bookings (their JSON request logs say so).
  const served = { a: bookingLines(stack.a.json()).length - before.a, b: bookingLines(stack.b.json()).length - before.b };
  console.info(`booking race: ${JSON.stringify(statuses)} in ${elapsed} ms; instance a served ${served.a}, b ${served.b}`);
  expect(served.a + served.b).toBe(CLIENTS);
  expect(served.a).toBeGreaterThan(CLIENTS / 4);
  expect(served.b).toBeGreaterThan(CLIENTS / 4);
  // HAProxy's request id (hex) reached every answer and the instance's log line.
  const ids = results.map((r) => r.requestId);
  expect(ids.every((id) => /^[0-9A-F]{16,}$/.test(id ?? ''))).toBe(true);
  expect(new Set(ids).size).toBe(CLIENTS);
  const logged = new Set([...bookingLines(stack.a.json()), ...bookingLines(stack.b.json())].map((l) => l.request_id));
  expect(ids.every((id) => logged.has(id))).toBe(true);
  // No personal data in the instances' logs: not one of the clients' e-mails.
  expect([...stack.a.lines, ...stack.b.lines].filter((l) => l.includes('@scale.test'))).toEqual([]);
});

test(`allowance race: one client (allowance 1), ${ALLOWANCE_TRIES} different hours at once → one 201`, async () => {
  const [client] = await createClients(stack, `allow${Date.now()}`, 1, 1);
  const hours = await hoursOf(client!.cookie, 'sara@klok.demo', 3, ALLOWANCE_TRIES * 3);
  // Hours that do not overlap one another, so only the allowance can refuse them.
  const starts: string[] = [];
  for (const h of hours) {
    const last = starts.at(-1);
    if (!last || Date.parse(h.start_time) >= Date.parse(last) + duration * 60_000) starts.push(h.start_time);
  }
  expect(starts.length).toBeGreaterThanOrEqual(ALLOWANCE_TRIES);
  const results = await Promise.all(starts.slice(0, ALLOWANCE_TRIES).map((s) => book(client!, 'sara@klok.demo', s)));
  expect(tally(results.map((r) => `${r.status} ${r.code ?? ''}`.trim()))).toEqual({ 201: 1, '409 allowance_exceeded': ALLOWANCE_TRIES - 1 });
  const { rows } = await stack.pg.query(`select count(*)::int as n from appointments where tenant_id = $1 and client_id = $2`, [
    stack.tenantId,
    client!.id,
  ]);
  expect(rows[0].n).toBe(1);
});

test('SIGTERM drains: an in-flight booking completes, new connections are refused, exit 0, the proxy carries on', async () => {
  const [client] = await createClients(stack, `drain${Date.now()}`, 1, 1);
  const [hour] = await hoursOf(client!.cookie, 'marcos@klok.demo', 3, 1);
  const payload = Buffer.from(JSON.stringify(bookingBody(client!, 'marcos@klok.demo', hour!.start_time)));
  const origin = `http://127.0.0.1:${PORTS.b}`;
  // A booking straight to instance b whose body arrives in two halves, the second after SIGTERM.
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.b,
        method: 'PATCH',
        path: '/api/v1/schedules/insert/appointment',
        headers: { cookie: client!.cookie, origin, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, 20));
    setTimeout(() => {
      stack.b.child.kill('SIGTERM');
      setTimeout(async () => {
        try {
          // While draining: the listening socket is closed, so a new connection is refused.
          expect(await refused(PORTS.b)).toBe(true);
          req.end(payload.subarray(20));
        } catch (err) {
          reject(err);
        }
      }, 1000);
    }, 500);
  });
  const res = await answer;
  expect(res.status).toBe(201);
  expect(JSON.parse(res.body).data.event_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await stack.b.exited).toBe(0);
  // The order of the shutdown: HTTP drained (the booking answered), then the worker, then the exit.
  const lines = stack.b.json();
  const at = (pred: (l: Record<string, unknown>) => boolean) => lines.findIndex(pred);
  const draining = at((l) => l.msg === 'draining');
  const booked = at((l) => l.msg === 'request' && l.status === 201 && l.route === '/api/v1/schedules/insert/appointment' && lines.indexOf(l) > draining);
  const worker = at((l) => l.msg === 'outbox worker stopped');
  const stopped = at((l) => l.msg === 'stopped');
  expect(draining).toBeGreaterThanOrEqual(0);
  expect(booked).toBeGreaterThan(draining);
  expect(worker).toBeGreaterThan(booked);
  expect(stopped).toBeGreaterThan(worker);
  expect(lines[stopped]).toMatchObject({ drained: true });
  // The proxy sends everything to the remaining instance.
  await sleep(500);
  const statuses = [];
  for (let i = 0; i < 10; i++) statuses.push((await fetch(`${stack.proxyUrl}/api/ready`)).status);
  expect(statuses).toEqual(Array(10).fill(200));
});
