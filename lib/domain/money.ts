/** Money of the domain: integer euro cents in storage, euros with cents in the API (decisions "Money and time"). */

/** Cents → euros (1250 → 12.5). */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** Euros → cents, rounded to the cent (12.5 → 1250). */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
