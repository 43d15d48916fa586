/**
 * Growth: the time-window queries of the hot paths must cost the same for a salon with years of
 * past appointments as for a new one. `start_at < to and end_at > from` can use a btree for one bound only
 * (with a million past appointments the stylist-day busy query would read and throw away most of them); the repositories
 * query `tstzrange(start_at, end_at, '[)') && window` instead, which the GiST indexes bound at both ends.
 *
 * This test seeds 100k past appointments (and their busy parts, and leaves) for one salon, ANALYZEs, then
 * runs the real queries (availability/booking's `busyRangesOf`, a visit's `busyRangesByEmployee` and Cambiar hora's, without the moved appointment, those of the agenda week's use case
 * `agendaBetween` with its accounts' reliability tiers, and the confirm-or-release scan) on a drizzle instance that records the SQL and parameters they send, and checks
 * EXPLAIN (ANALYZE, FORMAT JSON) of each window query: the intended index, no Seq Scan of the big tables,
 * at most a few hundred rows removed by filters or rechecks. A plan regression fails CI. PGlite by
 * default, the PostgreSQL server with TEST_DATABASE_URL.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import * as schema from '@/lib/server/db/schema';
import { getDb, type Db } from '@/lib/server/db/client';
import { madridWallClock, ZONE } from '@/lib/domain/time';
import { agendaBetween } from '@/lib/server/services/list-agenda';
import { queueDueConfirmations } from '@/lib/server/notifications/confirmations';
import { busyRangesByEmployee, busyRangesOf } from '@/lib/server/repositories/busy-slots';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { closeTestDb, openTestDb } from '../api/harness';
import { ANA, LUCIA, MARCOS, SARA, insertAppointmentRow, insertLeaveRow, tenantId } from '../api/fixtures';

jest.setTimeout(60_000);

/** Past appointments of the one salon (each with one busy part). */
const PAST = 100_000;
/** Past leaves (each with one busy part). */
const PAST_LEAVES = 5_000;
/** The most rows any window query may read and throw away (filters, index rechecks). */
const MAX_REMOVED = 300;

type Sent = { query: string; params: unknown[] };
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
};

let db: Db;
let tid: number;
let marcos: string;
/** The Madrid date (a future weekday) the window queries look at. */
let day: string;

