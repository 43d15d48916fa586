/**
 * Fuzz test of every write endpoint: each POST/PATCH/PUT/DELETE route under app/api/v1 gets
 * random JSON, valid bodies with one field broken, malformed JSON text, odd path params, query strings
 * and content types (test/fuzz/write-endpoints.ts), as the seed's client and as its admin. Properties:
 * - never a 5xx;
 * - every answer that is not 2xx is JSON `{ error: { code, message } }` with a non-empty message;
 * - an answer that is not 2xx leaves the row count of every table unchanged (a refused request writes
 *   nothing: no half-done change, no queued message). `rate_limits` is left out: the limiters count
 *   refused requests too.
 * The minimal counterexamples found so far are replayed first (REGRESSIONS).
 * Seeded and bounded for CI: `FUZZ_SEED` (default 20269) and `FUZZ_RUNS` cases per endpoint and caller
 * (default 60, about 20 s on PGlite). `npm run fuzz` (scripts/fuzz.ts) runs 2000 with a fresh seed.
 * `FUZZ_ONLY` keeps the endpoints whose "METHOD /api/v1/… as role" contains it; with `FUZZ_PATH` it replays
 * the path fast-check printed (the database then lacks what earlier endpoints wrote, so a failure that
 * depends on that state may not recur). `FUZZ_VERBOSE=1` prints the answers by kind of case, status and code.
 * Rate limits are off (`RATE_LIMITS=off`) unless `FUZZ_RATE_LIMITS=on`, so the cases reach validation and
 * the services instead of 429.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { getDb } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { addEmployee } from '@/lib/server/services/add-employee';
import { createService } from '@/lib/server/services/create-service';
import {
  contractViolation,
  endpointName,
  fuzzCases,
  send,
  WRITE_ENDPOINTS,
  type Answer,
  type FuzzCase,
  type FuzzContext,
  type Json,
  type Role,
  type WriteEndpoint,
  type WriteMethod,
} from '../fuzz/write-endpoints';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  book,
  createClient,
  DB_TIMEOUT,
  insertLeave,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

const SEED = Number(process.env.FUZZ_SEED ?? 20269);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/** Only the endpoints whose `METHOD /api/v1/… as role` contains this text (debugging). */
const ONLY = process.env.FUZZ_ONLY;
if (process.env.FUZZ_RATE_LIMITS !== 'on') process.env.RATE_LIMITS = 'off';

// Generous: `npm run fuzz` runs thousands of cases per endpoint.
jest.setTimeout(Math.max(DB_TIMEOUT, RUNS * 1_500));
pinTestClock();

const API_ROOT = path.join(__dirname, '../../app/api/v1');
const WRITE_METHODS: WriteMethod[] = ['POST', 'PATCH', 'PUT', 'DELETE'];
/** Tables whose rows may change on a refused request: the rate limiters' counters. */
const UNCOUNTED = new Set(['rate_limits']);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

const TABLES = (Object.values(schema).filter((t) => is(t, PgTable)) as PgTable[])
  .map((t) => getTableName(t))
  .filter((name) => !UNCOUNTED.has(name))
  .sort();

/** The row count of every table (but `rate_limits`), in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const columns = TABLES.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ');
  const result = (await db.execute(sql.raw(`select ${columns}`))) as unknown as { rows: Record<string, number>[] };
  return result.rows[0]!;
}

/**
 * A client may hold one pending appointment per person: after the client's booking succeeds it is marked
 * cancelled behind the API's back, so later cases get past that rule into the rest of the booking.
 */
async function settle(endpoint: WriteEndpoint, role: Role, answer: Answer): Promise<void> {
  if (endpoint.route !== 'schedules/insert/appointment' || role !== 'client' || answer.status !== 201) return;
  const id = (JSON.parse(answer.text) as { data: { event_id: string } }).data.event_id;
  await (await getDb()).update(schema.appointments).set({ status: 'cancelled' }).where(eq(schema.appointments.id, id));
}

