import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { employeeFor } from '@/lib/server/services/employee-directory';
import { dataOf, ZEmployee } from '@/lib/validation/dto';
import { ZFacilityEmployeeParams } from '@/lib/validation/employees';

/**
 * `GET /api/v1/facility/1/employee/{employeeId}` (spec section 7; `employeeId` is the e-mail), any
 * signed-in user → 200 `{ data: Employee }` with services, week_shifts and special_shifts; clients get
 * `tlf: null` and special shifts without notes, as in the list. Errors: 400 bad params, 401 no session, 404 no such stylist in the tenant.
 */
export const GET = route(
  { summary: 'One stylist', access: 'user', params: ZFacilityEmployeeParams, response: dataOf(ZEmployee) },
  async ({ tenant, user, params }) => data(await employeeFor(await getDb(), tenant.id, user.role, params.employeeId)),
);
