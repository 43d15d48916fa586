/**
 * `GET /api/v1/facility/1/appointments?startDate&endDate`, the staff agenda (spec sections 3, 7;
 * decisions "Money and time", "Staff booking for a client"): one entry per Madrid date and stylist with
 * the day's shift (weekly or special), its appointments (cancelled ones with their status) and leaves.
 */
import { DateTime } from 'luxon';
import messages from '@/lib/i18n/messages/es.json';
import { ZONE } from '@/lib/domain/time';
import { GET as getAgenda } from '@/app/api/v1/facility/[facilityId]/appointments/route';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agenda,
  agendaDay,
  book,
  cancelAppointment,
  DB_TIMEOUT,
  insertLeave,
  LUCIA,
  madridDates,
  madridInstant,
  madridToday,
  MARCOS,
  nextWednesday,
  SARA,
  serviceId,
  staffBookingBody,
  type AgendaItem,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const STAFF = [LUCIA, MARCOS, SARA];
const SPLIT = [
  { open: '09:30', close: '14:00' },
  { open: '16:00', close: '20:00' },
];

let staffCookie: string; // marcos
let adminCookie: string;
let clientCookie: string;
let corte: number;
/**
 * Working weekdays of every stylist (not Wednesday) from 8 days ahead, clear of the seed's demo appointments
 * (yesterday to a week ahead); tests use every other one so no two are adjacent.
 */
let days: string[];

const plusDays = (date: string, n: number) => DateTime.fromISO(date, { zone: ZONE }).plus({ days: n }).toFormat('yyyy-MM-dd');
const openClose = (shift: { open: string; close: string }[]) => shift.map(({ open, close }) => ({ open, close }));
const entry = (items: AgendaItem[], date: string, employee: string) => items.find((i) => i.date === date && i.employee_id === employee);

