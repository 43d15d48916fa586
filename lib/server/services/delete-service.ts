import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { softDeleteService, type ServiceRef } from '@/lib/server/repositories/services';

/**
 * Soft-deletes a service (spec section 7, `DELETE /facility/1/services/{id}`; decisions "Deleting";
 * staff only, checked by the route): it is never offered again (lists, detail, availability and
 * booking answer as if it did not exist), while existing appointments keep their service name and
 * price snapshot and stay listed. `now` is the deletion instant (ms since the epoch). Returns `{ id, name }` of the service.
 * Errors: 404 `not_found` (unknown, already deleted or another tenant's service).
 */
export async function deleteService(db: Db, tenantId: number, serviceId: number, now: number): Promise<ServiceRef> {
  return db.transaction(async (tx) => {
    const deleted = await softDeleteService(tx, tenantId, serviceId, new Date(now));
    if (!deleted) throw new ApiError('not_found', errorMessage('serviceNotFound'));
    return deleted;
  });
}