beforeAll(async () => {
  const t0 = Date.now();
  const lap = (label: string) => process.env.PLAN_TEST_TIMING && console.log(label, Date.now() - t0, 'ms');
  await openTestDb();
  lap('open');
  db = await getDb();
  tid = await tenantId();
  marcos = (await findUserByEmail(db, tid, MARCOS))!.id;
  const staff = [marcos, (await findUserByEmail(db, tid, SARA))!.id, (await findUserByEmail(db, tid, LUCIA))!.id];
  const client = (await findUserByEmail(db, tid, ANA))!;
  const ids = sql.raw(`array[${staff.map((s) => `'${s}'::uuid`).join(',')}]`);
  // Bulk loading through GiST indexes row by row is slow (minutes on PGlite): take the window indexes and
  // the exclusion constraint off while loading and put them back from their own catalog definitions
  // (pg_get_indexdef / pg_get_constraintdef), so the plans below are those of the migrated schema.
  const gist = await rows<{ name: string; def: string }>(sql`
    select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am am on am.oid = i.relam
    where x.indrelid in ('appointments'::regclass, 'leaves'::regclass) and am.amname = 'gist'`);
  expect(gist.map((g) => g.name).sort()).toEqual(['appointments_window', 'leaves_window']);
  const [exclusion] = await rows<{ def: string }>(sql`
    select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'busy_slots_no_overlap'`);
  // Foreign-key triggers off while loading too (the rows are consistent by construction).
  await db.execute(sql`set session_replication_role = replica`);
  for (const g of gist) await db.execute(sql.raw(`drop index "${g.name}"`));
  await db.execute(sql`alter table busy_slots drop constraint busy_slots_no_overlap`);
  // Years of history: 30-minute appointments back to back per stylist, ending at least two days ago;
  // then older leaves, each with its busy part (what the exclusion constraint's index holds).
  const now = DateTime.now().startOf('hour');
  const recent = now.minus({ days: 2 }).toJSDate();
  await db.execute(sql`
    insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
      start_at, end_at, status, created_by, created_by_role, created_at, reminded_at)
    select ${tid}, (${ids})[1 + g % 3], ${client.id}::uuid, ${client.id}, ${client.name}, 'Corte de pelo', 1500,
      ${recent}::timestamptz - (g / 3 + 1) * interval '30 minutes', ${recent}::timestamptz - (g / 3) * interval '30 minutes',
      'pending', ${client.id}::uuid, 'client', ${recent}::timestamptz - interval '5000 days', ${recent}::timestamptz
    from generate_series(0, ${PAST - 1}) g`);
  lap('appointments');
  await db.execute(sql`
    insert into busy_slots (tenant_id, employee_id, appointment_id, start_at, end_at)
    select tenant_id, employee_id, id, start_at, end_at from appointments where tenant_id = ${tid}`);
  lap('busy parts');
  const oldest = now.minus({ days: 2 + Math.ceil(PAST / 3 / 48) + 1 }).toJSDate();
  await db.execute(sql`
    insert into leaves (id, tenant_id, employee_id, start_at, end_at, created_by)
    select gen_random_uuid(), ${tid}, (${ids})[1 + g % 3], ${oldest}::timestamptz - (g / 3 + 1) * interval '1 day',
      ${oldest}::timestamptz - (g / 3 + 1) * interval '1 day' + interval '2 hours', ${staff[2]}::uuid
    from generate_series(0, ${PAST_LEAVES - 1}) g`);
  lap('leaves');
  await db.execute(sql`
    insert into busy_slots (tenant_id, employee_id, leave_id, start_at, end_at)
    select tenant_id, employee_id, id, start_at, end_at from leaves where tenant_id = ${tid}`);
  lap('leave busy parts');
  await db.execute(sql`set session_replication_role = origin`);
  for (const g of gist) await db.execute(sql.raw(g.def));
  await db.execute(sql.raw(`alter table busy_slots add constraint busy_slots_no_overlap ${exclusion!.def}`));
  lap('indexes rebuilt');
  // The week looked at has a few appointments and a leave, as a real week does.
  day = now.setZone(ZONE).plus({ days: 7 }).set({ weekday: 3 }).toISODate()!;
  const at = (hhmm: string) => new Date(madridWallClock(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)))).toISOString();
  await insertAppointmentRow({ employee: MARCOS, client: ANA, start: at('10:00') });
  await insertAppointmentRow({ employee: MARCOS, client: ANA, start: at('12:00') });
  await insertAppointmentRow({ employee: SARA, client: ANA, start: at('10:00') });
  await insertLeaveRow({ employee: MARCOS, start: at('16:00'), end: at('18:00') });
  lap('loaded');
  await db.execute(sql`analyze`);
  lap('analyzed');
}, 90_000);
afterAll(closeTestDb);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** A drizzle instance over the test database's own connection that records every statement it sends. */
async function recording(): Promise<{ rec: Db; sent: Sent[] }> {
  const sent: Sent[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const client = (db as unknown as { $client: unknown }).$client;
  if (process.env.DATABASE_URL) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return { rec: drizzle(client as never, { schema, logger }) as unknown as Db, sent };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  return { rec: drizzle(client as never, { schema, logger }), sent };
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of a recorded statement with its parameters: the plan's root node. */
async function explain(s: Sent): Promise<PlanNode> {
  const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const { rows } = await client.query(`explain (analyze, format json) ${s.query}`, s.params);
  const plan = rows[0]!['QUERY PLAN'];
  return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
}

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

/** What a plan does with one table: the indexes it reads, whether it scans it whole, the rows it throws away. */
function onTable(plan: PlanNode, table: string) {
  const all = nodes(plan);
  const direct = all.filter((n) => n['Relation Name'] === table);
  // A Bitmap Index Scan names only its index; its table is its parent Bitmap Heap Scan's.
  const bitmapIndexes = all
    .filter((n) => n['Node Type'] === 'Bitmap Heap Scan' && n['Relation Name'] === table)
    .flatMap((n) => nodes(n).filter((c) => c['Node Type'] === 'Bitmap Index Scan').map((c) => c['Index Name']!));
  return {
    indexes: [...direct.map((n) => n['Index Name']).filter((x): x is string => !!x), ...bitmapIndexes],
    seqScan: direct.some((n) => n['Node Type'] === 'Seq Scan'),
    removed: direct.reduce((sum, n) => sum + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0), 0),
    rows: direct.reduce((sum, n) => sum + (n['Actual Rows'] ?? 0), 0),
  };
}

/** The recorded statements that read `table` in their FROM clause. */
const reading = (sent: Sent[], table: string) => sent.filter((s) => s.query.startsWith('select') && s.query.includes(`from "${table}"`));

test('the stylist-day busy query (availability, booking overlap checks) reads the exclusion constraint\u2019s GiST index', async () => {
  const { rec, sent } = await recording();
  const from = madridWallClock(day, 0);
  const busy = await busyRangesOf(rec, tid, marcos, from, madridWallClock(day, 1440) + 86_400_000, from);
  expect(busy).toHaveLength(3); // two appointments and the leave of that day
  const [query] = reading(sent, 'busy_slots');
  expect(query).toBeDefined();
  const t = onTable(await explain(query!), 'busy_slots');
  expect(t.indexes).toEqual(['busy_slots_no_overlap']);
  expect(t.seqScan).toBe(false);
  expect(t.rows).toBe(3);
  expect(t.removed).toBeLessThanOrEqual(MAX_REMOVED);
});

test('the busy query of a visit\u2019s stylists (one statement for the whole team) reads the same GiST index', async () => {
  const sara = (await findUserByEmail(db, tid, SARA))!.id;
  const lucia = (await findUserByEmail(db, tid, LUCIA))!.id;
  const { rec, sent } = await recording();
  const from = madridWallClock(day, 0);
  const busy = await busyRangesByEmployee(rec, tid, [marcos, sara, lucia], from, madridWallClock(day, 1440) + 86_400_000, from);
  expect([busy.get(marcos)!.length, busy.get(sara)!.length, busy.get(lucia)!.length]).toEqual([3, 1, 0]);
  const byStart = (rs: { start: number; end: number }[]) => [...rs].sort((a, b) => a.start - b.start);
  expect(byStart(busy.get(marcos)!)).toEqual(byStart(await busyRangesOf(db, tid, marcos, from, madridWallClock(day, 1440) + 86_400_000, from)));
  const queries = reading(sent, 'busy_slots');
  expect(queries).toHaveLength(1);
  const t = onTable(await explain(queries[0]!), 'busy_slots');
  expect(t.indexes).toEqual(['busy_slots_no_overlap']);
  expect(t.seqScan).toBe(false);
  expect(t.rows).toBe(4);
  expect(t.removed).toBeLessThanOrEqual(MAX_REMOVED);
});

test('the busy query without one appointment (Cambiar hora\u2019s free hours) reads the same GiST index', async () => {
  const from = madridWallClock(day, 0);
  const to = madridWallClock(day, 1440) + 86_400_000;
  const [own] = await db
    .select({ id: schema.busySlots.appointmentId })
    .from(schema.busySlots)
    .where(
      and(
        eq(schema.busySlots.tenantId, tid),
        eq(schema.busySlots.employeeId, marcos),
        isNotNull(schema.busySlots.appointmentId),
        sql`${schema.busySlots.startAt} >= ${new Date(from).toISOString()}::timestamptz`,
        sql`${schema.busySlots.startAt} < ${new Date(to).toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  expect(own?.id).toBeTruthy();
  const { rec, sent } = await recording();
  const busy = await busyRangesOf(rec, tid, marcos, from, to, from, { appointmentId: own!.id! });
  expect(busy).toHaveLength(2); // the other appointment and the leave of that day
  const [query] = reading(sent, 'busy_slots');
  expect(query).toBeDefined();
  const t = onTable(await explain(query!), 'busy_slots');
  expect(t.indexes).toEqual(['busy_slots_no_overlap']);
  expect(t.seqScan).toBe(false);
  expect(t.removed).toBeLessThanOrEqual(MAX_REMOVED);
});

test('the agenda week reads appointments and leaves through their window indexes', async () => {
  const { rec, sent } = await recording();
  const start = DateTime.fromISO(day).minus({ days: 2 }).toISODate()!;
  const agenda = await agendaBetween(rec, tid, start, DateTime.fromISO(start).plus({ days: 6 }).toISODate()!, Date.now());
  expect(agenda.flatMap((d) => d.appointments)).toHaveLength(4);

  const [appts] = reading(sent, 'appointments');
  const a = onTable(await explain(appts!), 'appointments');
  expect(a.indexes).toEqual(['appointments_window']);
  expect(a.seqScan).toBe(false);
  expect(a.rows).toBe(3);
  expect(a.removed).toBeLessThanOrEqual(MAX_REMOVED);

  const [leaves] = reading(sent, 'leaves');
  const l = onTable(await explain(leaves!), 'leaves');
  expect(l.indexes).toEqual(['leaves_window']);
  expect(l.seqScan).toBe(false);
  expect(l.rows).toBe(1);
  expect(l.removed).toBeLessThanOrEqual(MAX_REMOVED);

  // The busy parts of the week's appointments are read by stylist and time (a part lies inside its
  // appointment: migration 0010), not by appointment id through an index that grows with the history, nor
  // by scanning the salon's rows, so the cost does not grow with the history.
  const [parts] = reading(sent, 'busy_slots');
  const p = onTable(await explain(parts!), 'busy_slots');
  expect(p.indexes).toEqual(['busy_slots_employee_range']);
  expect(p.seqScan).toBe(false);
  expect(p.rows).toBe(3);
  expect(p.removed).toBeLessThanOrEqual(MAX_REMOVED);
});


test('the agenda week\u2019s reliability tiers read a few rows per account, however long its history', async () => {
  const { rec, sent } = await recording();
  const start = DateTime.fromISO(day).minus({ days: 2 }).toISODate()!;
  const agenda = await agendaBetween(rec, tid, start, DateTime.fromISO(start).plus({ days: 6 }).toISODate()!, Date.now());
  const marks = agenda.flatMap((d) => d.appointments).flatMap((a) => (a.type === 'appointment' ? [a.client_tier] : []));
  // Ana came to her appointments of the last 12 months (tens of thousands, unmarked and long ended).
  expect(marks).toEqual(['fiable', 'fiable', 'fiable']);
  const [tiers] = sent.filter((s) => s.query.includes('unnest('));
  expect(tiers).toBeDefined();
  const t = onTable(await explain(tiers!), 'appointments');
  // The first attended visit comes from an index in start order (the account's, or here, where the statistics
  // credit Ana with the whole table, the salon's), stopping at the first; the no-shows and late cancellations
  // from the partial index of marked rows. A few rows read, none thrown away, however long the history.
  expect(t.seqScan).toBe(false);
  expect(t.indexes).toContain('appointments_client_marks');
  expect(t.rows).toBeLessThanOrEqual(5);
  expect(t.removed).toBeLessThanOrEqual(MAX_REMOVED);
  expect(t.removed).toBeLessThanOrEqual(MAX_REMOVED);
});

test('the confirm-or-release scan reads only the appointments with a step left', async () => {
  const { rec, sent } = await recording();
  expect(await queueDueConfirmations(rec, Date.now(), 1)).toEqual({ requested: 0, released: 0, marked: 0, lapsed: 0 });
  const [scan] = reading(sent, 'appointments');
  expect(scan).toBeDefined();
  const t = onTable(await explain(scan!), 'appointments');
  expect(t.indexes).toEqual(['appointments_confirmation_due']);
  expect(t.seqScan).toBe(false);
});
