/**
 * `PATCH /api/v1/schedules/insert/appointment`, employee flow (spec sections 5, 7; decisions "Staff
 * booking for a client", "Guest", "Allowance", "Past"): staff book for a client by e-mail, for a new
 * client, or for the guest by name; walk-ins outside shifts and from the current minute rounded down to 5
 * are fine, an earlier start and busy time are not (the client flow keeps its own rules);
 * the client's allowance limits its own bookings, never staff's.
 */
import { eq } from 'drizzle-orm';
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import { GET as getUser } from '@/app/api/v1/users/[email]/route';
import { PATCH as insertAppointment } from '@/app/api/v1/schedules/insert/appointment/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  ANA,
  book,
  bookingBody,
  createClient,
  DB_TIMEOUT,
  GUEST,
  insertLeave,
  listActivities,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  nextWednesday,
  offeredHours,
  SARA,
  serviceId,
  staffBookingBody,
  type Activity,
  UUID,
  pinTestClock,
  setTestClock,
  TODAY,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();


let marcos: string; // staff cookie
let corte: number;
let color: number;
/** Weekdays (not Wednesday) from 8 days ahead (clear of the seed's demo appointments); each test takes its own. */
let days: string[];

const pendingOf = (email: string, cookie = marcos) =>
  call(getPending, { path: `/api/v1/users/${email}/appointments/pending`, params: { email }, cookie });
const userOf = (email: string, cookie = marcos) => call(getUser, { path: `/api/v1/users/${email}`, params: { email }, cookie });
const appointmentCount = async () => (await (await getDb()).select({ id: appointments.id }).from(appointments)).length;
const byDataId = (list: Activity[], id: string) => list.filter((a) => a.data.id === id);

beforeAll(async () => {
  await openTestDb();
  marcos = await sessionFor(MARCOS);
  corte = await serviceId('Corte de pelo');
  color = await serviceId('Color');
  days = madridDates(8, 50, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('who the appointment is for', () => {
  it("books for an existing client by e-mail: it is that client's, created by staff", async () => {
    const start = madridInstant(days[0]!, '10:00');
    const r = await book(marcos, staffBookingBody({ start, employee: MARCOS, serviceId: corte, email: ANA, name: 'Ana García' }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ data: { event_id: expect.stringMatching(UUID) } });

    const pending = await pendingOf(ANA, await sessionFor(ANA));
    expect(pending.status).toBe(200);
    expect(pending.body.items).toEqual([
      expect.objectContaining({
        id: r.body.data.event_id,
        client_id: ANA,
        client_name: 'Ana García',
        employee_id: MARCOS,
        service_name: 'Corte de pelo',
        start_time: start,
        end_time: madridInstant(days[0]!, '10:30'),
        status: 'pending',
        created_by_role: 'staff',
      }),
    ]);
  });

  it('matches the e-mail whatever its case and creates no second client', async () => {
    const db = await getDb();
    const before = (await db.select({ id: users.id }).from(users)).length;
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[1]!, '10:00'), employee: MARCOS, serviceId: corte, email: 'Cliente@Klok.Demo', name: 'Leo García' }));
    expect(r.status).toBe(201);
    expect((await db.select({ id: users.id }).from(users)).length).toBe(before);
    const pending = (await pendingOf(ANA)).body.items as { id: string; client_name: string }[];
    expect(pending.map((p) => p.id)).toContain(r.body.data.event_id);
    expect(pending.find((p) => p.id === r.body.data.event_id)!.client_name).toBe('Leo García');
  });

  it('creates a client for a new e-mail, gives it the appointment and lists a user_created activity', async () => {
    const email = 'nueva.clienta@example.com';
    expect((await userOf(email)).status).toBe(404);
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[2]!, '10:00'), employee: SARA, serviceId: corte, email, name: 'Nueva Clienta' }));
    expect(r.status).toBe(201);

    const user = await userOf(email);
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ email, name: 'Nueva Clienta', role: 'client' });
    expect(user.body.data.pending_appointments.map((a: { id: string }) => a.id)).toEqual([r.body.data.event_id]);

    const created = (await listActivities(marcos)).filter((a) => a.type === 'user_created' && a.data.email === email);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ name: 'Nueva Clienta', email });
  });

  it('books the guest with the typed name when no e-mail is given', async () => {
    const date = days[3]!;
    const bodies = [
      staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: corte, name: 'Señor del sombrero' }),
      staffBookingBody({ start: madridInstant(date, '11:00'), employee: SARA, serviceId: corte, email: '', name: 'Chica de la mochila' }),
      staffBookingBody({ start: madridInstant(date, '12:00'), employee: SARA, serviceId: corte, email: null, name: 'Niño' }),
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const r = await book(marcos, body);
      expect(r.status).toBe(201);
      ids.push(r.body.data.event_id);
    }
    // The guest has no allowance: walk-ins are never limited by it.
    const day = await agendaDay(marcos, date, SARA);
    expect(day.appointments.map((a) => [a.id, a.client_id, a.client_name, a.is_guest])).toEqual([
      [ids[0], GUEST, 'Señor del sombrero', true],
      [ids[1], GUEST, 'Chica de la mochila', true],
      [ids[2], GUEST, 'Niño', true],
    ]);
  });

  it('shows a client booked by e-mail as not a guest in the agenda', async () => {
    const date = days[4]!;
    const c = await createClient('fija@example.com', { name: 'Clienta Fija' });
    const r = await book(marcos, staffBookingBody({ start: madridInstant(date, '10:00'), employee: LUCIA, serviceId: corte, email: c.user.email, name: 'Clienta Fija' }));
    expect(r.status).toBe(201);
    const day = await agendaDay(marcos, date, LUCIA);
    expect(day.appointments).toEqual([expect.objectContaining({ id: r.body.data.event_id, client_id: 'fija@example.com', is_guest: false })]);
  });

  it('refuses a staff e-mail or the guest e-mail as the client (422) and books nothing', async () => {
    const before = await appointmentCount();
    for (const email of [SARA, LUCIA, GUEST]) {
      const r = await book(marcos, staffBookingBody({ start: madridInstant(days[5]!, '10:00'), employee: MARCOS, serviceId: corte, email, name: 'Alguien' }));
      expect(r.status).toBe(422);
      expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.notAClient });
    }
    expect(await appointmentCount()).toBe(before);
  });
});

