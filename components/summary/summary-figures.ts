/**
 * The numbers of "Resumen" as the screen shows them (beyond-the-spec section 6): the period named in the URL,
 * the change of a figure against the previous equal period and whether it is good or bad for the owner, es-ES
 * percentages, the occupancy rows per stylist and the chart of occupancy by day and stylist. Pure, shared by
 * the page, the screen and its tests.
 */
import { occupancyShare, type PeriodKind } from '@/lib/domain/summary';
import { datesBetween, weekdayOf } from '@/lib/domain/time';
import type { Summary } from '@/lib/validation/reports';

/** The periods of the segmented control, in its order. */
export const PERIOD_KINDS: readonly PeriodKind[] = ['day', 'week', 'month'];

/** The period of `?period=day|week|month`; Semana for anything else. */
export function periodKindOf(value: unknown): PeriodKind {
  return typeof value === 'string' && (PERIOD_KINDS as readonly string[]).includes(value) ? (value as PeriodKind) : 'week';
}

const PERCENT = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });
const SIGNED_PERCENT = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const INTEGER = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

/** `6 %`: a share 0–1 as a whole es-ES percentage. */
export function percent(share: number): string {
  return PERCENT.format(share);
}

/**
 * The relative change of a count or an amount against the previous period (0.12 for +12 %): null without a
 * previous value to compare with (nothing before, or zero before and something now); 0 when both are zero.
 */
export function relativeChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

/** `+12 %`, `-5 %`, `0 %`: a relative change in es-ES; null stays null. */
export function signedPercent(change: number | null): string | null {
  return change === null ? null : SIGNED_PERCENT.format(change);
}

/**
 * The change of a share (occupancy, % con próxima cita) in percentage points, rounded (`{ sign: '+', value: 5 }`
 * for 40 % → 45 %); null when either share is missing.
 */
export function pointsChange(current: number | null, previous: number | null | undefined): { sign: string; value: string } | null {
  if (current === null || previous === null || previous === undefined) return null;
  const points = Math.round((current - previous) * 100);
  return { sign: points > 0 ? '+' : points < 0 ? '-' : '', value: INTEGER.format(Math.abs(points)) };
}

/** One stylist's row of the occupancy chart: the name, the share (null without schedule) and the minutes. */
export type OccupancyRow = {
  employeeId: string;
  name: string;
  share: number | null;
  previousShare: number | null;
  bookedMinutes: number;
  scheduledMinutes: number;
};

/**
 * The occupancy rows of a summary in its order, each stylist named from `names` (e-mail → name; a stylist
 * not listed, such as a removed one, by the e-mail's local part), with the share of the previous period.
 */
export function occupancyRows(current: Summary, previous: Summary | undefined, names: Readonly<Record<string, string>>): OccupancyRow[] {
  const before = new Map((previous?.occupancy ?? []).map((o) => [o.employee_id, o]));
  return current.occupancy.map((o) => {
    const prev = before.get(o.employee_id);
    return {
      employeeId: o.employee_id,
      name: stylistName(o.employee_id, names),
      share: occupancyShare({ bookedMinutes: o.booked_minutes, scheduledMinutes: o.scheduled_minutes }),
      previousShare: prev ? occupancyShare({ bookedMinutes: prev.booked_minutes, scheduledMinutes: prev.scheduled_minutes }) : null,
      bookedMinutes: o.booked_minutes,
      scheduledMinutes: o.scheduled_minutes,
    };
  });
}

/** A stylist's name for the screen: from `names` (e-mail → name), else the e-mail's local part (a removed stylist). */
export function stylistName(employeeId: string, names: Readonly<Record<string, string>>): string {
  return names[employeeId] ?? employeeId.replace(/@.*$/, '');
}

/* ------------------------------------------------------------------------------------------------ */
/* Occupancy by day and stylist                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The colour step of a day's occupancy: `none` without scheduled time (closed, a day off, or all of it
 * blocked), 0 with nothing booked, then by the whole percentage as the cell shows it: 1 below 25 %, 2 below
 * 50 %, 3 below 75 %, 4 at 75 % or more (above 100 % too).
 */
export type OccupancyLevel = 'none' | 0 | 1 | 2 | 3 | 4;

/** The colour steps of the chart's legend, in its order. */
export const OCCUPANCY_LEVELS: readonly OccupancyLevel[] = [0, 1, 2, 3, 4, 'none'];

/**
 * The whole percentage of an occupancy share as the screen shows it (0.456 → 46); null stays null (no
 * scheduled time).
 */
export function wholePercent(share: number | null): number | null {
  return share === null ? null : Math.round(share * 100);
}

/**
 * The colour step of booked over scheduled minutes (see OccupancyLevel): booked time without a schedule is
 * still `none`; any booked time with a schedule is at least step 1, even when it rounds to 0 %.
 */
export function occupancyLevel(bookedMinutes: number, scheduledMinutes: number): OccupancyLevel {
  if (scheduledMinutes <= 0) return 'none';
  if (bookedMinutes <= 0) return 0;
  const whole = wholePercent(bookedMinutes / scheduledMinutes)!;
  return whole < 25 ? 1 : whole < 50 ? 2 : whole < 75 ? 3 : 4;
}

