import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { SpecialShift, WeekShift } from '@/lib/domain/availability';
import type { Range } from '@/lib/domain/time';
import { rowsOf, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, employeeProfiles, leaves, specialShifts, users, waitlistOffers, weekShifts } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow } from './time-window';

/**
 * The reads of the owner's summary and the accountant's CSV (beyond-the-spec section 6). Every statement
 * takes the tenant and reads the period's appointments by `appointments_range` (tenant_id, start_at).
 * Rows are grouped by the appointment's kind (lib/domain/summary.ts `kindKey`): `kindSql` builds the same
 * text in SQL, and the rules that read it stay in the domain, which hands over the kinds a statement
 * filters on (`kind in (…)`) and the instant the 48-hour line of unmarked appointments falls on.
 */

/** What the kind of an appointment depends on besides the row: the latest end that counts as settled (epoch ms). */
export type KindContext = { settledEndAt: number };

/**
 * The kind text of an appointment row of alias `t` (`status|attendance|late|settled`, `-` for an absent mark
 * or false), exactly as lib/domain/summary.ts `kindKey` writes it.
 */
function kindSql(t: string, ctx: KindContext): SQL {
  const a = sql.raw(t);
  return sql`(${a}.status || '|' || coalesce(${a}.attendance, '-') || '|' || case when ${a}.late_cancellation then 'late' else '-' end
    || '|' || case when ${a}.end_at <= ${iso(ctx.settledEndAt)}::timestamptz then 'settled' else '-' end)`;
}

