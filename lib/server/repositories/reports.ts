import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { SpecialShift, WeekShift } from '@/lib/domain/availability';
import type { DayRows } from '@/lib/domain/summary';
import { MAX_SERVICE_MINUTES } from '@/lib/domain/service';
import { MINUTE_MS, type Range } from '@/lib/domain/time';
import { rowsOf, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, employeeProfiles, leaves, specialShifts, summaryDays, users, waitlistOffers, weekShifts } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow } from './time-window';

/**
 * The reads of the owner's summary and the accountant's CSV (beyond-the-spec section 6). Every statement
 * takes the tenant and reads the period's appointments by `appointments_range` (tenant_id, start_at).
 * Rows are grouped by the appointment's kind code (lib/domain/summary.ts `kindCode`), which `kindSql`
 * computes in SQL, or a visit's set of codes (`kindMask`); the rules that read them stay in the domain,
 * which hands over the sets of kinds a statement filters on and the instant the 48-hour line of unmarked
 * appointments falls on. The summary groups by Madrid day (`groupedDays`); closed days are kept in
 * `summary_days` (`storedDays`, `holdDays`, `storeDays`).
 */

/** What the kind of an appointment depends on besides the row: the latest end that counts as settled (epoch ms). */
export type KindContext = { settledEndAt: number };

/** The kind code of an appointment row of alias `t`, exactly as lib/domain/summary.ts `kindCode` computes it. */
function kindSql(t: string, ctx: KindContext): SQL {
  const a = sql.raw(t);
  return sql`((${a}.status = 'cancelled')::int | case ${a}.attendance when 'attended' then 2 when 'no_show' then 4 else 0 end
    | case when ${a}.late_cancellation then 8 else 0 end | case when ${a}.end_at <= ${iso(ctx.settledEndAt)}::timestamptz then 16 else 0 end)`;
}

/** `code` (an int of a kind code) is in the set `mask` (a `kindMask`). */
const codeIn = (code: SQL, mask: number) => sql`((1::int8 << ${code}) & ${mask}::int8) <> 0`;

const iso = (ms: number) => new Date(ms).toISOString();

/** The condition "alias `t` starts in the window" (with its `tenant_id` beside it: `appointments_range`). */
function inWindow(t: string, w: Range): SQL {
  const a = sql.raw(t);
  return sql`${a}.start_at >= ${iso(w.start)}::timestamptz and ${a}.start_at < ${iso(w.end)}::timestamptz`;
}

/**
 * The appointments starting between `dayStarts[0]` and its last element (epoch ms, half-open; the Madrid
 * midnights of consecutive days and the one ending the last, as lib/domain/summary.ts `dayStartsOf` gives),
 * read once and grouped by day in one statement; answers one `DayRows` per day, in order:
 * - `prices`: the sum of their prices (cents) by kind code;
 * - `visits`: their visits (`coalesce(visit_id, id)`) counted by the mask of their services' kinds, on the
 *   day of the visit's first service;
 * - `busy`: the minutes of their busy parts (`busy_slots`; a processing gap has none) by stylist (user id)
 *   and kind, read by `busy_slots_employee_range` from the first day's start to MAX_SERVICE_MINUTES after the
 *   last day's end (every part lies inside its appointment, migration 0010, and an appointment is one service);
 * - `clients`: each client account (not the guest) with a visit holding a kind of `sets.attended` on the day,
 *   new when its first appointment of those kinds ever (an index walk of `appointments_client_start`) starts
 *   on that day;
 * - `rebooking`: those visits counted by whether their account has an appointment of a kind of `sets.next`
 *   starting on a later day and created before the visit's day ended; one look-up per account and day.
 */
