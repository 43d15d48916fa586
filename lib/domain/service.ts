/**
 * Rules of a service's timing (spec sections 5 and 9; decisions "Busy parts"): the total duration and
 * the busy parts (segments) during which the stylist works, in minutes from the appointment's start.
 * Pure; used by the service forms (through lib/validation/services) and the API alike.
 */

/** Time selections of services go in 5-minute steps. */
export const SERVICE_STEP_MINUTES = 5;
/** Hours select 0–4 and minutes 0–55: at most 4 h 55 min. */
export const MAX_SERVICE_MINUTES = 4 * 60 + 55;
/** A new service lasts 30 minutes until changed. */
export const DEFAULT_SERVICE_MINUTES = 30;

import type { BusySegment } from './availability';

/** A busy part of a service (the one `BusySegment` of the domain). */
export type Segment = BusySegment;

/** True when a duration (minutes) is above 0, at most 4 h 55 min and on the 5-minute grid. */
export function isValidDuration(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes > 0 && minutes <= MAX_SERVICE_MINUTES && minutes % SERVICE_STEP_MINUTES === 0;
}

export type SegmentsError =
  /** No busy part at all. */
  | 'empty'
  /** A time is not a whole number on the 5-minute grid. */
  | 'off_grid'
  /** A part ends at or before it starts. */
  | 'empty_part'
  /** A part starts before the previous one ends. */
  | 'overlap'
  /** A part starts before 0 or ends after the total duration. */
  | 'outside';

/**
 * Checks busy parts against the total duration: at least one, each on the 5-minute grid, non-empty,
 * each start not before the previous end, all inside [0, duration]. Returns the first error or null.
 */
export function segmentsError(duration: number, segments: Segment[]): SegmentsError | null {
  if (segments.length === 0) return 'empty';
  let previousEnd = 0;
  for (const s of segments) {
    const onGrid = (m: number) => Number.isInteger(m) && m % SERVICE_STEP_MINUTES === 0;
    if (!onGrid(s.startMinutes) || !onGrid(s.endMinutes)) return 'off_grid';
    if (s.endMinutes <= s.startMinutes) return 'empty_part';
    if (s.startMinutes < 0 || s.endMinutes > duration) return 'outside';
    if (s.startMinutes < previousEnd) return 'overlap';
    previousEnd = s.endMinutes;
  }
  return null;
}

/** A new busy part can be added only while the last one ends before the total duration. */
export function canAddSegment(duration: number, segments: Segment[]): boolean {
  const last = segments[segments.length - 1];
  return !last || last.endMinutes < duration;
}

/**
 * The segments with the last one's end following a new total duration (the form keeps the last part's
 * end tied to the duration); parts that would start at or after the new end are dropped.
 */
export function followDuration(duration: number, segments: Segment[]): Segment[] {
  const kept = segments.filter((s) => s.startMinutes < duration);
  if (kept.length === 0) return [{ startMinutes: 0, endMinutes: duration }];
  return kept.map((s, i) => (i === kept.length - 1 ? { ...s, endMinutes: duration } : { ...s, endMinutes: Math.min(s.endMinutes, duration) }));
}

/** The timeline of a service for the work/rest bar: busy and rest pieces covering [0, duration]. */
export function timeline(duration: number, segments: Segment[]): { kind: 'busy' | 'rest'; startMinutes: number; endMinutes: number }[] {
  const out: { kind: 'busy' | 'rest'; startMinutes: number; endMinutes: number }[] = [];
  let at = 0;
  for (const s of [...segments].sort((a, b) => a.startMinutes - b.startMinutes)) {
    if (s.startMinutes > at) out.push({ kind: 'rest', startMinutes: at, endMinutes: s.startMinutes });
    out.push({ kind: 'busy', startMinutes: s.startMinutes, endMinutes: s.endMinutes });
    at = Math.max(at, s.endMinutes);
  }
  if (at < duration) out.push({ kind: 'rest', startMinutes: at, endMinutes: duration });
  return out;
}