describe('malformed requests', () => {
  test.each([
    ['a missing client_name', {}],
    ['an empty client_name', { name: '' }],
    ['a blank client_name', { name: '   ' }],
  ])('answers 400 for %s', async (_label, o) => {
    const before = await appointmentCount();
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[6]!, '10:00'), employee: MARCOS, serviceId: corte, email: ANA, ...o }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    expect(await appointmentCount()).toBe(before);
  });

  it('answers 400 for a client_id that is not an e-mail', async () => {
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[6]!, '10:00'), employee: MARCOS, serviceId: corte, email: 'no es un correo', name: 'X' }));
    expect(r.status).toBe(400);
  });

  it('answers 404 for an unknown stylist or service and 422 for a service the stylist does not offer', async () => {
    const start = madridInstant(days[6]!, '10:00');
    expect((await book(marcos, staffBookingBody({ start, employee: 'nadie@klok.demo', serviceId: corte, name: 'X' }))).status).toBe(404);
    expect((await book(marcos, staffBookingBody({ start, employee: MARCOS, serviceId: 99999, name: 'X' }))).status).toBe(404);
    const notOffered = await book(marcos, staffBookingBody({ start, employee: MARCOS, serviceId: color, name: 'X' }));
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error.message).toBe(messages.errors.serviceNotOffered);
  });
});

