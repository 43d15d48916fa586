import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { advanceLastSeenActivity, countActivitiesAfter } from '@/lib/server/repositories/activities';
import type { ActivityUnseen } from '@/lib/validation/dto';

/**
 * A staff member has seen the feed up to activity `upToId`: their
 * watermark moves forward to it (never back, never past the tenant's newest activity; other staff members
 * are not touched). Returns how many activities are still new for them.
 */
export async function markActivitiesSeen(db: Db, tenantId: number, userId: string, upToId: number): Promise<ActivityUnseen> {
  const watermark = await advanceLastSeenActivity(db, tenantId, userId, upToId);
  return { unseen: await countActivitiesAfter(db, tenantId, watermark) };
}
