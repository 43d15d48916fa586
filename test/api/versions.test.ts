/**
 * No lost update on the edit screens: a stylist (information and weekly schedule), a service, a client
 * account and the tenant settings carry `version` in their GET; a PATCH that sends the version it was
 * loaded with is refused with 409 `conflict`, the Spanish "Los datos han cambiado…" message and
 * `details.current` (the resource as GET shows it) when someone saved in between, and nothing is written.
 * A PATCH without `version` (the spec's API clients) still saves. Run with TEST_DATABASE_URL for the real
 * race on the PostgreSQL server (PGlite serialises transactions).
 */
import { GET as getEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employee/[employeeId]/route';
import { PATCH as patchEmployeeHandler } from '@/app/api/v1/employees/[employeeId]/route';
import { PATCH as patchEmployeeServicesHandler } from '@/app/api/v1/employees/[employeeId]/services/route';
import { PATCH as patchServiceEmployeesHandler } from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/employees/route';
import { GET as getServiceHandler, PATCH as patchServiceHandler } from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/route';
import { GET as getSettingsHandler, PATCH as patchSettingsHandler } from '@/app/api/v1/facility/[facilityId]/settings/route';
import { GET as getUserHandler, PATCH as patchUserHandler } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, DB_TIMEOUT, LUCIA, MARCOS, SARA, serviceId } from './fixtures';

/** Confirm or release as a new salon has it (beyond-the-spec section 3). */
const DEFAULT_CONFIRMATION = { enabled: true, request_hours: 48, cutoff_hours: 12 };

jest.setTimeout(DB_TIMEOUT);

const CONFLICT = messages.errors.conflict;
const enc = encodeURIComponent;

let admin: string;
let staff: string;

beforeAll(async () => {
  await openTestDb();
  admin = await sessionFor(LUCIA);
  staff = await sessionFor(MARCOS);
});
afterAll(closeTestDb);

const getEmployee = (email: string) =>
  call(getEmployeeHandler, { path: `/api/v1/facility/1/employee/${enc(email)}`, params: { facilityId: '1', employeeId: email }, cookie: staff });
const patchEmployee = (cookie: string, email: string, body: unknown) =>
  call(patchEmployeeHandler, { method: 'PATCH', path: `/api/v1/employees/${enc(email)}`, params: { employeeId: email }, body, cookie });

type Day = { id: number; available: boolean; shifts: { open: string; close: string }[] };
/** A week open Monday to Friday 10:00–14:00, with `changes` applied by day id. */
function week(changes: Record<number, Omit<Day, 'id'>> = {}): Day[] {
  return [0, 1, 2, 3, 4, 5, 6].map((id) => ({
    id,
    ...(changes[id] ?? (id >= 1 && id <= 5 ? { available: true, shifts: [{ open: '10:00', close: '14:00' }] } : { available: false, shifts: [] })),
  }));
}
const saturday = { 6: { available: true, shifts: [{ open: '09:00', close: '13:00' }] } };

