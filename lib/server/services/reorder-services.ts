import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { listServices, reorderServiceRows, type ServiceDto } from '@/lib/server/repositories/services';

/**
 * Sets the salon's order of its services (beyond-the-spec section 2, `PUT /facility/1/services/order`;
 * staff only, checked by the route): `ids` lists every live service once, first to last. The lists show
 * them in this order and a visit's services follow it. Returns the services in the new order.
 * Errors: 409 `conflict` when `ids` is not exactly the live services (one was added or deleted meanwhile:
 * nothing is written).
 */
export async function reorderServices(db: Db, tenantId: number, ids: number[]): Promise<ServiceDto[]> {
  return db.transaction(async (tx) => {
    if (!(await reorderServiceRows(tx, tenantId, ids))) throw new ApiError('conflict', errorMessage('conflict'));
    return listServices(tx, tenantId);
  });
}
