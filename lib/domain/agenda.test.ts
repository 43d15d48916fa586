import type { Appointment, Leave } from '@/lib/validation/dto';
import {
  AGENDA_GRID,
  AGENDA_STORAGE_KEY,
  EVENT_CLASS,
  FALLBACK_EMPLOYEE_COLOR,
  LEAVE_COLOR,
  awaitingAttendance,
  businessHoursFor,
  datesOf,
  daysToEvents,
  movedAppointmentStart,
  employeeColor,
  gridSpan,
  isPast,
  offShiftSpans,
  openingMinute,
  orderResources,
  parseStoredHidden,
  parseStoredView,
  rangesOverlap,
  selectionError,
  selectionQuery,
  selectionRange,
  shiftDate,
  shiftLabel,
  shiftOfDate,
  shiftTitle,
  slotAt,
  toResources,
  visibleRange,
  weekRange,
  type AgendaDay,
  type AgendaEmployee,
  type AgendaEvent,
  type AgendaView,
} from './agenda';
import { isoUtc, madridDate, madridWallClock, parseHHmm } from './time';

/** The Spanish texts the screen passes from es.json. */
const TEXTS = { leave: 'Franja bloqueada', closed: 'Cerrado', visit: (position: number, size: number) => `Visita ${position}/${size}` };

const T = (iso: string) => Date.parse(iso);

describe('rangesOverlap', () => {
  test.each([
    ['disjoint before', ['09:00', '10:00'], ['11:00', '12:00'], false],
    ['disjoint after', ['11:00', '12:00'], ['09:00', '10:00'], false],
    ['touching: a ends when b starts', ['09:00', '10:00'], ['10:00', '11:00'], false],
    ['touching: b ends when a starts', ['10:00', '11:00'], ['09:00', '10:00'], false],
    ['partial overlap at start', ['09:00', '10:30'], ['10:00', '11:00'], true],
    ['partial overlap at end', ['10:30', '11:30'], ['10:00', '11:00'], true],
    ['a inside b', ['10:15', '10:45'], ['10:00', '11:00'], true],
    ['b inside a', ['09:00', '12:00'], ['10:00', '11:00'], true],
    ['identical', ['10:00', '11:00'], ['10:00', '11:00'], true],
    ['one minute of overlap', ['09:00', '10:01'], ['10:00', '11:00'], true],
  ])('%s', (_name, a, b, expected) => {
    const at = (hm: string) => `2026-11-23T${hm}:00.000Z`;
    expect(rangesOverlap({ start: at(a[0]!), end: at(a[1]!) }, { start: at(b[0]!), end: at(b[1]!) })).toBe(expected);
  });

  test('accepts Dates, epoch ms and ISO strings alike', () => {
    const a = { start: new Date('2026-11-23T09:00:00Z'), end: T('2026-11-23T10:00:00Z') };
    expect(rangesOverlap(a, { start: '2026-11-23T09:30:00+00:00', end: '2026-11-23T11:00:00Z' })).toBe(true);
    expect(rangesOverlap(a, { start: '2026-11-23T11:00:00+01:00', end: '2026-11-23T12:00:00+01:00' })).toBe(false);
  });
});

describe('isPast', () => {
  const now = '2026-11-23T10:00:00.000Z';
  test.each([
    ['ended a minute ago', '2026-11-23T09:59:00.000Z', true],
    ['ends right now', '2026-11-23T10:00:00.000Z', false],
    ['ends later', '2026-11-23T10:00:01.000Z', false],
    ['yesterday', '2026-11-22T10:00:00.000Z', true],
  ])('%s', (_n, end, expected) => {
    expect(isPast(end, now)).toBe(expected);
    expect(isPast(new Date(end), T(now))).toBe(expected);
  });
});

describe('madridDate (today at now)', () => {
  test.each([
    ['Madrid is UTC+1 in winter: 23:30 UTC is the next day', '2026-11-23T23:30:00Z', '2026-11-24'],
    ['22:59 UTC is still the same day in winter', '2026-11-23T22:59:00Z', '2026-11-23'],
    ['UTC+2 in summer: 22:30 UTC is the next day', '2026-07-01T22:30:00Z', '2026-07-02'],
    ['21:59 UTC is the same day in summer', '2026-07-01T21:59:00Z', '2026-07-01'],
  ])('%s', (_n, now, expected) => {
    expect(madridDate(now)).toBe(expected);
  });
});

