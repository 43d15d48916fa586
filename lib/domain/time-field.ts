/**
 * Times typed or stepped in a time field (`<input type="time">`, value `HH:mm`) and the rules of the
 * blocked range of the leave flow (spec section 9: time selections in 5-minute steps; the leave flow's
 * times run 05:00–22:00 in Madrid). Pure.
 *
 * A time field cannot show 24:00: an end field shows the end of the day as 00:00, and reads 00:00 back
 * as 24:00 (an end at the start of the day is never valid, so the reading is unambiguous).
 */
import { madridDay, madridLocalMs, madridWallClock, MINUTE_MS } from './time';

/** What is wrong with a typed time. */
export type TimeFieldError =
  /** Empty, incomplete or not a time. */
  | 'missing'
  /** Not on the 5-minute grid. */
  | 'off_grid'
  /** Outside the times allowed (see the bounds). */
  | 'out_of_range'
  /** An end at or before the start. */
  | 'not_after_start'
  /** A start already over. */
  | 'past';

/** The day's end in minutes after midnight. */
export const END_OF_DAY = 1440;

/**
 * Minutes after midnight of a time field's value (`HH:mm`, or `HH:mm:ss` with zero seconds); null
 * when empty or malformed. With `endOfDay`, `00:00` and `24:00` are the day's end (1440).
 */
export function fieldMinutes(value: string, endOfDay = false): number | null {
  if (endOfDay && /^24:00$/.test(value.trim())) return END_OF_DAY;
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::00(?:\.0+)?)?$/.exec(value.trim());
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return endOfDay && minutes === 0 ? END_OF_DAY : minutes;
}

/** The time field's value (`HH:mm`) of minutes after midnight; the day's end (1440) shows as `00:00`. */
export function fieldValue(minutes: number): string {
  const m = ((Math.round(minutes) % END_OF_DAY) + END_OF_DAY) % END_OF_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes between two times of the leave flow, and the bounds of its start and end (minutes after midnight). */
export const LEAVE_TIMES = { step: 5, firstStart: 5 * 60, lastStart: 22 * 60 - 5, firstEnd: 5 * 60 + 5, lastEnd: 22 * 60 } as const;

/** How far in the past a blocked range may start (as the server allows). */
export const LEAVE_PAST_TOLERANCE_MS = 5 * MINUTE_MS;

/** The minutes after midnight of `date` at which an instant (UTC ISO) falls, or null when outside that Madrid date (its end included). */
export function minutesOnDate(date: string, instant: string | undefined): number | null {
  const day = madridDay(date);
  const t = instant ? Date.parse(instant) : NaN;
  if (!day || Number.isNaN(t) || t < day.start || t > day.end) return null;
  return t === day.end ? END_OF_DAY : Math.round((madridLocalMs(t) - day.localMidnight) / MINUTE_MS);
}

/** Inclusive bounds (minutes after midnight) of the start and end fields of a blocked range. */
export type LeaveBounds = { start: { min: number; max: number }; end: { min: number; max: number } };

/**
 * The bounds of the leave flow's fields on `date`: starts 05:00–21:55 and ends 05:05–22:00, widened to
 * take in a range selected in the agenda (`keep`, UTC ISO instants), which may lie anywhere on its grid
 * (e.g. 22:30–23:00).
 */
export function leaveBounds(date: string, keep: { start?: string; end?: string } = {}): LeaveBounds {
  const ks = minutesOnDate(date, keep.start);
  const ke = minutesOnDate(date, keep.end);
  return {
    start: { min: Math.min(LEAVE_TIMES.firstStart, ks ?? Infinity), max: Math.max(LEAVE_TIMES.lastStart, ks ?? -Infinity) },
    end: { min: Math.min(LEAVE_TIMES.firstEnd, ke ?? Infinity), max: Math.max(LEAVE_TIMES.lastEnd, ke ?? -Infinity) },
  };
}

/** A blocked range read from its two fields: the valid times as UTC ISO instants, and each field's problem. */
export type LeaveFields = {
  start?: string;
  end?: string;
  errors: { start?: TimeFieldError; end?: TimeFieldError };
};

const gridError = (minutes: number | null, bounds: { min: number; max: number }): TimeFieldError | null => {
  if (minutes === null) return 'missing';
  if (minutes % LEAVE_TIMES.step !== 0) return 'off_grid';
  if (minutes < bounds.min || minutes > bounds.max) return 'out_of_range';
  return null;
};

/**
 * Reads the start and end fields (`HH:mm`) of a blocked range on a Madrid `date`: each on the 5-minute
 * grid within `leaveBounds(date, keep)`; the start not more than 5 minutes before `now` (epoch ms);
 * the end after the start (an end field's `00:00` is midnight at the end of the date).
 */
export function readLeaveFields(
  date: string,
  fields: { start: string; end: string },
  now: number,
  keep: { start?: string; end?: string } = {},
): LeaveFields {
  const bounds = leaveBounds(date, keep);
  const out: LeaveFields = { errors: {} };
  const s = fieldMinutes(fields.start);
  const startError = gridError(s, bounds.start);
  let startAt: number | null = null;
  if (startError) out.errors.start = startError;
  else {
    startAt = madridWallClock(date, s!);
    if (startAt < now - LEAVE_PAST_TOLERANCE_MS) out.errors.start = 'past';
    else out.start = new Date(startAt).toISOString();
  }
  const e = fieldMinutes(fields.end, true);
  const endError = gridError(e, bounds.end);
  if (endError) out.errors.end = endError;
  else {
    const endAt = madridWallClock(date, e!);
    if (startAt !== null && endAt <= startAt) out.errors.end = 'not_after_start';
    else out.end = new Date(endAt).toISOString();
  }
  return out;
}

/**
 * The end proposed once a start is chosen (minutes after midnight): half an hour later, or the last end
 * allowed when that is sooner; null when no end fits after the start.
 */
export function proposedLeaveEnd(start: number, bounds: LeaveBounds): number | null {
  const end = Math.min(start + 30, bounds.end.max);
  return end > start ? end : null;
}
