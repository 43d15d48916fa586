import { daysToEvents, LEAVE_COLOR, type AgendaDay } from '@/lib/domain/agenda';
import { dimColor } from './contrast';
import { coloredEvents } from './event-style';

/** 09:00 in Madrid, Monday 23 November 2026. */
const NOW = '2026-11-23T08:00:00.000Z';
const STYLIST_COLOR = '#1e88e5';

const record = (type: 'appointment' | 'leave', id: string, start: string, end: string) => ({
  id,
  type,
  status: 'pending',
  employee_id: 'marcos@klok.demo',
  employee_name: 'Marcos Ruiz',
  date: '2026-11-23',
  start_time: start,
  end_time: end,
  client_id: 'cliente@klok.demo',
  client_name: 'Ana García',
  service_name: 'Corte',
  busy_slots: [],
  notes: null,
  created_by: 'Lucía Martín',
  created_at: '2026-11-20T10:00:00.000Z',
});

const day = (): AgendaDay =>
  ({
    date: '2026-11-23',
    employee_id: 'marcos@klok.demo',
    employee_name: 'Marcos Ruiz',
    available: true,
    special: false,
    notes: '',
    shift: [{ id: 's1', open: '07:00', close: '14:00' }],
    appointments: [
      record('leave', 'past-leave', '2026-11-23T06:00:00.000Z', '2026-11-23T07:00:00.000Z'),
      record('leave', 'next-leave', '2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z'),
      record('appointment', 'past-appt', '2026-11-23T07:00:00.000Z', '2026-11-23T07:30:00.000Z'),
      record('appointment', 'next-appt', '2026-11-23T10:00:00.000Z', '2026-11-23T10:30:00.000Z'),
    ],
  }) as unknown as AgendaDay;

describe('coloredEvents: past events are dimmed (spec section 4: 80 % brightness)', () => {
  const events = coloredEvents(daysToEvents([day()], NOW, { leave: 'Franja bloqueada', closed: 'Cerrado', visit: (position: number, size: number) => `Visita ${position}/${size}` }), [
    { id: 'marcos@klok.demo', title: 'Marcos Ruiz', eventColor: STYLIST_COLOR } as never,
  ]);
  const bg = (id: string) => events.find((e) => e.id === id)?.backgroundColor;

  test('a blocked slot that has ended is dimmed like a past appointment', () => {
    expect(bg('past-leave')).toBe(dimColor(LEAVE_COLOR, 0.8));
    expect(bg('next-leave')).toBe(LEAVE_COLOR);
    expect(bg('past-appt')).toBe(dimColor(STYLIST_COLOR, 0.8));
    expect(bg('next-appt')).toBe(STYLIST_COLOR);
  });
});
