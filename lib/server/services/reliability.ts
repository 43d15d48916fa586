import 'server-only';
import { ATTENDED_AFTER_MS, reliabilityTier, reliabilityWindowStart, restrictsOnlineBooking } from '@/lib/domain/reliability';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { reliabilityCountsOf } from '@/lib/server/repositories/appointments';
import type { Reliability } from '@/lib/validation/dto';

/**
 * The reliability record of a client account at `now` (epoch ms; beyond-the-spec section 3): its tier
 * (lib/domain/reliability.ts `reliabilityTier`) and the counts it comes from over the last 12 months, visits
 * of its sub-users included: `attended` (marked "Vino", or unmarked 48 hours after their end), `no_shows`,
 * `late_cancellations`. `client.bookingBlocked`: staff's "Bloquear reservas online".
 */
export async function reliabilityOf(db: DbOrTx, tenantId: number, client: { id: string; bookingBlocked: boolean }, now: number): Promise<Reliability> {
  const counts = await reliabilityCountsOf(db, tenantId, client.id, { from: reliabilityWindowStart(now), now, attendedBefore: now - ATTENDED_AFTER_MS });
  return {
    tier: reliabilityTier({ ...counts, blocked: client.bookingBlocked }),
    attended: counts.attended,
    no_shows: counts.noShows,
    late_cancellations: counts.lateCancellations,
  };
}

/**
 * Refuses a client's own online booking (or hold) when its tier is `restringido` or `bloqueado`: 403
 * `booking_restricted`, "Para reservar, ponte en contacto con el salón." Staff booking for the client is not
 * checked (they may book anyone).
 */
export async function assertMayBookOnline(db: DbOrTx, tenantId: number, client: { id: string; bookingBlocked: boolean }, now: number): Promise<void> {
  const { tier } = await reliabilityOf(db, tenantId, client, now);
  if (restrictsOnlineBooking(tier)) throw new ApiError('booking_restricted', errorMessage('bookingRestricted'));
}
