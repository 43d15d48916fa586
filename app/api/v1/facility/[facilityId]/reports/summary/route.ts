import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { summaryOf } from '@/lib/server/services/summary-report';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf } from '@/lib/validation/dto';
import { ZReportPeriod, ZSummary } from '@/lib/validation/reports';

/**
 * `GET /api/v1/facility/1/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD` (beyond-the-spec section 6), staff
 * only: `{ data: { from, to, revenue_estimated, attended, no_shows, cancelled, late_cancellations,
 * no_show_loss, occupancy: [{ employee_id, booked_minutes, scheduled_minutes }], new_clients,
 * returning_clients, rebooked_share, waitlist_refills } }` over the appointments starting between those Madrid
 * dates (both included): money in euros, time in minutes, `employee_id` the stylist's e-mail,
 * `rebooked_share` 0–1 or null. See `summaryOf`. 400 for a malformed date, `from` after `to`, or more than
 * 370 days.
 */
export const GET = route(
  {
    summary: "The owner's summary of a period (Resumen): revenue, attendance, occupancy per stylist, new and returning clients, rebooking, waitlist refills",
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    query: ZReportPeriod,
    response: dataOf(ZSummary),
  },
  async ({ tenant, query, now }) => ({ json: { data: await summaryOf(await getDb(), tenant.id, query, now) } }),
);
