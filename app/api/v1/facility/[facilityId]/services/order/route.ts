import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { reorderServices } from '@/lib/server/services/reorder-services';
import { ZFacilityId } from '@/lib/validation/common';
import { itemsOf, ZService } from '@/lib/validation/dto';
import { ZServiceOrder } from '@/lib/validation/services';

/**
 * `PUT /api/v1/facility/1/services/order { ids }` (beyond-the-spec section 2), staff only: the salon's order
 * of its services, every live service's id once, first to last → 200 `{ items: Service[] }` in that order.
 * The lists follow it, and so does a visit of several services. Errors: 400 invalid body (repeated ids),
 * 401, 403 (client), 409 `conflict` when the ids are not exactly the live services (nothing written).
 */
export const PUT = route(
  {
    summary: 'Sets the order of the services (the order of a visit)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    body: ZServiceOrder,
    response: itemsOf(ZService),
    errors: { 409: 'conflict: the ids are not exactly the live services' },
  },
  async ({ tenant, body }) => items(await reorderServices(await getDb(), tenant.id, body.ids)),
);