describe('weekRange (Monday..Sunday)', () => {
  test.each([
    ['a Monday', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['a Wednesday', '2026-11-25', '2026-11-23', '2026-11-29'],
    ['a Sunday belongs to the week before', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['across months', '2026-12-02', '2026-11-30', '2026-12-06'],
    ['across years', '2027-01-01', '2026-12-28', '2027-01-03'],
    ['the week of the spring DST change', '2026-03-29', '2026-03-23', '2026-03-29'],
    ['the week of the autumn DST change', '2026-10-25', '2026-10-19', '2026-10-25'],
    ['leap day', '2028-02-29', '2028-02-28', '2028-03-05'],
  ])('%s', (_n, date, start, end) => {
    expect(weekRange(date)).toEqual({ start, end });
  });
});

describe('visibleRange', () => {
  test.each<[AgendaView, string, string, string]>([
    ['day', '2026-11-25', '2026-11-25', '2026-11-25'],
    ['week', '2026-11-25', '2026-11-23', '2026-11-29'],
    ['day', '2026-11-29', '2026-11-29', '2026-11-29'],
    ['week', '2026-11-29', '2026-11-23', '2026-11-29'],
  ])('%s view of %s', (view, date, start, end) => {
    expect(visibleRange(date, view)).toEqual({ start, end });
  });
});

describe('datesOf', () => {
  test('one date', () => expect(datesOf({ start: '2026-11-23', end: '2026-11-23' })).toEqual(['2026-11-23']));
  test('a week across a month end', () =>
    expect(datesOf(weekRange('2026-12-01'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]));
  test('a week over the autumn DST change still has seven dates', () =>
    expect(datesOf(weekRange('2026-10-25'))).toHaveLength(7));
  test('an inverted range is empty', () => expect(datesOf({ start: '2026-11-24', end: '2026-11-23' })).toEqual([]));
});

describe('shiftDate', () => {
  test.each<[string, AgendaView, 1 | -1, string]>([
    ['2026-11-23', 'day', 1, '2026-11-24'],
    ['2026-11-23', 'day', -1, '2026-11-22'],
    ['2026-11-30', 'day', 1, '2026-12-01'],
    ['2026-12-31', 'day', 1, '2027-01-01'],
    ['2026-03-28', 'day', 1, '2026-03-29'],
    ['2026-03-29', 'day', 1, '2026-03-30'],
    ['2026-10-25', 'day', -1, '2026-10-24'],
    ['2026-11-23', 'week', 1, '2026-11-30'],
    ['2026-11-23', 'week', -1, '2026-11-16'],
    ['2026-11-25', 'week', 1, '2026-12-02'],
    ['2026-12-28', 'week', 1, '2027-01-04'],
    ['2026-03-25', 'week', 1, '2026-04-01'],
  ])('%s %s %i → %s', (date, view, dir, expected) => {
    expect(shiftDate(date, view, dir)).toBe(expected);
  });
});

describe('parseStoredView', () => {
  test('the storage key', () => expect(AGENDA_STORAGE_KEY).toBe('agenda-storage'));
  test.each<[string | null | undefined, AgendaView]>([
    [null, 'day'],
    [undefined, 'day'],
    ['', 'day'],
    ['{"view":"week"}', 'week'],
    ['{"view":"day"}', 'day'],
    ['{"view":"month"}', 'day'],
    ['{}', 'day'],
    ['null', 'day'],
    ['not json', 'day'],
  ])('%p → %s', (raw, view) => {
    expect(parseStoredView(raw)).toBe(view);
  });
});

// ---------- fixtures ----------

const appt = (over: Partial<Appointment> = {}): Appointment => ({
  id: 'a1',
  visit_id: 'a1',
  type: 'appointment',
  facility_id: 1,
  employee_id: 'marcos@klok.demo',
  employee_name: 'Marcos Ruiz',
  client_id: 'cliente@klok.demo',
  client_name: 'Ana García',
  user_id: 'u1',
  user_name: 'Ana García',
  is_guest: false,
  service_id: 1,
  service_name: 'Corte',
  service_price: 18,
  date: '2026-11-23',
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-23T09:30:00.000Z',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'Ana García',
  created_by_role: 'client',
  notes: null,
  attendance: null,
  confirmation: 'not_required',
  confirmation_cutoff_time: null,
  busy_slots: [{ start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z' }],
  ...over,
});

const leave = (over: Partial<Leave> = {}): Leave => ({
  id: 'l1',
  type: 'leave',
  facility_id: 1,
  employee_id: 'marcos@klok.demo',
  employee_name: 'Marcos Ruiz',
  date: '2026-11-23',
  start_time: '2026-11-23T12:00:00.000Z',
  end_time: '2026-11-23T13:00:00.000Z',
  notes: 'Médico',
  created_by: 'Lucía Martín',
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const dayOf = (over: Partial<AgendaDay> = {}): AgendaDay => ({
  date: '2026-11-23',
  employee_id: 'marcos@klok.demo',
  employee_name: 'Marcos Ruiz',
  available: true,
  special: false,
  notes: '',
  shift: [
    { id: 's2', open: '16:00', close: '20:00' },
    { id: 's1', open: '09:30', close: '14:00' },
  ],
  appointments: [],
  ...over,
});

const NOW = '2026-11-23T08:00:00.000Z'; // 09:00 in Madrid, Monday 23 November 2026

const byId = (events: AgendaEvent[], id: string) => {
  const e = events.find((x) => x.id === id);
  if (!e) throw new Error(`no event ${id}`);
  return e;
};

describe('shiftLabel and shiftTitle', () => {
  test.each([
    ['split shift, sorted by opening', [{ open: '16:00', close: '20:00' }, { open: '09:30', close: '14:00' }], '09:30–14:00 · 16:00–20:00'],
    ['one shift', [{ open: '10:00', close: '18:00' }], '10:00–18:00'],
    ['no shift', [], ''],
  ])('%s', (_n, shift, label) => {
    expect(shiftLabel(shift)).toBe(label);
  });

  test.each([
    ['open weekly day', { available: true, shift: [{ open: '09:00', close: '14:00' }], notes: '' }, '09:00–14:00'],
    ['closed weekly day', { available: false, shift: [], notes: '' }, 'Cerrado'],
    ['closed special day with notes', { available: false, shift: [], notes: 'Vacaciones' }, 'Cerrado · Vacaciones'],
    ['open special day with notes', { available: true, shift: [{ open: '10:00', close: '13:00' }], notes: 'Solo mañana' }, '10:00–13:00 · Solo mañana'],
    ['available but no shifts counts as closed', { available: true, shift: [], notes: '' }, 'Cerrado'],
    ['blank notes are ignored', { available: false, shift: [], notes: '   ' }, 'Cerrado'],
  ])('%s', (_n, info, title) => {
    expect(shiftTitle(info, 'Cerrado')).toBe(title);
  });
});

describe('daysToEvents', () => {
  test('marks an appointment with its client\u2019s tier (unless fiable) and "Sin confirmar" after an unmet cut-off', () => {
    const marks = { tier: (tier: string) => `tier:${tier}`, unconfirmed: 'Sin confirmar' };
    const texts = { ...TEXTS, marks };
    const pending = { confirmation: 'pending' as const, confirmation_cutoff_time: '2026-11-22T20:30:00.000Z' };
    const events = daysToEvents(
      [
        dayOf({
          appointments: [
            appt({ id: 'a', client_tier: 'nuevo', ...pending }),
            appt({ id: 'b', client_tier: 'fiable', ...pending, start_time: '2026-11-23T10:00:00.000Z', end_time: '2026-11-23T10:30:00.000Z', busy_slots: [] }),
            appt({ id: 'c', client_tier: 'fiable', confirmation: 'pending', confirmation_cutoff_time: '2026-11-23T20:30:00.000Z', start_time: '2026-11-24T11:00:00.000Z', end_time: '2026-11-24T11:30:00.000Z', busy_slots: [] }),
          ],
        }),
      ],
      NOW,
      texts,
    );
    expect(byId(events, 'a').extendedProps.marks).toEqual(['tier:nuevo', 'Sin confirmar']);
    expect(byId(events, 'a').classNames).toContain(EVENT_CLASS.unconfirmed);
    expect(byId(events, 'b').extendedProps.marks).toEqual(['Sin confirmar']);
    // Its cut-off lies ahead: no mark yet, and a fiable client needs none.
    expect(byId(events, 'c').extendedProps.marks).toBeUndefined();
    expect(byId(events, 'c').classNames).not.toContain(EVENT_CLASS.unconfirmed);
    // Without mark texts (a screen that shows none), no marks.
    expect(byId(daysToEvents([dayOf({ appointments: [appt({ id: 'a', client_tier: 'nuevo' })] })], NOW, TEXTS), 'a').extendedProps.marks).toBeUndefined();
  });

  test('an all-day entry per stylist and date with the hours, carrying the shift as a pending record', () => {
    const events = daysToEvents([dayOf(), dayOf({ employee_id: 'sara@klok.demo', employee_name: 'Sara López' })], NOW, TEXTS);
    expect(events).toHaveLength(2);
    const e = byId(events, 'shift:marcos@klok.demo:2026-11-23');
    expect(e).toMatchObject({
      resourceId: 'marcos@klok.demo',
      title: '09:30–14:00 · 16:00–20:00',
      start: '2026-11-23',
      end: '2026-11-24',
      allDay: true,
    });
    expect(e.classNames).toEqual([EVENT_CLASS.base, EVENT_CLASS.shift]);
    expect(e.extendedProps).toMatchObject({
      type: 'shift',
      past: false,
      obj: { type: 'shift', status: 'pending', available: true, special: false, notes: '', date: '2026-11-23' },
    });
    expect(e.extendedProps.obj).toHaveProperty('shift', dayOf().shift);
    // the Madrid day ends at 23:00 UTC in winter
    expect(e.extendedProps.obj.end_time).toBe('2026-11-23T23:00:00.000Z');
  });

  test('a special closed day shows the closed text and its notes', () => {
    const [e] = daysToEvents([dayOf({ available: false, special: true, notes: 'Formación', shift: [] })], NOW, TEXTS);
    expect(e?.title).toBe('Cerrado · Formación');
    expect(e?.extendedProps.obj).toMatchObject({ available: false, special: true, notes: 'Formación', shift: [] });
  });

  test('the texts come from the caller', () => {
    const events = daysToEvents([dayOf({ available: false, shift: [], appointments: [leave()] })], NOW, {
      leave: 'LEAVE',
      closed: 'CLOSED',
      visit: () => 'VISIT',
    });
    expect(byId(events, 'shift:marcos@klok.demo:2026-11-23').title).toBe('CLOSED');
    expect(byId(events, 'l1').title).toBe('LEAVE');
  });

  test('a past day’s shift entry is flagged past', () => {
    const [e] = daysToEvents([dayOf({ date: '2026-11-22' })], NOW, TEXTS);
    expect(e?.extendedProps.past).toBe(true);
    expect(e?.classNames).toContain(EVENT_CLASS.past);
  });

  test('an appointment: client · service, stylist resource, its instants', () => {
    const events = daysToEvents([dayOf({ appointments: [appt()] })], NOW, TEXTS);
    const e = byId(events, 'a1');
    expect(e).toMatchObject({
      resourceId: 'marcos@klok.demo',
      title: 'Ana García · Corte',
      start: '2026-11-23T09:00:00.000Z',
      end: '2026-11-23T09:30:00.000Z',
      allDay: false,
      extendedProps: { eventId: 'a1', type: 'appointment', past: false },
    });
    expect(e.extendedProps.part).toBeUndefined();
    expect(e.classNames).toEqual([EVENT_CLASS.base, EVENT_CLASS.appointment]);
    // colour comes from the resource (eventColor), not from the event
    expect(e.backgroundColor).toBeUndefined();
    expect(e.extendedProps.obj).toBe(events.find((x) => x.id === 'a1')?.extendedProps.obj);
  });

  test('a multi-part appointment becomes one event per part, titled (i/n), with the part class', () => {
    const a = appt({
      id: 'a2',
      start_time: '2026-11-23T10:00:00.000Z',
      end_time: '2026-11-23T11:30:00.000Z',
      busy_slots: [
        { start_time: '2026-11-23T11:00:00.000Z', end_time: '2026-11-23T11:30:00.000Z' },
        { start_time: '2026-11-23T10:00:00.000Z', end_time: '2026-11-23T10:30:00.000Z' },
      ],
    });
    const events = daysToEvents([dayOf({ appointments: [a] })], NOW, TEXTS).filter((e) => !e.allDay);
    expect(events.map((e) => [e.id, e.title, e.start, e.end, e.extendedProps.part])).toEqual([
      ['a2:1', 'Ana García · Corte (1/2)', '2026-11-23T10:00:00.000Z', '2026-11-23T10:30:00.000Z', '1/2'],
      ['a2:2', 'Ana García · Corte (2/2)', '2026-11-23T11:00:00.000Z', '2026-11-23T11:30:00.000Z', '2/2'],
    ]);
    for (const e of events) {
      expect(e.classNames).toContain(EVENT_CLASS.part);
      expect(e.extendedProps.eventId).toBe('a2');
      expect(e.extendedProps.obj).toBe(a);
    }
  });

  test('a service of a visit carries its visit label, apart from a busy part\u2019s (i/n); a visit of one none', () => {
    const part = (id: string, start: string, end: string) => ({
      id,
      service_name: id,
      employee_id: 'marcos@klok.demo',
      employee_name: 'Marcos Ruiz',
      start_time: start,
      end_time: end,
    });
    const parts = [part('v1', '2026-11-23T10:00:00.000Z', '2026-11-23T11:30:00.000Z'), part('v2', '2026-11-23T11:30:00.000Z', '2026-11-23T12:00:00.000Z')];
    const first = appt({
      id: 'v1',
      service_name: 'Color',
      start_time: '2026-11-23T10:00:00.000Z',
      end_time: '2026-11-23T11:30:00.000Z',
      busy_slots: [
        { start_time: '2026-11-23T10:00:00.000Z', end_time: '2026-11-23T10:30:00.000Z' },
        { start_time: '2026-11-23T11:00:00.000Z', end_time: '2026-11-23T11:30:00.000Z' },
      ],
      visit: { position: 1, size: 2, parts },
    });
    const second = appt({ id: 'v2', start_time: '2026-11-23T11:30:00.000Z', end_time: '2026-11-23T12:00:00.000Z', busy_slots: [], visit: { position: 2, size: 2, parts } });
    const events = daysToEvents([dayOf({ appointments: [first, second, appt({ id: 'alone', start_time: '2026-11-23T13:00:00.000Z', end_time: '2026-11-23T13:30:00.000Z' })] })], NOW, TEXTS).filter(
      (e) => !e.allDay,
    );
    expect(events.map((e) => [e.id, e.title, e.extendedProps.part, e.extendedProps.visit])).toEqual([
      ['v1:1', 'Ana García · Color (1/2) · Visita 1/2', '1/2', 'Visita 1/2'],
      ['v1:2', 'Ana García · Color (2/2) · Visita 1/2', '2/2', 'Visita 1/2'],
      ['v2', 'Ana García · Corte · Visita 2/2', undefined, 'Visita 2/2'],
      ['alone', 'Ana García · Corte', undefined, undefined],
    ]);
    expect(byId(events, 'alone').extendedProps).not.toHaveProperty('visit');
  });

  test('a pending appointment that has not ended drags in time and across stylists, never resizes; leaves, shifts and past ones stay', () => {
    const events = daysToEvents(
      [dayOf({ appointments: [appt({ id: 'soon' }), appt({ id: 'done', start_time: '2026-11-23T07:00:00.000Z', end_time: '2026-11-23T07:30:00.000Z' }), leave()] })],
      NOW,
      TEXTS,
    );
    const flags = (id: string) => {
      const e = byId(events, id);
      return [e.startEditable, e.resourceEditable, e.durationEditable];
    };
    expect(flags('soon')).toEqual([true, true, false]);
    expect(flags('done')).toEqual([false, false, false]);
    expect(flags('l1')).toEqual([false, false, false]);
    expect(flags('shift:marcos@klok.demo:2026-11-23')).toEqual([false, false, false]);
  });

  test('dragging any part of a multi-part appointment moves its start by the same amount', () => {
    // The second part (11:00) dropped at 12:15: the appointment (10:00) starts at 11:15.
    expect(movedAppointmentStart('2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z', '2026-11-23T12:15:00.000Z')).toBe(
      '2026-11-23T11:15:00.000Z',
    );
    // Dragged earlier, across the Madrid day: the whole appointment moves back.
    expect(movedAppointmentStart('2026-11-24T09:00:00.000Z', '2026-11-24T09:00:00.000Z', new Date('2026-11-23T16:30:00.000Z'))).toBe(
      '2026-11-23T16:30:00.000Z',
    );
  });

  test('one busy part (or none) is a single event over the whole appointment', () => {
    const one = daysToEvents([dayOf({ appointments: [appt({ id: 'x', busy_slots: [] })] })], NOW, TEXTS);
    expect(byId(one, 'x').classNames).not.toContain(EVENT_CLASS.part);
  });

  test('cancelled appointments are hidden', () => {
    const events = daysToEvents([dayOf({ appointments: [appt({ status: 'cancelled' }), appt({ id: 'a3' })] })], NOW, TEXTS);
    expect(events.map((e) => e.id)).toEqual(['shift:marcos@klok.demo:2026-11-23', 'a3']);
  });

  test('leaves are grey and titled with the leave text', () => {
    const e = byId(daysToEvents([dayOf({ appointments: [leave()] })], NOW, TEXTS), 'l1');
    expect(e).toMatchObject({
      title: 'Franja bloqueada',
      backgroundColor: LEAVE_COLOR,
      borderColor: LEAVE_COLOR,
      allDay: false,
      start: '2026-11-23T12:00:00.000Z',
      end: '2026-11-23T13:00:00.000Z',
      extendedProps: { eventId: 'l1', type: 'leave', past: false },
    });
    expect(LEAVE_COLOR).toBe('#bdbdbd');
    expect(e.classNames).toEqual([EVENT_CLASS.base, EVENT_CLASS.leave]);
  });

  test.each([
    ['ended before now: past', '2026-11-23T07:30:00.000Z', true],
    ['ends exactly now: not past', '2026-11-23T08:00:00.000Z', false],
    ['running now: not past', '2026-11-23T08:30:00.000Z', false],
  ])('past flag: %s', (_n, end, past) => {
    const events = daysToEvents(
      [dayOf({ appointments: [appt({ start_time: '2026-11-23T07:00:00.000Z', end_time: end, busy_slots: [] }), leave({ start_time: '2026-11-23T07:00:00.000Z', end_time: end })] })],
      NOW,
      TEXTS,
    );
    for (const id of ['a1', 'l1']) {
      expect(byId(events, id).extendedProps.past).toBe(past);
      expect(byId(events, id).classNames.includes(EVENT_CLASS.past)).toBe(past);
    }
  });

  test('each part is past on its own end', () => {
    const a = appt({
      start_time: '2026-11-23T07:00:00.000Z',
      end_time: '2026-11-23T09:00:00.000Z',
      busy_slots: [
        { start_time: '2026-11-23T07:00:00.000Z', end_time: '2026-11-23T07:30:00.000Z' },
        { start_time: '2026-11-23T08:30:00.000Z', end_time: '2026-11-23T09:00:00.000Z' },
      ],
    });
    const events = daysToEvents([dayOf({ appointments: [a] })], NOW, TEXTS);
    expect(byId(events, 'a1:1').extendedProps.past).toBe(true);
    expect(byId(events, 'a1:2').extendedProps.past).toBe(false);
  });

  test('a record listed on two dates (over midnight) appears once', () => {
    const l = leave({ start_time: '2026-11-23T22:00:00.000Z', end_time: '2026-11-24T01:00:00.000Z' });
    const events = daysToEvents([dayOf({ appointments: [l] }), dayOf({ date: '2026-11-24', appointments: [l] })], NOW, TEXTS);
    expect(events.filter((e) => e.id === 'l1')).toHaveLength(1);
  });

  test('no days, no events', () => expect(daysToEvents([], NOW, TEXTS)).toEqual([]));
});

// ---------- shifts and resources ----------

const employee = (over: Partial<AgendaEmployee> = {}): AgendaEmployee => ({
  email: 'marcos@klok.demo',
  name: 'Marcos Ruiz',
  color: '#2FB8AC',
  avatar: null,
  week_shifts: [
    { id: 0, available: false, shifts: [] },
    { id: 1, available: true, shifts: [{ id: 'a', open: '09:30', close: '14:00' }, { id: 'b', open: '16:00', close: '20:00' }] },
    { id: 2, available: true, shifts: [{ id: 'a', open: '10:00', close: '18:00' }] },
    { id: 3, available: false, shifts: [{ id: 'a', open: '10:00', close: '18:00' }] },
    { id: 4, available: true, shifts: [{ id: 'a', open: '10:00', close: '18:00' }] },
    { id: 5, available: true, shifts: [{ id: 'a', open: '10:00', close: '18:00' }] },
    { id: 6, available: true, shifts: [{ id: 'a', open: '09:00', close: '14:00' }] },
  ],
  special_shifts: [
    { date: '2026-11-24', available: 0, shift: [], notes: 'Formación' },
    { date: '2026-11-27', available: 1, shift: [{ id: 'x', open: '08:00', close: '12:00' }], notes: '' },
  ],
  ...over,
});

describe('shiftOfDate', () => {
  test.each([
    ['weekly Monday (split shift)', '2026-11-23', { available: true, special: false, notes: '', shift: employee().week_shifts[1]!.shifts }],
    ['special closed Tuesday (available 0) with notes', '2026-11-24', { available: false, special: true, notes: 'Formación', shift: [] }],
    ['weekly day marked unavailable ignores its shifts', '2026-11-25', { available: false, special: false, notes: '', shift: [] }],
    ['special open Friday (available 1)', '2026-11-27', { available: true, special: true, notes: '', shift: [{ id: 'x', open: '08:00', close: '12:00' }] }],
    ['weekly Sunday closed', '2026-11-29', { available: false, special: false, notes: '', shift: [] }],
  ])('%s', (_n, date, expected) => {
    expect(shiftOfDate(employee(), date)).toEqual(expected);
  });

  test('a weekday missing from week_shifts is closed', () => {
    expect(shiftOfDate(employee({ week_shifts: [] }), '2026-11-23')).toEqual({ available: false, special: false, notes: '', shift: [] });
  });
});

describe('businessHoursFor', () => {
  test('day view: the shifts of that weekday', () => {
    expect(businessHoursFor(employee(), ['2026-11-23'])).toEqual([
      { daysOfWeek: [1], startTime: '09:30', endTime: '14:00' },
      { daysOfWeek: [1], startTime: '16:00', endTime: '20:00' },
    ]);
  });

  test('a closed date gets a one-minute window at midnight so the whole grid is shaded', () => {
    expect(businessHoursFor(employee(), ['2026-11-29'])).toEqual([{ daysOfWeek: [0], startTime: '00:00', endTime: '00:01' }]);
  });

  test('week view: one weekday per date, special shifts of the week included', () => {
    expect(businessHoursFor(employee(), datesOf(weekRange('2026-11-25')))).toEqual([
      { daysOfWeek: [1], startTime: '09:30', endTime: '14:00' },
      { daysOfWeek: [1], startTime: '16:00', endTime: '20:00' },
      { daysOfWeek: [2], startTime: '00:00', endTime: '00:01' }, // special closed
      { daysOfWeek: [3], startTime: '00:00', endTime: '00:01' }, // weekly unavailable
      { daysOfWeek: [4], startTime: '10:00', endTime: '18:00' },
      { daysOfWeek: [5], startTime: '08:00', endTime: '12:00' }, // special open
      { daysOfWeek: [6], startTime: '09:00', endTime: '14:00' },
      { daysOfWeek: [0], startTime: '00:00', endTime: '00:01' },
    ]);
  });

  test('the following week uses the weekly shifts again', () => {
    const hours = businessHoursFor(employee(), datesOf(weekRange('2026-12-01')));
    expect(hours.filter((h) => h.daysOfWeek[0] === 2)).toEqual([{ daysOfWeek: [2], startTime: '10:00', endTime: '18:00' }]);
    expect(hours.filter((h) => h.daysOfWeek[0] === 5)).toEqual([{ daysOfWeek: [5], startTime: '10:00', endTime: '18:00' }]);
  });
});

describe('orderResources', () => {
  const list = [{ email: 'admin@klok.demo' }, { email: 'marcos@klok.demo' }, { email: 'sara@klok.demo' }];
  test.each([
    ['me in the middle comes first', 'marcos@klok.demo', ['marcos@klok.demo', 'admin@klok.demo', 'sara@klok.demo']],
    ['me last comes first', 'sara@klok.demo', ['sara@klok.demo', 'admin@klok.demo', 'marcos@klok.demo']],
    ['me already first', 'admin@klok.demo', ['admin@klok.demo', 'marcos@klok.demo', 'sara@klok.demo']],
    ['e-mail case is ignored', 'Marcos@Klok.Demo', ['marcos@klok.demo', 'admin@klok.demo', 'sara@klok.demo']],
    ['not a stylist: API order', 'otro@klok.demo', ['admin@klok.demo', 'marcos@klok.demo', 'sara@klok.demo']],
    ['no e-mail: API order', null, ['admin@klok.demo', 'marcos@klok.demo', 'sara@klok.demo']],
  ])('%s', (_n, me, expected) => {
    expect(orderResources(list, me).map((e) => e.email)).toEqual(expected);
  });

  test('does not mutate its input', () => {
    const copy = [...list];
    orderResources(list, 'sara@klok.demo');
    expect(list).toEqual(copy);
  });

  test('empty list', () => expect(orderResources([], 'x')).toEqual([]));
});

describe('employeeColor', () => {
  test.each([
    ['#2FB8AC', '#2FB8AC'],
    ['#abc', '#abc'],
    [' #D16BA5 ', '#D16BA5'],
    ['', FALLBACK_EMPLOYEE_COLOR],
    [null, FALLBACK_EMPLOYEE_COLOR],
    [undefined, FALLBACK_EMPLOYEE_COLOR],
    ['red', FALLBACK_EMPLOYEE_COLOR],
    ['#12345', FALLBACK_EMPLOYEE_COLOR],
    ['url(x)', FALLBACK_EMPLOYEE_COLOR],
  ])('%p → %s', (input, out) => {
    expect(employeeColor(input)).toBe(out);
  });

  test('fallback is #cccccc', () => expect(FALLBACK_EMPLOYEE_COLOR).toBe('#cccccc'));
});

describe('toResources', () => {
  const staff = [
    employee({ email: 'admin@klok.demo', name: 'Lucía Martín', color: null, avatar: '/avatars/lucia.png' }),
    employee(),
    employee({ email: 'sara@klok.demo', name: 'Sara López', color: '#D16BA5' }),
  ];

  test('ordered with me first, positions as order, colour and hours of the dates', () => {
    const res = toResources(staff, 'marcos@klok.demo', ['2026-11-23']);
    expect(res.map((r) => [r.id, r.title, r.order, r.eventColor])).toEqual([
      ['marcos@klok.demo', 'Marcos Ruiz', 0, '#2FB8AC'],
      ['admin@klok.demo', 'Lucía Martín', 1, '#cccccc'],
      ['sara@klok.demo', 'Sara López', 2, '#D16BA5'],
    ]);
    expect(res[1]?.extendedProps).toEqual({ email: 'admin@klok.demo', name: 'Lucía Martín', color: '#cccccc', avatar: '/avatars/lucia.png' });
    expect(res[0]?.businessHours).toEqual(businessHoursFor(staff[1]!, ['2026-11-23']));
  });

  test('hidden stylists are left out and the others renumbered', () => {
    const res = toResources(staff, 'marcos@klok.demo', ['2026-11-23'], new Set(['admin@klok.demo']));
    expect(res.map((r) => [r.id, r.order])).toEqual([
      ['marcos@klok.demo', 0],
      ['sara@klok.demo', 1],
    ]);
  });
});

// ---------- selection ----------

describe('selectionError', () => {
  const events = daysToEvents(
    [
      dayOf({
        appointments: [
          appt({ start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z', busy_slots: [] }),
          appt({ id: 'c', status: 'cancelled', start_time: '2026-11-23T14:00:00.000Z', end_time: '2026-11-23T15:00:00.000Z' }),
          appt({
            id: 'm',
            start_time: '2026-11-23T16:00:00.000Z',
            end_time: '2026-11-23T17:30:00.000Z',
            busy_slots: [
              { start_time: '2026-11-23T16:00:00.000Z', end_time: '2026-11-23T16:30:00.000Z' },
              { start_time: '2026-11-23T17:00:00.000Z', end_time: '2026-11-23T17:30:00.000Z' },
            ],
          }),
          leave(),
        ],
      }),
      dayOf({ employee_id: 'sara@klok.demo', appointments: [appt({ id: 's1', employee_id: 'sara@klok.demo', start_time: '2026-11-23T10:00:00.000Z', end_time: '2026-11-23T11:00:00.000Z', busy_slots: [] })] }),
    ],
    NOW,
    TEXTS,
  );
  const sel = (start: string, end: string, resourceId = 'marcos@klok.demo') => ({
    start: `2026-11-23T${start}:00.000Z`,
    end: `2026-11-23T${end}:00.000Z`,
    resourceId,
  });

  test.each([
    ['starts in the past', sel('07:30', '08:30'), 'past'],
    ['starts in the past even if it overlaps', sel('07:30', '09:30'), 'past'],
    ['starts exactly now', sel('08:00', '08:30'), null],
    ['free slot', sel('10:00', '11:00'), null],
    ['touches the end of an appointment', sel('09:30', '10:00'), null],
    ['touches the start of an appointment', sel('08:30', '09:00'), null],
    ['overlaps an appointment', sel('09:00', '09:30'), 'overlap'],
    ['contains an appointment', sel('08:30', '10:00'), 'overlap'],
    ['overlaps a leave', sel('12:30', '13:30'), 'overlap'],
    ['a cancelled appointment does not count', sel('14:00', '15:00'), null],
    ['overlaps a part of a multi-part appointment', sel('17:00', '17:30'), 'overlap'],
    ['the gap between two parts is free', sel('16:30', '17:00'), null],
    ['another stylist’s event does not count', sel('10:00', '11:00', 'marcos@klok.demo'), null],
    ['the same range for that other stylist overlaps', sel('10:30', '11:30', 'sara@klok.demo'), 'overlap'],
    ['the all-day shift entry does not count', sel('20:00', '21:00'), null],
  ])('%s', (_n, selection, expected) => {
    expect(selectionError(selection, events, NOW)).toBe(expected);
  });

  test('a cancelled record passed in directly is still ignored', () => {
    const cancelled: AgendaEvent = {
      id: 'z',
      resourceId: 'marcos@klok.demo',
      title: 'x',
      start: '2026-11-23T18:00:00.000Z',
      end: '2026-11-23T19:00:00.000Z',
      allDay: false,
      classNames: [],
      extendedProps: { eventId: 'z', type: 'appointment', past: false, obj: appt({ status: 'cancelled' }) },
    };
    expect(selectionError(sel('18:00', '19:00'), [cancelled], NOW)).toBeNull();
  });

  test('accepts Date selections (FullCalendar select info)', () => {
    expect(selectionError({ start: new Date('2026-11-23T09:15:00Z'), end: new Date('2026-11-23T09:45:00Z'), resourceId: 'marcos@klok.demo' }, events, new Date(NOW))).toBe('overlap');
  });
});

describe('the half-hour under way (a walk-in)', () => {
  // One appointment of Marcos at 10:00–10:20 Madrid (09:00–09:20 UTC).
  const events = daysToEvents(
    [dayOf({ appointments: [appt({ start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:20:00.000Z', busy_slots: [] })] })],
    NOW,
    TEXTS,
  );
  const at = (hhmmUtc: string) => `2026-11-23T${hhmmUtc}:00.000Z`;
  const slot = (start: string, end: string) => ({ start: at(start), end: at(end), resourceId: 'marcos@klok.demo' });

  test('at 09:02 Madrid the 09:00 slot is accepted and starts at 09:00; the rest of the selection stays', () => {
    expect(selectionError(slot('08:00', '09:00'), [], at('08:02'))).toBeNull();
    expect(selectionRange(slot('08:00', '09:00'), at('08:02'))).toEqual({ start: Date.parse(at('08:00')), end: Date.parse(at('09:00')) });
  });

  test('at 09:17:40 Madrid the 09:00 slot starts at 09:15', () => {
    expect(selectionError(slot('08:00', '08:30'), [], '2026-11-23T08:17:40.000Z')).toBeNull();
    expect(selectionRange(slot('08:00', '08:30'), '2026-11-23T08:17:40.000Z')).toEqual({
      start: Date.parse(at('08:15')),
      end: Date.parse(at('08:30')),
    });
  });

  test('a slot whose first half-hour is over is past, even one that runs on into the present', () => {
    expect(selectionError(slot('08:00', '08:30'), [], at('08:30'))).toBe('past');
    expect(selectionError(slot('07:30', '09:00'), [], at('08:05'))).toBe('past');
  });

  test('a future slot is kept as selected', () => {
    expect(selectionRange(slot('09:30', '10:00'), at('08:02'))).toEqual({ start: Date.parse(at('09:30')), end: Date.parse(at('10:00')) });
  });

  test('overlap is judged from the walk-in start: an appointment ending at 10:20 clashes at 10:17, not at 10:22', () => {
    expect(selectionError(slot('09:00', '09:30'), events, at('09:17'))).toBe('overlap');
    expect(selectionError(slot('09:00', '09:30'), events, at('09:22'))).toBeNull();
    expect(selectionRange(slot('09:00', '09:30'), at('09:22'))).toEqual({ start: Date.parse(at('09:20')), end: Date.parse(at('09:30')) });
  });
});

describe('selectionQuery', () => {
  test('employee, Madrid date and UTC instants', () => {
    const q = new URLSearchParams(
      selectionQuery({ start: new Date('2026-11-23T23:30:00Z'), end: new Date('2026-11-24T00:00:00Z'), resourceId: 'marcos@klok.demo' }),
    );
    expect(Object.fromEntries(q)).toEqual({
      employee: 'marcos@klok.demo',
      date: '2026-11-24',
      start: '2026-11-23T23:30:00.000Z',
      end: '2026-11-24T00:00:00.000Z',
    });
  });

  test('an e-mail with a plus survives the round trip', () => {
    const q = new URLSearchParams(selectionQuery({ start: '2026-11-23T09:00:00Z', end: '2026-11-23T09:30:00Z', resourceId: 'a+b@x.es' }));
    expect(q.get('employee')).toBe('a+b@x.es');
    expect(q.get('date')).toBe('2026-11-23');
  });
});

describe('the grid: gridSpan, offShiftSpans, slotAt', () => {
  // 2026-11-26 is a Thursday in winter time (UTC+1): 07:00 Madrid = 06:00 UTC.
  const date = '2026-11-26';

  it('places a timed range in minutes from 07:00, clipped to the grid', () => {
    expect(gridSpan('2026-11-26T09:00:00.000Z', '2026-11-26T09:15:00.000Z', date)).toEqual({ top: 180, length: 15 });
    expect(gridSpan('2026-11-26T05:00:00.000Z', '2026-11-26T06:30:00.000Z', date)).toEqual({ top: 0, length: 30 });
    expect(gridSpan('2026-11-26T22:30:00.000Z', '2026-11-27T01:00:00.000Z', date)).toEqual({ top: 990, length: 30 });
    expect(gridSpan('2026-11-26T04:00:00.000Z', '2026-11-26T06:00:00.000Z', date)).toBeNull();
    expect(gridSpan('2026-11-27T09:00:00.000Z', '2026-11-27T10:00:00.000Z', date)).toBeNull();
  });

  it('uses the summer offset in summer (UTC+2)', () => {
    expect(gridSpan('2026-07-01T07:00:00.000Z', '2026-07-01T08:00:00.000Z', '2026-07-01')).toEqual({ top: 120, length: 60 });
  });

  it('shades the grid outside the shifts of the date’s weekday', () => {
    const hours = [
      { daysOfWeek: [4], startTime: '09:30', endTime: '14:00' },
      { daysOfWeek: [4], startTime: '16:00', endTime: '20:00' },
      { daysOfWeek: [5], startTime: '07:00', endTime: '24:00' },
    ];
    expect(offShiftSpans(hours, date)).toEqual([
      { top: 0, length: 150 },
      { top: 420, length: 120 },
      { top: 780, length: 240 },
    ]);
    expect(offShiftSpans(hours, '2026-11-27')).toEqual([]);
    // A closed date (a one-minute window at midnight, see businessHoursFor) is off-shift all day.
    expect(offShiftSpans([{ daysOfWeek: [4], startTime: '00:00', endTime: '00:01' }], date)).toEqual([{ top: 0, length: 1020 }]);
  });

  it('finds the 30-minute slot under a point, clamped to the grid', () => {
    expect(slotAt(date, 0)).toEqual({ start: Date.parse('2026-11-26T06:00:00Z'), end: Date.parse('2026-11-26T06:30:00Z') });
    expect(slotAt(date, 125)).toEqual({ start: Date.parse('2026-11-26T08:00:00Z'), end: Date.parse('2026-11-26T08:30:00Z') });
    expect(slotAt(date, 5000).start).toBe(Date.parse('2026-11-26T22:30:00Z'));
    expect(slotAt(date, -20).start).toBe(Date.parse('2026-11-26T06:00:00Z'));
  });
});

describe('openingMinute (where the grid opens)', () => {
  const TODAY = '2027-05-03';
  const at = (date: string, hm: string) => madridWallClock(date, parseHHmm(hm));
  const appointment = (start: string) =>
    ({ start, allDay: false, extendedProps: { type: 'appointment' } }) as Pick<AgendaEvent, 'start' | 'allDay' | 'extendedProps'>;
  const shift = (open: string, close: string) => ({ open, close });

  it('today: an hour before now, on the half-hour (now in the upper third)', () => {
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '14:02'), events: [appointment(isoUtc(at(TODAY, '09:00')))], shifts: [shift('09:00', '20:00')] })).toBe(
      parseHHmm('13:00'),
    );
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '10:45'), events: [], shifts: [] })).toBe(parseHHmm('09:30'));
  });

  it('today late in the evening: near the end of the grid, never past 24:00', () => {
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '23:50'), events: [], shifts: [] })).toBe(parseHHmm('22:30'));
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '23:59'), events: [], shifts: [] })).toBeLessThanOrEqual(AGENDA_GRID.endMinute);
  });

  it('today before 07:00 (and just after): the grid opens at its start', () => {
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '05:30'), events: [], shifts: [shift('09:00', '20:00')] })).toBe(AGENDA_GRID.startMinute);
    expect(openingMinute({ date: TODAY, today: TODAY, now: at(TODAY, '07:40'), events: [], shifts: [] })).toBe(AGENDA_GRID.startMinute);
  });

  it('another day: its first appointment, whatever the order of the events', () => {
    const date = '2027-05-04';
    const events = [appointment(isoUtc(at(date, '16:15'))), appointment(isoUtc(at(date, '11:40'))), { start: date, allDay: true, extendedProps: { type: 'shift' } } as never];
    expect(openingMinute({ date, today: TODAY, now: at(TODAY, '14:02'), events, shifts: [shift('09:00', '20:00')] })).toBe(parseHHmm('11:30'));
  });

  it('another day without appointments: the earliest shift start of the visible stylists, else 08:00', () => {
    const date = '2027-05-04';
    const leave = { start: isoUtc(at(date, '08:00')), allDay: false, extendedProps: { type: 'leave' } } as never;
    expect(openingMinute({ date, today: TODAY, now: at(TODAY, '14:02'), events: [leave], shifts: [shift('10:00', '14:00'), shift('09:30', '18:00')] })).toBe(parseHHmm('09:30'));
    expect(openingMinute({ date, today: TODAY, now: at(TODAY, '14:02'), events: [], shifts: [] })).toBe(AGENDA_GRID.scrollMinute);
  });

  it('the day the clocks change (Sunday 31 October 2027): wall-clock minutes', () => {
    const date = '2027-10-31';
    expect(openingMinute({ date, today: TODAY, now: at(TODAY, '14:02'), events: [appointment(isoUtc(at(date, '10:00')))], shifts: [] })).toBe(parseHHmm('10:00'));
    expect(openingMinute({ date, today: date, now: at(date, '12:10'), events: [], shifts: [] })).toBe(parseHHmm('11:00'));
  });
});

