/**
 * The employee management API (spec sections 2, 5 and 7): one stylist, their information,
 * push token, weekly schedule, services and special shifts; the orphan guard of decisions "Schedule
 * changes and booked appointments" (409 `schedule_conflict`, then `force`); tenancy and roles.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { GET as getEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employee/[employeeId]/route';
import { GET as listEmployeesHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { PATCH as patchEmployeeHandler } from '@/app/api/v1/employees/[employeeId]/route';
import { PATCH as patchServicesHandler } from '@/app/api/v1/employees/[employeeId]/services/route';
import { POST as createSpecialHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import { DELETE as deleteSpecialHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/[date]/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { services, specialShifts, users } from '@/lib/server/db/schema';
import { dataOf, ZApiErrorBody, ZEmployee, ZScheduleConflictDetails, ZSpecialShift, ZSpecialShiftDeleted } from '@/lib/validation/dto';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  book,
  type CallOpts,
  cancelAppointment,
  DB_TIMEOUT,
  insertAppointmentRow,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  madridToday,
  MARCOS,
  offeredHours,
  SALON2,
  salon2StaffSession,
  SARA,
  seedSalon2,
  serviceId,
  serviceIdIn,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const e = messages.errors;

let staff: string; // marcos@klok.demo (employee)
let admin: string; // admin@klok.demo
let sara: string; // sara@klok.demo (employee)
let client: string; // cliente@klok.demo
let salon2Staff: string; // marcos@salon2.demo
let corte: number;

/* ---------------------------------------------------------------- calls ---------------------------------------------------------------- */

const enc = encodeURIComponent;

function getEmployee(cookie: string | undefined, email: string, opts: CallOpts & { facilityId?: string } = {}) {
  const facilityId = opts.facilityId ?? '1';
  return call(getEmployeeHandler, {
    path: `/api/v1/facility/${facilityId}/employee/${enc(email)}`,
    params: { facilityId, employeeId: email },
    cookie,
    ...opts,
  });
}

function patchEmployee(cookie: string | undefined, email: string, body: unknown, opts: CallOpts = {}) {
  return call(patchEmployeeHandler, { method: 'PATCH', path: `/api/v1/employees/${enc(email)}`, params: { employeeId: email }, body, cookie, ...opts });
}

function patchServices(cookie: string | undefined, email: string, body: unknown, opts: CallOpts = {}) {
  return call(patchServicesHandler, {
    method: 'PATCH',
    path: `/api/v1/employees/${enc(email)}/services`,
    params: { employeeId: email },
    body,
    cookie,
    ...opts,
  });
}

function createSpecial(cookie: string | undefined, email: string, body: unknown, opts: CallOpts = {}) {
  return call(createSpecialHandler, {
    method: 'POST',
    path: `/api/v1/facility/1/employees/${enc(email)}/special-shifts`,
    params: { facilityId: '1', employeeId: email },
    body,
    cookie,
    ...opts,
  });
}

function deleteSpecial(cookie: string | undefined, email: string, date: string, opts: CallOpts & { force?: boolean } = {}) {
  const qs = opts.force ? '?force=true' : '';
  return call(deleteSpecialHandler, {
    method: 'DELETE',
    path: `/api/v1/facility/1/employees/${enc(email)}/special-shifts/${date}${qs}`,
    params: { facilityId: '1', employeeId: email, date },
    cookie,
    ...opts,
  });
}

/* -------------------------------------------------------------- helpers -------------------------------------------------------------- */

/** Parses an answer with a contract schema and checks it has exactly the schema's top-level keys. */
function expectShape<S extends z.ZodObject>(schema: S, value: unknown): z.infer<S> {
  const out = schema.parse(value);
  expect(Object.keys(value as object).sort()).toEqual(Object.keys(schema.shape).sort());
  return out;
}

/** A stylist as the API answers it (through the single-employee endpoint, as staff). */
async function employee(email: string) {
  const r = await getEmployee(admin, email);
  expect(r.status).toBe(200);
  return expectShape(ZEmployee, r.body.data);
}

type Day = { id: number; available: boolean; shifts: { open: string; close: string }[] };
/** A weekly schedule body: `days[id]` for the days given, closed otherwise. */
function weekBody(days: Partial<Record<number, [string, string][] | { closedWith: [string, string][] }>>): Day[] {
  return [0, 1, 2, 3, 4, 5, 6].map((id) => {
    const d = days[id];
    if (!d) return { id, available: false, shifts: [] };
    if (!Array.isArray(d)) return { id, available: false, shifts: d.closedWith.map(([open, close]) => ({ open, close })) };
    return { id, available: true, shifts: d.map(([open, close]) => ({ open, close })) };
  });
}
/** The seeded split shift as a request body. */
const SEEDED_WEEK = weekBody({
  1: [['09:30', '14:00'], ['16:00', '20:00']],
  2: [['09:30', '14:00'], ['16:00', '20:00']],
  3: [['09:30', '14:00'], ['16:00', '20:00']],
  4: [['09:30', '14:00'], ['16:00', '20:00']],
  5: [['09:30', '14:00'], ['16:00', '20:00']],
  6: [['09:00', '14:00']],
});
/** Only the mornings, Monday to Friday. */
const MORNINGS = weekBody({ 1: [['09:30', '14:00']], 2: [['09:30', '14:00']], 3: [['09:30', '14:00']], 4: [['09:30', '14:00']], 5: [['09:30', '14:00']] });