describe('time rules for staff', () => {
  it('books outside the stylist shifts in the future (walk-in, overtime)', async () => {
    const date = days[7]!;
    const lunch = await book(marcos, staffBookingBody({ start: madridInstant(date, '14:30'), employee: SARA, serviceId: corte, name: 'Hora de comer' }));
    expect(lunch.status).toBe(201);
    const evening = await book(marcos, staffBookingBody({ start: madridInstant(date, '21:00'), employee: SARA, serviceId: corte, name: 'Después de cerrar' }));
    expect(evening.status).toBe(201);
    const sunday = madridDates(1, 14, [7])[0]!;
    expect((await book(marcos, staffBookingBody({ start: madridInstant(sunday, '19:30'), employee: MARCOS, serviceId: corte, name: 'Domingo' }))).status).toBe(201);
    // marcos's special closed day.
    expect((await book(marcos, staffBookingBody({ start: madridInstant(nextWednesday(), '19:30'), employee: MARCOS, serviceId: corte, name: 'Día cerrado' }))).status).toBe(201);
    const day = await agendaDay(marcos, date, SARA);
    expect(day.appointments.map((a) => a.id)).toEqual([lunch.body.data.event_id, evening.body.data.event_id]);
  });

  it('books further ahead than the 30-day client window', async () => {
    const far = madridDates(60, 70, [1, 2, 4, 5])[0]!;
    const r = await book(marcos, staffBookingBody({ start: madridInstant(far, '10:00'), employee: SARA, serviceId: corte, name: 'Previsora' }));
    expect(r.status).toBe(201);
  });

  it('refuses a start off the 5-minute grid (422)', async () => {
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[21]!, '10:03'), employee: SARA, serviceId: corte, name: 'Impar' }));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('unprocessable');
    expect((await agendaDay(marcos, days[21]!, SARA)).appointments).toEqual([]);
  });

  it('refuses a start in the past (422) and books nothing', async () => {
    const before = await appointmentCount();
    const past = madridDates(-10, -1, [1, 2, 3, 4, 5])[0]!;
    const r = await book(marcos, staffBookingBody({ start: madridInstant(past, '10:00'), employee: SARA, serviceId: corte, name: 'Ayer' }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastDate });
    expect(await appointmentCount()).toBe(before);
  });

  describe('a walk-in at 10:02 today (Madrid)', () => {
    beforeEach(() => setTestClock(TODAY, '10:02'));
    afterEach(() => setTestClock());

    it('books staff at 10:00, the current minute rounded down to 5 (201): the agenda shows it from 10:00', async () => {
      const r = await book(marcos, staffBookingBody({ start: madridInstant(TODAY, '10:00'), employee: SARA, serviceId: corte, name: 'Recién llegada' }));
      expect(r.status).toBe(201);
      const shown = (await agendaDay(marcos, TODAY, SARA)).appointments.filter((a) => a.id === r.body.data.event_id);
      expect(shown).toEqual([expect.objectContaining({ start_time: madridInstant(TODAY, '10:00'), end_time: madridInstant(TODAY, '10:30') })]);
    });

    it('refuses staff at 09:55, 5 minutes before that (422 pastDate), and books nothing', async () => {
      const before = await appointmentCount();
      const r = await book(marcos, staffBookingBody({ start: madridInstant(TODAY, '09:55'), employee: LUCIA, serviceId: corte, name: 'Tarde' }));
      expect(r.status).toBe(422);
      expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastDate });
      expect(await appointmentCount()).toBe(before);
    });

    it('keeps the client rules: a client can book neither 10:00 (past) nor 10:05 (off the 15-minute grid)', async () => {
      const c = await createClient('ahora@example.com', { name: 'Cliente Ahora', onboarded: true });
      const [first] = await offeredHours(c.cookie, TODAY, LUCIA, { serviceDuration: 30, serviceId: corte });
      expect(first!.start_time).toBe(madridInstant(TODAY, '10:15'));
      const past = await book(c.cookie, bookingBody(c.user, { start: madridInstant(TODAY, '10:00'), employee: LUCIA, serviceId: corte }));
      expect(past.status).toBe(422);
      expect(past.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastDate });
      const offGrid = await book(c.cookie, bookingBody(c.user, { start: madridInstant(TODAY, '10:05'), employee: LUCIA, serviceId: corte }));
      expect(offGrid.status).toBe(422);
      expect(offGrid.body.error).toEqual({ code: 'unprocessable', message: messages.errors.slotUnavailable });
      expect((await pendingOf(c.user.email)).body.items).toEqual([]);
    });
  });

  it('refuses a start over another appointment with 409 slot_taken', async () => {
    const date = days[8]!;
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: corte, name: 'Primero' }))).status).toBe(201);
    const r = await book(marcos, staffBookingBody({ start: madridInstant(date, '10:15'), employee: SARA, serviceId: corte, name: 'Encima' }));
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'slot_taken', message: messages.errors.slotTaken });
    // Only touching the end is fine.
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '10:30'), employee: SARA, serviceId: corte, name: 'Segundo' }))).status).toBe(201);
    expect((await agendaDay(marcos, date, SARA)).appointments.map((a) => a.client_name)).toEqual(['Primero', 'Segundo']);
  });

  it('refuses a start over a leave with 409 slot_taken', async () => {
    const date = days[9]!;
    const leave = await insertLeave(marcos, { start: madridInstant(date, '16:00'), end: madridInstant(date, '17:00'), employee: LUCIA });
    expect(leave.status).toBe(201);
    const r = await book(marcos, staffBookingBody({ start: madridInstant(date, '15:45'), employee: LUCIA, serviceId: corte, name: 'Antes del bloqueo' }));
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
  });

  it('lets staff use the rest gap of a colour but not its busy parts', async () => {
    const date = days[10]!;
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '10:00'), employee: LUCIA, serviceId: color, name: 'Color' }))).status).toBe(201);
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '10:30'), employee: LUCIA, serviceId: corte, name: 'En el hueco' }))).status).toBe(201);
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '11:00'), employee: LUCIA, serviceId: corte, name: 'Choca' }))).status).toBe(409);
  });
});

