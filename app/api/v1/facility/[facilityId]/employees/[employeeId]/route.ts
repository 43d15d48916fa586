import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { removeEmployee } from '@/lib/server/services/remove-employee';
import { ZEmail, ZFacilityId } from '@/lib/validation/common';
import { dataOf, ZEmailRef } from '@/lib/validation/dto';

/**
 * `DELETE /api/v1/facility/1/employees/{employeeId}` (admins only; decisions "Admin-only actions" and
 * "Deleting"); `employeeId` is the stylist's e-mail → 200 `{ data: { email } }`. The stylist is removed
 * softly: gone from the employee lists and the agenda, no longer bookable, sessions ended and sign-in
 * refused; past appointments keep them.
 * Errors: 400 malformed path; 401 no session; 403 not an admin; 404 unknown stylist; 422 `unprocessable`
 * when admins remove themselves; 409 `conflict` with `details: { appointments: Appointment[] }` while
 * the stylist has pending appointments (not cancelled, ending in the future).
 */
export const DELETE = route(
  {
    summary: 'Removes a stylist (admin; refused with pending appointments)',
    access: 'admin',
    params: z.object({ facilityId: ZFacilityId, employeeId: ZEmail }),
    response: dataOf(ZEmailRef),
    errors: { 409: 'the stylist has pending appointments (details.appointments)', 422: 'admins removing themselves' },
  },
  async ({ tenant, user, params, now }) => data(await removeEmployee(await getDb(), tenant.id, user, params.employeeId, now)),
);