export async function groupedDays(
  db: DbOrTx,
  tenantId: number,
  dayStarts: readonly number[],
  ctx: KindContext,
  sets: { attended: number; next: number },
): Promise<DayRows[]> {
  const window = { start: dayStarts[0]!, end: dayStarts.at(-1)! };
  const days = sql`array[${sql.join(
    dayStarts.map((d) => sql`${iso(d)}::timestamptz`),
    sql`, `,
  )}]`;
  const result = await db.execute(sql`
    with r as materialized (
      select a.id, coalesce(a.visit_id, a.id) as visit, a.client_id, a.employee_id, a.service_price_cents as price,
        width_bucket(a.start_at, ${days}) as day, ${kindSql('a', ctx)} as code
      from ${appointments} a
      where a.tenant_id = ${tenantId} and ${inWindow('a', window)}
    ), v as materialized (
      select r.client_id, min(r.day) as day, bit_or(1::int8 << r.code) as mask
      from r group by r.visit, r.client_id
    ), attended as materialized (
      select v.client_id, v.day, count(*) as visits from v
      where (v.mask & ${sets.attended}::int8) <> 0
        and not exists (select 1 from ${users} g where g.tenant_id = ${tenantId} and g.id = v.client_id and g.is_guest)
      group by v.client_id, v.day
    ), firsts as (
      select c.client_id, (select min(b.start_at) from ${appointments} b
        where b.tenant_id = ${tenantId} and b.client_id = c.client_id and ${codeIn(kindSql('b', ctx), sets.attended)}) as first_at
      from (select distinct client_id from attended) c
    )
    select 'price' as "group", day, null::uuid as "id", code::float8 as "key", sum(price)::float8 as "n" from r group by day, code
    union all
    select 'visits', day, null, mask::float8, count(*)::float8 from v group by day, mask
    union all
    select 'busy', r.day, b.employee_id, r.code::float8, (sum(date_part('epoch', b.end_at - b.start_at)) / 60)::float8
    from ${busySlots} b join r on r.id = b.appointment_id
    where b.tenant_id = ${tenantId} and b.employee_id = any(array(select distinct employee_id from r))
      and b.start_at >= ${iso(window.start)}::timestamptz and b.start_at < ${iso(window.end + MAX_SERVICE_MINUTES * MINUTE_MS)}::timestamptz
    group by r.day, b.employee_id, r.code
    union all
    select 'client', attended.day, attended.client_id, (firsts.first_at >= (${days})[attended.day])::int::float8, null
    from attended join firsts using (client_id)
    union all
    select 'rebooked', day, null, rebooked::int::float8, sum(visits)::float8 from (
      select attended.day, exists (
        select 1 from ${appointments} b
        where b.tenant_id = ${tenantId} and b.client_id = attended.client_id
          and b.start_at >= (${days})[attended.day + 1] and b.created_at < (${days})[attended.day + 1]
          and ${codeIn(kindSql('b', ctx), sets.next)}
      ) as rebooked, visits from attended
    ) x group by day, rebooked`);
  const out = dayStarts.slice(1).map(() => ({ prices: [], visits: [], busy: [], clients: [], rebooking: [] }) as { [K in keyof DayRows]: DayRows[K][number][] });
  for (const row of rowsOf<{ group: string; day: number; id: string | null; key: number | null; n: number | null }>(result)) {
    const day = out[Number(row.day) - 1]!;
    const key = Number(row.key);
    const n = Number(row.n);
    if (row.group === 'price') day.prices.push({ kind: key, priceCents: n });
    else if (row.group === 'visits') day.visits.push({ kinds: key, visits: n });
    else if (row.group === 'busy') day.busy.push({ employeeId: row.id!, kind: key, minutes: n });
    else if (row.group === 'client') day.clients.push({ clientId: row.id!, isNew: key === 1 });
    else day.rebooking.push({ rebooked: key === 1, visits: n });
  }
  return out;
}

/** A stored day of the summary (table `summary_days`): its start (epoch ms), version, rows when stored, and whether it may be stored. */
export type StoredDay = { start: number; version: number; rows: DayRows | null; ripe: boolean };

/**
 * The tenant's stored days starting in `[from, to)` (epoch ms). `ripe`: the row was created at least `graceMs`
 * ago by the database's clock, so every transaction that changed an appointment of the day before the row
 * existed has ended, and rows computed from here on may be stored (see `storeDays`).
 */
