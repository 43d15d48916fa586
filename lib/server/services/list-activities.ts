import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { countActivitiesAfter, lastSeenActivityId, listActivitiesBefore } from '@/lib/server/repositories/activities';
import type { ActivityQuery } from '@/lib/validation/activities';
import type { ActivityPage } from '@/lib/validation/dto';

/**
 * One page of the activity feed for a staff member (spec sections 2 and 3): newest first,
 * `limit` items older than `cursor` (the first page without one), `seen` as that person saw them (id at
 * most their watermark), `unseen` their count of new items in the whole feed, and `next_cursor` (the last
 * item's id) when older items remain. Reads `limit + 1` rows to know whether there is a next page.
 */
export async function listActivities(db: Db, tenantId: number, userId: string, query: ActivityQuery): Promise<ActivityPage> {
  const watermark = await lastSeenActivityId(db, tenantId, userId);
  const [rows, unseen] = await Promise.all([
    listActivitiesBefore(db, tenantId, query.cursor, query.limit + 1),
    countActivitiesAfter(db, tenantId, watermark),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      type: r.type,
      data: r.data,
      seen: r.id <= watermark,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? String(last.id) : null,
    unseen,
  };
}