describe('weekly schedule of a stylist', () => {
  test('a second save with the version both loaded gets 409 with the current week, and erases nothing', async () => {
    const start = await patchEmployee(staff, SARA, { week_shifts: week() });
    expect(start.status).toBe(201);
    const v1: string = (await getEmployee(SARA)).body.data.version;
    expect(v1).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // A adds a Saturday shift.
    const a = await patchEmployee(staff, SARA, { week_shifts: week(saturday), version: v1 });
    expect(a.status).toBe(201);
    const v2: string = a.body.data.version;
    expect(v2).not.toBe(v1);
    expect((await getEmployee(SARA)).body.data.version).toBe(v2);

    // B, loaded before A saved, changes Monday.
    const b = await patchEmployee(admin, SARA, { week_shifts: week({ 1: { available: false, shifts: [] } }), version: v1 });
    expect(b.status).toBe(409);
    expect(b.body.error).toMatchObject({ code: 'conflict', message: CONFLICT });
    expect(b.body.error.details.current.version).toBe(v2);
    expect(b.body.error.details.current.week_shifts[6]).toMatchObject({ available: true, shifts: [{ open: '09:00', close: '13:00' }] });

    const after = (await getEmployee(SARA)).body.data;
    expect(after.version).toBe(v2);
    expect(after.week_shifts[6].shifts).toEqual([expect.objectContaining({ open: '09:00', close: '13:00' })]);
    expect(after.week_shifts[1].available).toBe(true);

    // B saves again with the version the 409 gave: both changes are kept.
    const retry = await patchEmployee(admin, SARA, { week_shifts: week({ ...saturday, 1: { available: false, shifts: [] } }), version: v2 });
    expect(retry.status).toBe(201);
    expect(retry.body.data.week_shifts[6].available).toBe(true);
    expect(retry.body.data.week_shifts[1].available).toBe(false);
  });

  test('a save without version still goes through', async () => {
    const res = await patchEmployee(staff, SARA, { week_shifts: week() });
    expect(res.status).toBe(201);
    expect(res.body.data.week_shifts[6].available).toBe(false);
  });

  test('a special day added meanwhile does not void a weekly-schedule draft', async () => {
    const v1: string = (await getEmployee(SARA)).body.data.version;
    const { POST } = await import('@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route');
    const special = await call(POST, {
      method: 'POST',
      path: `/api/v1/facility/1/employees/${enc(SARA)}/special-shifts`,
      params: { facilityId: '1', employeeId: SARA },
      body: { date: '2099-05-04', available: false },
      cookie: staff,
    });
    expect(special.status).toBe(201);
    const res = await patchEmployee(staff, SARA, { week_shifts: week(saturday), version: v1 });
    expect(res.status).toBe(201);
  });
});

describe('information of a stylist', () => {
  test('stale save → 409 with the current name; nothing written; without version → saved', async () => {
    const v1: string = (await getEmployee(MARCOS)).body.data.version;
    const a = await patchEmployee(staff, MARCOS, { name: 'Marcos A', description: 'Cortes', color: '#D16BA5', version: v1 });
    expect(a.status).toBe(201);
    const b = await patchEmployee(admin, MARCOS, { name: 'Marcos B', description: '', version: v1 });
    expect(b.status).toBe(409);
    expect(b.body.error.message).toBe(CONFLICT);
    expect(b.body.error.details.current).toMatchObject({ name: 'Marcos A', description: 'Cortes', version: a.body.data.version });
    expect((await getEmployee(MARCOS)).body.data).toMatchObject({ name: 'Marcos A', description: 'Cortes' });
    const plain = await patchEmployee(admin, MARCOS, { name: 'Marcos Ruiz' });
    expect(plain.status).toBe(201);
    expect(plain.body.data.name).toBe('Marcos Ruiz');
  });

  // Three rounds: a race is only sometimes lost, so one round could pass by luck without the lock.
  test.each([1, 2, 3])('20 parallel saves with one version: exactly one is saved (round %i)', async (round) => {
    const v1: string = (await getEmployee(MARCOS)).body.data.version;
    const names = Array.from({ length: 20 }, (_, i) => `Marcos ${round}.${i}`);
    const answers = await Promise.all(names.map((name) => patchEmployee(staff, MARCOS, { name, version: v1 })));
    const ok = answers.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await getEmployee(MARCOS)).body.data.name).toBe(ok[0]!.body.data.name);
  });
});

describe('a service', () => {
  let id: number;
  const get = () => call(getServiceHandler, { path: `/api/v1/facility/1/services/${id}`, params: { facilityId: '1', serviceId: String(id) }, cookie: staff });
  const patch = (body: unknown) =>
    call(patchServiceHandler, { method: 'PATCH', path: `/api/v1/facility/1/services/${id}`, params: { facilityId: '1', serviceId: String(id) }, body, cookie: staff });
  const body = (over: object) => ({ name: 'Corte de pelo', description: 'Lavado y corte', price: 15, duration: 30, busy_slots: [{ startMinutes: 0, endMinutes: 30 }], ...over });

  beforeAll(async () => {
    id = await serviceId('Corte de pelo');
  });

  test('stale save → 409 with the current price; nothing written; without version → saved', async () => {
    const v1: string = (await get()).body.data.version;
    const a = await patch(body({ price: 18, version: v1 }));
    expect(a.status).toBe(200);
    expect(a.body.data.version).not.toBe(v1);
    const b = await patch(body({ description: 'Otro texto', version: v1 }));
    expect(b.status).toBe(409);
    expect(b.body.error).toMatchObject({ code: 'conflict', message: CONFLICT });
    expect(b.body.error.details.current).toMatchObject({ price: 18, description: 'Lavado y corte', version: a.body.data.version });
    expect((await get()).body.data).toMatchObject({ price: 18, description: 'Lavado y corte' });
    const plain = await patch(body({ price: 16 }));
    expect(plain.status).toBe(200);
    expect(plain.body.data.price).toBe(16);
  });
});

