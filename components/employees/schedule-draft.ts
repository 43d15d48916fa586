/**
 * Form state of the schedule editors (spec sections 2 and 5, Employees): the weekly schedule being edited
 * (seven days, 0 = Sunday, shown Monday first), the special schedule being created, and what the API is
 * sent. Validation goes through the contract's schemas (ZShiftList, ZWeekShifts, ZSpecialShiftCreate), so
 * the form refuses exactly what the server refuses. Pure.
 */
import { resolveDay, totalMinutes, WEEK_ORDER } from '@/lib/domain/schedule';
import { formatHHmm, parseHHmm } from '@/lib/domain/time';
import { keepDraftItems } from '@/components/ui/keep-draft';
import type { SpecialShift, WeekShiftDay } from '@/lib/validation/dto';
import { ZShiftList, ZSpecialShiftCreate, ZWeekShifts, type WeekShiftsInput } from '@/lib/validation/employees';

/** A shift being edited; `key` only identifies the row on screen. */
export type DraftShift = { key: string; open: string; close: string };
/** A weekday being edited (0 = Sunday … 6 = Saturday). */
export type DraftDay = { id: number; available: boolean; shifts: DraftShift[] };

/** Time selections go in 5-minute steps (spec section 9). */
export const TIME_STEP = 5;
/** At most this many shifts a day (ZShiftList). */
export const MAX_SHIFTS = 6;
/** The first shift proposed for a day that has none. */
export const DEFAULT_SHIFT = { open: '09:00', close: '14:00' } as const;

let keySeq = 0;
/** A fresh row key. */
export function shiftKey(): string {
  keySeq += 1;
  return `shift-${keySeq}`;
}

const toDraftShifts = (shifts: { open: string; close: string }[]): DraftShift[] =>
  shifts.map((s) => ({ key: shiftKey(), open: s.open, close: s.close }));

/** The editable week from the API's `week_shifts`: all seven days by id, a missing day closed. */
export function draftWeek(days: WeekShiftDay[]): DraftDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map((id) => {
    const day = days.find((d) => d.id === id);
    const shifts = day ? toDraftShifts(day.shifts) : [];
    return { id, available: Boolean(day?.available) && shifts.length > 0, shifts };
  });
}

/** The days in display order: Monday first (WEEK_ORDER). */
export function displayOrder<T extends { id: number }>(days: T[]): T[] {
  return WEEK_ORDER.map((id) => days.find((d) => d.id === id)).filter((d): d is T => d !== undefined);
}

/** The `week_shifts` body of `PATCH /employees/{email}`: a closed day is sent without shifts. */
export function weekPayload(days: DraftDay[]): WeekShiftsInput {
  return [...days]
    .sort((a, b) => a.id - b.id)
    .map((d) => ({
      id: d.id,
      available: d.available,
      shifts: d.available ? d.shifts.map((s) => ({ open: s.open, close: s.close })) : [],
    }));
}

/** True when two drafts would send the same week. */
export function sameWeek(a: DraftDay[], b: DraftDay[]): boolean {
  return JSON.stringify(weekPayload(a)) === JSON.stringify(weekPayload(b));
}

/** True when two draft days would send the same (row keys aside). */
export function sameDay(a: DraftDay, b: DraftDay): boolean {
  return sameWeek([a], [b]);
}

/**
 * The week after a stale save (components/ui/keep-draft.ts): the days the person changed keep their draft,
 * every other day shows the current schedule (e.g. the Saturday shift a colleague just saved).
 */
export function keepDraftWeek(loaded: DraftDay[], draft: DraftDay[], current: DraftDay[]): DraftDay[] {
  return keepDraftItems(loaded, draft, current, (d) => d.id, sameDay);
}

/** True when the week can be sent (ZWeekShifts: seven days, each day's shifts following spec section 5). */
export function weekValid(days: DraftDay[]): boolean {
  return ZWeekShifts.safeParse(weekPayload(days)).success;
}

/** The message of the first invalid shift by its index (ZShiftList's Spanish messages); empty when valid. */
export function shiftErrors(shifts: { open: string; close: string }[]): Record<number, string> {
  const parsed = ZShiftList.safeParse(shifts.map((s) => ({ open: s.open, close: s.close })));
  const out: Record<number, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const index = issue.path[0];
    if (typeof index === 'number' && out[index] === undefined) out[index] = issue.message;
  }
  return out;
}

/** The working minutes of a day as edited (0 when closed). */
export function dayMinutes(day: { available: boolean; shifts: { open: string; close: string }[] }): number {
  return day.available ? totalMinutes(day.shifts) : 0;
}

/** A new shift after the last one: an hour after it ends, an hour long (kept within the day). */
export function nextShift(shifts: { open: string; close: string }[]): DraftShift {
  const last = shifts.at(-1);
  if (!last) return { key: shiftKey(), ...DEFAULT_SHIFT };
  let lastClose: number;
  try {
    lastClose = parseHHmm(last.close);
  } catch {
    lastClose = parseHHmm(DEFAULT_SHIFT.close);
  }
  const open = Math.min(lastClose + 60, 1440 - 2 * TIME_STEP);
  const close = Math.min(open + 60, 1440);
  return { key: shiftKey(), open: formatHHmm(open), close: formatHHmm(close) };
}

/** Switches a day on or off; a day switched on without shifts gets `fallback` (or the default shift). */
export function setAvailable(day: DraftDay, available: boolean, fallback?: { open: string; close: string }[]): DraftDay {
  if (!available || day.shifts.length > 0) return { ...day, available };
  const shifts = fallback && fallback.length > 0 ? toDraftShifts(fallback) : [{ key: shiftKey(), ...DEFAULT_SHIFT }];
  return { ...day, available, shifts };
}

/** Copies a day's availability and shifts onto the target days. */
export function copyDay(days: DraftDay[], from: number, targets: number[]): DraftDay[] {
  const source = days.find((d) => d.id === from);
  if (!source) return days;
  return days.map((d) =>
    d.id !== from && targets.includes(d.id)
      ? { ...d, available: source.available, shifts: toDraftShifts(source.shifts) }
      : d,
  );
}

/** A special schedule being created. */
export type SpecialDraft = { date: string | null; available: boolean; shifts: DraftShift[]; notes: string };

/** The body of `POST …/special-shifts` (null while no date is chosen); a closed day is sent without shifts. */
export function specialPayload(draft: SpecialDraft): { date: string; available: boolean; shift: { open: string; close: string }[]; notes: string } | null {
  if (!draft.date) return null;
  return {
    date: draft.date,
    available: draft.available,
    shift: draft.available ? draft.shifts.map((s) => ({ open: s.open, close: s.close })) : [],
    notes: draft.notes.trim(),
  };
}

/**
 * True when the special schedule can be created (spec section 5): a date that is not past and has no
 * special schedule yet, and when available at least one shift, all valid (ZSpecialShiftCreate).
 */
export function specialValid(draft: SpecialDraft, today: string, taken: ReadonlySet<string>): boolean {
  const body = specialPayload(draft);
  if (!body || body.date < today || taken.has(body.date)) return false;
  return ZSpecialShiftCreate.safeParse(body).success;
}

/** The weekly shifts that hold on `date` without special schedules (to prefill a special day switched on). */
export function weeklyShiftsOn(days: WeekShiftDay[], weekday: number): { open: string; close: string }[] {
  return resolveDay(days.find((d) => d.id === weekday), null).shift.map((s) => ({ open: s.open, close: s.close }));
}

/** Special schedules from `today` on, by date. */
export function upcomingSpecials(list: SpecialShift[], today: string): SpecialShift[] {
  return list.filter((s) => s.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}