describe('parseStoredHidden', () => {
  test.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"view":"day"}', []],
    ['["sara@klok.demo", 3, "marcos@klok.demo"]', ['sara@klok.demo', 'marcos@klok.demo']],
  ])('%j → %j', (raw, expected) => {
    expect(parseStoredHidden(raw)).toEqual(expected);
  });
});

describe('awaitingAttendance ("¿Vinieron?")', () => {
  const dayOf = (date: string, appointments: (Appointment | Leave)[]) => ({
    date,
    employee_id: 'marcos@klok.demo',
    employee_name: 'Marcos Ruiz',
    available: true,
    special: false,
    notes: '',
    shift: [],
    appointments,
  });

  it("lists today's started, pending, unmarked appointments by start, and nothing else", () => {
    const early = appt({ id: 'early', start_time: '2026-11-23T08:00:00.000Z', end_time: '2026-11-23T08:30:00.000Z' });
    const started = appt({ id: 'started', start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z' });
    const later = appt({ id: 'later', start_time: '2026-11-23T12:00:00.000Z', end_time: '2026-11-23T12:30:00.000Z' });
    const marked = appt({ id: 'marked', start_time: '2026-11-23T07:00:00.000Z', attendance: 'attended' });
    const cancelled = appt({ id: 'cancelled', start_time: '2026-11-23T07:30:00.000Z', status: 'cancelled' });
    const yesterday = appt({ id: 'yesterday', date: '2026-11-22', start_time: '2026-11-22T09:00:00.000Z' });
    const days = [dayOf('2026-11-23', [started, later, marked, cancelled, early, leave()]), dayOf('2026-11-22', [yesterday])];
    expect(awaitingAttendance(days, '2026-11-23', '2026-11-23T09:10:00.000Z').map((a) => a.id)).toEqual(['early', 'started']);
  });
});
