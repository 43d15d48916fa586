/**
 * A stylist's working schedule (spec sections 3 and 5; Employee.week_shifts and special_shifts): which
 * shifts hold on a date, and the rules a list of shifts must follow. Pure; the one place of the rule
 * "a special shift replaces the weekly shifts of its date; `available` false or no shifts = closed",
 * used by availability, the agenda, the wizards' date step and the schedule editors.
 */
import { parseHHmm, weekdayOf } from './time';

/** A working interval in Madrid wall clock `HH:mm` (extra fields such as `id` travel along). */
export type ShiftLike = { open: string; close: string };
/** One weekday of a weekly schedule (0 = Sunday … 6 = Saturday). */
export type WeekDayLike<S extends ShiftLike = ShiftLike> = { id: number; available: boolean | number; shifts: S[] };
/** A dated exception (`available` arrives as a boolean or 1/0). */
export type SpecialDayLike<S extends ShiftLike = ShiftLike> = {
  date: string;
  available: boolean | number;
  shift: S[];
  notes?: string | null;
};

/** The hours that hold on one date. */
export type DaySchedule<S extends ShiftLike = ShiftLike> = {
  /** True when the stylist works that date (at least one shift). */
  available: boolean;
  /** True when a special shift decided the date. */
  special: boolean;
  notes: string;
  shift: S[];
};

/**
 * THE rule: the shifts of a date are the special shift's when that date has one (none when it is marked
 * unavailable), else the weekly day's (none when that day is marked unavailable); a date is available
 * only with at least one shift.
 */
export function resolveDay<S extends ShiftLike>(
  weekday: { available: boolean | number; shifts: S[] } | undefined,
  special: { available: boolean | number; shift: S[]; notes?: string | null } | undefined | null,
): DaySchedule<S> {
  if (special) {
    const shift = special.available ? special.shift : [];
    return { available: shift.length > 0, special: true, notes: special.notes ?? '', shift };
  }
  const shift = weekday && weekday.available ? weekday.shifts : [];
  return { available: shift.length > 0, special: false, notes: '', shift };
}

/** The schedule of a stylist (weekly days and special shifts, as the API lists them) on a Madrid date. */
export function shiftOfDate<S extends ShiftLike>(
  employee: { week_shifts: WeekDayLike<S>[]; special_shifts: SpecialDayLike<S>[] },
  date: string,
): DaySchedule<S> {
  const special = employee.special_shifts.find((s) => s.date === date);
  const weekday = employee.week_shifts.find((d) => d.id === weekdayOf(date));
  return resolveDay(weekday, special);
}

/** True when the stylist works on `date` (see `resolveDay`). */
export function isWorkingDate(employee: { week_shifts: WeekDayLike[]; special_shifts: SpecialDayLike[] }, date: string): boolean {
  return shiftOfDate(employee, date).available;
}

/** What is wrong with a list of shifts (spec section 5, week and special shifts), in order of appearance. */
export type ShiftListError =
  /** A shift lacks its start or end, or a time is not `HH:mm`. */
  | 'missing_time'
  /** A time is not on the 5-minute grid. */
  | 'off_grid'
  /** A shift ends at or before it starts. */
  | 'end_before_start'
  /** A shift starts at or before the previous one ends. */
  | 'starts_before_previous_end';

/** Minutes after midnight of `HH:mm`, or null when malformed (24:00 is the end of the day). */
export function minutesOf(value: string | null | undefined): number | null {
  if (!value) return null;
  try {
    return parseHHmm(value);
  } catch {
    return null;
  }
}

/**
 * Checks shifts in the order given: each has a start and an end on the 5-minute grid, ends after it
 * starts, and starts after the previous one ends (spec section 5). Returns the first error with the
 * index of the offending shift, or null.
 */
export function shiftListError(shifts: { open?: string | null; close?: string | null }[]): { index: number; error: ShiftListError } | null {
  let previousEnd = -1;
  for (const [index, s] of shifts.entries()) {
    const open = minutesOf(s.open);
    const close = minutesOf(s.close);
    if (open === null || close === null || open >= 1440) return { index, error: 'missing_time' };
    if (open % 5 !== 0 || close % 5 !== 0) return { index, error: 'off_grid' };
    if (close <= open) return { index, error: 'end_before_start' };
    if (open <= previousEnd) return { index, error: 'starts_before_previous_end' };
    previousEnd = close;
  }
  return null;
}

/** Total working minutes of a list of shifts (the editors' opening-hours total). */
export function totalMinutes(shifts: ShiftLike[]): number {
  return shifts.reduce((sum, s) => sum + Math.max(0, (minutesOf(s.close) ?? 0) - (minutesOf(s.open) ?? 0)), 0);
}

/** Display order of weekdays: Monday first (data ids, 0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
