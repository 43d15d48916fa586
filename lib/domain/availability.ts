/**
 * Availability of a stylist (spec sections 4, 5 and 9; decisions "Available hours" and "Busy parts").
 * Pure functions: no I/O, no clock (the caller passes `now`).
 */
import { resolveDay } from './schedule';
import {
  contains,
  formatHHmm,
  isoUtc,
  madridWallClock,
  overlaps,
  parseHHmm,
  toMadrid,
  weekdayOf,
  type Range,
} from './time';

/** One weekly shift: day 0 = Sunday … 6, open/close in Madrid wall-clock minutes. */
export type WeekShift = { day: number; openMinute: number; closeMinute: number };
/** A special shift replaces the weekly shifts of its date; `available: false` closes the day. */
export type SpecialShift = { date: string; available: boolean; shifts: { open: string; close: string }[] };
/** A busy part of a service, in minutes from the appointment's start. */
export type BusySegment = { startMinutes: number; endMinutes: number };

export const SLOT_STEP_MINUTES = 15;
export const CLIENT_WINDOW_DAYS = 30;

/**
 * Open intervals of a stylist on a Madrid date, as instant ranges (epoch ms), sorted.
 * The special shift of that date, if any, replaces the weekly shifts of the weekday.
 */
export function openIntervals(date: string, weekShifts: WeekShift[], special?: SpecialShift | null): Range[] {
  const day = weekdayOf(date);
  const weekday = {
    available: true,
    shifts: weekShifts.filter((s) => s.day === day).map((s) => ({ open: formatHHmm(s.openMinute), close: formatHHmm(s.closeMinute) })),
  };
  const { shift } = resolveDay(weekday, special ? { available: special.available, shift: special.shifts } : null);
  return shift
    .map((s) => ({ open: parseHHmm(s.open), close: parseHHmm(s.close) }))
    .filter((m) => m.open < m.close)
    .map((m) => ({ start: madridWallClock(date, m.open), end: madridWallClock(date, m.close) }))
    .filter((r) => r.start < r.end)
    .sort((a, b) => a.start - b.start);
}

/** The busy parts of a service starting at `start` (epoch ms), as instant ranges. */
export function busyParts(start: number, segments: BusySegment[]): Range[] {
  return segments.map((s) => ({ start: start + s.startMinutes * 60_000, end: start + s.endMinutes * 60_000 }));
}

/** Normalised busy segments: the whole duration when a service declares none. */
export function segmentsOf(durationMinutes: number, segments: BusySegment[] | null | undefined): BusySegment[] {
  return segments && segments.length > 0 ? segments : [{ startMinutes: 0, endMinutes: durationMinutes }];
}

export type SlotQuery = {
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  open: Range[];
  /** Busy time of the stylist: active busy parts of appointments and leaves. */
  busy: Range[];
  durationMinutes: number;
  segments: BusySegment[];
  /** The current instant, epoch ms. */
  now: number;
  /** Latest bookable instant (exclusive), or null for no limit. */
  until: number | null;
};

/** True when every busy part of a service starting at `start` lies in open time and clear of `busy`. */
export function fits(start: number, q: Pick<SlotQuery, 'open' | 'busy' | 'segments'>): boolean {
  return busyParts(start, q.segments).every(
    (part) => q.open.some((o) => contains(o, part)) && !q.busy.some((b) => overlaps(b, part)),
  );
}

/**
 * Bookable start instants (epoch ms) for a service on a date: every 15 minutes from the start of each
 * open interval, not before `now`, before `until`, with the whole service inside the interval and every
 * busy part clear of the stylist's busy time (rest gaps do not block).
 */
export function availableStarts(q: SlotQuery): number[] {
  const step = SLOT_STEP_MINUTES * 60_000;
  const duration = q.durationMinutes * 60_000;
  const starts: number[] = [];
  for (const interval of q.open) {
    for (let start = interval.start; start + duration <= interval.end; start += step) {
      if (start <= q.now) continue;
      if (q.until !== null && start >= q.until) continue;
      if (fits(start, q)) starts.push(start);
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** The latest bookable instant for a client: the end of the 30th day after today (Madrid). */
export function clientWindowEnd(now: number): number {
  return toMadrid(now).startOf('day').plus({ days: CLIENT_WINDOW_DAYS + 1 }).toMillis();
}

export type AvailableHour = { id: string; start_time: string; end_time: string };
export type HourGroup = { hour: string; hours: AvailableHour[] };

/**
 * Groups start instants into the spec's hour groups (`hour` is the Madrid hour label `HH:00`);
 * each hour carries `id` = `start_end`, with UTC ISO times, end = start + duration.
 */
export function groupByHour(starts: number[], durationMinutes: number): HourGroup[] {
  const groups = new Map<string, AvailableHour[]>();
  for (const start of starts) {
    const label = formatHHmm(toMadrid(start).hour * 60);
    const startIso = isoUtc(start);
    const endIso = isoUtc(start + durationMinutes * 60_000);
    const list = groups.get(label) ?? [];
    list.push({ id: `${startIso}_${endIso}`, start_time: startIso, end_time: endIso });
    groups.set(label, list);
  }
  return [...groups.entries()].map(([hour, hours]) => ({ hour, hours }));
}

/** Madrid `HH:mm` label of a UTC instant. */
export function madridLabel(instant: string | number): string {
  return toMadrid(instant).toFormat('HH:mm');
}
