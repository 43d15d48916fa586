import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { assignServiceEmployees } from '@/lib/server/services/assign-service-employees';
import { dataOf, ZService } from '@/lib/validation/dto';
import { STALE_VERSION } from '@/lib/validation/openapi';
import { ZServiceEmployees, ZServiceParams } from '@/lib/validation/services';

/**
 * `PATCH /api/v1/facility/1/services/{serviceId}/employees` (spec section 7), staff only: body
 * `{ employees: string[], version?: string }` (e-mails, at least one) replaces the service's stylists → 200 `{ data: Service }`.
 * Errors: 400 invalid body or params, 401, 403 (client), 404 `not_found` (unknown, deleted or another
 * tenant's service), 422 `unprocessable` when an e-mail is not a staff member of the tenant, 409
 * `conflict` with `details.current` when the optional `version` (the service's `employees_version` as
 * loaded) is stale.
 */
export const PATCH = route(
  {
    summary: 'Sets the stylists offering a service',
    access: 'staff',
    params: ZServiceParams,
    body: ZServiceEmployees,
    response: dataOf(ZService),
    errors: { 409: STALE_VERSION, 422: 'an assigned stylist does not exist' },
  },
  async ({ tenant, params, body }) => data(await assignServiceEmployees(await getDb(), tenant.id, params.serviceId, body)),
);