describe('a client account', () => {
  const get = () => call(getUserHandler, { path: `/api/v1/users/${enc(ANA)}`, params: { email: ANA }, cookie: staff });
  const patch = (body: unknown) => call(patchUserHandler, { method: 'PATCH', path: `/api/v1/users/${enc(ANA)}`, params: { email: ANA }, body, cookie: staff });

  test('stale save → 409 with the current allowance and sub-users; nothing written; without version → saved', async () => {
    const loaded = (await get()).body.data;
    const v1: string = loaded.version;
    const a = await patch({ n_appointments_allowed: 3, version: v1 });
    expect(a.status).toBe(201);
    expect(a.body.data.version).not.toBe(v1);
    const b = await patch({ name: 'Ana B', users: [], version: v1 });
    expect(b.status).toBe(409);
    expect(b.body.error).toMatchObject({ code: 'conflict', message: CONFLICT });
    expect(b.body.error.details.current).toMatchObject({ n_appointments_allowed: 3, name: loaded.name, users: loaded.users });
    expect(b.body.error.details.current.history).toBeDefined();
    const now = (await get()).body.data;
    expect(now).toMatchObject({ n_appointments_allowed: 3, name: loaded.name, users: loaded.users });
    const plain = await patch({ n_appointments_allowed: 2 });
    expect(plain.status).toBe(201);
    expect(plain.body.data.n_appointments_allowed).toBe(2);
  });

  test('"Bloquear reservas online" changes the version: a save from before it is stale and does not unblock', async () => {
    const v1: string = (await get()).body.data.version;
    const blocked = await patch({ booking_blocked: true, version: v1 });
    expect(blocked.status).toBe(201);
    expect(blocked.body.data.version).not.toBe(v1);
    const stale = await patch({ booking_blocked: false, version: v1 });
    expect(stale.status).toBe(409);
    expect((await get()).body.data.reliability.tier).toBe('bloqueado');
    expect((await patch({ booking_blocked: false, version: blocked.body.data.version })).status).toBe(201);
  });
});

describe('tenant settings', () => {
  const get = () => call(getSettingsHandler, { path: '/api/v1/facility/1/settings', params: { facilityId: '1' }, cookie: admin });
  const patch = (body: unknown) => call(patchSettingsHandler, { method: 'PATCH', path: '/api/v1/facility/1/settings', params: { facilityId: '1' }, body, cookie: admin });

  test('stale save → 409 with the current settings; nothing written; without version → saved', async () => {
    const v1: string = (await get()).body.data.version;
    const a = await patch({ automatic_reminders: false, version: v1 });
    expect(a.status).toBe(200);
    const b = await patch({ phone_countries: ['ES', 'PT'], version: v1 });
    expect(b.status).toBe(409);
    expect(b.body.error).toMatchObject({ code: 'conflict', message: CONFLICT });
    expect(b.body.error.details.current).toEqual({ automatic_reminders: false, phone_countries: ['ES'], confirmation: DEFAULT_CONFIRMATION, weekly_summary: true, version: a.body.data.version });
    expect((await get()).body.data).toMatchObject({ automatic_reminders: false, phone_countries: ['ES'] });
    const plain = await patch({ automatic_reminders: true });
    expect(plain.status).toBe(200);
    expect(plain.body.data.automatic_reminders).toBe(true);
  });

  test('the confirmation hours change the version: a save from before them is stale and keeps them', async () => {
    const v1: string = (await get()).body.data.version;
    const a = await patch({ confirmation: { request_hours: 100, cutoff_hours: 12 }, version: v1 });
    expect(a.status).toBe(200);
    expect(a.body.data.version).not.toBe(v1);
    const b = await patch({ confirmation: { request_hours: 96, cutoff_hours: 7 }, version: v1 });
    expect(b.status).toBe(409);
    expect((await get()).body.data.confirmation).toMatchObject({ request_hours: 100, cutoff_hours: 12 });
    const toggled = await patch({ confirmation: { enabled: false }, version: a.body.data.version });
    expect(toggled.status).toBe(200);
    expect((await patch({ confirmation: { enabled: true }, version: a.body.data.version })).status).toBe(409);
    expect((await patch({ confirmation: { enabled: true, request_hours: 48, cutoff_hours: 12 }, version: toggled.body.data.version })).status).toBe(200);
  });

  test('20 parallel saves with one version: exactly one is saved', async () => {
    const v1: string = (await get()).body.data.version;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => patch({ automatic_reminders: false, phone_countries: i % 2 === 0 ? ['ES'] : ['ES', 'PT'], version: v1 })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
  });
});