export async function storedDays(db: DbOrTx, tenantId: number, from: number, to: number, graceMs: number): Promise<StoredDay[]> {
  const result = await db.execute(sql`
    select ${epochMs(sql.raw('s.starts_at'))} as "start", s.version, s.rows,
      (s.created_at <= now() - ${graceMs} * interval '1 millisecond') as "ripe"
    from ${summaryDays} s
    where s.tenant_id = ${tenantId} and s.starts_at >= ${iso(from)}::timestamptz and s.starts_at < ${iso(to)}::timestamptz`);
  return rowsOf<{ start: number; version: number; rows: unknown; ripe: boolean }>(result).map((r) => ({
    start: Number(r.start),
    version: Number(r.version),
    rows: r.rows === null ? null : fromStored((typeof r.rows === 'string' ? JSON.parse(r.rows) : r.rows) as StoredRows),
    ripe: Boolean(r.ripe),
  }));
}

/**
 * Creates the rows of days that are not stored yet (without figures), so that from then on every change to
 * their appointments bumps their version (the trigger of migration 0024). `days`: start and end (epoch ms).
 */
export async function holdDays(db: DbOrTx, tenantId: number, days: readonly Range[]): Promise<void> {
  if (days.length === 0) return;
  await db.execute(sql`
    insert into ${summaryDays} (tenant_id, starts_at, ends_at)
    values ${sql.join(
      days.map((d) => sql`(${tenantId}, ${iso(d.start)}::timestamptz, ${iso(d.end)}::timestamptz)`),
      sql`, `,
    )}
    on conflict do nothing`);
}

/**
 * Stores days' rows in one statement, each computed after its day's `version` was read (`start` epoch ms): a
 * day only if no change has bumped its version since (a change still running holds the row's lock, and the
 * store waits for it and then finds a newer version) and it holds no rows yet.
 */
export async function storeDays(db: DbOrTx, tenantId: number, days: readonly { start: number; version: number; rows: DayRows }[]): Promise<void> {
  if (days.length === 0) return;
  await db.execute(sql`
    update ${summaryDays} s set rows = v.rows::json
    from (values ${sql.join(
      days.map((d) => sql`(${iso(d.start)}::timestamptz, ${d.version}::int, ${JSON.stringify(toStored(d.rows))}::text)`),
      sql`, `,
    )}) as v(starts_at, version, rows)
    where s.tenant_id = ${tenantId} and s.starts_at = v.starts_at and s.version = v.version and s.rows is null`);
}

/** A day's rows as stored: short keys and tuples (a busy salon's day lists a thousand clients). */
type StoredRows = {
  p: [number, number][];
  v: [number, number][];
  b: [string, number, number][];
  n: string[];
  c: string[];
  r: [number, number];
};

function toStored(d: DayRows): StoredRows {
  return {
    p: d.prices.map((p) => [p.kind, p.priceCents]),
    v: d.visits.map((v) => [v.kinds, v.visits]),
    b: d.busy.map((b) => [b.employeeId, b.kind, b.minutes]),
    n: d.clients.filter((c) => c.isNew).map((c) => c.clientId),
    c: d.clients.filter((c) => !c.isNew).map((c) => c.clientId),
    r: [d.rebooking.filter((r) => r.rebooked).reduce((n, r) => n + r.visits, 0), d.rebooking.filter((r) => !r.rebooked).reduce((n, r) => n + r.visits, 0)],
  };
}

function fromStored(s: StoredRows): DayRows {
  return {
    prices: s.p.map(([kind, priceCents]) => ({ kind, priceCents })),
    visits: s.v.map(([kinds, visits]) => ({ kinds, visits })),
    busy: s.b.map(([employeeId, kind, minutes]) => ({ employeeId, kind, minutes })),
    clients: [...s.n.map((clientId) => ({ clientId, isNew: true })), ...s.c.map((clientId) => ({ clientId, isNew: false }))],
    rebooking: [
      { rebooked: true, visits: s.r[0] },
      { rebooked: false, visits: s.r[1] },
    ].filter((r) => r.visits > 0),
  };
}

