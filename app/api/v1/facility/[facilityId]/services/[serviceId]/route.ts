import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { getService } from '@/lib/server/repositories/services';
import { deleteService } from '@/lib/server/services/delete-service';
import { updateService } from '@/lib/server/services/update-service';
import { dataOf, ZService, ZServiceRef } from '@/lib/validation/dto';
import { STALE_VERSION } from '@/lib/validation/openapi';
import { ZServiceParams, ZServiceUpdate } from '@/lib/validation/services';

/**
 * `GET /api/v1/facility/1/services/{serviceId}` (spec section 7), any signed-in user of the tenant
 * → 200 `{ data: Service }` (price in euros, duration and busy parts in minutes, stylists).
 * Errors: 400 bad params, 401, 404 `not_found` (unknown, deleted or another tenant's service).
 */
export const GET = route({ summary: 'One service', access: 'user', params: ZServiceParams, response: dataOf(ZService) }, async ({ tenant, params }) => {
  const service = await getService(await getDb(), tenant.id, params.serviceId);
  if (!service) throw new ApiError('not_found', errorMessage('serviceNotFound'));
  return data(service);
});

/**
 * `PATCH /api/v1/facility/1/services/{serviceId}` (spec section 7), staff only: body `ZServiceUpdate`
 * (`name`, `description`, `price` in euros, `duration` and `busy_slots` in minutes, all required; optional
 * `version`, the service's as loaded) → 200 `{ data: Service }`. New timing applies to new bookings only.
 * Errors: 400 invalid body or params, 401, 403 (client), 404 `not_found` (unknown, deleted or another
 * tenant's service), 409 `conflict` with `details.current` when `version` is stale (nothing saved).
 */
export const PATCH = route(
  {
    summary: 'Updates a service’s information and timing (new bookings only)',
    access: 'staff',
    params: ZServiceParams,
    body: ZServiceUpdate,
    response: dataOf(ZService),
    errors: { 409: STALE_VERSION },
  },
  async ({ tenant, params, body }) => data(await updateService(await getDb(), tenant.id, params.serviceId, body)),
);

/**
 * `DELETE /api/v1/facility/1/services/{serviceId}` (spec section 7; decisions "Deleting"), staff only
 * → 201 `{ data: { id, name } }`: a soft delete; appointments keep their snapshot. Errors: 400 bad params,
 * 401, 403 (client), 404 `not_found` (unknown, already deleted or another tenant's service).
 */
export const DELETE = route(
  {
    summary: 'Deletes a service (appointments keep their snapshot)',
    access: 'staff',
    params: ZServiceParams,
    status: 201,
    response: dataOf(ZServiceRef),
  },
  async ({ tenant, params, now }) => data(await deleteService(await getDb(), tenant.id, params.serviceId, now)),
);
