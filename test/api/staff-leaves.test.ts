/**
 * Blocked slots (leaves): `PATCH /api/v1/schedules/insert/leave` and `PATCH /api/v1/schedules/delete/leave`
 * (spec sections 4, 5, 7, 8; decisions "Past"). A leave takes the stylist's time away from clients;
 * deleting it gives the time back. Overlaps are refused with the agenda's message.
 */
import { isPast } from '@/lib/domain/agenda';
import messages from '@/lib/i18n/messages/es.json';
import { setClock } from '@/lib/server/clock';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  book,
  cancelAppointment,
  DB_TIMEOUT,
  deleteLeave,
  insertLeave,
  insertLeaveRow,
  leaveExists,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  MARCOS,
  offeredHours,
  SARA,
  serviceId,
  staffBookingBody,
  type Hour,
  UUID,
  pinTestClock,
  TODAY,
  setTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const OVERLAP = 'El rango seleccionado se solapa con otro evento';

let staff: string; // marcos
let client: string; // cliente@klok.demo
let corte: number;
/** Working weekdays of every stylist (not Wednesday) from 8 days ahead (clear of the seed's demo appointments) to 4 weeks. */
let days: string[];

const hoursOf = (date: string, employee: string) => offeredHours(client, date, employee, { serviceDuration: 30, serviceId: corte });
const startsOf = (hours: Hour[]) => hours.map((h) => madridHHmm(h.start_time));
const leavesOn = async (date: string, employee: string) =>
  (await agendaDay(staff, date, employee)).appointments.filter((e) => e.type === 'leave');

