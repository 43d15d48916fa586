import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { deleteSpecialShift } from '@/lib/server/services/delete-special-shift';
import { dataOf, ZSpecialShiftDeleted } from '@/lib/validation/dto';
import { ZSpecialShiftDeleteQuery, ZSpecialShiftParams } from '@/lib/validation/employees';
import { SCHEDULE_CONFLICT } from '@/lib/validation/openapi';

/**
 * `DELETE /api/v1/facility/1/employees/{employeeId}/special-shifts/{date}[?force=true]` (spec section 7),
 * staff only: the weekly shifts hold again on that Madrid date → 200 `{ data: { date } }`. Errors: 400
 * bad params, 401, 403 a client, 404 no such stylist or no special shift that date, 409
 * `schedule_conflict` with `details.appointments` when pending appointments booked in the special hours
 * would be left outside the weekly ones (resend with `?force=true`).
 */
export const DELETE = route(
  {
    summary: 'Deletes the special schedule of a date',
    access: 'staff',
    params: ZSpecialShiftParams,
    query: ZSpecialShiftDeleteQuery,
    response: dataOf(ZSpecialShiftDeleted),
    errors: { 409: SCHEDULE_CONFLICT },
  },
  async ({ tenant, params, query, now }) =>
    data(await deleteSpecialShift(await getDb(), tenant.id, params.employeeId, params.date, { force: query.force }, now)),
);
