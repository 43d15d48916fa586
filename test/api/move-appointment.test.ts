/**
 * `PATCH /api/v1/schedules/move/appointment` (staff): a pending appointment moves to another time and/or
 * stylist under the staff booking's rules, keeping its id and service snapshot, with its busy parts; the
 * client gets one "ha cambiado" e-mail with the updated `.ics` (same UID), never the guest; the past, a
 * cancelled one, busy time and client sessions are refused. Parallel moves and bookings onto one slot leave
 * exactly one holder (really concurrent on the PostgreSQL server of TEST_DATABASE_URL; PGlite serialises
 * transactions, so there the same check holds trivially).
 */
import { and, eq, gt } from 'drizzle-orm';
import { PATCH as moveHandler } from '@/app/api/v1/schedules/move/appointment/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { queueDueReminders } from '@/lib/server/notifications/reminders';
import { appointments, busySlots, outbox } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  ANA,
  appointmentState,
  availability,
  book,
  cancelAppointment,
  createClient,
  DB_TIMEOUT,
  dayFromToday,
  insertAppointmentRow,
  insertLeave,
  listActivities,
  madridDates,
  madridInstant,
  MARCOS,
  outboxRows,
  pinTestClock,
  salon2StaffSession,
  SALON2,
  seedSalon2,
  setTestClock,
  SARA,
  serviceId,
  staffBookingBody,
  tenantId,
  TODAY,
  madridHHmm,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

type Payload = { to: string; subject: string; text: string; attachments?: { filename: string; content: string; contentType: string }[] };

let staff: string;
let corte: number;
/** Weekdays (not Wednesday) from 8 days ahead; each test takes its own. */
let days: string[];
let clients = 0;

const move = (cookie: string | undefined, body: Record<string, unknown>) =>
  call(moveHandler, { method: 'PATCH', path: '/api/v1/schedules/move/appointment', body, cookie });

/** A new client with an e-mail, booked by staff with `employee` at `start` for Corte de pelo. Returns the appointment id. */
async function bookClient(start: string, employee = MARCOS): Promise<{ id: string; email: string }> {
  clients += 1;
  const email = `mover${clients}@example.com`;
  await createClient(email, { name: `Cliente Mover ${clients}` });
  const r = await book(staff, staffBookingBody({ start, employee, serviceId: corte, email, name: `Cliente Mover ${clients}` }));
  if (r.status !== 201) throw new Error(`booking answered ${r.status}: ${JSON.stringify(r.body)}`);
  return { id: r.body.data.event_id, email };
}

