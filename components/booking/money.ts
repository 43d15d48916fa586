/**
 * `12,50 €` for a price in euros — the same text as lib/format's `euros`, in a module without luxon so the
 * first wizard steps stay light (issue 11).
 */
const EUROS = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

export function euros(amount: number): string {
  return EUROS.format(amount);
}