beforeAll(async () => {
  await openTestDb();
  staff = await sessionFor(MARCOS);
  client = await sessionFor('cliente@klok.demo');
  corte = await serviceId('Corte de pelo');
  days = madridDates(8, 28, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('blocking a slot', () => {
  it('answers 201 with the event id and takes the range away from clients', async () => {
    const date = days[0]!;
    const before = startsOf(await hoursOf(date, SARA));
    expect(before).toEqual(expect.arrayContaining(['09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']));

    const r = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: SARA });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ data: { event_id: expect.stringMatching(UUID) } });

    const after = startsOf(await hoursOf(date, SARA));
    // Every 30-minute start overlapping 10:00–11:00 is gone; the hours around it stay.
    for (const gone of ['09:45', '10:00', '10:15', '10:30', '10:45']) expect(after).not.toContain(gone);
    expect(after).toContain('09:30');
    expect(after).toContain('11:00');
    expect(after).toEqual(before.filter((h) => !['09:45', '10:00', '10:15', '10:30', '10:45'].includes(h)));
    // Other stylists keep their hours.
    expect(startsOf(await hoursOf(date, LUCIA))).toContain('10:00');

    expect(await leavesOn(date, SARA)).toEqual([
      expect.objectContaining({
        id: r.body.data.event_id,
        type: 'leave',
        employee_id: SARA,
        date,
        start_time: madridInstant(date, '10:00'),
        end_time: madridInstant(date, '11:00'),
      }),
    ]);
  });

  it('refuses a range overlapping an appointment with 409 and the agenda message', async () => {
    const date = days[1]!;
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '12:00'), employee: SARA, serviceId: corte, name: 'Cliente de las doce' }));
    expect(booked.status).toBe(201);
    const r = await insertLeave(staff, { start: madridInstant(date, '11:45'), end: madridInstant(date, '12:15'), employee: SARA });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'conflict', message: OVERLAP });
    expect(messages.errors.overlapsEvent).toBe(OVERLAP);
    expect(await leavesOn(date, SARA)).toEqual([]);
    // Touching the appointment's end is not an overlap.
    expect((await insertLeave(staff, { start: madridInstant(date, '12:30'), end: madridInstant(date, '13:00'), employee: SARA })).status).toBe(201);
  });

  it('refuses a range overlapping another leave with 409, including one that contains it', async () => {
    const date = days[2]!;
    expect((await insertLeave(staff, { start: madridInstant(date, '16:00'), end: madridInstant(date, '17:00'), employee: LUCIA })).status).toBe(201);
    for (const [start, end] of [
      ['16:30', '17:30'],
      ['15:30', '16:15'],
      ['15:00', '18:00'],
      ['16:15', '16:45'],
    ] as const) {
      const r = await insertLeave(staff, { start: madridInstant(date, start), end: madridInstant(date, end), employee: LUCIA });
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'conflict', message: OVERLAP });
    }
    expect(await leavesOn(date, LUCIA)).toHaveLength(1);
    // The same range for another stylist is fine.
    expect((await insertLeave(staff, { start: madridInstant(date, '16:00'), end: madridInstant(date, '17:00'), employee: SARA })).status).toBe(201);
  });

  it('ignores a cancelled appointment when checking overlaps', async () => {
    const date = days[3]!;
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: corte, name: 'Se cancela' }));
    expect((await cancelAppointment(staff, { id: booked.body.data.event_id, employee: MARCOS, date })).status).toBe(200);
    const r = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '10:30'), employee: MARCOS });
    expect(r.status).toBe(201);
  });

  it('answers 422 when the end is not after the start', async () => {
    const date = days[4]!;
    const backwards = await insertLeave(staff, { start: madridInstant(date, '11:00'), end: madridInstant(date, '10:00'), employee: SARA });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error).toEqual({ code: 'unprocessable', message: messages.errors.invalidRange });
    const empty = await insertLeave(staff, { start: madridInstant(date, '11:00'), end: madridInstant(date, '11:00'), employee: SARA });
    expect(empty.status).toBe(422);
    expect(await leavesOn(date, SARA)).toEqual([]);
  });

  it('answers 422 for a start in the past', async () => {
    const past = madridDates(-10, -1, [1, 2, 3, 4, 5])[0]!;
    const r = await insertLeave(staff, { start: madridInstant(past, '10:00'), end: madridInstant(past, '11:00'), employee: SARA });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastSlot });
    expect(await leavesOn(past, SARA)).toEqual([]);
  });

  it('answers 403 to a client (even with an `initiator: admin` header) and blocks nothing', async () => {
    const date = days[5]!;
    const before = await hoursOf(date, SARA);
    const body = { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: SARA };
    for (const headers of [undefined, { initiator: 'admin' }]) {
      const r = await insertLeave(client, body, { headers });
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
    }
    expect(await hoursOf(date, SARA)).toEqual(before);
    expect(await leavesOn(date, SARA)).toEqual([]);
  });

  it('answers 401 without a session, 404 for an unknown stylist and 400 for a malformed body', async () => {
    const date = days[5]!;
    expect((await insertLeave(undefined, { start: madridInstant(date, '12:00'), end: madridInstant(date, '13:00'), employee: SARA })).status).toBe(401);
    const unknown = await insertLeave(staff, { start: madridInstant(date, '12:00'), end: madridInstant(date, '13:00'), employee: 'nadie@klok.demo' });
    expect(unknown.status).toBe(404);
    const malformed = await insertLeave(staff, { start: 'mañana', end: madridInstant(date, '13:00'), employee: SARA });
    expect(malformed.status).toBe(400);
    expect(await leavesOn(date, SARA)).toEqual([]);
  });
});

