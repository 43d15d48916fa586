/**
 * `PATCH /api/v1/schedules/cancel/appointment` (spec sections 4, 6, 7; decisions "Cancellation",
 * "Guest", "Past", "Allowance"): only staff cancel; the appointment becomes `cancelled` (never deleted)
 * with who, when and why, frees its time at once, writes an `appointment_cancelled` activity and, unless
 * the client is the guest, one e-mail in the outbox.
 */
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import messages from '@/lib/i18n/messages/es.json';
import { findUserByEmail, type UserRow } from '@/lib/server/repositories/users';
import { getDb } from '@/lib/server/db/client';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  ANA,
  appointmentState,
  book,
  bookingBody,
  cancelAppointment,
  createClient,
  DB_TIMEOUT,
  insertAppointmentRow,
  listActivities,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  MARCOS,
  offeredHours,
  outboxRows,
  SARA,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
  TODAY,
  setTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

let staff: string; // marcos
let marcosId: string;
let ana: UserRow;
let anaCookie: string;
let corte: number;
/** Working weekdays of every stylist (not Wednesday) from 8 days ahead (clear of the seed's demo appointments) to 4 weeks. */
let days: string[];

const corteQuery = () => ({ serviceDuration: 30, serviceId: corte });
const pendingIds = async (email: string) => {
  const r = await call(getPending, { path: `/api/v1/users/${email}/appointments/pending`, params: { email }, cookie: staff });
  expect(r.status).toBe(200);
  return (r.body.items as { id: string }[]).map((a) => a.id);
};
const cancellationsOf = async (id: string) =>
  (await listActivities(staff)).filter((a) => a.type === 'appointment_cancelled' && a.data.id === id);
