import 'server-only';
import { centsToEuros } from '@/lib/domain/money';
import { settledEndAt } from '@/lib/domain/reliability';
import {
  combineDays,
  countsAsNextVisit,
  countsAsRevenue,
  dayStartsOf,
  isClosedDay,
  kindsWhere,
  occupancyByDay,
  periodWindow,
  scheduledMinutes,
  summarize,
  type DayRows,
  type Period,
} from '@/lib/domain/summary';
import { datesBetween, MINUTE_MS, type Range } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { claimedOffersIn, groupedDays, holdDays, schedulesOf, staffOfTenant, storedDays, storeDays, type KindContext } from '@/lib/server/repositories/reports';
import type { Summary } from '@/lib/validation/reports';

/** The kinds of appointment that make a visit attended, and the ones that are a next visit (fixed sets of the domain). */
const KIND_SETS = { attended: kindsWhere(countsAsRevenue), next: kindsWhere(countsAsNextVisit) };

/**
 * How long a stored day's row must exist before figures computed for it are kept: longer than any transaction
 * that changes appointments lasts (each statement stops at DB_STATEMENT_TIMEOUT_MS, 10 s by default), so no
 * change that began before the row existed can still commit after the figures were read.
 */
export const SUMMARY_STORE_GRACE_MS = 5 * MINUTE_MS;

/**
 * The grouped rows of each day of `dayStarts` (lib/domain/summary.ts `dayStartsOf`). A closed day
 * (`isClosedDay`) is read from `summary_days` when stored; the other days are grouped from the appointments
 * (`groupedDays`, one statement per run of consecutive days). A closed day computed here is then stored: its
 * row is created first (from then on every change to it bumps its version), and figures are kept once the row
 * is `graceMs` old and its version is still the one read before computing.
 */
async function daysOf(db: DbOrTx, tenantId: number, dayStarts: readonly number[], ctx: KindContext, graceMs: number): Promise<DayRows[]> {
  const n = dayStarts.length - 1;
  let closed = 0;
  while (closed < n && isClosedDay(dayStarts[closed + 1]!, ctx.settledEndAt)) closed += 1;
  const stored = new Map((closed > 0 ? await storedDays(db, tenantId, dayStarts[0]!, dayStarts[closed]!, graceMs) : []).map((s) => [s.start, s]));
  const days: (DayRows | null)[] = dayStarts.slice(0, n).map((start, i) => (i < closed ? (stored.get(start)?.rows ?? null) : null));
  const runs: { from: number; to: number }[] = [];
  days.forEach((d, i) => {
    if (d !== null) return;
    const last = runs.at(-1);
    if (last && last.to === i) last.to = i + 1;
    else runs.push({ from: i, to: i + 1 });
  });
  const grouped = await Promise.all(runs.map((r) => groupedDays(db, tenantId, dayStarts.slice(r.from, r.to + 1), ctx, KIND_SETS)));
  const hold: Range[] = [];
  const keep: { start: number; version: number; rows: DayRows }[] = [];
  runs.forEach((r, k) =>
    grouped[k]!.forEach((rows, j) => {
      const i = r.from + j;
      days[i] = rows;
      if (i >= closed) return;
      const row = stored.get(dayStarts[i]!);
      if (!row) hold.push({ start: dayStarts[i]!, end: dayStarts[i + 1]! });
      else if (row.ripe) keep.push({ start: row.start, version: row.version, rows });
    }),
  );
  await Promise.all([holdDays(db, tenantId, hold), storeDays(db, tenantId, keep)]);
  return days as DayRows[];
}

/**
 * The owner's summary of a period (beyond-the-spec section 6, `GET /facility/1/reports/summary`): the
 * figures of lib/domain/summary.ts `summarize` over the appointments starting between the Madrid midnight of
 * `period.from` and the one ending `period.to`, as the contract names them, and the occupancy by day and
 * stylist. `now` (epoch ms) decides which unmarked appointments count as attended (48 hours after their end)
 * and which days are closed and stored (`daysOf`; `graceMs` defaults to SUMMARY_STORE_GRACE_MS). Money in euros
 * with cents, time in whole minutes, `employee_id` the stylist's e-mail; occupancy lists the active stylists
 * in the salon's order, then removed ones with booked time in the period. The period is validated by the
 * caller (ZReportPeriod).
 */
export async function summaryOf(db: DbOrTx, tenantId: number, period: Period, now: number, graceMs = SUMMARY_STORE_GRACE_MS): Promise<Summary> {
  const window = periodWindow(period);
  const ctx = { settledEndAt: settledEndAt(now) };
  const [days, waitlistRefills, staff, schedules] = await Promise.all([
    daysOf(db, tenantId, dayStartsOf(period), ctx, graceMs),
    claimedOffersIn(db, tenantId, window),
    staffOfTenant(db, tenantId),
    schedulesOf(db, tenantId, period.from, period.to, window),
  ]);
  const dates = datesBetween(period.from, period.to);
  const active = new Set(staff.filter((s) => !s.removed).map((s) => s.id));
  const scheduledOn = (id: string, on: readonly string[]) =>
    active.has(id) ? scheduledMinutes(on, schedules.week.get(id) ?? [], schedules.specials.get(id) ?? [], schedules.leaves.get(id) ?? []) : 0;
  const figures = summarize({
    ...combineDays(days),
    schedules: staff.filter((s) => active.has(s.id)).map((s) => ({ employeeId: s.id, scheduledMinutes: scheduledOn(s.id, dates) })),
    waitlistRefills,
  });
  const emails = new Map(staff.map((s) => [s.id, s.email]));
  const emailOf = (id: string) => emails.get(id) ?? id;
  const byDay = occupancyByDay(
    dates,
    days,
    figures.occupancy.map((o) => o.employeeId),
    (id, date) => scheduledOn(id, [date]),
  );
  return {
    from: period.from,
    to: period.to,
    revenue_estimated: centsToEuros(figures.revenueEstimatedCents),
    attended: figures.attended,
    no_shows: figures.noShows,
    cancelled: figures.cancelled,
    late_cancellations: figures.lateCancellations,
    no_show_loss: centsToEuros(figures.noShowLossCents),
    occupancy: figures.occupancy.map((o) => ({
      employee_id: emailOf(o.employeeId),
      booked_minutes: Math.round(o.bookedMinutes),
      scheduled_minutes: o.scheduledMinutes,
    })),
    occupancy_by_day: byDay.map((o) => ({
      date: o.date,
      employee_id: emailOf(o.employeeId),
      booked_minutes: Math.round(o.bookedMinutes),
      scheduled_minutes: o.scheduledMinutes,
    })),
    new_clients: figures.newClients,
    returning_clients: figures.returningClients,
    rebooked_share: figures.rebookedShare,
    waitlist_refills: figures.waitlistRefills,
  };
}