beforeAll(async () => {
  await openTestDb();
  staffCookie = await sessionFor(MARCOS);
  adminCookie = await sessionFor(LUCIA);
  clientCookie = await sessionFor('cliente@klok.demo');
  corte = await serviceId('Corte de pelo');
  days = madridDates(8, 50, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('access', () => {
  it('answers 401 without a session', async () => {
    const r = await agenda(undefined, madridDates(1, 7)[0]!);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('unauthenticated');
  });

  it('answers 403 to a client, even with an `initiator: admin` header', async () => {
    const date = madridDates(1, 7)[0]!;
    for (const headers of [undefined, { initiator: 'admin', 'frontend-host': 'localhost:3000' }]) {
      const r = await agenda(clientCookie, date, date, { headers });
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
      expect(r.body.items).toBeUndefined();
    }
  });

  it('serves an employee and the admin alike', async () => {
    const date = madridDates(1, 7)[0]!;
    expect((await agenda(staffCookie, date)).status).toBe(200);
    expect((await agenda(adminCookie, date)).status).toBe(200);
  });
});

describe('days and shifts', () => {
  it('answers one entry per date and stylist over the range', async () => {
    const start = madridToday().plus({ days: 1 }).toFormat('yyyy-MM-dd');
    const end = plusDays(start, 6);
    const r = await agenda(staffCookie, start, end);
    expect(r.status).toBe(200);
    const items = r.body.items as AgendaItem[];
    expect(items).toHaveLength(7 * 3);
    const keys = items.map((i) => `${i.date}|${i.employee_id}`).sort();
    const expected = Array.from({ length: 7 }, (_, d) => STAFF.map((e) => `${plusDays(start, d)}|${e}`)).flat().sort();
    expect(keys).toEqual(expected);
    expect(entry(items, start, SARA)!.employee_name).toBe('Sara López');
    expect(entry(items, start, MARCOS)!.employee_name).toBe('Marcos Ruiz');
  });

  it('answers the start date alone when endDate is left out', async () => {
    const date = madridDates(1, 7)[0]!;
    const r = await agenda(staffCookie, date);
    expect(r.status).toBe(200);
    expect((r.body.items as AgendaItem[]).map((i) => [i.date, i.employee_id]).sort()).toEqual(STAFF.map((e) => [date, e]).sort());
  });

  it('gives weekdays the split weekly shift, Saturday the morning and Sunday nothing', async () => {
    const weekday = madridDates(1, 14, [1, 2, 4, 5])[0]!; // not Wednesday: marcos's special day
    const saturday = madridDates(1, 14, [6])[0]!;
    const sunday = madridDates(1, 14, [7])[0]!;

    const day = await agendaDay(staffCookie, weekday, SARA);
    expect(openClose(day.shift)).toEqual(SPLIT);
    expect(day).toMatchObject({ available: true, special: false });

    const sat = await agendaDay(staffCookie, saturday, LUCIA);
    expect(openClose(sat.shift)).toEqual([{ open: '09:00', close: '14:00' }]);
    expect(sat.available).toBe(true);

    const sun = await agendaDay(staffCookie, sunday, MARCOS);
    expect(sun).toMatchObject({ available: false, special: false, shift: [] });
  });

  it("marks marcos's closed Wednesday as a special, unavailable day with its notes; the others work", async () => {
    const wednesday = nextWednesday();
    const r = await agenda(staffCookie, wednesday, wednesday);
    const items = r.body.items as AgendaItem[];
    expect(entry(items, wednesday, MARCOS)).toMatchObject({ special: true, available: false, shift: [], notes: 'Formación' });
    expect(entry(items, wednesday, SARA)).toMatchObject({ special: false, available: true });
    expect(openClose(entry(items, wednesday, SARA)!.shift)).toEqual(SPLIT);
    // The Wednesday after is an ordinary working day for marcos.
    const after = await agendaDay(staffCookie, plusDays(wednesday, 7), MARCOS);
    expect(after).toMatchObject({ special: false, available: true });
  });
});

describe('events', () => {
  it('places appointments and leaves in their day and stylist, with their type', async () => {
    const date = days[0];
    const nextDate = plusDays(date!, 1);
    const booked = await book(
      staffCookie,
      staffBookingBody({ start: madridInstant(date!, '10:00'), employee: SARA, serviceId: corte, email: 'cliente@klok.demo', name: 'Ana García' }),
    );
    expect(booked.status).toBe(201);
    const leave = await insertLeave(staffCookie, { start: madridInstant(date!, '12:00'), end: madridInstant(date!, '13:00'), employee: LUCIA });
    expect(leave.status).toBe(201);

    const r = await agenda(staffCookie, date!, nextDate!);
    const items = r.body.items as AgendaItem[];
    expect(entry(items, date!, SARA)!.appointments).toEqual([
      expect.objectContaining({
        id: booked.body.data.event_id,
        type: 'appointment',
        status: 'pending',
        date,
        employee_id: SARA,
        client_id: 'cliente@klok.demo',
        client_name: 'Ana García',
        service_name: 'Corte de pelo',
        start_time: madridInstant(date!, '10:00'),
        end_time: madridInstant(date!, '10:30'),
      }),
    ]);
    expect(entry(items, date!, LUCIA)!.appointments).toEqual([
      expect.objectContaining({
        id: leave.body.data.event_id,
        type: 'leave',
        date,
        employee_id: LUCIA,
        start_time: madridInstant(date!, '12:00'),
        end_time: madridInstant(date!, '13:00'),
      }),
    ]);
    expect(entry(items, date!, MARCOS)!.appointments).toEqual([]);
    for (const e of STAFF) expect(entry(items, nextDate!, e)!.appointments).toEqual([]);
  });

  it('orders the events of a day by start', async () => {
    const date = days[2]!;
    const late = await book(staffCookie, staffBookingBody({ start: madridInstant(date, '17:00'), employee: MARCOS, serviceId: corte, name: 'Tarde' }));
    const leave = await insertLeave(staffCookie, { start: madridInstant(date, '12:00'), end: madridInstant(date, '12:30'), employee: MARCOS });
    const early = await book(staffCookie, staffBookingBody({ start: madridInstant(date, '09:30'), employee: MARCOS, serviceId: corte, name: 'Mañana' }));
    const day = await agendaDay(staffCookie, date, MARCOS);
    expect(day.appointments.map((a) => a.id)).toEqual([early.body.data.event_id, leave.body.data.event_id, late.body.data.event_id]);
  });

  it('keeps a cancelled appointment in the agenda with status cancelled', async () => {
    const date = days[4]!;
    const booked = await book(staffCookie, staffBookingBody({ start: madridInstant(date, '11:00'), employee: SARA, serviceId: corte, name: 'Paco' }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.event_id as string;
    const cancelled = await cancelAppointment(staffCookie, { id, employee: SARA, date, notes: 'Avisó por teléfono' });
    expect(cancelled.status).toBe(200);
    const day = await agendaDay(staffCookie, date, SARA);
    expect(day.appointments).toEqual([expect.objectContaining({ id, type: 'appointment', status: 'cancelled', client_name: 'Paco' })]);
  });
});

describe('Madrid dates', () => {
  it('shows a leave that runs past midnight on the next Madrid date too, where it still blocks the stylist', async () => {
    // A leave from 20:00 to 10:00 the next morning (e.g. dragged across two days in the week view).
    const date = days[10]!;
    const next = plusDays(date, 1);
    const leave = await insertLeave(staffCookie, { start: madridInstant(date, '20:00'), end: madridInstant(next, '10:00'), employee: SARA });
    expect(leave.status).toBe(201);
    const id = leave.body.data.event_id as string;
    expect((await agendaDay(staffCookie, date, SARA)).appointments.map((e) => e.id)).toEqual([id]);
    // The stylist is blocked until 10:00 on the next day: staff cannot book 09:30 there …
    const clash = await book(staffCookie, staffBookingBody({ start: madridInstant(next, '09:30'), employee: SARA, serviceId: corte, name: 'Madrugador' }));
    expect(clash.status).toBe(409);
    // … so the agenda of that day must show what blocks it.
    expect((await agendaDay(staffCookie, next, SARA)).appointments.map((e) => e.id)).toContain(id);
  });

  it('puts an appointment shortly after Madrid midnight on that Madrid date, although its UTC date is the day before', async () => {
    const date = days[6]!;
    const start = madridInstant(date, '00:15');
    expect(start.slice(0, 10)).toBe(plusDays(date, -1)); // the UTC date differs
    const booked = await book(staffCookie, staffBookingBody({ start, employee: SARA, serviceId: corte, name: 'Noctámbulo' }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.event_id as string;

    const r = await agenda(staffCookie, plusDays(date, -1), date);
    const items = r.body.items as AgendaItem[];
    expect(entry(items, date, SARA)!.appointments.map((a) => [a.id, a.date])).toEqual([[id, date]]);
    expect(entry(items, plusDays(date, -1), SARA)!.appointments).toEqual([]);
    // Asked for the Madrid date alone, it is there too.
    expect((await agendaDay(staffCookie, date, SARA)).appointments.map((a) => a.id)).toEqual([id]);
  });

  it('keeps an appointment at 23:30 Madrid on that date and out of the next one', async () => {
    const date = days[8]!;
    const booked = await book(staffCookie, staffBookingBody({ start: madridInstant(date, '23:30'), employee: LUCIA, serviceId: corte, name: 'Trasnochador' }));
    expect(booked.status).toBe(201);
    const r = await agenda(staffCookie, date, plusDays(date, 1));
    const items = r.body.items as AgendaItem[];
    expect(entry(items, date, LUCIA)!.appointments.map((a) => [a.id, a.date])).toEqual([[booked.body.data.event_id, date]]);
    expect(entry(items, plusDays(date, 1), LUCIA)!.appointments).toEqual([]);
  });
});

describe('bad queries', () => {
  const date = () => madridDates(1, 7)[0]!;

  it('answers 400 for an endDate before startDate', async () => {
    const r = await agenda(staffCookie, date(), plusDays(date(), -1));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'bad_request', message: messages.errors.invalidRequest });
  });

  it('answers 400 for a range over 62 days', async () => {
    const r = await agenda(staffCookie, date(), plusDays(date(), 63));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    // A month is fine.
    expect((await agenda(staffCookie, date(), plusDays(date(), 30))).status).toBe(200);
  });

  it('answers 400 without a startDate or with a malformed date', async () => {
    const noStart = await call(getAgenda, {
      path: '/api/v1/facility/1/appointments',
      params: { facilityId: '1' },
      cookie: staffCookie,
    });
    expect(noStart.status).toBe(400);
    expect((await agenda(staffCookie, '2030-02-30')).status).toBe(400);
    expect((await agenda(staffCookie, '07/01/2030')).status).toBe(400);
  });
});
