/**
 * Claims of waitlist offers (beyond-the-spec section 4): "Reservar este hueco" on a claim link `/c/{token}`.
 * The token is the proof: no session.
 */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isoUtc, MINUTE_MS } from '@/lib/domain/time';
import { isActiveEntry } from '@/lib/domain/waitlist';
import type { Db, DbOrTx, Tx } from '@/lib/server/db/client';
import { activities, appointments, users } from '@/lib/server/db/schema';
import { ApiError, isExclusionViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { visitServicesOf } from '@/lib/server/repositories/services';
import { findOffer, lockOpening, markEntryBooked, setOfferStatus, setOpeningStep, settleEntries, type OfferRow } from '@/lib/server/repositories/waitlist-offers';
import type { ClaimActionView, ClaimState } from '@/lib/validation/actions';
import { lockBookingClient } from './book-appointment';
import { bookClientVisit, type VisitBooked } from './book-visit';

/** Where an offer stands at `now` (epoch ms): its status, lapsed when its window ended or its entry is over. */
export function claimStateOf(offer: Pick<OfferRow, 'status' | 'expiresAt' | 'entry'>, now: number): ClaimState {
  if (offer.status === 'claimed' || offer.status === 'taken') return offer.status;
  if (offer.status === 'expired' || now >= offer.expiresAt || !isActiveEntry(offer.entry.status)) return 'expired';
  return 'open';
}

/**
 * The offer of a claim link at `now` (epoch ms; `GET /api/v1/actions/{token}`): the salon, the visit offered
 * (or booked) and where the offer stands. Errors: 404 unknown offer, 410 `link_expired` once the hour has
 * started.
 */
export async function readClaim(db: Db, tenantId: number, offerId: string, now: number): Promise<ClaimActionView> {
  const offer = await findOffer(db, tenantId, offerId);
  if (!offer) throw new ApiError('not_found', errorMessage('actionLinkUnknown'));
  if (now >= offer.start) throw new ApiError('link_expired', errorMessage('actionLinkExpired'));
  return claimView(db, tenantId, offer, now);
}

/**
 * "Reservar este hueco" at `now` (epoch ms; `POST /api/v1/actions/{token} { action: "claim" }`): books the
 * entry's visit at the offered start, with its stylist or "Cualquier estilista", for the person waiting, in
 * one transaction with every client booking rule (the account's lock, reliability unless staff added the
 * entry, the allowance, one pending visit per person, a start the availability offers, the exclusion
 * constraint). The opening's row is locked first, so claims of one freed time take turns and the first wins.
 * On success the offer is `claimed`, the entry `booked` (its other offers lapse), a `waitlist_claimed`
 * activity written and the usual confirmation e-mail queued; the opening looks for the rest of its time.
 * Repeating a claim answers the same.
 *
 * Errors: 404 unknown offer, 410 `link_expired` once the hour started, 409 `conflict` an offer whose window
 * ended or whose entry is over, 409 `slot_taken` "Este hueco ya se ha ocupado. Sigues en la lista de espera."
 * when someone was faster (the offer is `taken` and the entry waits again), 403 / 409 the booking rules of the
 * account (restricted, allowance, the person's pending visit).
 */
export async function claimOffer(db: Db, tenantId: number, offerId: string, now: number): Promise<ClaimActionView> {
  const outcome = await db.transaction(async (tx) => {
    const found = await findOffer(tx, tenantId, offerId);
    if (!found) throw new ApiError('not_found', errorMessage('actionLinkUnknown'));
    await lockOpening(tx, tenantId, found.openingId);
    const offer = (await findOffer(tx, tenantId, offerId, true))!;
    if (now >= offer.start) throw new ApiError('link_expired', errorMessage('actionLinkExpired'));
    const state = claimStateOf(offer, now);
    if (state === 'claimed' || state === 'taken') return offer;
    if (state === 'expired') throw new ApiError('conflict', errorMessage('waitlistOfferExpired'));
    const booked = await bookOffer(tx, tenantId, offer, now);
    if (!booked) {
      await setOfferStatus(tx, tenantId, offer.id, 'taken');
      await settleEntries(tx, tenantId, [offer.entryId], now);
      return { ...offer, status: 'taken' as const };
    }
    await setOfferStatus(tx, tenantId, offer.id, 'claimed', booked.event_id);
    await markEntryBooked(tx, tenantId, offer.entryId, now);
    await setOpeningStep(tx, tenantId, offer.openingId, now);
    const first = booked.appointments[0]!;
    const [stylist] = await tx.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.email, first.employee_id)));
    await tx.insert(activities).values({
      tenantId,
      type: 'waitlist_claimed',
      data: {
        id: first.id,
        start_time: first.start_time,
        service_name: (await servicesOf(tx, tenantId, offer)).map((s) => s.name).join(', '),
        employee_name: stylist?.name ?? '',
        client_name: offer.entry.userName,
      },
    });
    return { ...offer, status: 'claimed' as const, appointmentId: booked.event_id };
  });
  if (outcome.status === 'taken') throw new ApiError('slot_taken', errorMessage('waitlistSlotTaken'));
  return claimView(db, tenantId, outcome, now);
}

