import { weekRange, type AgendaView } from '@/lib/domain/agenda';
import { mediumDay, shortMonth } from '@/lib/format';

/**
 * The visible date or week, short enough for a 360 px phone: `lun, 23 nov 2026` in day view;
 * `23–29 nov 2026`, `30 nov – 6 dic 2026` or `28 dic 2026 – 3 ene 2027` in week view.
 */
export function rangeLabel(date: string, view: AgendaView): string {
  if (view === 'day') return mediumDay(date);
  const { start, end } = weekRange(date);
  const [startYear, startMonth, startDay] = start.split('-').map(Number) as [number, number, number];
  const [endYear, endMonth, endDay] = end.split('-').map(Number) as [number, number, number];
  const last = `${endDay} ${shortMonth(end)} ${endYear}`;
  if (startYear !== endYear) return `${startDay} ${shortMonth(start)} ${startYear} – ${last}`;
  if (startMonth !== endMonth) return `${startDay} ${shortMonth(start)} – ${last}`;
  return `${startDay}–${last}`;
}