let ctx: FuzzContext;
const cookies = {} as Record<Role, string>;
const tally: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  // The dev SMS provider logs every code it "sends"; thousands of them would bury the report.
  if (!VERBOSE) jest.spyOn(console, 'log').mockImplementation(() => undefined);
  await openTestDb();
  const db = await getDb();
  const tid = await tenantId();
  cookies.client = await sessionFor(ANA);
  cookies.admin = await sessionFor(LUCIA);
  const ana = await findUserByEmail(db, tid, ANA);
  if (!ana) throw new Error(`no user ${ANA}`);
  // Ana may hold many appointments, so valid bookings get past the allowance rule.
  await db.update(schema.users).set({ nAppointmentsAllowed: 99 }).where(eq(schema.users.id, ana.id));
  const victimClients: string[] = [];
  const victimStylists: string[] = [];
  const victimServiceIds: number[] = [];
  for (const n of [1, 2, 3]) {
    victimClients.push((await createClient(`fuzz-borrable-${n}@klok.demo`)).user.email);
    victimStylists.push((await addEmployee(db, tid, { name: `Estilista borrable ${n}`, email: `fuzz-estilista-${n}@klok.demo` })).email);
    const service = await createService(db, tid, {
      name: `Servicio borrable ${n}`,
      description: 'Para el fuzz',
      price: 10,
      duration: 30,
      busy_slots: [{ startMinutes: 0, endMinutes: 30 }],
      employees: [MARCOS],
    });
    victimServiceIds.push(service.id);
  }
  const days = madridDates(8, 28, [1, 2, 4, 5]);
  // The live service is a new one: the seed's first service has id 1, which fuzzed ids such as `01` or `0x1` reach.
  const live = await createService(db, tid, {
    name: 'Servicio fuzz',
    description: 'Para el fuzz',
    price: 15,
    duration: 30,
    busy_slots: [{ startMinutes: 0, endMinutes: 30 }],
    employees: [MARCOS],
  });
  // Pending appointments (the guest's) and leaves of the stylist that staff may cancel or delete.
  const appointments: FuzzContext['appointments'] = [];
  const leaves: FuzzContext['leaves'] = [];
  for (const date of days.slice(0, 6)) {
    const booked = await book(cookies.admin, staffBookingBody({ start: madridInstant(date, '09:00'), employee: MARCOS, serviceId: live.id, name: 'Invitado fuzz' }));
    if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
    appointments.push({ id: booked.body.data.event_id, date });
    const leave = await insertLeave(cookies.admin, { start: madridInstant(date, '19:00'), end: madridInstant(date, '19:30'), employee: MARCOS });
    if (leave.status !== 201) throw new Error(`leave answered ${leave.status}: ${JSON.stringify(leave.body)}`);
    leaves.push({ id: leave.body.data.event_id, date });
  }
  ctx = {
    client: ANA,
    clientUserId: ana.id,
    admin: LUCIA,
    stylist: MARCOS,
    victimClients,
    victimStylists,
    victimServiceIds,
    serviceId: live.id,
    days,
    appointments,
    leaves,
  };
}, DB_TIMEOUT);

afterAll(async () => {
  if (VERBOSE) process.stdout.write(`answers by kind of case, status and code:\n${JSON.stringify(tally, null, 1)}\n`);
  await closeTestDb();
});

test('every write route has a fuzz entry, and every entry a route', async () => {
  const exported: string[] = [];
  for (const file of routeFiles(API_ROOT)) {
    const route = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join('/');
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of WRITE_METHODS) {
      if (typeof mod[method] !== 'function') continue;
      exported.push(endpointName({ method, route }));
      const entry = WRITE_ENDPOINTS.find((e) => e.route === route && e.method === method);
      expect(entry?.handler).toBe(mod[method]);
    }
  }
  expect(exported.length).toBeGreaterThan(15);
  expect(WRITE_ENDPOINTS.map(endpointName).sort()).toEqual(exported.sort());
});

test('counts every table of the schema', () => {
  expect(TABLES).toEqual(expect.arrayContaining(['users', 'appointments', 'outbox', 'sessions', 'activities']));
});

/**
 * Sends one request and checks the answer against the properties. Returns the problem (null when none) and
 * `status code` of the answer for the tally.
 */
async function check(endpoint: WriteEndpoint, role: Role, request: FuzzCase): Promise<{ problem: string | null; outcome: string }> {
  const cookie = endpoint.endsSession ? await sessionFor(role === 'client' ? ANA : LUCIA) : cookies[role];
  const before = await rowCounts();
  const answer = await send(endpoint, request, cookie);
  const code = answer.status >= 300 ? (/"code":"([a-z_]+)"/.exec(answer.text)?.[1] ?? '') : '';
  const outcome = `${answer.status} ${code}`.trim();
  const problem = contractViolation(answer);
  if (problem) return { problem, outcome };
  await settle(endpoint, role, answer);
  if (answer.status >= 300) {
    const after = await rowCounts();
    const changed = TABLES.filter((t) => after[t] !== before[t]).map((t) => `${t} ${before[t]} → ${after[t]}`);
    if (changed.length > 0) return { problem: `refused with ${answer.status} ${answer.text.slice(0, 200)} but changed rows: ${changed.join(', ')}`, outcome };
  }
  return { problem: null, outcome };
}

