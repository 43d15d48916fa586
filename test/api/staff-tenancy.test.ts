/**
 * The staff endpoints across tenants (decisions "Tenancy": staff of one tenant see nothing of another).
 * Staff of `salon2`, on their own host, neither see klok's agenda nor reach klok's appointments and leaves.
 */
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agenda,
  agendaDay,
  type AgendaItem,
  appointmentState,
  book,
  bookWith,
  cancelAppointment,
  DB_TIMEOUT,
  deleteLeave,
  insertLeave,
  leaveExists,
  listActivities,
  madridDates,
  madridInstant,
  outboxRows,
  salon2StaffSession,
  SARA,
  seedSalon2,
  serviceId,
  serviceIdIn,
  staffBookingBody,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const SALON2 = { host: 'salon2.localhost:3000' };

let klokStaff: string;
let salon2Staff: string;
let date: string;
let appointmentId: string;
let leaveId: string;

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  klokStaff = await sessionFor('marcos@klok.demo');
  salon2Staff = await salon2StaffSession();
  date = madridDates(8, 21, [1, 2, 4, 5])[0]!; // clear of the seed's demo appointments
  const booked = await book(
    klokStaff,
    staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), email: 'cliente@klok.demo', name: 'Ana García' }),
  );
  expect(booked.status).toBe(201);
  appointmentId = booked.body.data.event_id;
  const leave = await insertLeave(klokStaff, { start: madridInstant(date, '12:00'), end: madridInstant(date, '13:00'), employee: SARA });
  expect(leave.status).toBe(201);
  leaveId = leave.body.data.event_id;
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('a second tenant', () => {
  it("shows salon2's staff only its own stylists and none of klok's events", async () => {
    const r = await agenda(salon2Staff, date, date, SALON2);
    expect(r.status).toBe(200);
    const items = r.body.items as AgendaItem[];
    expect(items.map((i) => i.employee_id).sort()).toEqual(['admin@salon2.demo', 'marcos@salon2.demo', 'sara@salon2.demo']);
    expect(items.flatMap((i) => i.appointments).every((e) => e.employee_id.endsWith('@salon2.demo'))).toBe(true);
    const text = JSON.stringify(r.body);
    expect(text).not.toContain(appointmentId);
    expect(text).not.toContain(leaveId);
    expect(text).not.toContain('klok.demo');
    // Klok's own staff do see them.
    expect((await agendaDay(klokStaff, date, SARA)).appointments.map((a) => a.id).sort()).toEqual([appointmentId, leaveId].sort());
  });

  it("does not accept klok's staff session on salon2's host (401)", async () => {
    expect((await agenda(klokStaff, date, date, SALON2)).status).toBe(401);
  });

  it('cannot cancel a klok appointment by id (404) and leaves it untouched', async () => {
    const before = await appointmentState(appointmentId);
    const outbox = (await outboxRows()).length;
    const salon2Outbox = (await outboxRows('salon2')).length;
    const r = await cancelAppointment(salon2Staff, { id: appointmentId, employee: 'sara@salon2.demo', date, notes: 'Intruso' }, SALON2);
    expect(r.status).toBe(404);
    expect(await appointmentState(appointmentId)).toEqual(before);
    expect(before.row!.status).toBe('pending');
    expect((await outboxRows()).length).toBe(outbox);
    expect((await outboxRows('salon2')).length).toBe(salon2Outbox);
    expect((await listActivities(salon2Staff, SALON2)).filter((a) => a.type === 'appointment_cancelled')).toEqual([]);
  });

  it('cannot unblock a klok leave (404) nor block time of a klok stylist (404)', async () => {
    const del = await deleteLeave(salon2Staff, { id: leaveId, employee: SARA, date }, SALON2);
    expect(del.status).toBe(404);
    expect(await leaveExists(leaveId)).toBe(true);
    const ins = await insertLeave(salon2Staff, { start: madridInstant(date, '16:00'), end: madridInstant(date, '17:00'), employee: SARA }, SALON2);
    expect(ins.status).toBe(404);
    expect((await agendaDay(klokStaff, date, SARA)).appointments).toHaveLength(2);
  });

  it("books a klok client's e-mail in salon2 as a separate salon2 client", async () => {
    const salon2Corte = await serviceIdIn('Corte de pelo', 'salon2');
    const r = await bookWith(
      salon2Staff,
      staffBookingBody({ start: madridInstant(date, '10:00'), employee: 'sara@salon2.demo', serviceId: salon2Corte, email: 'cliente@klok.demo', name: 'Ana en Salon2' }),
      SALON2,
    );
    expect(r.status).toBe(201);
    const pending = (cookie: string, opts = {}) =>
      call(getPending, { path: '/api/v1/users/cliente@klok.demo/appointments/pending', params: { email: 'cliente@klok.demo' }, cookie, ...opts });
    expect((await pending(salon2Staff, SALON2)).body.items.map((a: { id: string }) => a.id)).toEqual([r.body.data.event_id]);
    expect((await pending(klokStaff)).body.items.map((a: { id: string }) => a.id)).toEqual([appointmentId]);
    // A klok stylist is unknown in salon2.
    const cross = await bookWith(
      salon2Staff,
      staffBookingBody({ start: madridInstant(date, '11:00'), employee: SARA, serviceId: salon2Corte, name: 'Cruce' }),
      SALON2,
    );
    expect(cross.status).toBe(404);
  });

  it("lists none of klok's activities to salon2's staff", async () => {
    const klok = await listActivities(klokStaff);
    expect(klok.some((a) => a.data.id === appointmentId)).toBe(true);
    const other = await listActivities(salon2Staff, SALON2);
    expect(JSON.stringify(other)).not.toContain(appointmentId);
  });
});
