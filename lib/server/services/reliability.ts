import 'server-only';
import { ATTENDED_AFTER_MS, reliabilityTier, reliabilityWindowStart } from '@/lib/domain/reliability';
import type { DbOrTx } from '@/lib/server/db/client';
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