/** The week as the API shows it, reduced to what a request sends. */
const weekOf = (emp: z.infer<typeof ZEmployee>) =>
  emp.week_shifts.map((d) => ({ id: d.id, available: d.available, shifts: d.shifts.map(({ open, close }) => ({ open, close })) }));

/** Madrid `HH:mm` starts offered to the client for a 30-minute cut. */
const startsFor = async (date: string, email: string) =>
  (await offeredHours(client, date, email, { serviceDuration: 30, serviceId: corte })).map((h) => madridHHmm(h.start_time));

/** Madrid `HH:mm` every 15 minutes from `from` to `to`, both included. */
function quarters(from: string, to: string): string[] {
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  const out: string[] = [];
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += 15) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/** A walk-in booked by staff for the guest; returns its id. */
async function walkIn(employeeEmail: string, date: string, hhmm: string, name = 'Cliente de paso'): Promise<string> {
  const r = await book(staff, staffBookingBody({ start: madridInstant(date, hhmm), employee: employeeEmail, serviceId: corte, name }));
  expect(r.status).toBe(201);
  return r.body.data.event_id as string;
}

/** The status of an appointment in the agenda of its date. */
async function statusOf(id: string, date: string, employeeEmail: string): Promise<string | undefined> {
  return (await agendaDay(staff, date, employeeEmail)).appointments.find((a) => a.id === id)?.status;
}

/** The error body, checked against the contract. */
function errorOf(body: unknown) {
  return ZApiErrorBody.parse(body).error;
}

/** Special shift dates stored for a stylist of klok. */
async function storedSpecialDates(email: string): Promise<string[]> {
  const db = await getDb();
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, await tenantId()), eq(users.email, email)));
  const rows = await db.select({ date: specialShifts.date }).from(specialShifts).where(eq(specialShifts.employeeId, u!.id));
  return rows.map((r) => r.date).sort();
}

/** Dates already handed out, so that no two tests share a date (each test starts from a free agenda). */
const used = new Set<string>();
/**
 * A Madrid date not used by another test whose luxon weekday (1 = Monday … 7 = Sunday) is in `weekdays`
 * (Wednesdays, the seed's special closed day of marcos, are avoided by default): from 8 to 28 days ahead
 * (clear of the seed's demo agenda and within the client's 30-day window), or 29 to 120 days ahead when
 * `later` (for staff-only checks, leaving the near dates to the tests that ask the client's hours).
 */
function freshDate(weekdays = [1, 2, 4, 5], later = false): string {
  const date = (later ? madridDates(29, 120, weekdays) : madridDates(8, 28, weekdays)).find((d) => !used.has(d));
  if (!date) throw new Error(`no free date for weekdays ${weekdays.join(',')}`);
  used.add(date);
  return date;
}
const MON = [1];
const TUE = [2];
const THU = [4];
const SUN = [7];

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  staff = await sessionFor(MARCOS);
  admin = await sessionFor(LUCIA);
  sara = await sessionFor(SARA);
  client = await sessionFor('cliente@klok.demo');
  salon2Staff = await salon2StaffSession();
  corte = await serviceId('Corte de pelo');
}, DB_TIMEOUT);
afterAll(closeTestDb);

/* ----------------------------------------------------------------- GET ----------------------------------------------------------------- */