/**
 * Books the offer's visit inside a savepoint of the claim's transaction; null when the hour can no longer be
 * had (taken, no longer offered by the availability, its stylist gone, or an overlap the exclusion constraint
 * refused). The account's own rules throw.
 */
async function bookOffer(tx: Tx, tenantId: number, offer: OfferRow, now: number): Promise<VisitBooked | null> {
  const [client] = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, offer.entry.clientId)));
  if (!client) throw new ApiError('not_found', errorMessage('actionLinkUnknown'));
  const who = await lockBookingClient(tx, tenantId, client, offer.entry.userId, now, { restrictedAllowed: offer.entry.createdBy !== offer.entry.clientId });
  const rows = await servicesOf(tx, tenantId, offer);
  if (rows.length !== offer.entry.serviceIds.length) return null;
  let employee = 'any';
  if (offer.employeeId) {
    const [stylist] = await tx.select({ email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, offer.employeeId)));
    if (!stylist) return null;
    employee = stylist.email;
  }
  try {
    return await tx.transaction((sp) => bookClientVisit(sp, tenantId, who, { rows, employee, start: offer.start, facilityId: 1 }, now));
  } catch (err) {
    if (isExclusionViolation(err) || (err instanceof ApiError && (err.code === 'slot_taken' || err.code === 'unprocessable' || err.code === 'not_found'))) return null;
    throw err;
  }
}

/** The live services of the offer's entry, in the entry's order. */
async function servicesOf(db: DbOrTx, tenantId: number, offer: Pick<OfferRow, 'entry'>) {
  const rows = await visitServicesOf(db, tenantId, offer.entry.serviceIds);
  return offer.entry.serviceIds.flatMap((id) => rows.filter((r) => r.id === id));
}

/**
 * The answer of a claim link: the salon, the person, the services (booked: the visit's appointments with their
 * stylists; otherwise the entry's services back to back from the offered start, with the offer's stylist or
 * null for any) and the state.
 */
async function claimView(db: DbOrTx, tenantId: number, offer: OfferRow, now: number): Promise<ClaimActionView> {
  const salon = await salonOf(db, tenantId, 1);
  const state = claimStateOf(offer, now);
  let services: ClaimActionView['services'];
  if (state === 'claimed' && offer.appointmentId) {
    const [first] = await db.select({ visitId: appointments.visitId }).from(appointments).where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, offer.appointmentId)));
    const booked = await db
      .select({ name: appointments.serviceName, employee: users.name, start: appointments.startAt, end: appointments.endAt })
      .from(appointments)
      .innerJoin(users, and(eq(users.tenantId, appointments.tenantId), eq(users.id, appointments.employeeId)))
      .where(and(eq(appointments.tenantId, tenantId), first?.visitId ? eq(appointments.visitId, first.visitId) : inArray(appointments.id, [offer.appointmentId])))
      .orderBy(asc(appointments.startAt));
    services = booked.map((b) => ({ name: b.name, employee_name: b.employee ?? '', start_time: isoUtc(b.start), end_time: isoUtc(b.end) }));
  } else {
    const rows = await servicesOf(db, tenantId, offer);
    const [stylist] = offer.employeeId ? await db.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, offer.employeeId))) : [];
    let at = offer.start;
    services = rows.map((r) => {
      const start = at;
      at += r.durationMinutes * MINUTE_MS;
      return { name: r.name, employee_name: offer.employeeId ? (stylist?.name ?? '') : null, start_time: isoUtc(start), end_time: isoUtc(at) };
    });
  }
  return { purpose: 'claim', state, salon, client_name: offer.entry.userName, services, expires_at: isoUtc(offer.expiresAt) };
}
