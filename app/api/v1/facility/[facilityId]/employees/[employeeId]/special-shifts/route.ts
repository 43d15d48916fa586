import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { createSpecialShift } from '@/lib/server/services/create-special-shift';
import { dataOf, ZSpecialShift } from '@/lib/validation/dto';
import { ZFacilityEmployeeParams, ZSpecialShiftCreate } from '@/lib/validation/employees';
import { SCHEDULE_CONFLICT } from '@/lib/validation/openapi';

/**
 * `POST /api/v1/facility/1/employees/{employeeId}/special-shifts` (spec sections 5 and 7), staff only:
 * `{ date, available, shift, notes, force? }` → 201 `{ data: SpecialShift }`. Errors: 400 invalid body
 * (field paths), 401, 403 a client, 404 no such stylist in the tenant, 409 `conflict` (the date already
 * has one), 409 `schedule_conflict` with `details.appointments` (pending appointments of that date would
 * fall outside the new hours; resend with `force: true`), 422 a date before today in Madrid.
 */
export const POST = route(
  {
    summary: 'Creates a special schedule for a date',
    access: 'staff',
    params: ZFacilityEmployeeParams,
    body: ZSpecialShiftCreate,
    status: 201,
    response: dataOf(ZSpecialShift),
    errors: { 409: `the date already has one, or ${SCHEDULE_CONFLICT}`, 422: 'a past date' },
  },
  async ({ tenant, params, body, now }) => data(await createSpecialShift(await getDb(), tenant.id, params.employeeId, body, now)),
);
