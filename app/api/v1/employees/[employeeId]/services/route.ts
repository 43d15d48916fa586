import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { setEmployeeServices } from '@/lib/server/services/set-employee-services';
import { dataOf, ZEmployee } from '@/lib/validation/dto';
import { ZEmployeeParams, ZEmployeeServices } from '@/lib/validation/employees';
import { STALE_VERSION } from '@/lib/validation/openapi';

/**
 * `PATCH /api/v1/employees/{employeeId}/services` (spec section 7), staff only: `{ items: serviceId[] }`
 * replaces the services the stylist offers → 201 `{ data: Employee }`. Errors: 400 invalid body, 401,
 * 403 a client, 404 no such stylist in the tenant, 422 an id that is not a live service of the tenant,
 * 409 `conflict` with `details.current` when the optional `version` (the stylist's `services_version` as
 * loaded) is stale.
 */
export const PATCH = route(
  {
    summary: 'Sets the services a stylist offers',
    access: 'staff',
    params: ZEmployeeParams,
    body: ZEmployeeServices,
    status: 201,
    response: dataOf(ZEmployee),
    errors: { 409: STALE_VERSION, 422: 'a service does not exist' },
  },
  async ({ tenant, params, body }) => data(await setEmployeeServices(await getDb(), tenant.id, params.employeeId, body.items, body.version)),
);