describe('unblocking a slot', () => {
  it('answers 201 and offers the hours to clients again', async () => {
    const date = days[6]!;
    const before = await hoursOf(date, SARA);
    const leave = await insertLeave(staff, { start: madridInstant(date, '16:00'), end: madridInstant(date, '18:00'), employee: SARA });
    expect(leave.status).toBe(201);
    const id = leave.body.data.event_id as string;
    expect(startsOf(await hoursOf(date, SARA))).not.toContain('16:00');

    const r = await deleteLeave(staff, { id, employee: SARA, date });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ data: { id } });
    expect(await hoursOf(date, SARA)).toEqual(before);
    expect(await leavesOn(date, SARA)).toEqual([]);
    // And a client can book the freed hour.
    expect(startsOf(await hoursOf(date, SARA))).toContain('16:00');
  });

  it('lets staff book over the freed range', async () => {
    const date = days[7]!;
    const leave = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: LUCIA });
    const body = staffBookingBody({ start: madridInstant(date, '10:00'), employee: LUCIA, serviceId: corte, name: 'Tras desbloquear' });
    expect((await book(staff, body)).status).toBe(409);
    expect((await deleteLeave(staff, { id: leave.body.data.event_id, employee: LUCIA, date })).status).toBe(201);
    expect((await book(staff, body)).status).toBe(201);
  });

  it('answers 404 for an unknown id and for a second delete', async () => {
    const date = days[8]!;
    const unknown = await deleteLeave(staff, { id: '6f1c1a52-8b7e-4c55-9f33-2d6b1f0c9a11', employee: SARA, date });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: messages.errors.leaveNotFound });

    const leave = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: SARA });
    expect((await deleteLeave(staff, { id: leave.body.data.event_id, employee: SARA, date })).status).toBe(201);
    expect((await deleteLeave(staff, { id: leave.body.data.event_id, employee: SARA, date })).status).toBe(404);
  });

  it("answers 404 when the id is another stylist's leave, and keeps it", async () => {
    const date = days[9]!;
    const leave = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: SARA });
    const r = await deleteLeave(staff, { id: leave.body.data.event_id, employee: LUCIA, date });
    expect(r.status).toBe(404);
    expect(await leaveExists(leave.body.data.event_id)).toBe(true);
    expect(await leavesOn(date, SARA)).toHaveLength(1);
  });

  it('answers 422 for a past leave and keeps it', async () => {
    const past = madridDates(-10, -1, [1, 2, 3, 4, 5])[0]!;
    const id = await insertLeaveRow({ employee: SARA, start: madridInstant(past, '10:00'), end: madridInstant(past, '11:00') });
    expect((await leavesOn(past, SARA)).map((l) => l.id)).toEqual([id]);

    const r = await deleteLeave(staff, { id, employee: SARA, date: past });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.cannotUnblockPast });
    expect(await leaveExists(id)).toBe(true);
    expect((await leavesOn(past, SARA)).map((l) => l.id)).toEqual([id]);
  });

  it('unblocks a leave that started but has not ended yet', async () => {
    const id = await insertLeaveRow({ employee: LUCIA, start: madridInstant(TODAY, '10:00'), end: madridInstant(TODAY, '10:30') });
    setTestClock(TODAY, '10:10');
    const r = await deleteLeave(staff, { id, employee: LUCIA });
    setTestClock();
    expect(r.status).toBe(201);
    expect(await leaveExists(id)).toBe(false);
  });

  it("refuses to unblock from the millisecond after the end, where the agenda's dialog stops offering it", async () => {
    const end = madridInstant(TODAY, '11:30');
    const id = await insertLeaveRow({ employee: LUCIA, start: madridInstant(TODAY, '11:00'), end });
    const afterEnd = Date.parse(end) + 1;
    // The dialogs' rule (lib/domain/agenda.ts isPast) at the end instant and one millisecond later.
    expect(isPast(end, Date.parse(end))).toBe(false);
    expect(isPast(end, afterEnd)).toBe(true);

    setClock(() => afterEnd);
    const refused = await deleteLeave(staff, { id, employee: LUCIA });
    setClock(() => Date.parse(end));
    const accepted = await deleteLeave(staff, { id, employee: LUCIA });
    setTestClock();
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'unprocessable', message: messages.errors.cannotUnblockPast });
    expect(accepted.status).toBe(201);
    expect(await leaveExists(id)).toBe(false);
  });

  it('answers 403 to a client and keeps the leave', async () => {
    const date = days[10]!;
    const leave = await insertLeave(staff, { start: madridInstant(date, '10:00'), end: madridInstant(date, '11:00'), employee: SARA });
    const r = await deleteLeave(client, { id: leave.body.data.event_id, employee: SARA, date }, { headers: { initiator: 'admin' } });
    expect(r.status).toBe(403);
    expect(await leaveExists(leave.body.data.event_id)).toBe(true);
    expect(startsOf(await hoursOf(date, SARA))).not.toContain('10:00');
  });

  it('answers 400 for an id that is not a uuid and 401 without a session', async () => {
    expect((await deleteLeave(staff, { id: '42', employee: SARA })).status).toBe(400);
    expect((await deleteLeave(undefined, { id: '6f1c1a52-8b7e-4c55-9f33-2d6b1f0c9a11', employee: SARA })).status).toBe(401);
  });
});
