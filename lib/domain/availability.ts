/**
 * Availability of a stylist (spec sections 4, 5 and 9; decisions "Available hours" and "Busy parts").
 * Pure functions: no I/O, no clock (the caller passes `now`).
 */
import { resolveDay } from './schedule';
import {
  contains,
  DAY_MS,
  formatHHmm,
  isoUtc,
  madridDay,
  madridDayOf,
  madridHourOn,
  MINUTE_MS,
  overlaps,
  parseHHmm,
  utcDateOf,
  wallClockOn,
  weekdayOf,
  type MadridDay,
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
/** Staff place appointments on a 5-minute grid (minutes). */
export const STAFF_STEP_MINUTES = 5;

/**
 * The earliest start staff may give an appointment at `now` (epoch ms): the current minute rounded down
 * to the staff grid of 5 minutes (at 14:02 → 14:00), so a walk-in who just came in is booked from the
 * 5 minutes under way. Epoch ms; Madrid's offsets are whole hours, so the grid is the same in wall-clock time.
 */
export function walkInStart(now: number): number {
  const step = STAFF_STEP_MINUTES * MINUTE_MS;
  return Math.floor(now / step) * step;
}

/**
 * Why staff may not start an appointment at `start` (epoch ms) at `now` (epoch ms), or null when they may
 * (decisions "Staff booking for a client"): off the 5-minute grid (`slotUnavailable`), or before
 * `walkInStart(now)` (`pastDate`). Shifts, busy time and the service are checked by the caller.
 */
export function staffStartError(start: number, now: number): 'slotUnavailable' | 'pastDate' | null {
  if (start % (STAFF_STEP_MINUTES * MINUTE_MS) !== 0) return 'slotUnavailable';
  if (start < walkInStart(now)) return 'pastDate';
  return null;
}

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
  if (shift.length === 0) return [];
  // The date's offsets once; each wall-clock time is then arithmetic.
  const offsets = madridDay(date);
  if (!offsets) return [];
  return shift
    .map((s) => ({ open: parseHHmm(s.open), close: parseHHmm(s.close) }))
    .filter((m) => m.open < m.close)
    .map((m) => ({ start: wallClockOn(offsets, m.open), end: wallClockOn(offsets, m.close) }))
    .filter((r) => r.start < r.end)
    .sort((a, b) => a.start - b.start);
}

/** The busy parts of a service starting at `start` (epoch ms), as instant ranges. */
export function busyParts(start: number, segments: BusySegment[]): Range[] {
  return segments.map((s) => ({ start: start + s.startMinutes * MINUTE_MS, end: start + s.endMinutes * MINUTE_MS }));
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
 * Ranges sorted by start with the running maximum of their ends: "does any range satisfy
 * `start < x` and `end > y`" becomes one binary search (see `anyEndsAfter`).
 */
type SweepIndex = { starts: Float64Array; maxEnds: Float64Array };

function sweepIndex(ranges: Range[]): SweepIndex {
  const sorted = ranges.length > 1 ? [...ranges].sort((a, b) => a.start - b.start) : ranges;
  const starts = new Float64Array(sorted.length);
  const maxEnds = new Float64Array(sorted.length);
  let max = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    starts[i] = r.start;
    if (r.end > max) max = r.end;
    maxEnds[i] = max;
  }
  return { starts, maxEnds };
}

