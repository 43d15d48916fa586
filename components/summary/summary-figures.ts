/**
 * The numbers of "Resumen" as the screen shows them (beyond-the-spec section 6): the period named in the URL,
 * the change of a figure against the previous equal period, es-ES percentages and the occupancy rows per
 * stylist. Pure, shared by the page, the screen and its tests.
 */
import { occupancyShare, type PeriodKind } from '@/lib/domain/summary';
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
      name: names[o.employee_id] ?? o.employee_id.replace(/@.*$/, ''),
      share: occupancyShare({ bookedMinutes: o.booked_minutes, scheduledMinutes: o.scheduled_minutes }),
      previousShare: prev ? occupancyShare({ bookedMinutes: prev.booked_minutes, scheduledMinutes: prev.scheduled_minutes }) : null,
      bookedMinutes: o.booked_minutes,
      scheduledMinutes: o.scheduled_minutes,
    };
  });
}
