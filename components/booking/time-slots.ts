/**
 * The time-slot generator of the leave flow (spec section 9): Madrid wall-clock times of a date from
 * 05:00 to before 22:00, labelled `HH:mm` in Madrid, valued as UTC ISO instants. The leave flow uses
 * 5-minute steps (spec: time selections in 5-minute steps); the end list runs up to 22:00 included.
 * Pure.
 */
import { formatHHmm, madridWallClock, MINUTE_MS } from '@/lib/domain/time';
import { timeOf } from '@/lib/format';

export type TimeSlot = { label: string; value: string };

export const SLOT_FIRST_MINUTE = 5 * 60;
export const SLOT_LAST_MINUTE = 22 * 60;
export const LEAVE_STEP_MINUTES = 5;

export type SlotOptions = {
  /** Minutes after midnight of the first slot (default 05:00). */
  from?: number;
  /** Minutes after midnight the slots stay before (default 22:00, excluded). */
  to?: number;
  /** Minutes between slots (default 15, spec section 9). */
  step?: number;
};

/** The slots of a Madrid date (YYYY-MM-DD) in [from, to). */
export function timeSlots(date: string, { from = SLOT_FIRST_MINUTE, to = SLOT_LAST_MINUTE, step = 15 }: SlotOptions = {}): TimeSlot[] {
  const slots: TimeSlot[] = [];
  for (let minute = from; minute < to; minute += step) {
    slots.push({ label: formatHHmm(minute), value: new Date(madridWallClock(date, minute)).toISOString() });
  }
  return slots;
}

/** A slot for an instant outside the generated list (e.g. a range selected in the agenda at 22:30). */
export function slotOf(instant: string): TimeSlot {
  return { label: timeOf(instant), value: new Date(Date.parse(instant)).toISOString() };
}

/** Adds `extra` instants missing from `slots`, keeping the list in time order. */
function withExtras(slots: TimeSlot[], extras: (string | undefined)[]): TimeSlot[] {
  const known = new Set(slots.map((s) => Date.parse(s.value)));
  const added = extras.filter((e): e is string => Boolean(e) && !known.has(Date.parse(e!))).map(slotOf);
  if (added.length === 0) return slots;
  return [...slots, ...added].sort((a, b) => Date.parse(a.value) - Date.parse(b.value));
}

/**
 * The start choices of a blocked range: every 5 minutes from 05:00 to 21:55, without the slots
 * already over at `now` (a start may lie at most 5 minutes in the past, like the server allows);
 * `keep` (a start selected in the agenda) is always offered.
 */
export function leaveStartSlots(date: string, now: number, keep?: string): TimeSlot[] {
  const slots = timeSlots(date, { step: LEAVE_STEP_MINUTES }).filter((s) => Date.parse(s.value) + LEAVE_STEP_MINUTES * MINUTE_MS > now);
  return withExtras(slots, [keep]);
}

/** The end choices after `start`: every 5 minutes from 05:05 up to 22:00 included, plus `keep` (an end selected in the agenda). */
export function leaveEndSlots(date: string, start: string | undefined, keep?: string): TimeSlot[] {
  const generated = timeSlots(date, {
    from: SLOT_FIRST_MINUTE + LEAVE_STEP_MINUTES,
    to: SLOT_LAST_MINUTE + LEAVE_STEP_MINUTES,
    step: LEAVE_STEP_MINUTES,
  });
  const slots = withExtras(generated, [keep]);
  if (!start) return slots;
  const from = Date.parse(start);
  return slots.filter((s) => Date.parse(s.value) > from);
}