/** Spanish long date of a Madrid date, `d de mes`. */
const spanishDate = (date: string) => `${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

beforeAll(async () => {
  await openTestDb();
  staff = await sessionFor(MARCOS);
  anaCookie = await sessionFor(ANA);
  const db = await getDb();
  ana = (await findUserByEmail(db, await tenantId(), ANA))!;
  marcosId = (await findUserByEmail(db, await tenantId(), MARCOS))!.id;
  corte = await serviceId('Corte de pelo');
  days = madridDates(8, 28, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('staff cancel a client appointment', () => {
  const reason = 'La estilista está enferma';
  let id: string;
  let start: string;
  let date: string;
  let outboxBefore: number;

  beforeAll(async () => {
    date = days[0]!;
    const [hour] = await offeredHours(anaCookie, date, SARA, corteQuery());
    start = hour!.start_time;
    const booked = await book(anaCookie, bookingBody(ana, { start, employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(201);
    id = booked.body.data.event_id;
    expect(await pendingIds(ANA)).toContain(id);
    expect((await offeredHours(anaCookie, date, SARA, corteQuery())).map((h) => h.start_time)).not.toContain(start);
    outboxBefore = (await outboxRows()).length;

    const r = await cancelAppointment(staff, { id, employee: SARA, client: ANA, date, notes: reason });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { id } });
  });

  it("removes it from the client's pending list", async () => {
    expect(await pendingIds(ANA)).not.toContain(id);
  });

  it('offers its hour to clients again', async () => {
    const hours = await offeredHours(anaCookie, date, SARA, corteQuery());
    expect(hours.map((h) => h.start_time)).toContain(start);
  });

  it('keeps it as cancelled with the reason, who and when', async () => {
    const day = await agendaDay(staff, date, SARA);
    expect(day.appointments).toEqual([expect.objectContaining({ id, status: 'cancelled', notes: reason })]);
    const { row, parts } = await appointmentState(id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: marcosId, notes: reason });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    expect(parts.every((p) => !p.active)).toBe(true);
  });

  it('lists an appointment_cancelled activity with the service and the client', async () => {
    const found = await cancellationsOf(id);
    expect(found).toHaveLength(1);
    expect(found[0]!.data).toMatchObject({
      id,
      start_time: start,
      created_by: 'Marcos Ruiz',
      service_name: 'Corte de pelo',
      employee_name: 'Sara López',
      client_name: 'Ana García',
      notes: reason,
    });
  });

  it('queues exactly one Spanish e-mail to the client with the reason', async () => {
    const rows = await outboxRows();
    expect(rows).toHaveLength(outboxBefore + 1);
    const mail = rows[rows.length - 1]!;
    expect(mail.kind).toBe('email');
    expect(mail.sentAt).toBeNull();
    expect(mail.payload.to).toBe(ANA);
    expect(mail.payload.subject).toBe('Tu cita en Klok Peluquería ha sido cancelada');
    const text = mail.payload.text as string;
    expect(text).toContain('Hola Ana García');
    expect(text).toContain('Corte de pelo');
    expect(text).toContain('Sara López');
    expect(text).toContain(`, ${spanishDate(date)} a las ${madridHHmm(start)}`);
    expect(text).toContain(`Motivo: ${reason}`);
    // A link to book again on the salon's own host, not "desde la aplicación".
    expect(text).toMatch(/^https?:\/\/[^/\s]+\/client\/new\/appointment$/m);
    expect(text).not.toContain('desde la aplicación');
    expect(rows.filter((r) => r.payload.to === ANA && String(r.payload.subject).includes('cancelada'))).toHaveLength(1);
  });

  it('answers 409 to a second cancel and changes nothing', async () => {
    const outbox = (await outboxRows()).length;
    const r = await cancelAppointment(staff, { id, employee: SARA, date, notes: 'Otra vez' });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'conflict', message: messages.errors.alreadyCancelled });
    expect((await outboxRows()).length).toBe(outbox);
    expect(await cancellationsOf(id)).toHaveLength(1);
    expect((await appointmentState(id)).row!.notes).toBe(reason);
  });

  it('lets the freed hour be booked again', async () => {
    const r = await book(staff, staffBookingBody({ start, employee: SARA, serviceId: corte, name: 'Aprovecha el hueco' }));
    expect(r.status).toBe(201);
  });
});

describe('e-mails', () => {
  it('queues no e-mail when the guest is cancelled, but still writes the activity', async () => {
    const date = days[1]!;
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: corte, name: 'Paseante' }));
    expect(booked.status).toBe(201);
    const before = await outboxRows();
    const r = await cancelAppointment(staff, { id: booked.body.data.event_id, employee: MARCOS, date, notes: 'No vino' });
    expect(r.status).toBe(200);
    expect(await outboxRows()).toEqual(before);
    const found = await cancellationsOf(booked.body.data.event_id);
    expect(found).toHaveLength(1);
    expect(found[0]!.data).toMatchObject({ client_name: 'Paseante', service_name: 'Corte de pelo' });
  });

  it('leaves the reason out of the e-mail when none is given', async () => {
    const date = days[2]!;
    const c = await createClient('sinrazon@example.com', { name: 'Rosa Vidal' });
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '17:00'), employee: LUCIA, serviceId: corte, email: c.user.email, name: 'Rosa Vidal' }));
    expect(booked.status).toBe(201);
    const before = (await outboxRows()).length;
    expect((await cancelAppointment(staff, { id: booked.body.data.event_id, employee: LUCIA, date })).status).toBe(200);
    const rows = await outboxRows();
    expect(rows).toHaveLength(before + 1);
    const mail = rows[rows.length - 1]!;
    expect(mail.payload.to).toBe('sinrazon@example.com');
    expect(mail.payload.text).toContain('Hola Rosa Vidal');
    expect(mail.payload.text).not.toContain('Motivo:');
    expect(mail.payload.text).toContain(`a las 17:00`);
  });
});

describe('refusals', () => {
  it('answers 422 for a past appointment and changes nothing', async () => {
    const past = madridDates(-10, -1, [1, 2, 3, 4, 5])[0]!;
    const id = await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(past, '10:00') });
    const before = await appointmentState(id);
    const outbox = (await outboxRows()).length;

    const r = await cancelAppointment(staff, { id, employee: SARA, client: ANA, date: past, notes: 'Tarde' });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.cannotCancelPast });

    const after = await appointmentState(id);
    expect(after.row).toEqual(before.row);
    expect(after.row).toMatchObject({ status: 'pending', cancelledAt: null, notes: null });
    expect(after.parts).toEqual(before.parts);
    expect(after.parts.every((p) => p.active)).toBe(true);
    expect((await outboxRows()).length).toBe(outbox);
    expect(await cancellationsOf(id)).toEqual([]);
    expect((await agendaDay(staff, past, SARA)).appointments).toEqual([expect.objectContaining({ id, status: 'pending' })]);
  });

  it('cancels an appointment in progress (it has not ended yet)', async () => {
    const c = await createClient('encurso@example.com', { name: 'En Curso' });
    const id = await insertAppointmentRow({ employee: LUCIA, client: c.user.email, start: madridInstant(TODAY, '10:00'), minutes: 60 });
    setTestClock(TODAY, '10:20');
    const r = await cancelAppointment(staff, { id, employee: LUCIA });
    setTestClock();
    expect(r.status).toBe(200);
    expect((await appointmentState(id)).row!.status).toBe('cancelled');
  });

  it('answers 403 to a client (even with `initiator: admin`) and changes nothing', async () => {
    const c = await createClient('noquiere@example.com', { name: 'No Quiere', onboarded: true });
    const date = days[3]!;
    const [hour] = await offeredHours(c.cookie, date, SARA, corteQuery());
    const booked = await book(c.cookie, bookingBody(c.user, { start: hour!.start_time, employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.event_id as string;
    const before = await appointmentState(id);
    const outbox = (await outboxRows()).length;

    for (const headers of [undefined, { initiator: 'admin' }]) {
      const r = await cancelAppointment(c.cookie, { id, employee: SARA, client: c.user.email, date, notes: 'Ya no puedo' }, { headers });
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
    }
    expect(await appointmentState(id)).toEqual(before);
    expect(await pendingIds(c.user.email)).toEqual([id]);
    expect((await outboxRows()).length).toBe(outbox);
    expect(await cancellationsOf(id)).toEqual([]);
    expect((await offeredHours(c.cookie, date, SARA, corteQuery())).map((h) => h.start_time)).not.toContain(hour!.start_time);
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a session', async () => {
    const unknown = await cancelAppointment(staff, { id: '0b8e7c1e-3f55-4d0a-9a51-5b2f8e9d7c61', employee: SARA });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: messages.errors.appointmentNotFound });
    expect((await cancelAppointment(staff, { id: 'not-a-uuid' })).status).toBe(400);
    expect((await cancelAppointment(undefined, { id: '0b8e7c1e-3f55-4d0a-9a51-5b2f8e9d7c61' })).status).toBe(401);
  });
});

describe('allowance', () => {
  it('gives a client at its allowance its booking back once staff cancel', async () => {
    const c = await createClient('recupera@example.com', { name: 'Recupera', allowance: 1, onboarded: true });
    const date = days[4]!;
    const hours = await offeredHours(c.cookie, date, LUCIA, corteQuery());
    const first = await book(c.cookie, bookingBody(c.user, { start: hours[0]!.start_time, employee: LUCIA, serviceId: corte }));
    expect(first.status).toBe(201);
    const blocked = await book(c.cookie, bookingBody(c.user, { start: hours[4]!.start_time, employee: LUCIA, serviceId: corte }));
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('allowance_exceeded');

    expect((await cancelAppointment(staff, { id: first.body.data.event_id, employee: LUCIA, date })).status).toBe(200);
    const again = await book(c.cookie, bookingBody(c.user, { start: hours[4]!.start_time, employee: LUCIA, serviceId: corte }));
    expect(again.status).toBe(201);
  });
});
