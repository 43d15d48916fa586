/**
 * No-shows without a card (beyond-the-spec section 3): staff mark "Vino" / "No vino" on an appointment
 * (`PATCH /api/v1/schedules/attendance/appointment`: from its start until 7 days after its end, never on a
 * cancelled one), the client account's `reliability` on `GET /api/v1/users/{email}` (12 months, sub-users and
 * visits counted once, unmarked appointments attended 48 hours after their end), and the online booking of a
 * `restringido` client refused with 403 `booking_restricted` while staff still book for it. Injected clock.
 */
import { eq } from 'drizzle-orm';
import { PATCH as attendanceHandler } from '@/app/api/v1/schedules/attendance/appointment/route';
import { GET as getUser, PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { GET as listUsers } from '@/app/api/v1/users/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  book,
  bookingBody,
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  insertAppointmentRow,
  listActivities,
  LUCIA,
  madridDates,
  madridInstant,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  staffBookingBody,
  TEST_HOUR,
  TODAY,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let corte: number;
let staff: string;
let n = 0;

const mark = (cookie: string, appointment_id: string, attendance: 'attended' | 'no_show' | null) =>
  call(attendanceHandler, { method: 'PATCH', path: '/api/v1/schedules/attendance/appointment', body: { appointment_id, attendance }, cookie });

const reliabilityOf = async (cookie: string, email: string) => {
  const r = await call(getUser, { path: `/api/v1/users/${email}`, params: { email }, cookie });
  expect(r.status).toBe(200);
  return r.body.data.reliability as { tier: string; attended: number; no_shows: number; late_cancellations: number };
};

const newClient = (o: { subUsers?: { id: string; name: string }[] } = {}) => {
  n += 1;
  return createClient(`fiable${n}@example.com`, { name: `Cliente Fiable ${n}`, onboarded: true, allowance: 3, ...o });
};

let slot = 0;
/** A past appointment of `email` (30 minutes) `daysAgo` days before today, each at its own half hour (Sara's time never overlaps). */
const pastAppointment = (email: string, daysAgo: number) => {
  slot += 1;
  const minutes = 8 * 60 + (slot % 26) * 30;
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return insertAppointmentRow({ employee: SARA, client: email, start: madridInstant(dayFromToday(-daysAgo), hhmm), minutes: 30 });
};

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  staff = await sessionFor(LUCIA);
});
afterAll(closeTestDb);
afterEach(() => setTestClock(TODAY, TEST_HOUR));

describe('marking attendance', () => {
  it('refuses before the start and on a cancelled appointment (409); marks after the start; clears with null', async () => {
    const c = await newClient();
    const today = madridInstant(TODAY, '10:00');
    const id = await insertAppointmentRow({ employee: SARA, client: c.user.email, start: today, minutes: 30 });
    const early = await mark(staff, id, 'attended');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(messages.errors.attendanceNotStarted);

    setTestClock(TODAY, '10:05');
    const marked = await mark(staff, id, 'attended');
    expect(marked.status).toBe(200);
    expect(marked.body.data.attendance).toBe('attended');
    const cleared = await mark(staff, id, null);
    expect(cleared.body.data.attendance).toBeNull();

    const db = await getDb();
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id));
    expect((await mark(staff, id, 'no_show')).status).toBe(409);
  });

  it('lets staff change a mark for 7 days after the end, then refuses (409)', async () => {
    const c = await newClient();
    const id = await pastAppointment(c.user.email, 7);
    // Ended 7 days ago at 10:30; the clock shows 08:00 today: still inside the 7 days.
    expect((await mark(staff, id, 'no_show')).status).toBe(200);
    setTestClock(TODAY, '10:31');
    const late = await mark(staff, id, 'attended');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(messages.errors.attendanceClosed);
  });

  it('writes a no_show_marked activity, and answers 403 to a client and 404 to an unknown appointment', async () => {
    const c = await newClient();
    const id = await pastAppointment(c.user.email, 1);
    expect((await mark(c.cookie, id, 'no_show')).status).toBe(403);
    expect((await mark(staff, '00000000-0000-4000-8000-000000000000', 'no_show')).status).toBe(404);
    expect((await mark(staff, id, 'no_show')).status).toBe(200);
    const feed = await listActivities(staff);
    expect(feed.some((a) => a.type === 'no_show_marked' && (a.data as { id?: string }).id === id)).toBe(true);
  });
});

