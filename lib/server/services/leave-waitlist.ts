import 'server-only';
import { madridDate } from '@/lib/domain/time';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { cancelWaitlistEntry } from '@/lib/server/repositories/waitlist';

/**
 * Takes an entry of the client account `email` off the waitlist (`DELETE /users/{email}/waitlist/{id}`,
 * beyond-the-spec section 4): status `cancelled`, in one transaction with the entry's row locked. `now` is epoch
 * ms. Errors: 404 unknown account or no such entry of it; 409 `conflict` when the entry is not active
 * (booked, expired or already removed).
 */
export async function leaveWaitlist(db: Db, tenantId: number, email: string, id: string, now: number): Promise<void> {
  const client = await findUserByEmail(db, tenantId, email);
  if (!client || client.deletedAt) throw new ApiError('not_found', errorMessage('waitlistEntryNotFound'));
  await db.transaction(async (tx) => {
    const was = await cancelWaitlistEntry(tx, tenantId, client.id, id, madridDate(now), now);
    if (was === null) throw new ApiError('not_found', errorMessage('waitlistEntryNotFound'));
    if (was !== 'waiting' && was !== 'offered') throw new ApiError('conflict', errorMessage('waitlistEntryClosed'));
  });
}
