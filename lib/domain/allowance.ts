/**
 * The booking allowance (spec sections 4 and 5; decisions "Allowance").
 * `pending` counts every pending (not cancelled, not ended) visit of the account, sub-users included: a
 * visit of several services counts once (beyond-the-spec section 2).
 */

import { restrictsOnlineBooking, type ReliabilityTier } from './reliability';

/** The person (`user_id`) of each pending visit among pending appointments: one entry per `visit_id`. */
export function pendingVisitPeople(pending: readonly { visit_id: string; user_id: string }[]): string[] {
  const byVisit = new Map<string, string>();
  for (const a of pending) if (!byVisit.has(a.visit_id)) byVisit.set(a.visit_id, a.user_id);
  return [...byVisit.values()];
}

/** True when the account may book one more appointment: pending strictly below the allowance. */
export function canBook(pending: number, allowed: number | null | undefined): boolean {
  return typeof allowed === 'number' && pending < allowed;
}

/** How many appointments the account may still book (never negative). */
export function remaining(pending: number, allowed: number | null | undefined): number {
  return typeof allowed === 'number' ? Math.max(0, allowed - pending) : 0;
}

/**
 * The people a client may book for (spec section 5, "users with a pending appointment are left out"):
 * the client itself and its sub-users, minus anyone who already has a pending appointment.
 */
export function bookablePeople<P extends { id: string; name: string }>(self: P, subUsers: P[], pendingUserIds: string[]): P[] {
  const busy = new Set(pendingUserIds);
  return [self, ...subUsers].filter((p) => !busy.has(p.id));
}

/**
 * True when staff booking a client should confirm first (decisions "Allowance"): the client already has
 * pending appointments and they reach its allowance. Staff may book beyond it; a client may not.
 */
export function needsAllowanceConfirmation(pending: number, allowed: number | null | undefined): boolean {
  return pending > 0 && !canBook(pending, allowed);
}

/**
 * Why a client cannot book now: its reliability keeps it from booking online (`restricted`: `restringido` or
 * `bloqueado`, beyond-the-spec section 3), the account's allowance is used, or every person already has a
 * pending appointment.
 */
export type BookingBlock = 'restricted' | 'allowanceReached' | 'everyoneBusy';

/** What a client can book now: whom for, who is left out, how many, and why not when none. */
export type BookingOptions<P extends { id: string; name: string }> = {
  /** The people the client may book for (the client first, then its sub-users), per `bookablePeople`. */
  people: P[];
  /** The client and sub-users left out because they already have a pending appointment, in the same order. */
  busy: P[];
  /** How many appointments the client can book now: the allowance left, at most one per free person. */
  available: number;
  /** Null when the client can book; else why not (reliability first, then the allowance: it holds whoever is free). */
  blocked: BookingBlock | null;
};

/**
 * What a client can book now (spec sections 2 and 5; decisions "Allowance" and "Sub-users"): the two rules
 * the booking transaction applies, read together so Mis citas and the wizard never offer a booking the
 * server refuses. `pendingUserIds` holds the `user_id` of each pending appointment of the account (its
 * length is the account's pending count); `allowed` is `n_appointments_allowed`; `tier`, the account's
 * reliability tier (lib/domain/reliability.ts), when known.
 */
export function bookingOptions<P extends { id: string; name: string }>(
  self: P,
  subUsers: P[],
  pendingUserIds: string[],
  allowed: number | null | undefined,
  tier?: ReliabilityTier,
): BookingOptions<P> {
  const people = bookablePeople(self, subUsers, pendingUserIds);
  const free = new Set(people.map((p) => p.id));
  const busy = [self, ...subUsers].filter((p) => !free.has(p.id));
  const pending = pendingUserIds.length;
  const blocked: BookingBlock | null =
    tier && restrictsOnlineBooking(tier) ? 'restricted' : !canBook(pending, allowed) ? 'allowanceReached' : people.length === 0 ? 'everyoneBusy' : null;
  return { people, busy, available: blocked ? 0 : Math.min(remaining(pending, allowed), people.length), blocked };
}