describe('the reliability record', () => {
  it('goes nuevo → fiable (48 hours after an unmarked visit) → en_observacion (1 no-show) → restringido (2)', async () => {
    const c = await newClient();
    expect(await reliabilityOf(staff, c.user.email)).toEqual({ tier: 'nuevo', attended: 0, no_shows: 0, late_cancellations: 0 });
    // Ended yesterday: not yet 48 hours, still nuevo; two days ago: attended.
    await pastAppointment(c.user.email, 1);
    expect((await reliabilityOf(staff, c.user.email)).tier).toBe('nuevo');
    await pastAppointment(c.user.email, 3);
    expect(await reliabilityOf(c.cookie, c.user.email)).toEqual({ tier: 'fiable', attended: 1, no_shows: 0, late_cancellations: 0 });
    expect((await mark(staff, await pastAppointment(c.user.email, 4), 'no_show')).status).toBe(200);
    expect((await reliabilityOf(staff, c.user.email)).tier).toBe('en_observacion');
    expect((await mark(staff, await pastAppointment(c.user.email, 5), 'no_show')).status).toBe(200);
    expect(await reliabilityOf(staff, c.user.email)).toEqual({ tier: 'restringido', attended: 1, no_shows: 2, late_cancellations: 0 });
  });

  it('is in the client list, each account with its own tier', async () => {
    const c = await newClient();
    await mark(staff, await pastAppointment(c.user.email, 2), 'no_show');
    const r = await call(listUsers, { path: `/api/v1/users?search=${encodeURIComponent(c.user.email)}`, cookie: staff });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { email: string; reliability_tier: string }) => [i.email, i.reliability_tier])).toEqual([[c.user.email, 'en_observacion']]);
  });

  it('counts the last 12 months only', async () => {
    const c = await newClient();
    await mark(staff, await pastAppointment(c.user.email, 400), 'no_show');
    expect((await reliabilityOf(staff, c.user.email)).no_shows).toBe(0);
  });

  it('counts a sub-user’s no-show for the account, and a visit of two services once', async () => {
    const c = await newClient({ subUsers: [{ id: `hija-${n + 1}`, name: 'Hija' }] });
    const db = await getDb();
    const visitId = '0b3c2a9e-5d1f-4c7a-8e6b-2f4d6a8c0e12';
    const colour = await pastAppointment(c.user.email, 6);
    const cut = await pastAppointment(c.user.email, 6);
    await db.update(appointments).set({ visitId, userId: c.user.subUsers[0]!.id }).where(eq(appointments.id, colour));
    await db.update(appointments).set({ visitId, userId: c.user.subUsers[0]!.id }).where(eq(appointments.id, cut));
    await mark(staff, colour, 'no_show');
    await mark(staff, cut, 'no_show');
    expect(await reliabilityOf(staff, c.user.email)).toMatchObject({ tier: 'en_observacion', no_shows: 1 });
  });

  it('is bloqueado when staff block online bookings, whatever its visits, until they unblock; a client cannot block itself', async () => {
    const c = await newClient();
    await pastAppointment(c.user.email, 3);
    const patch = (cookie: string, booking_blocked: boolean) =>
      call(patchUser, { method: 'PATCH', path: `/api/v1/users/${c.user.email}`, params: { email: c.user.email }, body: { booking_blocked }, cookie });
    expect((await patch(staff, true)).status).toBe(201);
    expect((await reliabilityOf(staff, c.user.email)).tier).toBe('bloqueado');
    expect((await patch(c.cookie, false)).status).toBe(400);
    expect((await reliabilityOf(staff, c.user.email)).tier).toBe('bloqueado');
    expect((await patch(staff, false)).status).toBe(201);
    expect((await reliabilityOf(staff, c.user.email)).tier).toBe('fiable');
  });

  it('is not given for staff accounts', async () => {
    expect(await reliabilityOf(staff, LUCIA)).toBeUndefined();
  });
});

describe('online booking of a restricted client', () => {
  it('is refused with 403 booking_restricted and the contract’s message; staff still book for the client', async () => {
    const c = await newClient();
    await mark(staff, await pastAppointment(c.user.email, 2), 'no_show');
    await mark(staff, await pastAppointment(c.user.email, 3), 'no_show');
    const day = madridDates(2, 20)[3]!;
    const r = await book(c.cookie, bookingBody({ email: c.user.email, id: c.user.id, name: c.user.name ?? '' }, { start: madridInstant(day, '10:00'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(403);
    expect(r.body.error).toEqual({ code: 'booking_restricted', message: 'Para reservar, ponte en contacto con el salón.' });
    const byStaff = await book(staff, staffBookingBody({ start: madridInstant(day, '10:00'), employee: SARA, serviceId: corte, email: c.user.email, name: c.user.name ?? 'Cliente' }));
    expect(byStaff.status).toBe(201);
  });

  it('leaves a client with one no-show free to book online', async () => {
    const c = await newClient();
    await mark(staff, await pastAppointment(c.user.email, 2), 'no_show');
    const day = madridDates(2, 20)[4]!;
    const r = await book(c.cookie, bookingBody({ email: c.user.email, id: c.user.id, name: c.user.name ?? '' }, { start: madridInstant(day, '11:00'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(201);
  });
});