describe('GET /facility/1/employee/{employeeId}', () => {
  beforeAll(async () => {
    const db = await getDb();
    await db.update(users).set({ tlf: '+34600111222' }).where(and(eq(users.tenantId, await tenantId()), eq(users.email, SARA)));
  });

  it('answers staff 200 with the stylist as the list shows it, phone included', async () => {
    const r = await getEmployee(staff, SARA);
    expect(r.status).toBe(200);
    expectShape(dataOf(ZEmployee), r.body);
    const emp = expectShape(ZEmployee, r.body.data);
    expect(emp).toMatchObject({ email: SARA, name: 'Sara López', role: 'employee', tlf: '+34600111222', color: '#D16BA5' });
    expect(emp.services.map((s) => s.name)).toEqual(['Color', 'Corte de pelo', 'Peinado', 'Tratamiento hidratante']);
    expect(emp.week_shifts.map((d) => d.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(emp.week_shifts[1]!.shifts.map((s) => [s.open, s.close])).toEqual([
      ['09:30', '14:00'],
      ['16:00', '20:00'],
    ]);
    const list = await call(listEmployeesHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie: staff });
    expect(list.body.items.find((i: { email: string }) => i.email === SARA)).toEqual(r.body.data);
  });

  it('answers a client 200 without the phone (as the list does)', async () => {
    const r = await getEmployee(client, SARA);
    expect(r.status).toBe(200);
    const emp = expectShape(ZEmployee, r.body.data);
    expect(emp.tlf).toBeNull();
    expect(emp.email).toBe(SARA);
    expect(emp.week_shifts).toHaveLength(7);
  });

  it('finds the stylist whatever the case of the e-mail', async () => {
    const r = await getEmployee(staff, 'Sara@KLOK.demo');
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe(SARA);
  });

  it('shows the seeded special closed day of marcos', async () => {
    const emp = await employee(MARCOS);
    expect(emp.special_shifts).toEqual([expect.objectContaining({ available: false, shift: [], notes: 'Formación' })]);
  });

  it('answers 404 with the Spanish message for an unknown e-mail, a client and another tenant’s stylist', async () => {
    for (const email of ['nadie@klok.demo', 'cliente@klok.demo', 'marcos@salon2.demo']) {
      const r = await getEmployee(staff, email);
      expect(r.status).toBe(404);
      expect(errorOf(r.body)).toEqual({ code: 'not_found', message: 'No se ha encontrado al empleado' });
    }
    expect(e.employeeNotFound).toBe('No se ha encontrado al empleado');
    // salon2's staff on their own host cannot read klok's stylist.
    const cross = await getEmployee(salon2Staff, SARA, SALON2);
    expect(cross.status).toBe(404);
    expect(JSON.stringify(cross.body)).not.toContain('+34600111222');
  });

  it('answers 401 without a session and 400 for another facility or a non-e-mail id', async () => {
    expect((await getEmployee(undefined, SARA)).status).toBe(401);
    const facility = await getEmployee(staff, SARA, { facilityId: '2' });
    expect(facility.status).toBe(400);
    expect(facility.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(['facilityId']);
    expect((await getEmployee(staff, 'sara')).status).toBe(400);
  });
});

/* -------------------------------------------------------------- PATCH info -------------------------------------------------------------- */

describe('PATCH /employees/{employeeId}: information and push token', () => {
  it('lets an employee edit another stylist’s name, description and colour (201, the contract’s Employee)', async () => {
    const r = await patchEmployee(staff, SARA, { name: '  Sara López Ruiz ', description: 'Peinados, recogidos y tratamientos', color: '#4CAF50' });
    expect(r.status).toBe(201);
    expectShape(dataOf(ZEmployee), r.body);
    const emp = expectShape(ZEmployee, r.body.data);
    expect(emp).toMatchObject({ email: SARA, name: 'Sara López Ruiz', description: 'Peinados, recogidos y tratamientos', color: '#4CAF50' });
    // Persisted: a later read shows the same, and the week is untouched.
    const again = await employee(SARA);
    expect(again).toEqual(emp);
    expect(weekOf(again)).toEqual(SEEDED_WEEK);
    // Restore the name for the other suites' readability.
    expect((await patchEmployee(admin, SARA, { name: 'Sara López', color: '#D16BA5' })).status).toBe(201);
  });

  it('answers 400 with the field paths and Spanish messages, and changes nothing', async () => {
    const before = await employee(SARA);
    const r = await patchEmployee(staff, SARA, { name: ' ', color: '#000000' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    expect(r.body.error.details.fields).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
      { path: 'color', message: messages.validation.colorInvalid },
    ]);
    const unknown = await patchEmployee(staff, SARA, { email: 'otra@klok.demo' });
    expect(unknown.status).toBe(400);
    expect(await employee(SARA)).toEqual(before);
  });

  it('answers 403 to a client and 401 without a session, and changes nothing', async () => {
    const before = await employee(SARA);
    for (const headers of [undefined, { initiator: 'admin' }]) {
      const r = await patchEmployee(client, SARA, { name: 'Hackeado' }, { headers });
      expect(r.status).toBe(403);
      expect(errorOf(r.body)).toEqual({ code: 'forbidden', message: e.forbidden });
    }
    expect((await patchEmployee(undefined, SARA, { name: 'Hackeado' })).status).toBe(401);
    expect(await employee(SARA)).toEqual(before);
  });

  it('answers 404 for an unknown stylist and for klok’s stylist from salon2, and changes nothing', async () => {
    const before = await employee(SARA);
    const unknown = await patchEmployee(staff, 'nadie@klok.demo', { name: 'X' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toEqual({ code: 'not_found', message: e.employeeNotFound });
    const cross = await patchEmployee(salon2Staff, SARA, { name: 'Desde salon2' }, SALON2);
    expect(cross.status).toBe(404);
    expect(errorOf(cross.body)).toEqual({ code: 'not_found', message: e.employeeNotFound });
    expect(await employee(SARA)).toEqual(before);
    // salon2's own Sara is not touched either way.
    const theirs = await getEmployee(salon2Staff, 'sara@salon2.demo', SALON2);
    expect(theirs.body.data.name).toBe('Sara López');
  });

  it('lets a stylist set and clear their own push token, and nobody else’s (403)', async () => {
    const tokenOf = async (email: string) => {
      const db = await getDb();
      const [u] = await db.select({ t: users.fcmToken }).from(users).where(and(eq(users.tenantId, await tenantId()), eq(users.email, email)));
      return u!.t;
    };
    const own = await patchEmployee(sara, SARA, { fcm_token: 'token-de-sara' });
    expect(own.status).toBe(201);
    expectShape(ZEmployee, own.body.data);
    expect(await tokenOf(SARA)).toBe('token-de-sara');

    for (const cookie of [staff, admin]) {
      const r = await patchEmployee(cookie, SARA, { fcm_token: 'token-ajeno' });
      expect(r.status).toBe(403);
      expect(errorOf(r.body)).toEqual({ code: 'forbidden', message: e.fcmTokenNotOwn });
    }
    // Mixed with information, nothing is saved either.
    const mixed = await patchEmployee(staff, SARA, { name: 'Otro nombre', fcm_token: 'token-ajeno' });
    expect(mixed.status).toBe(403);
    expect((await employee(SARA)).name).toBe('Sara López');
    expect(await tokenOf(SARA)).toBe('token-de-sara');

    expect((await patchEmployee(sara, SARA, { fcm_token: null })).status).toBe(201);
    expect(await tokenOf(SARA)).toBeNull();
  });
});

/* ------------------------------------------------------------ PATCH week_shifts ------------------------------------------------------------ */

describe('PATCH /employees/{employeeId}: weekly schedule', () => {
  it('replaces the weekly shifts, which changes the hours a client is offered', async () => {
    const monday = freshDate(MON);
    const thursday = freshDate(THU);
    const sunday = freshDate(SUN);
    expect(await startsFor(monday, LUCIA)).toEqual([...quarters('09:30', '13:30'), ...quarters('16:00', '19:30')]);
    expect(await startsFor(sunday, LUCIA)).toEqual([]);
    expect((await startsFor(thursday, LUCIA)).length).toBeGreaterThan(0);

    const week = weekBody({
      0: [['10:00', '13:00']],
      1: [['10:00', '12:00']],
      2: [['10:00', '12:00']],
      3: [['10:00', '12:00']],
      4: { closedWith: [['09:00', '14:00']] }, // unavailable: its shifts are not stored
      5: [['10:00', '12:00']],
    });
    const r = await patchEmployee(staff, LUCIA, { week_shifts: week });
    expect(r.status).toBe(201);
    const emp = expectShape(ZEmployee, r.body.data);
    expect(weekOf(emp)).toEqual(weekBody({ 0: [['10:00', '13:00']], 1: [['10:00', '12:00']], 2: [['10:00', '12:00']], 3: [['10:00', '12:00']], 5: [['10:00', '12:00']] }));
    expect(emp.week_shifts[4]).toEqual({ id: 4, label: 'Jueves', available: false, shifts: [] });
    expect(emp.week_shifts[0]).toMatchObject({ id: 0, label: 'Domingo', available: true });

    expect(await startsFor(monday, LUCIA)).toEqual(quarters('10:00', '11:30'));
    expect(await startsFor(sunday, LUCIA)).toEqual(quarters('10:00', '12:30'));
    expect(await startsFor(thursday, LUCIA)).toEqual([]);
    // Other stylists keep theirs.
    expect(await startsFor(monday, SARA)).toContain('16:00');

    // Back to the seeded week: the hours come back.
    expect((await patchEmployee(admin, LUCIA, { week_shifts: SEEDED_WEEK })).status).toBe(201);
    expect(await startsFor(monday, LUCIA)).toEqual([...quarters('09:30', '13:30'), ...quarters('16:00', '19:30')]);
    expect(weekOf(await employee(LUCIA))).toEqual(SEEDED_WEEK);
  });

  it('answers 400 for a week with overlapping shifts or missing days, and keeps the old week', async () => {
    const bad = SEEDED_WEEK.map((d) => (d.id === 2 ? { ...d, shifts: [{ open: '09:30', close: '14:00' }, { open: '13:00', close: '20:00' }] } : d));
    const r = await patchEmployee(staff, LUCIA, { week_shifts: bad });
    expect(r.status).toBe(400);
    expect(r.body.error.details.fields).toEqual([{ path: 'week_shifts.2.shifts.1', message: messages.validation.shiftStartsBeforePreviousEnd }]);
    const short = await patchEmployee(staff, LUCIA, { week_shifts: SEEDED_WEEK.slice(0, 6) });
    expect(short.status).toBe(400);
    expect(short.body.error.details.fields).toEqual([{ path: 'week_shifts', message: messages.validation.weekDaysInvalid }]);
    expect(weekOf(await employee(LUCIA))).toEqual(SEEDED_WEEK);
  });

  it('answers 409 schedule_conflict listing the pending appointments left outside, saves with force, keeps them', async () => {
    const date = freshDate(MON, true);
    const later = freshDate(MON);
    const evening = await walkIn(MARCOS, date, '17:00', 'Cita de tarde');
    const morning = await walkIn(MARCOS, date, '10:00', 'Cita de mañana');
    const cancelled = await walkIn(MARCOS, date, '18:00', 'Se cancela');
    expect((await cancelAppointment(staff, { id: cancelled, employee: MARCOS, date })).status).toBe(200);
    // A past appointment in the afternoon does not count either.
    const pastMonday = madridDates(-13, -1, [1])[0]!;
    await insertAppointmentRow({ employee: MARCOS, client: 'cliente@klok.demo', start: madridInstant(pastMonday, '17:00') });

    const r = await patchEmployee(staff, MARCOS, { week_shifts: MORNINGS });
    expect(r.status).toBe(409);
    const error = errorOf(r.body);
    expect(error.code).toBe('schedule_conflict');
    expect(error.message).toBe('Hay citas pendientes fuera del nuevo horario. Confirma para guardar el cambio igualmente.');
    expect(e.scheduleConflict).toBe(error.message);
    const details = ZScheduleConflictDetails.parse(error.details);
    expect(details.appointments.map((a) => a.id)).toEqual([evening]);
    expect(details.appointments[0]).toMatchObject({ employee_id: MARCOS, date, status: 'pending', client_name: 'Cita de tarde' });
    expect(details.appointments[0]!.start_time).toBe(madridInstant(date, '17:00'));

    // Nothing saved: the week and the client's hours are as before.
    expect(weekOf(await employee(MARCOS))).toEqual(SEEDED_WEEK);
    expect(await startsFor(later, MARCOS)).toContain('16:00');

    const forced = await patchEmployee(staff, MARCOS, { week_shifts: MORNINGS, force: true });
    expect(forced.status).toBe(201);
    expect(weekOf(expectShape(ZEmployee, forced.body.data))).toEqual(MORNINGS);
    expect(await startsFor(later, MARCOS)).toEqual(quarters('09:30', '13:30'));
    // The appointments stay as they are, for staff to move or cancel.
    expect(await statusOf(evening, date, MARCOS)).toBe('pending');
    expect(await statusOf(morning, date, MARCOS)).toBe('pending');
  });

  it('does not ask again for appointments already outside the hours (overtime, or kept with force)', async () => {
    // Marcos works mornings now and keeps the 17:00 appointment of the previous test.
    const date = freshDate(MON, true);
    const overtime = await walkIn(MARCOS, date, '21:00', 'Horas extra');
    const r = await patchEmployee(staff, MARCOS, { week_shifts: MORNINGS.map((d) => (d.id === 6 ? { id: 6, available: true, shifts: [{ open: '09:00', close: '13:00' }] } : d)) });
    expect(r.status).toBe(201);
    expect(await statusOf(overtime, date, MARCOS)).toBe('pending');
  });

  it('does not ask about dates a special shift decides: the weekly change does not apply to them', async () => {
    // Sara: an open special Sunday with an appointment, and a closed special Tuesday with a walk-in.
    const sunday = freshDate(SUN, true);
    const tuesday = freshDate(TUE, true);
    expect((await createSpecial(staff, SARA, { date: sunday, available: true, shift: [{ open: '10:00', close: '13:00' }] })).status).toBe(201);
    expect((await createSpecial(staff, SARA, { date: tuesday, available: false })).status).toBe(201);
    const onSunday = await walkIn(SARA, sunday, '10:30', 'Domingo especial');
    const onTuesday = await walkIn(SARA, tuesday, '10:00', 'Martes cerrado');
    // Sundays open only in the afternoon, Tuesdays lose their mornings: neither date is governed by the week.
    const week = SEEDED_WEEK.map((d) =>
      d.id === 0 ? { id: 0, available: true, shifts: [{ open: '16:00', close: '20:00' }] } : d.id === 2 ? { ...d, shifts: [{ open: '16:00', close: '20:00' }] } : d,
    );
    const r = await patchEmployee(staff, SARA, { week_shifts: week });
    expect(r.status).toBe(201);
    expect(weekOf(expectShape(ZEmployee, r.body.data))).toEqual(week);
    expect(await statusOf(onSunday, sunday, SARA)).toBe('pending');
    expect(await statusOf(onTuesday, tuesday, SARA)).toBe('pending');
    expect((await patchEmployee(staff, SARA, { week_shifts: SEEDED_WEEK })).status).toBe(201);
  });

  it('keeps exactly one of two concurrent weekly changes (never a mix of both)', async () => {
    const early = weekBody({ 1: [['08:00', '12:00']], 2: [['08:00', '12:00']] });
    const late = weekBody({ 1: [['15:00', '21:00']], 4: [['15:00', '21:00']], 5: [['15:00', '21:00']] });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([patchEmployee(staff, LUCIA, { week_shifts: early }), patchEmployee(admin, LUCIA, { week_shifts: late })]);
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const week = weekOf(await employee(LUCIA));
      expect([early, late]).toContainEqual(week);
    }
    expect((await patchEmployee(admin, LUCIA, { week_shifts: SEEDED_WEEK })).status).toBe(201);
  });

  it('answers 403 to a client trying to change a week, and keeps it', async () => {
    const r = await patchEmployee(client, LUCIA, { week_shifts: MORNINGS, force: true });
    expect(r.status).toBe(403);
    expect(weekOf(await employee(LUCIA))).toEqual(SEEDED_WEEK);
  });
});

/* ------------------------------------------------------------- PATCH services ------------------------------------------------------------- */

describe('PATCH /employees/{employeeId}/services', () => {
  let original: number[];
  beforeAll(async () => {
    original = (await employee(LUCIA)).services.map((s) => s.id);
  });
  afterAll(async () => {
    expect((await patchServices(admin, LUCIA, { items: original })).status).toBe(201);
  });

  it('replaces the services a stylist offers (201, the contract’s Employee) and the list by service follows', async () => {
    const barba = await serviceId('Arreglo de barba');
    const peinado = await serviceId('Peinado');
    const r = await patchServices(staff, LUCIA, { items: [barba, peinado, barba] });
    expect(r.status).toBe(201);
    expectShape(dataOf(ZEmployee), r.body);
    expect(expectShape(ZEmployee, r.body.data).services).toEqual([
      { id: barba, name: 'Arreglo de barba' },
      { id: peinado, name: 'Peinado' },
    ]);
    const byService = await call(listEmployeesHandler, {
      path: `/api/v1/facility/1/employees?service=${barba}`,
      params: { facilityId: '1' },
      cookie: client,
    });
    expect(byService.body.items.map((i: { email: string }) => i.email).sort()).toEqual([LUCIA, MARCOS].sort());
    const colour = await call(listEmployeesHandler, {
      path: `/api/v1/facility/1/employees?service=${await serviceId('Color')}`,
      params: { facilityId: '1' },
      cookie: client,
    });
    expect(colour.body.items.map((i: { email: string }) => i.email)).toEqual([SARA]);
  });

  it('accepts an empty list (offers nothing)', async () => {
    const r = await patchServices(staff, LUCIA, { items: [] });
    expect(r.status).toBe(201);
    expect(r.body.data.services).toEqual([]);
  });

  it('answers 422 for an unknown id, another tenant’s service or a deleted one, and changes nothing', async () => {
    const corteId = await serviceId('Corte de pelo');
    expect((await patchServices(staff, LUCIA, { items: [corteId] })).status).toBe(201);
    const db = await getDb();
    const [deleted] = await db
      .insert(services)
      .values({ tenantId: await tenantId(), name: 'Retirado', priceCents: 1000, durationMinutes: 30, busySlots: [{ startMinutes: 0, endMinutes: 30 }], deletedAt: new Date() })
      .returning({ id: services.id });
    for (const bad of [999_999, await serviceIdIn('Color', 'salon2'), deleted!.id]) {
      const r = await patchServices(staff, LUCIA, { items: [corteId, bad] });
      expect(r.status).toBe(422);
      expect(errorOf(r.body)).toEqual({ code: 'unprocessable', message: e.servicesInvalid });
    }
    expect((await employee(LUCIA)).services.map((s) => s.id)).toEqual([corteId]);
  });

  it('answers 400 for a malformed body, 403 to a client, 404 across tenants', async () => {
    const bad = await patchServices(staff, LUCIA, { items: ['corte'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(['items.0']);
    expect((await patchServices(client, LUCIA, { items: [] })).status).toBe(403);
    expect((await patchServices(undefined, LUCIA, { items: [] })).status).toBe(401);
    const cross = await patchServices(salon2Staff, LUCIA, { items: [] }, SALON2);
    expect(cross.status).toBe(404);
    expect(errorOf(cross.body)).toEqual({ code: 'not_found', message: e.employeeNotFound });
    expect((await employee(LUCIA)).services.length).toBe(1);
  });
});

/* ------------------------------------------------------------ special shifts ------------------------------------------------------------ */

describe('POST /facility/1/employees/{employeeId}/special-shifts', () => {
  it('creates a closed day (201, the contract’s SpecialShift): the client is offered no hours that date', async () => {
    const date = freshDate();
    expect((await startsFor(date, SARA)).length).toBeGreaterThan(0);
    const r = await createSpecial(staff, SARA, { date, available: 0, shift: [{ open: '10:00', close: '11:00' }], notes: ' Formación ' });
    expect(r.status).toBe(201);
    expectShape(dataOf(ZSpecialShift), r.body);
    expect(expectShape(ZSpecialShift, r.body.data)).toEqual({ date, available: false, shift: [], notes: 'Formación' });
    expect(await startsFor(date, SARA)).toEqual([]);
    expect((await offeredHours(staff, date, SARA)).length).toBe(0);
    expect((await employee(SARA)).special_shifts).toContainEqual({ date, available: false, shift: [], notes: 'Formación' });
    const day = await agendaDay(staff, date, SARA);
    expect(day).toMatchObject({ available: false, special: true, notes: 'Formación', shift: [] });
  });

  it('creates special hours that replace the weekly ones, also on a closed Sunday', async () => {
    const sunday = freshDate(SUN);
    expect(await startsFor(sunday, LUCIA)).toEqual([]);
    const r = await createSpecial(admin, LUCIA, { date: sunday, available: true, shift: [{ open: '10:00', close: '12:00' }, { open: '17:00', close: '18:00' }] });
    expect(r.status).toBe(201);
    const special = expectShape(ZSpecialShift, r.body.data);
    expect(special).toEqual({
      date: sunday,
      available: true,
      notes: '',
      shift: [
        { id: expect.any(String), open: '10:00', close: '12:00' },
        { id: expect.any(String), open: '17:00', close: '18:00' },
      ],
    });
    expect(new Set(special.shift.map((s) => s.id)).size).toBe(2);
    expect(await startsFor(sunday, LUCIA)).toEqual([...quarters('10:00', '11:30'), ...quarters('17:00', '17:30')]);
  });

  it('accepts today', async () => {
    const today = madridToday().toFormat('yyyy-MM-dd');
    const r = await createSpecial(staff, LUCIA, { date: today, available: true, shift: [{ open: '00:00', close: '24:00' }], notes: 'Hoy' });
    expect(r.status).toBe(201);
    expect(r.body.data.date).toBe(today);
  });

  it('answers 422 for a past date, and stores nothing', async () => {
    const yesterday = madridToday().minus({ days: 1 }).toFormat('yyyy-MM-dd');
    const before = await storedSpecialDates(LUCIA);
    const r = await createSpecial(staff, LUCIA, { date: yesterday, available: false });
    expect(r.status).toBe(422);
    expect(errorOf(r.body)).toEqual({ code: 'unprocessable', message: e.specialShiftPast });
    expect(e.specialShiftPast).toMatch(/pasad/);
    expect(await storedSpecialDates(LUCIA)).toEqual(before);
  });

  it('answers 409 conflict for a date that already has one, and keeps the first', async () => {
    const date = freshDate();
    expect((await createSpecial(staff, LUCIA, { date, available: true, shift: [{ open: '09:00', close: '10:00' }] })).status).toBe(201);
    const r = await createSpecial(staff, LUCIA, { date, available: false });
    expect(r.status).toBe(409);
    expect(errorOf(r.body)).toEqual({ code: 'conflict', message: 'Ya existe un horario especial para esa fecha.' });
    expect(await startsFor(date, LUCIA)).toEqual(quarters('09:00', '09:30'));
    // The same date for another stylist is fine.
    expect((await createSpecial(staff, MARCOS, { date, available: false })).status).toBe(201);
  });

  it('gives one 201 and one 409 (never a 500) to two concurrent creates of the same date', async () => {
    const date = freshDate();
    const results = await Promise.all([
      createSpecial(staff, SARA, { date, available: false, notes: 'Primera' }),
      createSpecial(admin, SARA, { date, available: true, shift: [{ open: '10:00', close: '11:00' }], notes: 'Segunda' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = results.find((r) => r.status === 409)!;
    expect(errorOf(lost.body)).toEqual({ code: 'conflict', message: e.specialShiftExists });
    expect((await storedSpecialDates(SARA)).filter((d) => d === date)).toHaveLength(1);
    const won = results.find((r) => r.status === 201)!;
    expect((await employee(SARA)).special_shifts.find((s) => s.date === date)).toEqual(won.body.data);
  });

  it('answers 409 schedule_conflict for a closed day with a pending appointment, saves with force, keeps the appointment', async () => {
    const date = freshDate();
    const appt = await walkIn(SARA, date, '10:00', 'Cita del día cerrado');
    const r = await createSpecial(staff, SARA, { date, available: false, notes: 'Cerrado' });
    expect(r.status).toBe(409);
    const error = errorOf(r.body);
    expect(error).toMatchObject({ code: 'schedule_conflict', message: e.scheduleConflict });
    expect(ZScheduleConflictDetails.parse(error.details).appointments.map((a) => a.id)).toEqual([appt]);
    expect(await storedSpecialDates(SARA)).not.toContain(date);
    expect((await agendaDay(staff, date, SARA)).special).toBe(false);

    const forced = await createSpecial(staff, SARA, { date, available: false, notes: 'Cerrado', force: true });
    expect(forced.status).toBe(201);
    expect(forced.body.data).toEqual({ date, available: false, shift: [], notes: 'Cerrado' });
    expect(await statusOf(appt, date, SARA)).toBe('pending');
    expect(await startsFor(date, SARA)).toEqual([]);
  });

  it('answers 409 for special hours that do not cover a pending appointment, 201 for hours that do', async () => {
    const date = freshDate(undefined, true);
    const appt = await walkIn(SARA, date, '12:00', 'Cita de mediodía');
    const afternoon = await createSpecial(staff, SARA, { date, available: true, shift: [{ open: '16:00', close: '20:00' }] });
    expect(afternoon.status).toBe(409);
    expect(ZScheduleConflictDetails.parse(afternoon.body.error.details).appointments.map((a) => a.id)).toEqual([appt]);
    // Ending exactly when the appointment ends still covers it.
    const covering = await createSpecial(staff, SARA, { date, available: true, shift: [{ open: '11:00', close: '12:30' }] });
    expect(covering.status).toBe(201);
    expect(await statusOf(appt, date, SARA)).toBe('pending');
  });

  it('answers 400 with field paths, 403 to a client, 401 without a session, 404 across tenants', async () => {
    const date = freshDate();
    const bad = await createSpecial(staff, SARA, { date, available: true, shift: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toEqual([{ path: 'shift', message: messages.validation.specialShiftNeedsShift }]);
    const forbidden = await createSpecial(client, SARA, { date, available: false }, { headers: { initiator: 'admin' } });
    expect(forbidden.status).toBe(403);
    expect((await createSpecial(undefined, SARA, { date, available: false })).status).toBe(401);
    const cross = await createSpecial(salon2Staff, SARA, { date, available: false }, SALON2);
    expect(cross.status).toBe(404);
    expect(errorOf(cross.body)).toEqual({ code: 'not_found', message: e.employeeNotFound });
    const unknown = await createSpecial(staff, 'nadie@klok.demo', { date, available: false });
    expect(unknown.status).toBe(404);
    expect(await storedSpecialDates(SARA)).not.toContain(date);
    expect((await startsFor(date, SARA)).length).toBeGreaterThan(0);
  });
});

describe('DELETE /facility/1/employees/{employeeId}/special-shifts/{date}', () => {
  it('deletes a closed day (200 { data: { date } }) and the weekly hours are offered again', async () => {
    const date = freshDate();
    const before = await startsFor(date, MARCOS);
    expect(before.length).toBeGreaterThan(0);
    expect((await createSpecial(staff, MARCOS, { date, available: false })).status).toBe(201);
    expect(await startsFor(date, MARCOS)).toEqual([]);

    const r = await deleteSpecial(staff, MARCOS, date);
    expect(r.status).toBe(200);
    expectShape(dataOf(ZSpecialShiftDeleted), r.body);
    expect(r.body).toEqual({ data: { date } });
    expect(await startsFor(date, MARCOS)).toEqual(before);
    expect((await employee(MARCOS)).special_shifts.map((s) => s.date)).not.toContain(date);
  });

  it('answers 404 when the date has none (and for a second delete)', async () => {
    const date = freshDate(undefined, true);
    const none = await deleteSpecial(staff, MARCOS, date);
    expect(none.status).toBe(404);
    expect(errorOf(none.body)).toEqual({ code: 'not_found', message: e.specialShiftNotFound });
    expect((await createSpecial(staff, MARCOS, { date, available: false })).status).toBe(201);
    expect((await deleteSpecial(staff, MARCOS, date)).status).toBe(200);
    expect((await deleteSpecial(staff, MARCOS, date)).status).toBe(404);
  });

  it('answers 409 schedule_conflict when removing special hours strands an appointment; ?force=true deletes it', async () => {
    const sunday = freshDate(SUN, true);
    expect((await createSpecial(staff, MARCOS, { date: sunday, available: true, shift: [{ open: '10:00', close: '14:00' }] })).status).toBe(201);
    const appt = await walkIn(MARCOS, sunday, '11:00', 'Domingo');
    const r = await deleteSpecial(staff, MARCOS, sunday);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('schedule_conflict');
    expect(ZScheduleConflictDetails.parse(r.body.error.details).appointments.map((a) => a.id)).toEqual([appt]);
    expect(await storedSpecialDates(MARCOS)).toContain(sunday);

    const forced = await deleteSpecial(staff, MARCOS, sunday, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ data: { date: sunday } });
    expect(await storedSpecialDates(MARCOS)).not.toContain(sunday);
    expect(await statusOf(appt, sunday, MARCOS)).toBe('pending');
  });

  it('answers 403 to a client, 401 without a session, 404 across tenants, 400 for a bad date; keeps the special day', async () => {
    const date = freshDate();
    expect((await createSpecial(staff, LUCIA, { date, available: false })).status).toBe(201);
    expect((await deleteSpecial(client, LUCIA, date)).status).toBe(403);
    expect((await deleteSpecial(undefined, LUCIA, date)).status).toBe(401);
    const cross = await deleteSpecial(salon2Staff, LUCIA, date, SALON2);
    expect(cross.status).toBe(404);
    expect(errorOf(cross.body)).toEqual({ code: 'not_found', message: e.employeeNotFound });
    // salon2's own stylist has no special day that date: 404 too, and klok's stays.
    expect((await deleteSpecial(salon2Staff, 'admin@salon2.demo', date, SALON2)).status).toBe(404);
    expect((await deleteSpecial(staff, LUCIA, '2026-02-30')).status).toBe(400);
    expect(await storedSpecialDates(LUCIA)).toContain(date);
    expect(await startsFor(date, LUCIA)).toEqual([]);
  });
});