/** A guest booking by staff. Returns the appointment id. */
async function bookGuest(start: string, employee = MARCOS): Promise<string> {
  const r = await book(staff, staffBookingBody({ start, employee, serviceId: corte, name: 'Sin cita' }));
  if (r.status !== 201) throw new Error(`guest booking answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data.event_id;
}

const lastOutboxId = async () => Math.max(0, ...(await outboxRows()).map((o) => o.id));
const outboxAfter = async (id: number) => (await outboxRows()).filter((o) => o.id > id);

beforeAll(async () => {
  await openTestDb();
  staff = await sessionFor(MARCOS);
  corte = await serviceId('Corte de pelo');
  days = madridDates(8, 60, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('moving', () => {
  it('moves to another time with the same stylist: same id, new time in the agenda, the old time free again', async () => {
    const day = days[0]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '12:00'), employee_id: MARCOS });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id,
      type: 'appointment',
      employee_id: MARCOS,
      service_name: 'Corte de pelo',
      status: 'pending',
      start_time: madridInstant(day, '12:00'),
      end_time: madridInstant(day, '12:30'),
      busy_slots: [{ start_time: madridInstant(day, '12:00'), end_time: madridInstant(day, '12:30') }],
    });

    const shown = (await agendaDay(staff, day, MARCOS)).appointments.filter((a) => a.id === id);
    expect(shown).toEqual([expect.objectContaining({ start_time: madridInstant(day, '12:00'), status: 'pending' })]);
    // The old time is bookable again.
    expect(await bookGuest(madridInstant(day, '10:00'))).toEqual(expect.any(String));

    const moved = (await listActivities(staff)).filter((a) => a.type === 'appointment_moved' && a.data.id === id);
    expect(moved).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          start_time: madridInstant(day, '12:00'),
          previous_start_time: madridInstant(day, '10:00'),
          service_name: 'Corte de pelo',
          employee_name: 'Marcos Ruiz',
        }),
      }),
    ]);
  });

  it('moves to another stylist, parts and all', async () => {
    const day = days[1]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '11:00'), employee_id: SARA });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, employee_id: SARA, start_time: madridInstant(day, '11:00') });
    expect((await agendaDay(staff, day, SARA)).appointments.map((a) => a.id)).toContain(id);
    expect((await agendaDay(staff, day, MARCOS)).appointments.map((a) => a.id)).not.toContain(id);
    const { row, parts } = await appointmentState(id);
    expect(parts.map((p) => p.employeeId)).toEqual([row!.employeeId]);
  });

  it('refuses to move onto another appointment or a leave (409) and changes nothing', async () => {
    const day = days[2]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    await bookGuest(madridInstant(day, '12:00'));
    const leave = await insertLeave(staff, { start: madridInstant(day, '15:00'), end: madridInstant(day, '16:00'), employee: MARCOS });
    expect(leave.status).toBe(201);
    const before = await appointmentState(id);
    const outbox = await lastOutboxId();

    const onAppointment = await move(staff, { appointment_id: id, start_time: madridInstant(day, '12:15'), employee_id: MARCOS });
    expect(onAppointment.status).toBe(409);
    const onLeave = await move(staff, { appointment_id: id, start_time: madridInstant(day, '15:30'), employee_id: MARCOS });
    expect(onLeave.status).toBe(409);

    expect(await appointmentState(id)).toEqual(before);
    expect(await outboxAfter(outbox)).toEqual([]);
  });

  it('moves by less than its own length (its old parts do not stand in its way)', async () => {
    const day = days[3]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '10:15'), employee_id: MARCOS });
    expect(r.status).toBe(200);
    expect(r.body.data.busy_slots).toEqual([{ start_time: madridInstant(day, '10:15'), end_time: madridInstant(day, '10:45') }]);
  });

  it('moves outside the stylist\'s shift (overtime, as staff may book) and onto a 5-minute start off the 15-minute grid', async () => {
    const day = days[11]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const late = await move(staff, { appointment_id: id, start_time: madridInstant(day, '22:35'), employee_id: MARCOS });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ id, start_time: madridInstant(day, '22:35'), end_time: madridInstant(day, '23:05') });
    expect((await agendaDay(staff, day, MARCOS)).appointments.filter((a) => a.id === id)).toEqual([
      expect.objectContaining({ start_time: madridInstant(day, '22:35'), status: 'pending' }),
    ]);
  });
});

describe('what cannot be moved', () => {
  it('refuses a past appointment (422), a cancelled one (409), an unknown one (404), a past start (422)', async () => {
    const past = await insertAppointmentRow({ employee: MARCOS, client: ANA, start: madridInstant(dayFromToday(-2), '10:00') });
    const target = madridInstant(days[4]!, '10:00');
    expect((await move(staff, { appointment_id: past, start_time: target, employee_id: MARCOS })).status).toBe(422);

    const { id } = await bookClient(madridInstant(days[4]!, '12:00'));
    expect((await cancelAppointment(staff, { id, notes: 'No puede' })).status).toBe(200);
    expect((await move(staff, { appointment_id: id, start_time: target, employee_id: MARCOS })).status).toBe(409);

    expect((await move(staff, { appointment_id: '00000000-0000-4000-8000-000000000000', start_time: target, employee_id: MARCOS })).status).toBe(404);

    const live = await bookGuest(madridInstant(days[4]!, '16:00'));
    expect((await move(staff, { appointment_id: live, start_time: madridInstant(dayFromToday(-1), '10:00'), employee_id: MARCOS })).status).toBe(422);
  });

  it('moves to the current minute rounded down to 5 (a walk-in at 10:02 → 10:00), never 5 minutes before it', async () => {
    const { id } = await bookClient(madridInstant(days[11]!, '10:00'), SARA);
    setTestClock(TODAY, '10:02');
    try {
      const early = await move(staff, { appointment_id: id, start_time: madridInstant(TODAY, '09:55'), employee_id: SARA });
      expect(early.status).toBe(422);
      expect(early.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastDate });
      const now = await move(staff, { appointment_id: id, start_time: madridInstant(TODAY, '10:00'), employee_id: SARA });
      expect(now.status).toBe(200);
      expect(now.body.data).toMatchObject({ id, start_time: madridInstant(TODAY, '10:00'), end_time: madridInstant(TODAY, '10:30') });
    } finally {
      setTestClock();
    }
  });

  it('answers 403 to a client session, even for its own appointment', async () => {
    const day = days[5]!;
    const { id, email } = await bookClient(madridInstant(day, '10:00'));
    const r = await move(await sessionFor(email), { appointment_id: id, start_time: madridInstant(day, '12:00'), employee_id: MARCOS });
    expect(r.status).toBe(403);
  });
});

describe('the e-mail', () => {
  it('queues exactly one "ha cambiado" e-mail with the .ics of the same UID, and no cancellation or confirmation', async () => {
    const day = days[6]!;
    const { id, email } = await bookClient(madridInstant(day, '10:00'));
    const outbox = await lastOutboxId();
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '17:00'), employee_id: SARA });
    expect(r.status).toBe(200);

    const rows = await outboxAfter(outbox);
    expect(rows).toHaveLength(1);
    const mail = rows[0]!.payload as Payload;
    expect(mail.to).toBe(email);
    expect(mail.subject).toContain('ha cambiado');
    expect(mail.text).toContain('Marcos Ruiz');
    expect(mail.text).toContain('Sara López');
    expect(mail.text).toContain('17:00');
    expect(mail.text).toContain('10:00');
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments![0]!.content;
    expect(ics).toContain(`UID:${id}`);
    expect(ics).toMatch(/^SEQUENCE:[1-9]\d*\r?$/m);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART:${madridInstant(day, '17:00').replace(/[-:]/g, '').replace('.000', '')}`);
    for (const row of rows) expect((row.payload as Payload).subject).not.toMatch(/cancelada|confirmada/);
  });

  it('queues nothing for the guest', async () => {
    const day = days[7]!;
    const id = await bookGuest(madridInstant(day, '10:00'));
    const outbox = await lastOutboxId();
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '11:00'), employee_id: MARCOS });
    expect(r.status).toBe(200);
    expect(await outboxAfter(outbox)).toEqual([]);
  });
});

