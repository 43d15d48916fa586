/**
 * Appointments a schedule change would leave outside working hours (decisions "Schedule changes and
 * booked appointments"; spec sections 3 and 5). Pure: no I/O, no clock (the caller passes `now`).
 *
 * A busy part is inside working hours when it lies within one open interval of its Madrid date
 * (`openIntervals`, which applies THE rule `resolveDay`: a special shift replaces the weekly shifts).
 * A part that runs past midnight is cut at each Madrid midnight and every piece is checked against its
 * own date. Pieces that have already ended (at or before `now`) do not matter.
 */
import { openIntervals, type SpecialShift, type WeekShift } from './availability';
import { contains, madridDate, madridWallClock, type Range } from './time';

/** The schedule that holds on a Madrid date: the weekly shifts and that date's special shift, if any. */
export type ScheduleOn = (date: string) => { week: WeekShift[]; special: SpecialShift | null };

/**
 * An appointment as far as this check cares: its busy parts (UTC ISO instants) and, as a fallback when
 * it has none, its start and end. The contract's `Appointment` qualifies.
 */
export type WithBusyParts = { start_time: string; end_time: string; busy_slots: { start_time: string; end_time: string }[] };

/**
 * Cuts an instant range `[start, end)` (epoch ms) at Madrid midnights. Returns the pieces in order, each
 * with its Madrid date (`YYYY-MM-DD`); an empty or inverted range gives none.
 */
export function piecesByDate(range: Range): { date: string; range: Range }[] {
  const out: { date: string; range: Range }[] = [];
  let cursor = range.start;
  while (cursor < range.end && out.length < 400) {
    const date = madridDate(cursor);
    const end = Math.min(range.end, madridWallClock(date, 1440));
    out.push({ date, range: { start: cursor, end } });
    cursor = end;
  }
  return out;
}

/** The busy parts of an appointment as epoch-ms ranges (the whole appointment when it lists none). */
function partsOf(a: WithBusyParts): Range[] {
  const slots = a.busy_slots.length > 0 ? a.busy_slots : [{ start_time: a.start_time, end_time: a.end_time }];
  return slots.map((s) => ({ start: Date.parse(s.start_time), end: Date.parse(s.end_time) }));
}

/**
 * The appointments with at least one busy part (or piece of one, per Madrid date) ending after `now`
 * (epoch ms) that is not contained in an open interval of its date under `scheduleOn`.
 * Keeps the input order; returns the same objects.
 */
export function outsideHours<T extends WithBusyParts>(appointments: T[], scheduleOn: ScheduleOn, now: number): T[] {
  const cache = new Map<string, Range[]>();
  const openOn = (date: string): Range[] => {
    let open = cache.get(date);
    if (!open) {
      const { week, special } = scheduleOn(date);
      open = openIntervals(date, week, special);
      cache.set(date, open);
    }
    return open;
  };
  return appointments.filter((a) =>
    partsOf(a).some((part) =>
      piecesByDate(part).some((piece) => piece.range.end > now && !openOn(piece.date).some((o) => contains(o, piece.range))),
    ),
  );
}

/**
 * The appointments a schedule change orphans: outside working hours under `after` but not under
 * `before` (see `outsideHours`). Appointments already outside the old hours — staff may book overtime
 * and walk-ins outside shifts (decisions "Staff booking for a client") — are not the change's doing and
 * are not reported, so they do not block every later edit of the schedule.
 */
export function orphanedBy<T extends WithBusyParts>(appointments: T[], before: ScheduleOn, after: ScheduleOn, now: number): T[] {
  const already = new Set(outsideHours(appointments, before, now));
  return outsideHours(appointments, after, now).filter((a) => !already.has(a));
}
