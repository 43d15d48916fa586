import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listServices } from '@/lib/server/repositories/services';
import { ZFacilityId } from '@/lib/validation/common';

/**
 * `GET /api/v1/facility/1/services[?associated=true]` (spec section 7): `{ items: Service[] }`
 * (price in euros, duration in minutes); `associated=true` keeps services offered by a stylist.
 */
export const GET = route(
  {
    access: 'user',
    params: z.object({ facilityId: ZFacilityId }),
    query: z.object({ associated: z.enum(['true', 'false']).optional() }),
  },
  async ({ tenant, query }) => items(await listServices(await getDb(), tenant.id, { associated: query.associated === 'true' })),
);