/** `kind in (…)` of alias `t` over the given kind keys (never empty: the domain's lists are fixed and non-empty). */
function kindIn(t: string, ctx: KindContext, keys: readonly string[]): SQL {
  return sql`${kindSql(t, ctx)} in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The condition "alias `t` is an appointment of the tenant starting in the window". */
function inWindow(t: string, tenantId: number, w: Range): SQL {
  const a = sql.raw(t);
  return sql`${a}.tenant_id = ${tenantId} and ${a}.start_at >= ${iso(w.start)}::timestamptz and ${a}.start_at < ${iso(w.end)}::timestamptz`;
}

/** The condition "alias `t`'s account is not the tenant's guest (walk-ins booked by name share it)". */
function notGuest(t: string, tenantId: number): SQL {
  const a = sql.raw(t);
  return sql`not exists (select 1 from ${users} g where g.tenant_id = ${tenantId} and g.id = ${a}.client_id and g.is_guest)`;
}

/** The period's appointments grouped three ways, from one read of the window (see `appointmentGroups`). */
export type AppointmentGroups = {
  prices: { kind: string; priceCents: number }[];
  visits: { kinds: string[]; visits: number }[];
  busy: { employeeId: string; kind: string; minutes: number }[];
};

/**
 * The appointments starting in `window` (epoch ms, half-open), in one statement: the sum of their prices
 * (cents) by kind; their visits (`coalesce(visit_id, id)`) counted by the sorted set of their services'
 * kinds; and the minutes of their busy parts (`busy_slots`; a processing gap has none) by stylist (user id)
 * and kind.
 */
export async function appointmentGroups(db: DbOrTx, tenantId: number, window: Range, ctx: KindContext): Promise<AppointmentGroups> {
  const result = await db.execute(sql`
    with r as materialized (
      select a.id, coalesce(a.visit_id, a.id) as visit, a.employee_id, a.service_price_cents as price, ${kindSql('a', ctx)} as kind
      from ${appointments} a
      where ${inWindow('a', tenantId, window)}
    )
    select 'price' as "group", null::uuid as "employeeId", kind as "key", sum(price)::float8 as "n" from r group by kind
    union all
    select 'visits', null, kinds, count(*)::float8 from (select string_agg(distinct kind, ',' order by kind) as kinds from r group by visit) v group by kinds
    union all
    select 'busy', r.employee_id, r.kind, (sum(date_part('epoch', b.end_at - b.start_at)) / 60)::float8
    from r join ${busySlots} b on b.tenant_id = ${tenantId} and b.appointment_id = r.id
    group by r.employee_id, r.kind`);
  const out: AppointmentGroups = { prices: [], visits: [], busy: [] };
  for (const row of rowsOf<{ group: string; employeeId: string | null; key: string; n: number }>(result)) {
    const n = Number(row.n);
    if (row.group === 'price') out.prices.push({ kind: row.key, priceCents: n });
    else if (row.group === 'visits') out.visits.push({ kinds: row.key.split(','), visits: n });
    else out.busy.push({ employeeId: row.employeeId!, kind: row.key, minutes: n });
  }
  return out;
}

/**
 * The client accounts (not the guest) with an appointment of an `attendedKinds` kind starting in `window`,
 * each with the start (epoch ms) of its first appointment of those kinds ever (an index walk of
 * `appointments_client_start` per account, stopping at the first match).
 */
export async function firstAttendedOfClients(
  db: DbOrTx,
  tenantId: number,
  window: Range,
  ctx: KindContext,
  attendedKinds: readonly string[],
): Promise<{ firstAttendedStart: number }[]> {
  const result = await db.execute(sql`
    select ${epochMs(sql`(select min(b.start_at) from ${appointments} b
      where b.tenant_id = ${tenantId} and b.client_id = c.client_id and ${kindIn('b', ctx, attendedKinds)})`)} as "first"
    from (select distinct a.client_id from ${appointments} a
      where ${inWindow('a', tenantId, window)} and ${kindIn('a', ctx, attendedKinds)} and ${notGuest('a', tenantId)}) c`);
  return rowsOf<{ first: number }>(result).map((r) => ({ firstAttendedStart: Number(r.first) }));
}

/**
 * The visits of client accounts (not the guest) starting in `window` with a service of an `attendedKinds`
 * kind, counted by whether the account has an appointment of a `nextKinds` kind that starts on a later day
 * and was created before that day ended. `dayStarts`: the Madrid midnights of the period's days and the
 * one ending it (epoch ms, ascending); a visit's day is the one its first service starts in.
 */
export async function rebookingOfVisits(
  db: DbOrTx,
  tenantId: number,
  window: Range,
  ctx: KindContext,
  kinds: { attended: readonly string[]; next: readonly string[] },
  dayStarts: readonly number[],
): Promise<{ rebooked: boolean; visits: number }[]> {
  const days = sql`array[${sql.join(
    dayStarts.map((d) => sql`${iso(d)}::timestamptz`),
    sql`, `,
  )}]`;
  const result = await db.execute(sql`
    with v as (
      select a.client_id, min(a.start_at) as start_at
      from ${appointments} a
      where ${inWindow('a', tenantId, window)} and ${notGuest('a', tenantId)}
      group by coalesce(a.visit_id, a.id), a.client_id
      having bool_or(${kindIn('a', ctx, kinds.attended)})
    ), d as (
      select v.client_id, (${days})[width_bucket(v.start_at, ${days}) + 1] as day_end from v
    )
    select exists (
      select 1 from ${appointments} b
      where b.tenant_id = ${tenantId} and b.client_id = d.client_id and b.start_at >= d.day_end and b.created_at < d.day_end
        and ${kindIn('b', ctx, kinds.next)}
    ) as "rebooked", count(*)::float8 as "visits"
    from d group by 1`);
  return rowsOf<{ rebooked: boolean; visits: number }>(result).map((r) => ({ rebooked: Boolean(r.rebooked), visits: Number(r.visits) }));
}

/** Claimed waitlist offers (`waitlist_offers.status = 'claimed'`) whose offered hour starts in `window`. */
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

/** One appointment of the accountant's CSV (instants epoch ms, price in cents, kind as `kindKey`). */
export type CsvAppointmentRow = {
  start: number;
  clientName: string;
  serviceName: string;
  employeeName: string;
  priceCents: number;
  kind: string;
};

/** The tenant's appointments starting in `window`, by start (then stylist name), with their stylist's name and kind. */
export async function appointmentsForCsv(db: DbOrTx, tenantId: number, window: Range, ctx: KindContext): Promise<CsvAppointmentRow[]> {
  const result = await db.execute(sql`
    select ${epochMs(sql.raw('a.start_at'))} as "start", a.client_name as "clientName", a.service_name as "serviceName",
      e.name as "employeeName", a.service_price_cents as "priceCents", ${kindSql('a', ctx)} as "kind"
    from ${appointments} a join ${users} e on e.tenant_id = a.tenant_id and e.id = a.employee_id
    where ${inWindow('a', tenantId, window)}
    order by a.start_at, e.name, a.id`);
  return rowsOf<CsvAppointmentRow>(result).map((r) => ({ ...r, start: Number(r.start), priceCents: Number(r.priceCents) }));
}
