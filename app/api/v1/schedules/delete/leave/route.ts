import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { unblockSlot } from '@/lib/server/services/unblock-slot';
import { dataOf, ZIdRef } from '@/lib/validation/dto';
import { ZLeaveDelete } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/delete/leave` (spec section 7), staff only: `{ id, employee_id, date, facility_id }`
 * unblocks the slot → 201 `{ data: { id } }`. Errors: 400, 403, 404 unknown leave, 422 a past leave.
 */
export const PATCH = route(
  { summary: 'Unblocks a slot', access: 'staff', body: ZLeaveDelete, status: 201, response: dataOf(ZIdRef), errors: { 422: 'a past leave' } },
  async ({ tenant, body, now }) => {
    await unblockSlot(await getDb(), tenant.id, body, now);
    return data({ id: body.id });
  },
);
