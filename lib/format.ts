/**
 * Spanish display formats of the screens (spec section 9): long dates, Madrid times and euros. Pure;
 * every instant is shown in Europe/Madrid. Built on lib/domain/time and the platform's `Intl` (Spanish
 * weekday and month names), so the client bundles load no date library.
 */
import { DAY_MS, formatHHmm, HOUR_MS, instantOf, madridDate, madridLocalMs, madridWallClock, MINUTE_MS, ZONE } from '@/lib/domain/time';

/** Spanish names of a Madrid date: `lunes`, `23`, `noviembre`, `2026` (and the short `lun`, `nov`). */
const LONG = new Intl.DateTimeFormat('es-ES', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const MEDIUM = new Intl.DateTimeFormat('es-ES', { timeZone: ZONE, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

type DateNames = { weekday: string; day: string; month: string; year: string };

/** The named parts of an instant's Madrid date in one of the formatters above. */
function namesOf(format: Intl.DateTimeFormat, instant: number): DateNames {
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month'), year: part('year') };
}

/** Noon of a Madrid date (YYYY-MM-DD): an instant surely inside it, whatever the offset changes. */
const noonOf = (date: string) => madridWallClock(date, 12 * 60);

/** `lunes, 23 de noviembre` for an instant (UTC ISO string or epoch ms), in Madrid. */
export function longDateOf(instant: string | number): string {
  const n = namesOf(LONG, instantOf(instant));
  return `${n.weekday}, ${n.day} de ${n.month}`;
}

/** `lunes, 23 de noviembre` for a Madrid calendar date (YYYY-MM-DD). */
export function longDay(date: string): string {
  return longDateOf(noonOf(date));
}

/** `lunes, 23 de noviembre de 2026`: the long date of an instant with the year (a history spans years). */
export function longDateWithYearOf(instant: string | number): string {
  const n = namesOf(LONG, instantOf(instant));
  return `${n.weekday}, ${n.day} de ${n.month} de ${n.year}`;
}

/** `lun, 23 nov 2026`: a Madrid calendar date (YYYY-MM-DD) in the short form of the agenda's toolbar. */
export function mediumDay(date: string): string {
  return MEDIUM.format(noonOf(date));
}

/** `nov`: the short Spanish month name of a Madrid calendar date (YYYY-MM-DD). */
export function shortMonth(date: string): string {
  return namesOf(MEDIUM, noonOf(date)).month;
}

/** `23 de noviembre`: day and month of a Madrid calendar date (YYYY-MM-DD). */
export function dayMonth(date: string): string {
  const n = namesOf(LONG, noonOf(date));
  return `${n.day} de ${n.month}`;
}

/**
 * `del 3 al 5 de mayo`, `del 30 de abril al 2 de mayo`, or `el 3 de mayo` for a single day: a range of Madrid
 * calendar dates (YYYY-MM-DD, `from` ≤ `to`) as it reads inside a sentence.
 */
export function dayRange(from: string, to: string): string {
  if (from === to) return `el ${dayMonth(from)}`;
  const start = from.slice(0, 7) === to.slice(0, 7) ? namesOf(LONG, noonOf(from)).day : dayMonth(from);
  return `del ${start} al ${dayMonth(to)}`;
}

/** `noviembre de 2026`: month and year of a Madrid calendar date (YYYY-MM-DD). */
export function monthYear(date: string): string {
  const n = namesOf(LONG, noonOf(date));
  return `${n.month} de ${n.year}`;
}

/** `lun`, `mar`, … `dom`: the short Spanish weekday names, Monday first (2024-01-01 is a Monday). */
export function shortWeekdays(): string[] {
  return [1, 2, 3, 4, 5, 6, 7].map((d) => namesOf(MEDIUM, noonOf(`2024-01-0${d}`)).weekday.replace('.', ''));
}

/** `10:00`: the Madrid wall-clock time of an instant (UTC ISO string or epoch ms). */
export function timeOf(instant: string | number): string {
  const local = madridLocalMs(instantOf(instant));
  return formatHHmm(Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS));
}

/** `12,50 €` (lib/money: apart, so the first wizard steps load no date formats). */
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
  const [y, m, d] = madridDate(instant).split('-');
  return `${d}/${m}/${y}`;
}

/** `lunes 23 de noviembre`: the Madrid date of an instant as it reads inside a sentence. */
export function sentenceDateOf(instant: string | number): string {
  const n = namesOf(LONG, instantOf(instant));
  return `${n.weekday} ${n.day} de ${n.month}`;
}

/**
 * How long ago an instant was (spec section 9, "Relative time"), as parts the screen words (justo ahora,
 * hace N m, hace N h, then the date): under a minute (or in the future: clock skew) `now`; under an hour
 * whole `minutes`; under a day whole `hours`; older, the Madrid `date` as dd/MM/yyyy.
 */
export type RelativeTime = { unit: 'now' } | { unit: 'minutes'; n: number } | { unit: 'hours'; n: number } | { unit: 'date'; date: string };

export function relativeTime(instant: string | number, now: number): RelativeTime {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  const ago = now - at;
  if (ago < MINUTE_MS) return { unit: 'now' };
  if (ago < HOUR_MS) return { unit: 'minutes', n: Math.floor(ago / MINUTE_MS) };
  if (ago < DAY_MS) return { unit: 'hours', n: Math.floor(ago / HOUR_MS) };
  return { unit: 'date', date: shortDateOf(at) };
}
