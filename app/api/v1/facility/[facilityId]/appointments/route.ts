import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { agendaBetween } from '@/lib/server/services/list-agenda';
import { ZFacilityId } from '@/lib/validation/common';
import { itemsOf, ZAgendaDay } from '@/lib/validation/dto';
import { ZAgendaQuery } from '@/lib/validation/schedules';

/**
 * `GET /api/v1/facility/1/appointments?startDate=YYYY-MM-DD[&endDate=YYYY-MM-DD]` (spec section 7), staff
 * only: `{ items: [{ date, employee_id, employee_name, available, special, notes, shift, appointments }] }`,
 * one per Madrid date and stylist; `appointments` holds appointments (cancelled ones with their status)
 * and leaves (`type: 'leave'`); a client's pending appointment carries its account's `client_tier`
 * (beyond-the-spec section 3). At most 62 days per call (400 beyond).
 */
export const GET = route(
  {
    summary: 'The agenda between two Madrid dates (≤ 62 days)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    query: ZAgendaQuery,
    response: itemsOf(ZAgendaDay),
  },
  async ({ tenant, query, now }) => items(await agendaBetween(await getDb(), tenant.id, query.startDate, query.endDate, now)),
);
