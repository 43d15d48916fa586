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
 * Busy parts as the person set them, with the total duration (minutes) they were set for. A change of
 * duration leaves them as they are: the parts to show and save for another duration are derived with
 * `partsFor`, so a shorter duration chosen on the way to another loses nothing (decisions "Busy parts").
 * The parts are in order and do not overlap (the form's choices keep them so).
 */
export type KeptParts = { duration: number; segments: Segment[] };

/** What a duration does to one kept part: `saved` is the part as it would be saved, null when dropped. */
export type PartFit = {
  /** Position of the part among the kept parts (0-based). */
  index: number;
  /** The part as kept. */
  kept: Segment;
  /** The part for the new duration, or null when it starts at or after the duration's end. */
  saved: Segment | null;
  /** True when the duration drops the part or shortens it against what the person set. */
  cut: boolean;
};

/**
 * Each kept part fitted to a total duration (minutes; spec section 5: "the last busy slot's end follows
 * total duration"). A last part that reaches the end of the duration it was set for follows the total:
 * it grows and shrinks with it and is cut only once the total ends at or before its start. Every other
 * part keeps its times; the duration clips it when the total ends inside it and drops it when the total
 * ends at or before the part's start. Pure, no errors.
 */
export function fitParts(duration: number, kept: KeptParts): PartFit[] {
  const last = kept.segments.length - 1;
  const follows = last >= 0 && kept.segments[last]!.endMinutes === kept.duration;
  return kept.segments.map((s, index) => {
    const wantedEnd = follows && index === last ? duration : s.endMinutes;
    const saved = s.startMinutes < duration ? { startMinutes: s.startMinutes, endMinutes: Math.min(wantedEnd, duration) } : null;
    return { index, kept: s, saved, cut: saved === null || saved.endMinutes < wantedEnd };
  });
}

/**
 * The busy parts to show and save for a total duration (minutes): the kept parts fitted by `fitParts`,
 * dropped ones left out. Lengthening back to the duration the parts were set for gives them back as set.
 * May be empty (every part falls outside), which the contract rejects as no busy part.
 */
export function partsFor(duration: number, kept: KeptParts): Segment[] {
  return fitParts(duration, kept).flatMap((f) => (f.saved ? [f.saved] : []));
}

/** The kept parts a duration (minutes) drops or shortens, in order; empty when it cuts nothing. */
export function cutParts(duration: number, kept: KeptParts): PartFit[] {
  return fitParts(duration, kept).filter((f) => f.cut);
}

/**
 * The kept parts ready for an edit made while `duration` (minutes) is chosen: when that duration cuts
 * nothing, the parts as shown for it, set for it (nothing is lost: the last part follows the total either
 * way); otherwise unchanged, so the parts the duration cuts still come back when it grows again. Shown
 * part `i` is kept part `i` in both cases (the shown parts are the first kept ones).
 */
export function keptForEdit(duration: number, kept: KeptParts): KeptParts {
  return cutParts(duration, kept).length === 0 ? { duration, segments: partsFor(duration, kept) } : kept;
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

/**
 * How far a salon's services let clients book online: `none` without any service, `unassigned` when no
 * stylist offers any of them, `ready` otherwise. `services` are the tenant's (deleted ones left out), each
 * with the stylists who offer it.
 */
export function bookingSetup(services: { employees: unknown[] }[]): 'none' | 'unassigned' | 'ready' {
  if (services.length === 0) return 'none';
  return services.some((s) => s.employees.length > 0) ? 'ready' : 'unassigned';
}
