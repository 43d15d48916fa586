/**
 * Time helpers of the booking domain. All wall-clock reasoning happens in Europe/Madrid (spec section 9);
 * instants travel as UTC ISO strings or epoch milliseconds.
 */
import { DateTime } from 'luxon';

export const ZONE = 'Europe/Madrid';
export const DATE_FORMAT = 'yyyy-MM-dd';

/** An instant range in epoch milliseconds, half-open: [start, end). */
export type Range = { start: number; end: number };

/** True when two half-open ranges share time; ranges that only touch do not overlap. */
export function overlaps(a: Range, b: Range): boolean {
  return a.start < b.end && b.start < a.end;
}

/** True when `inner` lies entirely within `outer`. */
export function contains(outer: Range, inner: Range): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** The instant of a Madrid wall-clock time `minutes` after midnight of `date` (YYYY-MM-DD), in epoch ms. */
export function madridWallClock(date: string, minutes: number): number {
  const day = DateTime.fromISO(date, { zone: ZONE }).startOf('day');
  if (minutes >= 1440) return day.plus({ days: 1 }).toMillis();
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
}

/** The Madrid calendar date (YYYY-MM-DD) of an instant. */
export function madridDate(instant: number | Date | string): string {
  return toMadrid(instant).toFormat(DATE_FORMAT);
}

/** An instant as a luxon DateTime in Madrid. */
export function toMadrid(instant: number | Date | string): DateTime {
  if (typeof instant === 'string') return DateTime.fromISO(instant, { zone: ZONE });
  if (instant instanceof Date) return DateTime.fromJSDate(instant, { zone: ZONE });
  return DateTime.fromMillis(instant, { zone: ZONE });
}

/** Weekday number of a Madrid date as stored in shifts: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: ZONE }).weekday % 7;
}

/** `HH:mm` → minutes after midnight; throws on a malformed value. */
export function parseHHmm(value: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) throw new Error(`Invalid time ${value}`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 1440 || Number(m[2]) > 59) throw new Error(`Invalid time ${value}`);
  return minutes;
}

/** Minutes after midnight → `HH:mm`. */
export function formatHHmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Epoch ms → UTC ISO string with milliseconds (`2026-11-23T09:00:00.000Z`). */
export function isoUtc(ms: number | Date): string {
  return new Date(ms).toISOString();
}

/** True when `date` (YYYY-MM-DD) is a real calendar date. */
export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date, { zone: ZONE }).isValid;
}

/** Madrid dates (YYYY-MM-DD) from `from` to `to` inclusive (empty when inverted; at most 400). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let d = DateTime.fromISO(from, { zone: ZONE });
  const end = DateTime.fromISO(to, { zone: ZONE });
  while (d <= end && out.length < 400) {
    out.push(d.toFormat(DATE_FORMAT));
    d = d.plus({ days: 1 });
  }
  return out;
}

/** Today's Madrid date (YYYY-MM-DD) at `now` (epoch ms, Date or ISO string). */
export function todayInMadrid(now: number | Date | string): string {
  return madridDate(now);
}
