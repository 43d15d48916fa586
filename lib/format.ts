/**
 * Spanish display formats of the screens (spec section 9): long dates, Madrid times and euros.
 * Pure; every instant is shown in Europe/Madrid.
 */
import { DateTime } from 'luxon';
import { madridLabel } from '@/lib/domain/availability';
import { toMadrid, ZONE } from '@/lib/domain/time';

/** `lunes, 23 de noviembre` for an instant (UTC ISO string or epoch ms), in Madrid. */
export function longDateOf(instant: string | number): string {
  return toMadrid(instant).setLocale('es').toFormat("cccc, d 'de' LLLL");
}

/** `lunes, 23 de noviembre` for a Madrid calendar date (YYYY-MM-DD). */
export function longDay(date: string): string {
  return DateTime.fromISO(date, { zone: ZONE }).setLocale('es').toFormat("cccc, d 'de' LLLL");
}

/** `10:00`: the Madrid wall-clock time of an instant. */
export const timeOf: (instant: string | number) => string = madridLabel;

const EUROS = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** `12,50 €`. */
export function euros(amount: number): string {
  return EUROS.format(amount);
}
