/**
 * The owner's summary, "Resumen", and the accountant's CSV (beyond-the-spec section 6): the period both
 * reads take and the figures the summary answers; shared by the route handlers and the screens.
 */
import { z } from 'zod';
import { periodDays, SUMMARY_MAX_DAYS } from '@/lib/domain/summary';
import { ZDate } from './common';
import { v } from './messages';

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: Madrid dates, both included, `from` ≤ `to`, at most SUMMARY_MAX_DAYS days. */
export const ZReportPeriod = z
  .object({ from: ZDate, to: ZDate })
  .refine((q) => q.to >= q.from, { message: v.endBeforeStart, path: ['to'] })
  .refine((q) => q.to < q.from || periodDays(q) <= SUMMARY_MAX_DAYS, { message: v.reportRangeTooLong, path: ['to'] });
export type ReportPeriod = z.infer<typeof ZReportPeriod>;

/** One stylist's occupancy: the e-mail, booked busy minutes and scheduled minutes over the period. */
export const ZStylistOccupancy = z.object({
  employee_id: z.string().describe("the stylist's e-mail"),
  booked_minutes: z.number().int().describe('busy minutes of appointments neither cancelled nor no-shows (processing gaps excluded), not clipped to the schedule'),
  scheduled_minutes: z.number().int().describe('shift minutes (special days replace the weekly shifts) minus leaves'),
});

/** One stylist's occupancy on one day of the period (the chart by day and stylist). */
export const ZDayOccupancy = ZStylistOccupancy.extend({
  date: z.string().describe('the Madrid date, YYYY-MM-DD'),
});

/** `GET /facility/1/reports/summary` → `data`: the period's figures (README "Resumen" has the definitions). */
export const ZSummary = z.object({
  from: z.string(),
  to: z.string(),
  revenue_estimated: z.number().describe('euros: the prices of attended appointments (marked, or unmarked 48 hours after their end)'),
  attended: z.number().int().describe('attended visits (the services of a visit count once)'),
  no_shows: z.number().int().describe('visits marked "No vino"'),
  cancelled: z.number().int().describe('cancelled visits, late ones included'),
  late_cancellations: z.number().int().describe('cancelled visits cancelled after the confirmation cut-off'),
  no_show_loss: z.number().describe('euros: the prices of appointments marked "No vino"'),
  occupancy: z.array(ZStylistOccupancy),
  occupancy_by_day: z
    .array(ZDayOccupancy)
    .describe('occupancy per day and stylist: every day of the period, date ascending, each with the stylists of `occupancy` in its order'),
  new_clients: z.number().int().describe('accounts whose first attended visit ever falls in the period'),
  returning_clients: z.number().int().describe('other accounts with an attended visit in the period'),
  rebooked_share: z.number().min(0).max(1).nullable().describe('attended visits with a next visit booked by the end of their day ÷ attended visits; null without attended visits'),
  waitlist_refills: z.number().int().describe('waitlist offers claimed for an hour in the period'),
});
export type Summary = z.infer<typeof ZSummary>;