/** One cell of the chart: a stylist's day, its minutes, share (null without schedule) and colour step. */
export type OccupancyCell = {
  date: string;
  bookedMinutes: number;
  scheduledMinutes: number;
  share: number | null;
  level: OccupancyLevel;
};

/** The chart of occupancy by day: the period's days (ascending) and one row per stylist with a cell per day. */
export type OccupancyGrid = {
  days: string[];
  rows: { employeeId: string; name: string; cells: OccupancyCell[] }[];
};

/**
 * The chart of occupancy by day and stylist of a summary: its days from `from` to `to`, and the stylists of
 * `occupancy` in its order, each named as the bars name them, with a cell per day from `occupancy_by_day` (a
 * day missing there counts as one without schedule). Null when `occupancy_by_day` is empty or no stylist is
 * listed: nothing to draw.
 */
export function occupancyGrid(summary: Summary, names: Readonly<Record<string, string>>): OccupancyGrid | null {
  if (summary.occupancy_by_day.length === 0 || summary.occupancy.length === 0) return null;
  const days = datesBetween(summary.from, summary.to);
  const byKey = new Map(summary.occupancy_by_day.map((d) => [`${d.date} ${d.employee_id}`, d]));
  const rows = summary.occupancy.map((o) => ({
    employeeId: o.employee_id,
    name: stylistName(o.employee_id, names),
    cells: days.map((date): OccupancyCell => {
      const d = byKey.get(`${date} ${o.employee_id}`);
      const booked = d?.booked_minutes ?? 0;
      const scheduled = d?.scheduled_minutes ?? 0;
      return {
        date,
        bookedMinutes: booked,
        scheduledMinutes: scheduled,
        share: occupancyShare({ bookedMinutes: booked, scheduledMinutes: scheduled }),
        level: occupancyLevel(booked, scheduled),
      };
    }),
  }));
  return { days, rows };
}

/**
 * The days of a period (ascending, consecutive) laid out in Monday–Sunday weeks, as a calendar does: each
 * week 7 slots, Monday first, holding the index of the slot's day in `days`, or null for a day outside the
 * period (in its first and last weeks). A Monday–Sunday week gives one week; a month 4 to 6.
 */
export function calendarWeeks(days: readonly string[]): (number | null)[][] {
  const weeks: (number | null)[][] = [];
  days.forEach((date, index) => {
    const column = (weekdayOf(date) + 6) % 7;
    if (weeks.length === 0 || column === 0) weeks.push(Array<number | null>(7).fill(null));
    weeks[weeks.length - 1]![column] = index;
  });
  return weeks;
}

/** The weekday keys of the chart's columns, Monday first (messages `summary.weekday.*`). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/* ------------------------------------------------------------------------------------------------ */
/* Good and bad changes                                                                              */
/* ------------------------------------------------------------------------------------------------ */

/** Which way a figure should move for the owner: `up` (revenue, visits, clients, occupancy) or `down` (losses). */
export type Better = 'up' | 'down';

/** The figures of the screen (messages `summary.figure.*`) and occupancy. */
export type FigureKey =
  | 'revenue'
  | 'attended'
  | 'noShows'
  | 'cancelled'
  | 'lateCancellations'
  | 'noShowLoss'
  | 'newClients'
  | 'returningClients'
  | 'rebooked'
  | 'refills'
  | 'occupancy';

/** Which way each figure should move: more is better except for no-shows, cancellations and their loss. */
export const BETTER: Readonly<Record<FigureKey, Better>> = {
  revenue: 'up',
  attended: 'up',
  noShows: 'down',
  cancelled: 'down',
  lateCancellations: 'down',
  noShowLoss: 'down',
  newClients: 'up',
  returningClients: 'up',
  rebooked: 'up',
  refills: 'up',
  occupancy: 'up',
};

/** The direction of a change as shown: 1 up, -1 down, 0 for none or one that rounds to nothing. */
export type Direction = -1 | 0 | 1;

/**
 * The direction of a relative change (0.12 for +12 %) as `signedPercent` shows it: 0 for null and for a
 * change that rounds to 0 %.
 */
export function changeDirection(change: number | null): Direction {
  if (change === null || Math.round(Math.abs(change) * 100) === 0) return 0;
  return change > 0 ? 1 : -1;
}

/** The direction of a change in points as `pointsChange` gives it: 0 for null and for 0 points. */
export function pointsDirection(points: { sign: string } | null): Direction {
  return points?.sign === '+' ? 1 : points?.sign === '-' ? -1 : 0;
}

/** How a change reads for the owner. */
export type ChangeTone = 'good' | 'bad' | 'neutral';

/** The tone of a change in `direction` for a figure that should go `better`: neutral when it did not move. */
export function changeTone(direction: Direction, better: Better): ChangeTone {
  if (direction === 0) return 'neutral';
  return (direction > 0) === (better === 'up') ? 'good' : 'bad';
}
