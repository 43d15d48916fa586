import 'server-only';
import { centsToEuros } from '@/lib/domain/money';
import { settledEndAt } from '@/lib/domain/reliability';
import {
  countsAsNextVisit,
  countsAsRevenue,
  dayStartsOf,
  kindsWhere,
  periodWindow,
  scheduledMinutes,
  summarize,
  type Period,
} from '@/lib/domain/summary';
import { datesBetween } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { claimedOffersIn, schedulesOf, staffOfTenant, summaryGroups } from '@/lib/server/repositories/reports';
import type { Summary } from '@/lib/validation/reports';

/** The kinds of appointment that make a visit attended, and the ones that are a next visit (fixed sets of the domain). */
const KIND_SETS = { attended: kindsWhere(countsAsRevenue), next: kindsWhere(countsAsNextVisit) };

/**
 * The owner's summary of a period (beyond-the-spec section 6, `GET /facility/1/reports/summary`): the
 * figures of lib/domain/summary.ts `summarize` over the appointments starting between the Madrid midnight of
 * `period.from` and the one ending `period.to`, as the contract names them. `now` (epoch ms) decides which
 * unmarked appointments count as attended (48 hours after their end). Money in euros with cents, time in
 * whole minutes, `employee_id` the stylist's e-mail; occupancy lists the active stylists in the salon's order,
 * then removed ones with booked time in the period. The period is validated by the caller (ZReportPeriod).
 */
export async function summaryOf(db: DbOrTx, tenantId: number, period: Period, now: number): Promise<Summary> {
  const window = periodWindow(period);
  const ctx = { settledEndAt: settledEndAt(now) };
  const [groups, waitlistRefills, staff, schedules] = await Promise.all([
    summaryGroups(db, tenantId, window, ctx, KIND_SETS, dayStartsOf(period)),
    claimedOffersIn(db, tenantId, window),
    staffOfTenant(db, tenantId),
    schedulesOf(db, tenantId, period.from, period.to, window),
  ]);
  const dates = datesBetween(period.from, period.to);
  const figures = summarize(
    {
      ...groups,
      schedules: staff
        .filter((s) => !s.removed)
        .map((s) => ({
          employeeId: s.id,
          scheduledMinutes: scheduledMinutes(dates, schedules.week.get(s.id) ?? [], schedules.specials.get(s.id) ?? [], schedules.leaves.get(s.id) ?? []),
        })),
      waitlistRefills,
    },
    window,
  );
  const emailOf = new Map(staff.map((s) => [s.id, s.email]));
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
      employee_id: emailOf.get(o.employeeId) ?? o.employeeId,
      booked_minutes: Math.round(o.bookedMinutes),
      scheduled_minutes: o.scheduledMinutes,
    })),
    occupancy_by_day: [],
    new_clients: figures.newClients,
    returning_clients: figures.returningClients,
    rebooked_share: figures.rebookedShare,
    waitlist_refills: figures.waitlistRefills,
  };
}
