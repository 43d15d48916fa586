import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { updateEmployee } from '@/lib/server/services/update-employee';
import { dataOf, ZEmployee } from '@/lib/validation/dto';
import { ZEmployeeParams, ZEmployeePatch } from '@/lib/validation/employees';
import { SCHEDULE_CONFLICT, STALE_VERSION } from '@/lib/validation/openapi';

/**
 * `PATCH /api/v1/employees/{employeeId}` (spec sections 5 and 7; `employeeId` is the e-mail), staff only:
 * `name`, `description`, `color`, `week_shifts` and/or `fcm_token` (the caller's own only), `force` →
 * 201 `{ data: Employee }`. Errors: 400 invalid body (field paths), 401, 403 a client or someone else's
 * push token, 404 no such stylist in the tenant, 409 `schedule_conflict` with `details.appointments`
 * when the new weekly schedule leaves pending appointments outside working hours (resend with
 * `force: true` to keep it), 409 `conflict` with `details.current` when the optional `version` (the
 * stylist's as loaded) is stale: nothing is saved.
 */
export const PATCH = route(
  {
    summary: 'Updates a stylist’s information, weekly schedule or push token (only their own)',
    access: 'staff',
    params: ZEmployeeParams,
    body: ZEmployeePatch,
    status: 201,
    response: dataOf(ZEmployee),
    errors: { 409: `${SCHEDULE_CONFLICT}; or ${STALE_VERSION}` },
  },
  async ({ tenant, user, params, body, now }) => data(await updateEmployee(await getDb(), tenant.id, user, params.employeeId, body, now)),
);
