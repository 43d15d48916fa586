import { DateTime } from 'luxon';
import { weekRange, type AgendaView } from '@/lib/domain/agenda';
import { ZONE } from '@/lib/domain/time';

/**
 * The visible date or week, short enough for a 360 px phone: `lun, 23 nov 2026` in day view;
 * `23–29 nov 2026`, `30 nov – 6 dic 2026` or `28 dic 2026 – 3 ene 2027` in week view.
 */
export function rangeLabel(date: string, view: AgendaView): string {
  if (view === 'day') return DateTime.fromISO(date, { zone: ZONE }).setLocale('es').toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY);
  const { start, end } = weekRange(date);
  const a = DateTime.fromISO(start, { zone: ZONE }).setLocale('es');
  const b = DateTime.fromISO(end, { zone: ZONE }).setLocale('es');
  const last = b.toFormat('d LLL yyyy');
  if (a.year !== b.year) return `${a.toFormat('d LLL yyyy')} – ${last}`;
  if (a.month !== b.month) return `${a.toFormat('d LLL')} – ${last}`;
  return `${a.toFormat('d')}–${last}`;
}
