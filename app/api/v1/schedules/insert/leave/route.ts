import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { blockSlot } from '@/lib/server/services/block-slot';
import { dataOf, ZEventId } from '@/lib/validation/dto';
import { ZLeaveInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/leave` (spec section 7), staff only: blocks `[start_time, end_time)`
 * of a stylist → 201 `{ data: { event_id } }`. Errors: 400, 403, 404 stylist, 409 overlaps another event,
 * 422 end before start or a past start.
 */
export const PATCH = route(
  {
    summary: 'Blocks a slot',
    access: 'staff',
    body: ZLeaveInsert,
    status: 201,
    response: dataOf(ZEventId),
    errors: { 409: 'overlaps another event', 422: 'end before start or a past start' },
  },
  async ({ tenant, user, body, now }) => data(await blockSlot(await getDb(), tenant.id, user, body, now)),
);
