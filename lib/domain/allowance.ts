/**
 * The booking allowance (spec sections 4 and 5; decisions "Allowance").
 * `pending` counts every pending (not cancelled, not ended) appointment of the account, sub-users included.
 */

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
export function bookablePeople(
  self: { id: string; name: string },
  subUsers: { id: string; name: string }[],
  pendingUserIds: string[],
): { id: string; name: string }[] {
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
