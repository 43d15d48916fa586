import 'server-only';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { activities, activityReads } from '@/lib/server/db/schema';

/** An activity row as the feed needs it (instants as Date). */
export type ActivityRow = Pick<typeof activities.$inferSelect, 'id' | 'type' | 'data' | 'createdAt'>;

/**
 * One page of the tenant's activities, newest first by id: those with an id below `before` (all when
 * absent), at most `limit`. Keyset over the index `activities_tenant_id (tenant_id, id)`: the cost does
 * not grow with the feed's length, and items written meanwhile (higher ids) never shift later pages.
 */
export async function listActivitiesBefore(
  db: DbOrTx,
  tenantId: number,
  before: number | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  return db
    .select({ id: activities.id, type: activities.type, data: activities.data, createdAt: activities.createdAt })
    .from(activities)
    .where(before === undefined ? eq(activities.tenantId, tenantId) : and(eq(activities.tenantId, tenantId), lt(activities.id, before)))
    .orderBy(desc(activities.id))
    .limit(limit);
}

/** The staff member's watermark: every activity with an id up to it is seen by them (0: none yet). */
export async function lastSeenActivityId(db: DbOrTx, tenantId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: activityReads.lastSeenId })
    .from(activityReads)
    .where(and(eq(activityReads.tenantId, tenantId), eq(activityReads.userId, userId)));
  return row?.id ?? 0;
}

/** How many of the tenant's activities have an id above `id` (a staff member's new items). */
export async function countActivitiesAfter(db: DbOrTx, tenantId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), gt(activities.id, id)));
  return row?.n ?? 0;
}

/**
 * Moves a staff member's watermark up to `upTo` in one statement (an upsert with `greatest`), so it never
 * goes back, even when two requests race; `upTo` is first capped at the tenant's newest activity, so
 * activities written later are new. Returns the watermark now stored.
 */
export async function advanceLastSeenActivity(db: DbOrTx, tenantId: number, userId: string, upTo: number): Promise<number> {
  const capped = sql<number>`least(${upTo}::integer, coalesce((select max(${activities.id}) from ${activities} where ${activities.tenantId} = ${tenantId}), 0))`;
  const [row] = await db
    .insert(activityReads)
    .values({ userId, tenantId, lastSeenId: capped })
    .onConflictDoUpdate({
      target: [activityReads.userId, activityReads.tenantId],
      set: {
        lastSeenId: sql`greatest(${sql.raw('"activity_reads"."last_seen_id"')}, excluded.last_seen_id)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: activityReads.lastSeenId });
  return row!.id;
}
