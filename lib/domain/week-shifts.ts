/**
 * Weekly shift presentation (spec section 3, Employee.week_shifts): one entry per day id 0-6 (0 = Sunday)
 * with its Spanish label, availability and shifts `{id, open, close}` in Madrid `HH:mm`.
 */
import messages from '@/lib/i18n/messages/es.json';
import { formatHHmm } from './time';
import type { WeekShift } from './availability';

type DayId = keyof typeof messages.employees.days;

/** The Spanish day names of the week shifts (es.json `employees.days`), Sunday (0) first. */
export const DAY_LABELS: readonly string[] = (['0', '1', '2', '3', '4', '5', '6'] as const satisfies readonly DayId[]).map(
  (day) => messages.employees.days[day],
);

/** Stored rows → the seven days of the spec, Sunday (0) first; Monday-first display is the UI's concern. */
export function toWeekShiftDays(rows: WeekShift[]): { id: number; label: string; available: boolean; shifts: { id: string; open: string; close: string }[] }[] {
  return DAY_LABELS.map((label, day) => {
    const shifts = rows
      .filter((r) => r.day === day)
      .sort((a, b) => a.openMinute - b.openMinute)
      .map((r, i) => ({ id: `${day}-${i}`, open: formatHHmm(r.openMinute), close: formatHHmm(r.closeMinute) }));
    return { id: day, label, available: shifts.length > 0, shifts };
  });
}
