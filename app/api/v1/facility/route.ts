import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listFacilities } from '@/lib/server/repositories/facility';
import { itemsOf, ZFacility } from '@/lib/validation/dto';

/** `GET /api/v1/facility` (spec section 7): `{ items: Facility[] }` of the tenant. Any signed-in user. */
export const GET = route({ summary: 'The tenant’s facilities', access: 'user', response: itemsOf(ZFacility) }, async ({ tenant }) =>
  items(await listFacilities(await getDb(), tenant)),
);
