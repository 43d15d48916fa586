import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listFacilities } from '@/lib/server/repositories/facility';

/** `GET /api/v1/facility` (spec section 7): `{ items: Facility[] }` of the tenant. Any signed-in user. */
export const GET = route({ access: 'user' }, async ({ tenant }) => items(await listFacilities(await getDb(), tenant)));
