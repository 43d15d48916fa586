import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { unblockSlot } from '@/lib/server/services/unblock-slot';
import { ZLeaveDelete } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/delete/leave` (spec section 7), staff only: `{ id, employee_id, date, facility_id }`
 * unblocks the slot → 201 `{ data: { id } }`. Errors: 400, 403, 404 unknown leave, 422 a past leave.
 */
export const PATCH = route({ access: 'staff', body: ZLeaveDelete }, async ({ tenant, body }) => {
  await unblockSlot(await getDb(), tenant.id, body);
  return data({ id: body.id }, 201);
});