describe('stylist assignments', () => {
  let corte: number;
  let color: number;
  const getService = (id: number) =>
    call(getServiceHandler, { path: `/api/v1/facility/1/services/${id}`, params: { facilityId: '1', serviceId: String(id) }, cookie: staff });
  const patchServiceEmployees = (id: number, body: unknown) =>
    call(patchServiceEmployeesHandler, {
      method: 'PATCH',
      path: `/api/v1/facility/1/services/${id}/employees`,
      params: { facilityId: '1', serviceId: String(id) },
      body,
      cookie: staff,
    });
  const patchEmployeeServices = (email: string, body: unknown) =>
    call(patchEmployeeServicesHandler, { method: 'PATCH', path: `/api/v1/employees/${enc(email)}/services`, params: { employeeId: email }, body, cookie: staff });

  beforeAll(async () => {
    corte = await serviceId('Corte de pelo');
    color = await serviceId('Color');
  });

  test('Gestionar asignaciones: stale save → 409 with the current stylists; nothing written; without version → saved', async () => {
    const loaded = (await getService(corte)).body.data;
    const v1: string = loaded.employees_version;
    const a = await patchServiceEmployees(corte, { employees: [SARA], version: v1 });
    expect(a.status).toBe(200);
    expect(a.body.data.employees_version).not.toBe(v1);
    expect(a.body.data.version).toBe(loaded.version); // the information's version is another thing
    const b = await patchServiceEmployees(corte, { employees: [SARA, MARCOS, LUCIA], version: v1 });
    expect(b.status).toBe(409);
    expect(b.body.error).toMatchObject({ code: 'conflict', message: CONFLICT });
    expect(b.body.error.details.current.employees).toEqual([expect.objectContaining({ email: SARA })]);
    expect((await getService(corte)).body.data.employees.map((e: { email: string }) => e.email)).toEqual([SARA]);
    const plain = await patchServiceEmployees(corte, { employees: [SARA, MARCOS] });
    expect(plain.status).toBe(200);
    expect(plain.body.data.employees).toHaveLength(2);
  });

  test('Gestionar servicios of a stylist: stale save → 409 with the current services; a change from the service side counts too', async () => {
    const v1: string = (await getEmployee(MARCOS)).body.data.services_version;
    // From the service's side: Marcos stops offering Corte de pelo.
    expect((await patchServiceEmployees(corte, { employees: [SARA] })).status).toBe(200);
    const stale = await patchEmployeeServices(MARCOS, { items: [color], version: v1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CONFLICT);
    expect(stale.body.error.details.current.services.map((s: { id: number }) => s.id)).not.toContain(corte);
    const current: string = stale.body.error.details.current.services_version;
    const ok = await patchEmployeeServices(MARCOS, { items: [color, corte], version: current });
    expect(ok.status).toBe(201);
    expect(ok.body.data.services.map((s: { id: number }) => s.id).sort()).toEqual([color, corte].sort());
    const plain = await patchEmployeeServices(MARCOS, { items: [color] });
    expect(plain.status).toBe(201);
  });
});
