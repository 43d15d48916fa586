import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { activities } from '@/lib/server/db/schema';
import type { Activity } from '@/lib/validation/dto';

/** The tenant's latest `limit` activities (spec section 3, Activity), newest first; instants UTC ISO. */
export async function listActivities(db: DbOrTx, tenantId: number, limit = 200): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(eq(activities.tenantId, tenantId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, type: r.type, data: r.data, seen: r.seen, created_at: r.createdAt.toISOString() }));
}