describe('the automatic reminder', () => {
  it('goes again when a reminded appointment moves more than 24 hours ahead', async () => {
    const day = days[8]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const db = await getDb();
    const HOUR = 3_600_000;
    const reminders = async () => (await outboxRows()).filter((o) => (o.payload as Payload).subject.startsWith('Recordatorio') && (o.payload as Payload).text.includes('Cliente Mover'));
    const before = (await reminders()).length;
    // The reminder went out a day before the old time.
    expect(await queueDueReminders(db, Date.parse(madridInstant(day, '10:00')) - 23 * HOUR)).toBe(1);
    await db.update(outbox).set({ status: 'sent' }).where(eq(outbox.dedupeKey, `reminder:${id}`));
    expect((await appointmentState(id)).row!.remindedAt).not.toBeNull();

    const later = madridInstant(days[9]!, '10:00');
    expect((await move(staff, { appointment_id: id, start_time: later, employee_id: MARCOS })).status).toBe(200);
    expect((await appointmentState(id)).row!.remindedAt).toBeNull();
    // A day before the new time, it goes again, with the new time.
    expect(await queueDueReminders(db, Date.parse(later) - 23 * HOUR)).toBe(1);
    const sent = await reminders();
    expect(sent).toHaveLength(before + 2);
    expect((sent.at(-1)!.payload as Payload).text).toContain('10:00');
  });
});

