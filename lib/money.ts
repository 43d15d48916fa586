/**
 * `12,50 €` for a price in euros (spec section 9). A module of its own, without the date formats, so the
 * first wizard steps stay light; lib/format re-exports it.
 */
const EUROS = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

export function euros(amount: number): string {
  return EUROS.format(amount);
}
