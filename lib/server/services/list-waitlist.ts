import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { listWaitlistEntries } from '@/lib/server/repositories/waitlist';
import type { WaitlistEntry } from '@/lib/validation/waitlist';

/**
 * The waitlist entries of the client account `email`, newest first, every state included (an entry whose range
 * ended before today at `now`, epoch ms, reads `expired`): `GET /users/{email}/waitlist` (beyond-the-spec
 * section 4). Errors: 404 unknown account.
 */
export async function listClientWaitlist(db: Db, tenantId: number, email: string, now: number): Promise<WaitlistEntry[]> {
  const client = await findUserByEmail(db, tenantId, email);
  if (!client || client.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
  return listWaitlistEntries(db, tenantId, { clientId: client.id }, now);
}

/**
 * The salon's active entries (waiting or offered, their range not over at `now`, epoch ms), by first date then
 * joining order: `GET /facility/1/waitlist` for staff (beyond-the-spec section 4).
 */
export function listSalonWaitlist(db: Db, tenantId: number, now: number): Promise<WaitlistEntry[]> {
  return listWaitlistEntries(db, tenantId, 'salon', now);
}
