import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { activities } from '@/lib/server/db/schema';
import { items, route } from '@/lib/server/http';
import { ZFacilityId } from '@/lib/validation/common';

/**
 * `GET /api/v1/facility/1/activities` (spec section 7), staff only: the latest 200 activities, newest
 * first: `{ items: [{ id, type, data, seen, created_at }] }`.
 */
export const GET = route({ access: 'staff', params: z.object({ facilityId: ZFacilityId }) }, async ({ tenant }) => {
  const db = await getDb();
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenant.id)))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(200);
  return items(rows.map((r) => ({ id: r.id, type: r.type, data: r.data, seen: r.seen, created_at: r.createdAt.toISOString() })));
});