describe('allowance', () => {
  it('books a client at its allowance (201): the pending list then holds both appointments', async () => {
    const c = await createClient('tope@example.com', { name: 'Con Tope', allowance: 1 });
    const first = await book(marcos, staffBookingBody({ start: madridInstant(days[11]!, '10:00'), employee: SARA, serviceId: corte, email: c.user.email, name: 'Con Tope' }));
    expect(first.status).toBe(201);

    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[12]!, '12:00'), employee: MARCOS, serviceId: corte, email: c.user.email, name: 'Con Tope' }));
    expect(r.status).toBe(201);
    expect((await pendingOf(c.user.email)).body.items.map((a: { id: string }) => a.id)).toEqual([
      first.body.data.event_id,
      r.body.data.event_id,
    ]);
  });

  it('counts what staff book against the client: beyond its allowance the client cannot book itself', async () => {
    const c = await createClient('mixta@example.com', { name: 'Mixta', allowance: 1, onboarded: true });
    const [own, later] = await offeredHours(c.cookie, days[3]!, LUCIA, { serviceDuration: 30, serviceId: corte });
    // The client books its own appointment; staff still add another.
    expect((await book(c.cookie, bookingBody(c.user, { start: own!.start_time, employee: LUCIA, serviceId: corte }))).status).toBe(201);
    const r = await book(marcos, staffBookingBody({ start: madridInstant(days[14]!, '10:00'), employee: SARA, serviceId: corte, email: c.user.email, name: 'Mixta' }));
    expect(r.status).toBe(201);

    const refused = await book(c.cookie, bookingBody(c.user, { start: later!.start_time, employee: LUCIA, serviceId: corte }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'allowance_exceeded', message: messages.errors.allowanceExceeded });
    expect((await pendingOf(c.user.email)).body.items).toHaveLength(2);
  });

  it('lets staff give a client with allowance 2 a third appointment', async () => {
    const c = await createClient('doble@example.com', { name: 'Doble', allowance: 2 });
    const body = (day: string) => staffBookingBody({ start: madridInstant(day, '18:00'), employee: MARCOS, serviceId: corte, email: c.user.email, name: 'Doble' });
    expect((await book(marcos, body(days[15]!))).status).toBe(201);
    expect((await book(marcos, body(days[16]!))).status).toBe(201);
    expect((await book(marcos, body(days[17]!))).status).toBe(201);
    expect((await pendingOf(c.user.email)).body.items).toHaveLength(3);
  });
});

describe('activities', () => {
  it('writes an employee_appointment_created activity with the booking', async () => {
    const start = madridInstant(days[18]!, '10:00');
    const r = await book(marcos, staffBookingBody({ start, employee: SARA, serviceId: corte, name: 'Walk-in' }));
    expect(r.status).toBe(201);
    const found = byDataId(await listActivities(marcos), r.body.data.event_id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      type: 'employee_appointment_created',
      seen: false,
      data: { id: r.body.data.event_id, start_time: start, created_by: 'Marcos Ruiz', service_name: 'Corte de pelo', employee_name: 'Sara López', client_name: 'Walk-in' },
    });
  });

  it('writes no activity and no client for a refused booking', async () => {
    const db = await getDb();
    const date = days[19]!;
    expect((await book(marcos, staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: corte, name: 'Ocupa' }))).status).toBe(201);
    const activitiesBefore = (await listActivities(marcos)).length;
    const r = await book(marcos, staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: corte, email: 'rechazada@example.com', name: 'Rechazada' }));
    expect(r.status).toBe(409);
    expect((await listActivities(marcos)).length).toBe(activitiesBefore);
    const [row] = await db.select().from(users).where(eq(users.email, 'rechazada@example.com'));
    expect(row).toBeUndefined();
    expect((await userOf('rechazada@example.com')).status).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a session', async () => {
    const r = await book(undefined, staffBookingBody({ start: madridInstant(days[20]!, '10:00'), employee: SARA, serviceId: corte, name: 'X' }));
    expect(r.status).toBe(401);
  });

  it('does not let a client use the employee flow (a client body is required)', async () => {
    const ana = await sessionFor(ANA);
    const r = await book(ana, staffBookingBody({ start: madridInstant(days[20]!, '10:00'), employee: SARA, serviceId: corte, email: ANA, name: 'Ana García' }));
    expect(r.status).toBe(400);
    const withHeader = await call(insertAppointment, {
      method: 'PATCH',
      path: '/api/v1/schedules/insert/appointment',
      body: staffBookingBody({ start: madridInstant(days[20]!, '10:00'), employee: SARA, serviceId: corte, name: 'Invitado falso' }),
      cookie: ana,
      headers: { initiator: 'admin' },
    });
    expect(withHeader.status).toBe(400);
    expect((await agendaDay(marcos, days[20]!, SARA)).appointments).toEqual([]);
  });
});
