/**
 * Staff accounts (decisions "Admin-only actions", "Identity", "Deleting"): only an admin adds
 * a stylist (`POST /facility/1/employees`) or removes one (`DELETE /facility/1/employees/{email}`).
 * A new stylist is listed, signs in as staff and starts with a default week and no services; a client's
 * e-mail is never promoted; a stylist with pending appointments cannot be removed; a removed stylist
 * disappears from the lists, cannot be booked, loses their sessions and cannot sign in again.
 */
import { GET as listEmployeesHandler, POST as addEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { DELETE as removeEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/route';
import { GET as listServicesHandler } from '@/app/api/v1/facility/[facilityId]/services/route';
import { GET as sessionHandler } from '@/app/api/v1/session/route';
import messages from '@/lib/i18n/messages/es.json';
import { createSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { findOrCreateByIdentity } from '@/lib/server/services/find-or-create-by-identity';
import { ZAppointment, ZEmployee } from '@/lib/validation/dto';
import { EMPLOYEE_COLORS } from '@/lib/validation/employees';
import { SESSION_COOKIE } from '@/lib/tenant-host';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agenda,
  ANA,
  appointmentState,
  availability,
  book,
  cancelAppointment,
  DB_TIMEOUT,
  GUEST,
  insertAppointmentRow,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  SARA,
  seedSalon2,
  seedSessions,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
  dayFromToday,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const NEW = 'nerea@klok.demo';

let admin: string;
let employee: string;
let client: string;

type Employee = { email: string; name: string; role: string; color: string; services: unknown[]; week_shifts: { id: number; available: boolean; shifts: { open: string; close: string }[] }[] };

const list = async (cookie = admin, host?: string): Promise<Employee[]> => {
  const r = await call(listEmployeesHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie, host });
  expect(r.status).toBe(200);
  return r.body.items;
};
const emails = async (cookie = admin) => (await list(cookie)).map((e) => e.email);
const add = (cookie: string | undefined, body: unknown, host?: string) =>
  call(addEmployeeHandler, { method: 'POST', path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, body, cookie, host });
const remove = (cookie: string | undefined, email: string, host?: string) =>
  call(removeEmployeeHandler, {
    method: 'DELETE',
    path: `/api/v1/facility/1/employees/${encodeURIComponent(email)}`,
    params: { facilityId: '1', employeeId: email },
    cookie,
    host,
  });
/** Signs in the way the OpenID callback does: the verified e-mail → the user (or null) → a session cookie. */
const signIn = async (email: string): Promise<string | null> => {
  const tid = await tenantId();
  const user = await findOrCreateByIdentity(await getDb(), tid, { email, name: 'Desde Google' });
  if (!user) return null;
  const { token } = await createSession(tid, user.id);
  return `${SESSION_COOKIE}=${token}`;
};
const session = (cookie: string) => call(sessionHandler, { path: '/api/v1/session', cookie });

beforeAll(async () => {
  await openTestDb();
  ({ admin, employee, client } = await seedSessions());
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('POST /facility/1/employees', () => {
  it('lets an admin add a stylist: 201 with the Employee, listed last, default week, no services', async () => {
    const r = await add(admin, { name: '  Nerea Gil ', email: ' Nerea@Klok.demo ' });
    expect(r.status).toBe(201);
    const added = ZEmployee.parse(r.body.data);
    expect(added).toMatchObject({ email: NEW, name: 'Nerea Gil', role: 'employee', services: [], special_shifts: [] });
    // The seeded stylists use #2FB8AC, #F9A825 and #D16BA5: the first unused swatch comes next.
    expect(added.color).toBe('#4CAF50');
    const week = Object.fromEntries(added.week_shifts.map((d) => [d.id, d.shifts.map((s) => `${s.open}-${s.close}`)]));
    expect(week).toEqual({
      0: [],
      1: ['09:00-14:00', '16:00-20:00'],
      2: ['09:00-14:00', '16:00-20:00'],
      3: ['09:00-14:00', '16:00-20:00'],
      4: ['09:00-14:00', '16:00-20:00'],
      5: ['09:00-14:00', '16:00-20:00'],
      6: [],
    });
    expect(await emails()).toEqual([LUCIA, MARCOS, SARA, NEW]);
    // Clients see the new stylist too (without phone).
    expect(await emails(client)).toContain(NEW);
  });

  it('lets the new stylist sign in with that e-mail and get the staff role', async () => {
    const cookie = await signIn(NEW);
    expect(cookie).not.toBeNull();
    const me = await session(cookie!);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: NEW, name: 'Nerea Gil', role: 'employee' });
    // And use the staff screens' data at once.
    expect((await list(cookie!)).map((e) => e.email)).toContain(NEW);
  });

  it('gives the next stylist another swatch', async () => {
    const r = await add(admin, { name: 'Óscar Prieto', email: 'oscar@klok.demo' });
    expect(r.status).toBe(201);
    expect(r.body.data.color).toBe('#607D8B');
    expect(EMPLOYEE_COLORS).toContain(r.body.data.color);
    expect((await emails()).at(-1)).toBe('oscar@klok.demo');
  });

  it('refuses employees (403), clients (403) and visitors (401), creating nothing', async () => {
    const before = await emails();
    const body = { name: 'Intrusa', email: 'intrusa@klok.demo' };
    const asEmployee = await add(employee, body);
    expect(asEmployee.status).toBe(403);
    expect(asEmployee.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
    expect((await add(client, body)).status).toBe(403);
    expect((await add(undefined, body)).status).toBe(401);
    expect(await emails()).toEqual(before);
    expect(await findUserByEmail(await getDb(), await tenantId(), 'intrusa@klok.demo')).toBeNull();
  });

  it('answers 409 for an e-mail of the staff, whatever its case', async () => {
    for (const email of [NEW, 'MARCOS@klok.demo', LUCIA]) {
      const r = await add(admin, { name: 'Otra vez', email });
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'conflict', message: messages.errors.employeeExists });
    }
    expect((await list()).find((e) => e.email === MARCOS)?.name).toBe('Marcos Ruiz');
  });

  it("answers 409 for a client's e-mail (or the guest's) and leaves the client a client", async () => {
    for (const email of [ANA, GUEST]) {
      const r = await add(admin, { name: 'Ana Empleada', email });
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'conflict', message: messages.errors.emailIsClient });
    }
    const row = await findUserByEmail(await getDb(), await tenantId(), ANA);
    expect(row).toMatchObject({ role: 'client', name: 'Ana García' });
    expect(await emails()).not.toContain(ANA);
    expect((await session(client)).body.data.role).toBe('client');
  });

  it('answers 400 for a missing name or a malformed e-mail', async () => {
    const noName = await add(admin, { name: ' ', email: 'sin-nombre@klok.demo' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(['name']);
    const badEmail = await add(admin, { name: 'Sin correo', email: 'no-es-un-correo' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.details.fields).toEqual([{ path: 'email', message: messages.validation.emailInvalid }]);
    expect((await add(admin, { name: 'X', email: 'x@klok.demo', role: 'admin' })).status).toBe(400);
  });
});

describe('DELETE /facility/1/employees/{employeeId}', () => {
  let date: string;
  let pendingId: string;
  let pastId: string;
  let saraCookie: string;

  beforeAll(async () => {
    date = madridDates(8, 21, [1, 2, 4, 5])[0]!;
    const booked = await book(
      admin,
      staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), name: 'Paseante' }),
    );
    expect(booked.status).toBe(201);
    pendingId = booked.body.data.event_id;
    pastId = await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(dayFromToday(-3), '10:00') });
    saraCookie = await sessionFor(SARA);
  });

  it('refuses employees (403) and clients (403)', async () => {
    expect((await remove(employee, NEW)).status).toBe(403);
    expect((await remove(client, NEW)).status).toBe(403);
    expect((await remove(undefined, NEW)).status).toBe(401);
    expect(await emails()).toContain(NEW);
  });

  it('answers 409 with the pending appointments while the stylist has some', async () => {
    const r = await remove(admin, SARA);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('conflict');
    expect(r.body.error.message).toBe(messages.errors.employeeHasPending);
    const listed = (r.body.error.details.appointments as unknown[]).map((a) => ZAppointment.parse(a));
    // The past appointment does not block; the future one is listed.
    expect(listed.map((a) => a.id)).toEqual([pendingId]);
    expect(listed[0]).toMatchObject({ employee_id: SARA, client_name: 'Paseante', status: 'pending' });
    expect(await emails()).toContain(SARA);
    expect((await session(saraCookie)).status).toBe(200);
  });

  it('removes the stylist once the pending appointment is cancelled: 200, gone from the lists, session ended', async () => {
    expect((await cancelAppointment(admin, { id: pendingId, employee: SARA, date, notes: 'Se va del salón' })).status).toBe(200);
    const r = await remove(admin, 'Sara@Klok.demo');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { email: SARA } });
    expect(await emails()).toEqual([LUCIA, MARCOS, NEW, 'oscar@klok.demo']);
    expect(await emails(client)).not.toContain(SARA);
    // Her open session is dead: the staff agenda refuses it, and the stylists' list (open to
    // visitors) answers it as a visitor and clears the dead cookie.
    expect((await agenda(saraCookie, date)).status).toBe(401);
    const withOldCookie = await call(listEmployeesHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie: saraCookie });
    expect(withOldCookie.status).toBe(200);
    expect(withOldCookie.res.headers.get('set-cookie')).toMatch(/klok_session=;.*Max-Age=0/i);
    expect((await session(saraCookie)).status).toBe(404);
    // Services no longer list her.
    const services = await call(listServicesHandler, { path: '/api/v1/facility/1/services', params: { facilityId: '1' }, cookie: admin });
    expect(JSON.stringify(services.body.items)).not.toContain(SARA);
    // Past appointments stay as they were.
    expect((await appointmentState(pastId)).row).toMatchObject({ status: 'pending' });
  });

  it('does not let the removed stylist sign in again, be booked or be removed twice', async () => {
    expect(await signIn(SARA)).toBeNull();
    expect((await availability(admin, date, SARA)).status).toBe(404);
    const booking = await book(
      admin,
      staffBookingBody({ start: madridInstant(date, '11:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), name: 'Otro' }),
    );
    expect(booking.status).toBe(404);
    expect((await remove(admin, SARA)).status).toBe(404);
  });

  it('refuses an admin removing themself (422) and keeps them', async () => {
    const r = await remove(admin, LUCIA);
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.cannotRemoveSelf });
    expect(await emails()).toContain(LUCIA);
    expect((await session(admin)).status).toBe(200);
  });

  it('answers 404 for an unknown stylist and for a client', async () => {
    expect((await remove(admin, 'nadie@klok.demo')).status).toBe(404);
    expect((await remove(admin, ANA)).status).toBe(404);
    expect((await findUserByEmail(await getDb(), await tenantId(), ANA))?.role).toBe('client');
  });

  it('removes a stylist without appointments at once', async () => {
    const nereaCookie = await signIn(NEW);
    expect((await remove(admin, NEW)).status).toBe(200);
    expect(await emails()).not.toContain(NEW);
    expect((await session(nereaCookie!)).status).toBe(404);
  });

  it('brings a removed stylist back when an admin adds the e-mail again', async () => {
    const r = await add(admin, { name: 'Sara López', email: SARA });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ email: SARA, role: 'employee', services: [], special_shifts: [] });
    expect((await emails()).at(-1)).toBe(SARA);
    const cookie = await signIn(SARA);
    expect((await session(cookie!)).body.data.role).toBe('employee');
    // Same account: her past appointment is still hers.
    const sara = await findUserByEmail(await getDb(), await tenantId(), SARA);
    expect((await appointmentState(pastId)).row!.employeeId).toBe(sara!.id);
  });
});

describe('across tenants', () => {
  it("does not let another salon's admin add to or remove from klok", async () => {
    await seedSalon2();
    const salon2Admin = await sessionFor('admin@salon2.demo', 'salon2');
    const host = 'salon2.localhost:3000';
    // On klok's host the salon2 session is unknown.
    expect((await remove(salon2Admin, MARCOS)).status).toBe(401);
    // On its own host, klok's stylist does not exist.
    expect((await remove(salon2Admin, MARCOS, host)).status).toBe(404);
    expect(await emails()).toContain(MARCOS);
    // The same e-mail may be a stylist in each salon: separate accounts.
    const r = await add(salon2Admin, { name: 'Marcos en Salon2', email: MARCOS }, host);
    expect(r.status).toBe(201);
    expect((await list(admin)).find((e) => e.email === MARCOS)?.name).toBe('Marcos Ruiz');
    expect((await list(salon2Admin, host)).map((e) => e.email)).toContain(MARCOS);
  });
});
