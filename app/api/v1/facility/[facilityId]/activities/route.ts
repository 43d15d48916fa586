import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listActivities } from '@/lib/server/repositories/activities';
import { ZFacilityId } from '@/lib/validation/common';

/**
 * `GET /api/v1/facility/1/activities` (spec section 7), staff only: the latest 200 activities, newest
 * first: `{ items: [{ id, type, data, seen, created_at }] }`.
 */
export const GET = route({ access: 'staff', params: z.object({ facilityId: ZFacilityId }) }, async ({ tenant }) =>
  items(await listActivities(await getDb(), tenant.id)),
);
