import 'server-only';
import { ATTENDED_AFTER_MS, reliabilityTier, reliabilityWindowStart, type ReliabilityTier } from '@/lib/domain/reliability';
import type { DbOrTx } from '@/lib/server/db/client';
import { reliabilityCountsByClient, reliabilityTierInputsByClient } from '@/lib/server/repositories/appointments';
import type { Reliability } from '@/lib/validation/dto';

/**
 * The reliability record of a client account at `now` (epoch ms; beyond-the-spec section 3): its tier
 * (lib/domain/reliability.ts `reliabilityTier`) and the counts it comes from over the last 12 months, visits
 * of its sub-users included: `attended` (marked "Vino", or unmarked 48 hours after their end), `no_shows`,
 * `late_cancellations`. `client.bookingBlocked`: staff's "Bloquear reservas online".
 */
export async function reliabilityOf(db: DbOrTx, tenantId: number, client: { id: string; bookingBlocked: boolean }, now: number): Promise<Reliability> {
  const counts = (await countsOf(db, tenantId, [client.id], now)).get(client.id) ?? NONE;
  return {
    tier: reliabilityTier({ ...counts, blocked: client.bookingBlocked }),
    attended: counts.attended,
    no_shows: counts.noShows,
    late_cancellations: counts.lateCancellations,
  };
}

const NONE = { attended: 0, noShows: 0, lateCancellations: 0 };

/** The reliability counts of client accounts over the window ending at `now` (epoch ms). */
const countsOf = (db: DbOrTx, tenantId: number, ids: readonly string[], now: number) =>
  reliabilityCountsByClient(db, tenantId, ids, { from: reliabilityWindowStart(now), now, attendedBefore: now - ATTENDED_AFTER_MS });

/**
 * The reliability tier of each client account of `clients` at `now` (epoch ms), by id, from the cheap inputs
 * of `reliabilityTierInputsByClient` (whether an attended visit exists, no-shows, late cancellations): one
 * statement for a page of accounts (client list, agenda week) however long their histories.
 */
export async function reliabilityTiersOf(
  db: DbOrTx,
  tenantId: number,
  clients: readonly { id: string; bookingBlocked: boolean }[],
  now: number,
): Promise<Map<string, ReliabilityTier>> {
  const inputs = await reliabilityTierInputsByClient(db, tenantId, clients.map((c) => c.id), {
    from: reliabilityWindowStart(now),
    now,
    attendedBefore: now - ATTENDED_AFTER_MS,
  });
  return new Map(clients.map((c) => [c.id, reliabilityTier({ ...(inputs.get(c.id) ?? NONE), blocked: c.bookingBlocked })]));
}