describe('parallel moves and bookings onto one slot', () => {
  it('leave exactly one holder of the slot', async () => {
    const day = days[10]!;
    const tid = await tenantId();
    // Ten guest appointments of Marcos at distinct hours, then ten moves of them and ten guest bookings onto 18:00.
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await bookGuest(madridInstant(day, `0${i}:00`.slice(-5))));
    const target = madridInstant(day, '18:00');
    const answers = await Promise.all([
      ...ids.map((id) => move(staff, { appointment_id: id, start_time: target, employee_id: MARCOS })),
      ...ids.map(() => book(staff, staffBookingBody({ start: target, employee: MARCOS, serviceId: corte, name: 'Carrera' }))),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);

    const db = await getDb();
    const holders = await db
      .select({ appointmentId: busySlots.appointmentId })
      .from(busySlots)
      .innerJoin(appointments, and(eq(appointments.tenantId, busySlots.tenantId), eq(appointments.id, busySlots.appointmentId)))
      .where(and(eq(busySlots.tenantId, tid), eq(busySlots.active, true), eq(busySlots.startAt, new Date(target)), gt(busySlots.endAt, new Date(target))));
    expect(holders).toHaveLength(1);
  });
});

describe("the free hours of Cambiar hora (`appointmentId` on the availability call)", () => {
  const startsOf = (body: { items: { hours: { start_time: string }[] }[] }) => body.items.flatMap((g) => g.hours.map((h) => madridHHmm(h.start_time)));

  it("offers the hours overlapping the appointment's own slot with the param, and not without it", async () => {
    const day = days[12]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    const without = await availability(staff, day, MARCOS, { serviceDuration: 30, serviceId: corte });
    expect(without.status).toBe(200);
    expect(startsOf(without.body)).not.toContain('10:15');
    expect(startsOf(without.body)).not.toContain('09:45');

    const withIt = await availability(staff, day, MARCOS, { serviceDuration: 30, serviceId: corte, appointmentId: id });
    expect(withIt.status).toBe(200);
    expect(startsOf(withIt.body)).toEqual(expect.arrayContaining(['09:45', '10:00', '10:15']));

    // The hour it offers is one the move accepts.
    const r = await move(staff, { appointment_id: id, start_time: madridInstant(day, '10:15'), employee_id: MARCOS });
    expect(r.status).toBe(200);
    expect(r.body.data.start_time).toBe(madridInstant(day, '10:15'));
  });

  it("still counts other appointments of the stylist as taken", async () => {
    const day = days[13]!;
    const { id } = await bookClient(madridInstant(day, '10:00'));
    await bookGuest(madridInstant(day, '11:00'));
    const r = await availability(staff, day, MARCOS, { serviceDuration: 30, serviceId: corte, appointmentId: id });
    expect(r.status).toBe(200);
    expect(startsOf(r.body)).toContain('10:15');
    expect(startsOf(r.body)).not.toContain('10:45');
    expect(startsOf(r.body)).not.toContain('11:00');
  });

  it('answers 403 to a client (even naming its own appointment) and 404 to an unknown or another salon\'s appointment', async () => {
    const day = days[14]!;
    const mine = await book(staff, staffBookingBody({ start: madridInstant(day, '12:00'), employee: MARCOS, serviceId: corte, email: ANA, name: 'Ana García' }));
    expect(mine.status).toBe(201);
    const client = await sessionFor(ANA);
    const asClient = await availability(client, day, MARCOS, { serviceDuration: 30, serviceId: corte, appointmentId: mine.body.data.event_id });
    expect(asClient.status).toBe(403);
    expect(asClient.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });

    const unknown = await availability(staff, day, MARCOS, { serviceDuration: 30, serviceId: corte, appointmentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: messages.errors.appointmentNotFound });

    const bad = await availability(staff, day, MARCOS, { serviceDuration: 30, serviceId: corte, appointmentId: 'cita-1' });
    expect(bad.status).toBe(400);

    await seedSalon2();
    const foreign = await availability(await salon2StaffSession(), day, 'marcos@salon2.demo', { serviceDuration: 30, appointmentId: mine.body.data.event_id }, SALON2);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(messages.errors.appointmentNotFound);
  });
});
