/**
 * Weekly shift presentation (spec section 3, Employee.week_shifts): one entry per day id 0-6 (0 = Sunday)
 * with its Spanish label, availability and shifts `{id, open, close}` in Madrid `HH:mm`.
 */
import { formatHHmm } from './time';
import type { WeekShift } from './availability';

export const DAY_LABELS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;

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
