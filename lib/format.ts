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

/** `12,50 €` (lib/money, without luxon for light pages). */
export { euros } from './money';

/**
 * A duration in minutes as `Xh Ym` (spec section 9), leaving out a zero part: `1h 15m`, `30m`, `2h`;
 * `0m` for nothing.
 */
export function durationLabel(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/**
 * An opening-hours total (spec section 9): `5h 30min`, `5h` on the hour, `0h 45min` under an hour, and
 * `0h` when there are no hours. Minutes are rounded down to whole minutes; negatives count as none.
 */
export function openingHours(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? `${h}h` : `${h}h ${m}min`;
}

/** `23/11/2026`: the Madrid calendar date of an instant (spec section 9, dd/MM/yyyy). */
export function shortDateOf(instant: string | number): string {
  return toMadrid(instant).toFormat('dd/MM/yyyy');
}

/** `lunes 23 de noviembre`: the Madrid date of an instant as it reads inside a sentence. */
export function sentenceDateOf(instant: string | number): string {
  return toMadrid(instant).setLocale('es').toFormat("cccc d 'de' LLLL");
}

/**
 * How long ago an instant was (spec section 9, "Relative time"), as parts the screen words (justo ahora,
 * hace N m, hace N h, then the date): under a minute (or in the future: clock skew) `now`; under an hour
 * whole `minutes`; under a day whole `hours`; older, the Madrid `date` as dd/MM/yyyy.
 */
export type RelativeTime = { unit: 'now' } | { unit: 'minutes'; n: number } | { unit: 'hours'; n: number } | { unit: 'date'; date: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function relativeTime(instant: string | number, now: number): RelativeTime {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  const ago = now - at;
  if (ago < MINUTE_MS) return { unit: 'now' };
  if (ago < HOUR_MS) return { unit: 'minutes', n: Math.floor(ago / MINUTE_MS) };
  if (ago < DAY_MS) return { unit: 'hours', n: Math.floor(ago / HOUR_MS) };
  return { unit: 'date', date: shortDateOf(at) };
}