const endpointNamed = (name: string) => WRITE_ENDPOINTS.find((e) => endpointName(e) === name)!;
const jsonCase = (body: Json, params: Record<string, string> = {}): FuzzCase => ({
  kind: 'mutated',
  params,
  query: '',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * The minimal counterexamples the fuzz found (each answered 500), replayed on every run before the fuzz.
 * JSON.stringify writes a lone surrogate as the escape `\udfff`, which PostgreSQL's jsonb refuses.
 */
const REGRESSIONS: [string, Role, string, () => FuzzCase | Promise<FuzzCase>][] = [
  [
    'a service id past a PostgreSQL integer (query failed with 22003)',
    'client',
    'PATCH /api/v1/schedules/insert/appointment',
    () => {
      const start = madridInstant(ctx.days[1]!, '11:00');
      return jsonCase({ start_time: start, facility_id: 1, employee_id: MARCOS, service_id: 2 ** 31, client_id: ANA, user_id: ctx.clientUserId, user_name: 'Ana' });
    },
  ],
  [
    'an end time in year 10000 UTC (written +010000-…, refused by PostgreSQL)',
    'admin',
    'PATCH /api/v1/schedules/insert/leave',
    () => jsonCase({ start_time: madridInstant(ctx.days[1]!, '12:00'), end_time: '9999-12-31T23:59:59.999-23:59', facility_id: 1, employee_id: MARCOS }),
  ],
  [
    'a lone surrogate in a sub-user name (users.sub_users jsonb)',
    'admin',
    'PATCH /api/v1/users/[email]',
    () => jsonCase({ name: 'Ana', users: [{ name: '\ud800' }], n_appointments_allowed: 99 }, { email: ANA }),
  ],
  [
    'a lone surrogate in a booking\'s client name (activities.data jsonb)',
    'admin',
    'PATCH /api/v1/schedules/insert/appointment',
    () => jsonCase({ start_time: madridInstant(ctx.days[2]!, '11:00'), facility_id: 1, employee_id: MARCOS, service_id: ctx.serviceId, client_name: 'a\udfffb' }),
  ],
  [
    'a lone surrogate in a cancellation note (outbox.payload jsonb)',
    'admin',
    'PATCH /api/v1/schedules/cancel/appointment',
    async () => {
      // A client's appointment: cancelling it queues the client's e-mail, with the note.
      const start = madridInstant(ctx.days[3]!, '11:00');
      const booked = await book(cookies.admin, staffBookingBody({ start, employee: MARCOS, serviceId: ctx.serviceId, email: ANA, name: 'Ana' }));
      if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
      return jsonCase({ appointment_id: booked.body.data.event_id, facility_id: 1, notes: '\udfff' });
    },
  ],
];

test.each(REGRESSIONS)('regression: %s', async (_title, role, name, request) => {
  const { problem } = await check(endpointNamed(name), role, await request());
  // Ana holds no pending appointment afterwards, so the fuzz's client bookings get past "one per person".
  await (await getDb())
    .update(schema.appointments)
    .set({ status: 'cancelled' })
    .where(and(eq(schema.appointments.clientId, ctx.clientUserId), eq(schema.appointments.status, 'pending')));
  expect(problem).toBeNull();
});

const cases = WRITE_ENDPOINTS.flatMap((e, i) => (['client', 'admin'] as const).map((role, j) => [endpointName(e), role, e, i * 2 + j] as const)).filter(
  ([name, role]) => !ONLY || `${name} as ${role}`.includes(ONLY),
);
if (cases.length === 0) throw new Error(`FUZZ_ONLY="${ONLY}" matches no endpoint`);

test.each(cases)('%s as %s: no 5xx, errors in the error shape, refusals write nothing', async (name, role, endpoint, index) => {
  const seen: Record<string, number> = (tally[`${name} as ${role}`] = {});
  const property = fc.asyncProperty(fuzzCases(endpoint, ctx, role), async (request) => {
    const { problem, outcome } = await check(endpoint, role, request);
    const key = `${request.kind} ${outcome}`;
    seen[key] = (seen[key] ?? 0) + 1;
    if (problem) throw new Error(problem);
  });
  const replay = ONLY && process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {};
  const result = await fc.check(property, { seed: SEED + index, numRuns: RUNS, ...replay });
  if (result.failed) {
    const hint = `Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY="${name} as ${role}" FUZZ_PATH="${result.counterexamplePath ?? ''}"`;
    throw new Error(`${fc.defaultReportMessage(result)}\n${hint}`);
  }
});
