/**
 * Today's date in Madrid (YYYY-MM-DD) with the browser's Intl — the same answer as lib/domain/time's
 * `madridDate(Date.now())` without loading luxon into the client wizard's first load.
 */
const MADRID_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Madrid calendar date of an instant (epoch ms), YYYY-MM-DD. */
export function madridDateLight(instant: number): string {
  const parts = MADRID_DATE.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