/** Number of ranges whose start is < x (strict) or <= x (`inclusive`). */
function countStartsBefore(index: SweepIndex, x: number, inclusive: boolean): number {
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = index.starts[mid]!;
    if (s < x || (inclusive && s === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A stylist-day's open and busy ranges, indexed once for many placement checks (`serviceFitsAt`). */
export type DayIndex = { open: SweepIndex; busy: SweepIndex };

/** Indexes a stylist-day: its open intervals and its busy ranges (epoch ms). */
export function indexDay(open: Range[], busy: Range[]): DayIndex {
  return { open: sweepIndex(open), busy: sweepIndex(busy) };
}

/**
 * True when a service of `durationMinutes` with busy `segments`, starting at `start` (epoch ms), lies wholly
 * inside one open interval of the indexed day and every busy part is clear of its busy time (rest gaps do
 * not block). The rule `availableStarts` applies to each start of its grid, for any start: a later service
 * of a visit begins where the one before it ends. Two binary searches per part.
 */
export function serviceFitsAt(day: DayIndex, start: number, durationMinutes: number, segments: BusySegment[]): boolean {
  const end = start + durationMinutes * MINUTE_MS;
  const inOpen = countStartsBefore(day.open, start, true);
  if (inOpen === 0 || day.open.maxEnds[inOpen - 1]! < end) return false;
  for (const s of segments) {
    const ps = start + s.startMinutes * MINUTE_MS;
    const pe = start + s.endMinutes * MINUTE_MS;
    const before = countStartsBefore(day.busy, pe, false);
    if (before > 0 && day.busy.maxEnds[before - 1]! > ps) return false;
  }
  return true;
}

/**
 * Bookable start instants (epoch ms) for a service on a date: every 15 minutes from the start of each
 * open interval, not before `now`, before `until`, with the whole service inside the interval and every
 * busy part clear of the stylist's busy time (rest gaps do not block).
 *
 * Same answer as checking `fits` per candidate; the busy and open ranges are sorted once and each busy
 * part costs two binary searches (overlap: some busy range starts before the part's end and ends after
 * its start; containment: some open interval starts at or before the part's start and ends at or after
 * its end) instead of scanning every range.
 */
export function availableStarts(q: SlotQuery): number[] {
  const step = SLOT_STEP_MINUTES * MINUTE_MS;
  const duration = q.durationMinutes * MINUTE_MS;
  const busy = sweepIndex(q.busy);
  const open = sweepIndex(q.open);
  const n = q.segments.length;
  const partStart = new Float64Array(n);
  const partEnd = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    partStart[k] = q.segments[k]!.startMinutes * MINUTE_MS;
    partEnd[k] = q.segments[k]!.endMinutes * MINUTE_MS;
  }
  const starts: number[] = [];
  let ascending = true;
  for (const interval of q.open) {
    for (let start = interval.start; start + duration <= interval.end; start += step) {
      if (start <= q.now) continue;
      if (q.until !== null && start >= q.until) continue;
      let ok = true;
      for (let k = 0; k < n && ok; k++) {
        const ps = start + partStart[k]!;
        const pe = start + partEnd[k]!;
        const inOpen = countStartsBefore(open, ps, true);
        if (inOpen === 0 || open.maxEnds[inOpen - 1]! < pe) ok = false;
        else {
          const before = countStartsBefore(busy, pe, false);
          if (before > 0 && busy.maxEnds[before - 1]! > ps) ok = false;
        }
      }
      if (!ok) continue;
      if (starts.length > 0 && start <= starts[starts.length - 1]!) ascending = false;
      starts.push(start);
    }
  }
  return ascending ? starts : [...new Set(starts)].sort((a, b) => a - b);
}

/**
 * The latest bookable instant for a client (epoch ms): the end of the 30th day after today (Madrid) at
 * `now` (epoch ms); NaN past year 9999.
 */
export function clientWindowEnd(now: number): number {
  const today = madridDayOf(now);
  const last = madridDay(utcDateOf(today.localMidnight + (CLIENT_WINDOW_DAYS + 1) * DAY_MS));
  return last ? last.start : NaN;
}

export type AvailableHour = { id: string; start_time: string; end_time: string };
export type HourGroup = { hour: string; hours: AvailableHour[] };

/**
 * Groups start instants into the spec's hour groups (`hour` is the Madrid hour label `HH:00`);
 * each hour carries `id` = `start_end`, with UTC ISO times, end = start + duration.
 */
export function groupByHour(starts: number[], durationMinutes: number): HourGroup[] {
  const groups = new Map<string, AvailableHour[]>();
  const duration = durationMinutes * MINUTE_MS;
  // The Madrid date of the starts (all on one date in practice): its offsets label every hour.
  let day: MadridDay | null = null;
  for (const start of starts) {
    if (!day || start < day.start || start >= day.end) day = madridDayOf(start);
    const label = HOUR_LABELS[madridHourOn(day, start)]!;
    const startIso = isoUtc(start);
    const endIso = isoUtc(start + duration);
    const entry = { id: `${startIso}_${endIso}`, start_time: startIso, end_time: endIso };
    const list = groups.get(label);
    if (list) list.push(entry);
    else groups.set(label, [entry]);
  }
  return [...groups.entries()].map(([hour, hours]) => ({ hour, hours }));
}

/** `00:00` … `23:00`. */
const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => formatHHmm(h * 60));