/** Claimed waitlist offers (`waitlist_offers.status = 'claimed'`) whose offered hour starts in `window` (`waitlist_offers_claimed`). */
export async function claimedOffersIn(db: DbOrTx, tenantId: number, window: Range): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as "n" from ${waitlistOffers} o
    where o.tenant_id = ${tenantId} and o.status = 'claimed' and o.start_at >= ${iso(window.start)}::timestamptz and o.start_at < ${iso(window.end)}::timestamptz`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** A staff member as the summary lists stylists: user id, e-mail, name, and whether an admin removed them. */
export type SummaryStaff = { id: string; email: string; name: string; removed: boolean };

/** Every staff member with an employee profile, removed ones included (their past appointments count), in the salon's order. */
export async function staffOfTenant(db: DbOrTx, tenantId: number): Promise<SummaryStaff[]> {
  const result = await db.execute(sql`
    select u.id, u.email, u.name, (p.removed_at is not null) as "removed"
    from ${users} u join ${employeeProfiles} p on p.tenant_id = u.tenant_id and p.user_id = u.id
    where u.tenant_id = ${tenantId} and u.role in ('employee', 'admin')
    order by p.position, u.name`);
  return rowsOf<SummaryStaff>(result).map((r) => ({ ...r, removed: Boolean(r.removed) }));
}

/** The schedules of a period: weekly shifts by stylist, special days between two Madrid dates, and leaves overlapping `window`. */
export type PeriodSchedules = {
  week: Map<string, WeekShift[]>;
  specials: Map<string, SpecialShift[]>;
  leaves: Map<string, Range[]>;
};

/** Reads `PeriodSchedules` for the tenant: dates `from`–`to` (Madrid, inclusive), `window` their instants. */
export async function schedulesOf(db: DbOrTx, tenantId: number, from: string, to: string, window: Range): Promise<PeriodSchedules> {
  const [week, specials, off] = await Promise.all([
    db.execute(sql`select employee_id as "employeeId", day, open_minute as "openMinute", close_minute as "closeMinute"
      from ${weekShifts} where tenant_id = ${tenantId}`),
    db.execute(sql`select employee_id as "employeeId", to_char(date, 'YYYY-MM-DD') as "date", available, shifts
      from ${specialShifts} where tenant_id = ${tenantId} and date between ${from}::date and ${to}::date`),
    db.execute(sql`select employee_id as "employeeId", ${epochMs(leaves.startAt)} as "start", ${epochMs(leaves.endAt)} as "end"
      from ${leaves} where ${leaves.tenantId} = ${tenantId} and ${overlapsWindow(leaves.startAt, leaves.endAt, window.start, window.end)}`),
  ]);
  const out: PeriodSchedules = { week: new Map(), specials: new Map(), leaves: new Map() };
  const add = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const r of rowsOf<WeekShift & { employeeId: string }>(week)) add(out.week, r.employeeId, { day: Number(r.day), openMinute: Number(r.openMinute), closeMinute: Number(r.closeMinute) });
  for (const r of rowsOf<{ employeeId: string; date: string; available: boolean; shifts: unknown }>(specials)) {
    const shifts = (typeof r.shifts === 'string' ? JSON.parse(r.shifts) : r.shifts) as { open: string; close: string }[];
    add(out.specials, r.employeeId, { date: r.date, available: Boolean(r.available), shifts });
  }
  for (const r of rowsOf<{ employeeId: string; start: number; end: number }>(off)) add(out.leaves, r.employeeId, { start: Number(r.start), end: Number(r.end) });
  return out;
}

/** One appointment of the accountant's CSV (instants epoch ms, price in cents, kind as `kindCode`). */
export type CsvAppointmentRow = {
  start: number;
  clientName: string;
  serviceName: string;
  employeeName: string;
  priceCents: number;
  kind: number;
};

/** The tenant's appointments starting in `window`, by start (then stylist name), with their stylist's name and kind. */
export async function appointmentsForCsv(db: DbOrTx, tenantId: number, window: Range, ctx: KindContext): Promise<CsvAppointmentRow[]> {
  const result = await db.execute(sql`
    select ${epochMs(sql.raw('a.start_at'))} as "start", a.client_name as "clientName", a.service_name as "serviceName",
      e.name as "employeeName", a.service_price_cents as "priceCents", ${kindSql('a', ctx)} as "kind"
    from ${appointments} a join ${users} e on e.tenant_id = a.tenant_id and e.id = a.employee_id
    where a.tenant_id = ${tenantId} and ${inWindow('a', window)}
    order by a.start_at, e.name, a.id`);
  return rowsOf<CsvAppointmentRow>(result).map((r) => ({ ...r, start: Number(r.start), priceCents: Number(r.priceCents), kind: Number(r.kind) }));
}
