/**
 * The clients API against PGlite (and PostgreSQL with TEST_DATABASE_URL): the paged, searchable
 * list; invitations (201, 409, concurrent); the detail's history; staff edits (sub-users with pending
 * appointments, allowance, guest); the admin's export and deletion; access (clients 403, employees 403 on
 * admin actions) and tenancy (404 across tenants).
 */
import { and, eq } from 'drizzle-orm';
import { GET as listUsersHandler, POST as createUserHandler } from '@/app/api/v1/users/route';
import { DELETE as deleteUserHandler, GET as getUserHandler, PATCH as patchUserHandler } from '@/app/api/v1/users/[email]/route';
import { GET as exportUserHandler } from '@/app/api/v1/users/[email]/export/route';
import { getDb } from '@/lib/server/db/client';
import { activities, appointments, sessions, users } from '@/lib/server/db/schema';
import { getUser } from '@/lib/server/services/get-user';
import { ZClientExport, ZClientPage, ZUser, ZUserDetail } from '@/lib/validation/dto';
import { serverNow } from '@/lib/server/clock';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  book,
  cancelAppointment,
  createClient,
  DB_TIMEOUT,
  GUEST,
  insertAppointmentRow,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  outboxRows,
  SALON2,
  SARA,
  seedSalon2,
  seedSessions,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

type CallOpts = { host?: string };

let admin: string;
let employee: string;
let client: string;

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  ({ admin, employee, client } = await seedSessions());
}, DB_TIMEOUT);
afterAll(closeTestDb);

const enc = encodeURIComponent;
const list = (cookie: string, query: Record<string, string | number> = {}, opts: CallOpts = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(listUsersHandler, { path: `/api/v1/users?${qs}`, cookie, ...opts });
};
const invite = (cookie: string, body: unknown, opts: CallOpts = {}) =>
  call(createUserHandler, { method: 'POST', path: '/api/v1/users', body, cookie, ...opts });
const detail = (cookie: string, email: string, opts: CallOpts = {}) =>
  call(getUserHandler, { path: `/api/v1/users/${enc(email)}`, params: { email }, cookie, ...opts });
const patch = (cookie: string, email: string, body: unknown, opts: CallOpts = {}) =>
  call(patchUserHandler, { method: 'PATCH', path: `/api/v1/users/${enc(email)}`, params: { email }, body, cookie, ...opts });
const exportUser = (cookie: string, email: string, opts: CallOpts = {}) =>
  call(exportUserHandler, { path: `/api/v1/users/${enc(email)}/export`, params: { email }, cookie, ...opts });
const remove = (cookie: string, email: string, opts: CallOpts = {}) =>
  call(deleteUserHandler, { method: 'DELETE', path: `/api/v1/users/${enc(email)}`, params: { email }, cookie, ...opts });

type Item = { email: string; name: string; is_guest: boolean; visits: number };

/** Every page of a search, following `next_cursor`; checks each page against the contract. */
async function allPages(search: string, limit: number): Promise<{ pages: Item[][]; total: number }> {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const r = await list(admin, { search, limit, ...(cursor ? { cursor } : {}) });
    expect(r.status).toBe(200);
    const page = ZClientPage.parse(r.body);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (total === -1) total = page.total;
    expect(page.total).toBe(total);
    pages.push(page.items);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return { pages, total };
}

/** Past starts that never overlap (one per call, 5 hours apart, from two days before the test clock back). */
let pastN = 0;
const pastStart = () => new Date(serverNow() - 2 * 86_400_000 - ++pastN * 5 * 3_600_000).toISOString();

/** A unique suffix per test, so searches of one test do not see the others' clients. */
let seq = 0;
const tag = () => `t${++seq}${Math.random().toString(36).slice(2, 6)}`;

describe('GET /users: search and keyset paging', () => {
  it('finds names without accents or case, and e-mails', async () => {
    const t = tag();
    const [maria, perez, other] = [`maria.${t}@correo.es`, `jperez.${t}@correo.es`, `luis.${t}@correo.es`];
    await createClient(maria, { name: `María ${t} Núñez` });
    await createClient(perez, { name: `Juan Pérez ${t}` });
    await createClient(other, { name: `Luis ${t}` });
    const emails = async (search: string) => {
      const r = await list(admin, { search });
      expect(r.status).toBe(200);
      return (ZClientPage.parse(r.body).items as Item[]).map((i) => i.email).sort();
    };
    expect(await emails(`maria ${t}`)).toEqual([maria]);
    expect(await emails(`MARÍA ${t}`)).toEqual([maria]);
    expect(await emails(`nunez ${t}`)).toEqual([maria]);
    expect(await emails(`PEREZ ${t}`)).toEqual([perez]);
    expect(await emails(`${t} juan`)).toEqual([perez]);
    expect(await emails(`luis.${t}@correo`)).toEqual([other]);
    expect(await emails(`${t}@CORREO.ES`)).toEqual([maria, perez, other].sort());
    expect(await emails(`${t} nadie`)).toEqual([]);
    const r = await list(admin, { search: `${t} juan` });
    expect(r.body.total).toBe(1);
    expect(r.body.next_cursor).toBeNull();
  });

  it('pages newest activity first across pages with a cursor, without repeats, with the total', async () => {
    const t = tag();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const email = `pagina${i}.${t}@correo.es`;
      const r = await invite(admin, { email });
      expect(r.status).toBe(201);
      created.push(email);
    }
    const { pages, total } = await allPages(t, 2);
    expect(total).toBe(7);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    // Newest first: the last invited leads.
    expect(pages.flat().map((i) => i.email)).toEqual([...created].reverse());
    // Booking moves a client to the top.
    const date = madridDates(8, 21, [1, 2, 4, 5])[0]!;
    const booked = await book(
      employee,
      staffBookingBody({ start: madridInstant(date, '09:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), email: created[0], name: 'Página' }),
    );
    expect(booked.status).toBe(201);
    const again = await allPages(t, 3);
    expect(again.pages.flat().map((i) => i.email)).toEqual([created[0], ...[...created].slice(1).reverse()]);
    // A cancellation moves it up too.
    const appt = await insertAppointmentRow({ employee: SARA, client: created[3]!, start: madridInstant(date, '15:00') });
    expect((await cancelAppointment(employee, { id: appt })).status).toBe(200);
    const third = await allPages(t, 10);
    expect(third.pages.flat()[0]!.email).toBe(created[3]);
  });

  it('puts the guest first on the first page when it matches, left out of the total', async () => {
    const first = ZClientPage.parse((await list(admin, { limit: 3 })).body);
    expect(first.items[0]).toMatchObject({ email: GUEST, is_guest: true });
    expect(first.items).toHaveLength(3);
    const all = await allPages('', 4);
    const flat = all.pages.flat();
    expect(flat.filter((i) => i.is_guest)).toHaveLength(1);
    expect(new Set(flat.map((i) => i.email)).size).toBe(flat.length);
    expect(all.total).toBe(flat.length - 1);
    const clients = await (await getDb()).select().from(users).where(and(eq(users.tenantId, await tenantId()), eq(users.role, 'client')));
    expect(all.total).toBe(clients.filter((c) => !c.deletedAt && !c.isGuest).length);
    // limit 1: the guest alone, then the others.
    const one = ZClientPage.parse((await list(admin, { limit: 1 })).body);
    expect(one.items.map((i) => i.email)).toEqual([GUEST]);
    const next = ZClientPage.parse((await list(admin, { limit: 1, cursor: one.next_cursor! })).body);
    expect(next.items).toHaveLength(1);
    expect(next.items[0]!.is_guest).toBe(false);
    // Not matching: left out.
    const t = tag();
    await createClient(`solo.${t}@correo.es`, { name: 'Solo' });
    const r = ZClientPage.parse((await list(admin, { search: t })).body);
    expect(r.items.map((i) => i.email)).toEqual([`solo.${t}@correo.es`]);
    expect(ZClientPage.parse((await list(admin, { search: 'invitado' })).body).items[0]!.email).toBe(GUEST);
  });

  it('leaves staff out', async () => {
    const r = ZClientPage.parse((await list(admin, { search: 'klok.demo' })).body);
    expect(r.items.map((i) => i.email)).toEqual([ANA]);
  });

  it('answers 400 for a cursor it did not issue or a bad limit', async () => {
    const queries: Record<string, string | number>[] = [{ cursor: 'bm9wZQ' }, { cursor: 'x'.repeat(300) }, { limit: 0 }, { limit: 101 }, { limit: 'diez' }];
    for (const query of queries) {
      const r = await list(admin, query);
      expect([query, r.status]).toEqual([query, 400]);
      expect(r.body.error.message).toEqual(expect.any(String));
    }
  });
});

describe('POST /users: invitations', () => {
  it('creates the client, records user_created and queues the invitation e-mail', async () => {
    const email = `Nueva.${tag()}@Correo.es`;
    const before = (await outboxRows()).length;
    const r = await invite(employee, { email });
    expect(r.status).toBe(201);
    const user = ZUser.parse(r.body.data);
    expect(user).toMatchObject({ email: email.toLowerCase(), name: '', role: 'client', n_appointments_allowed: 1, users: [], onboarding_completed: false });
    const rows = await outboxRows();
    expect(rows).toHaveLength(before + 1);
    const mail = rows.at(-1)!.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toContain('te invita');
    expect(mail.text).toContain('http://localhost:3000/login');
    const db = await getDb();
    const [activity] = await db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, await tenantId()), eq(activities.type, 'user_created')))
      .orderBy(activities.id)
      .then((rs) => rs.slice(-1));
    expect(activity!.data).toEqual({ name: '', email: email.toLowerCase() });
    // Listed with 0 visits.
    const page = ZClientPage.parse((await list(admin, { search: email })).body);
    expect(page.items).toEqual([expect.objectContaining({ email: email.toLowerCase(), visits: 0, last_visit: null })]);
  });

  it('answers 409 in Spanish for an e-mail that already has an account', async () => {
    for (const [email, message] of [
      [ANA, 'Ya existe un cliente con ese correo electrónico.'],
      [ANA.toUpperCase(), 'Ya existe un cliente con ese correo electrónico.'],
      [GUEST, 'Ya existe un cliente con ese correo electrónico.'],
      [MARCOS, 'Ese correo pertenece a un miembro del equipo, no a un cliente.'],
    ]) {
      const r = await invite(admin, { email });
      expect([email, r.status, r.body.error]).toEqual([email, 409, { code: 'conflict', message }]);
    }
  });

  it('refuses an invalid body with 400', async () => {
    for (const body of [{}, { email: 'no-es-correo' }, { email: '' }, { email: 'a@b.es', name: 'x' }]) {
      expect((await invite(admin, body)).status).toBe(400);
    }
  });

  it('lets one of concurrent invitations of the same e-mail win; the others get 409', async () => {
    const email = `carrera.${tag()}@correo.es`;
    const results = await Promise.all(Array.from({ length: 6 }, () => invite(admin, { email })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const mails = (await outboxRows()).filter((o) => (o.payload as { to: string }).to === email);
    expect(mails).toHaveLength(1);
  });

  it('the first sign-in of an invited client brings its name', async () => {
    const email = `firma.${tag()}@correo.es`;
    expect((await invite(admin, { email })).status).toBe(201);
    const { user } = await createClient(email, { name: 'Rocío Díaz' });
    expect(user.name).toBe('Rocío Díaz');
    expect(ZClientPage.parse((await list(admin, { search: 'rocio diaz' })).body).items.map((i) => i.email)).toContain(email);
  });
});

describe('GET /users/{email}: the history', () => {
  it('classifies at the boundary: an appointment ending exactly now is past', async () => {
    const { user } = await createClient(`historia.${tag()}@correo.es`, { name: 'Historia' });
    const now = Date.parse('2030-03-04T10:00:00.000Z');
    const endsNow = await insertAppointmentRow({ employee: SARA, client: user.email, start: new Date(now - 30 * 60_000).toISOString(), minutes: 30 });
    const endsLater = await insertAppointmentRow({ employee: MARCOS, client: user.email, start: new Date(now - 29 * 60_000).toISOString(), minutes: 30 });
    const db = await getDb();
    const staff = { id: 'x', tenantId: user.tenantId, email: MARCOS, name: 'Marcos', role: 'employee' as const, onboarded: true };
    const d = await getUser(db, user.tenantId, staff, user.email, now);
    expect(d.history!.past.map((a) => a.id)).toEqual([endsNow]);
    expect(d.history!.pending.map((a) => a.id)).toEqual([endsLater]);
    const a = await getUser(db, user.tenantId, staff, user.email, now - 1);
    expect(a.history!.pending.map((x) => x.id)).toEqual([endsNow, endsLater]);
  });

  it('lists pending, past and cancelled with who cancelled and when; clients get no history', async () => {
    const { user, cookie } = await createClient(`detalle.${tag()}@correo.es`, { name: 'Detalle' });
    const date = madridDates(8, 21, [1, 2, 4, 5])[1]!;
    const past = await insertAppointmentRow({ employee: SARA, client: user.email, start: pastStart() });
    const soon = await insertAppointmentRow({ employee: SARA, client: user.email, start: madridInstant(date, '11:00') });
    const later = await insertAppointmentRow({ employee: SARA, client: user.email, start: madridInstant(date, '16:00') });
    expect((await cancelAppointment(employee, { id: later, notes: 'Enfermedad' })).status).toBe(200);
    const r = await detail(employee, user.email);
    expect(r.status).toBe(200);
    const d = ZUserDetail.parse(r.body.data);
    expect(d.history!.pending.map((a) => a.id)).toEqual([soon]);
    expect(d.history!.past.map((a) => a.id)).toEqual([past]);
    expect(d.history!.cancelled).toEqual([
      expect.objectContaining({ id: later, status: 'cancelled', cancelled_by: 'Marcos Ruiz', notes: 'Enfermedad', cancelled_at: expect.any(String) }),
    ]);
    expect(d.pending_appointments.map((a) => a.id)).toEqual([soon]);
    expect(d.history!.pending[0]).toMatchObject({ cancelled_at: null, cancelled_by: null });
    // The client reading itself: no history, pending as always.
    const own = await detail(cookie, user.email);
    expect(own.status).toBe(200);
    expect(own.body.data.history).toBeUndefined();
    expect(own.body.data.pending_appointments).toHaveLength(1);
    // Not found.
    const missing = await detail(employee, 'nadie@correo.es');
    expect([missing.status, missing.body.error.message]).toEqual([404, 'No se ha encontrado al cliente']);
  });
});

describe('PATCH /users/{email} by staff', () => {
  it('refuses to remove a sub-user with a pending appointment, then allows it once cancelled', async () => {
    const leo = { id: 'sub-leo', name: 'Leo Gil' };
    const mar = { id: 'sub-mar', name: 'Mar Gil' };
    const { user } = await createClient(`familia.${tag()}@correo.es`, { name: 'Ana Gil', subUsers: [leo, mar] });
    const date = madridDates(8, 21, [1, 2, 4, 5])[2]!;
    const id = await insertAppointmentRow({ employee: SARA, client: user.email, start: madridInstant(date, '12:00') });
    await (await getDb()).update(appointments).set({ userId: leo.id, clientName: leo.name }).where(eq(appointments.id, id));
    const refused = await patch(employee, user.email, { users: [mar] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'conflict',
      message: 'No se puede quitar a Leo Gil: tiene una cita pendiente. Espera a que termine o cancélala.',
      details: { user: leo, appointment: expect.objectContaining({ id }) },
    });
    // Renaming keeps the id and is allowed; sending names only keeps ids too.
    const renamed = await patch(employee, user.email, { users: [{ id: leo.id, name: 'Leonardo Gil' }, mar] });
    expect(renamed.status).toBe(201);
    expect(renamed.body.data.users).toEqual([{ id: leo.id, name: 'Leonardo Gil' }, mar]);
    expect((await patch(employee, user.email, { users: [{ name: 'Leonardo Gil' }, { name: 'Mar Gil' }] })).body.data.users).toEqual([
      { id: leo.id, name: 'Leonardo Gil' },
      mar,
    ]);
    // Mar has nothing pending: removable.
    const withoutMar = await patch(employee, user.email, { users: [{ id: leo.id, name: 'Leonardo Gil' }] });
    expect(withoutMar.status).toBe(201);
    expect((await cancelAppointment(employee, { id })).status).toBe(200);
    const removed = await patch(employee, user.email, { users: [] });
    expect(removed.status).toBe(201);
    expect(removed.body.data.users).toEqual([]);
  });

  it('validates the allowance (whole number 0–99), names and the limit of 3 users, in Spanish', async () => {
    const { user } = await createClient(`validar.${tag()}@correo.es`, { name: 'Validar' });
    const allowance = 'El número de citas permitidas debe ser un número entero entre 0 y 99';
    for (const value of [-1, 1.5, '3', 100, null]) {
      const r = await patch(employee, user.email, { n_appointments_allowed: value });
      expect([value, r.status]).toEqual([value, 400]);
      expect(r.body.error.details.fields).toEqual([{ path: 'n_appointments_allowed', message: allowance }]);
    }
    for (const value of [0, 99, 3]) {
      const r = await patch(employee, user.email, { n_appointments_allowed: value });
      expect([value, r.status, r.body.data.n_appointments_allowed]).toEqual([value, 201, value]);
    }
    const four = await patch(employee, user.email, { users: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] });
    expect(four.status).toBe(400);
    expect(four.body.error.details.fields[0].message).toBe('No se pueden agregar más de 3 usuarios');
    const blank = await patch(employee, user.email, { users: [{ name: '  ' }] });
    expect(blank.body.error.details.fields[0].message).toBe('El nombre de cada usuario es obligatorio');
    const noName = await patch(employee, user.email, { name: ' ' });
    expect([noName.status, noName.body.error.details.fields[0].message]).toEqual([400, 'El nombre es obligatorio']);
    const ok = await patch(employee, user.email, { name: 'Válido', users: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    expect(ok.status).toBe(201);
    expect(ok.body.data.users.map((u: { name: string }) => u.name)).toEqual(['A', 'B', 'C']);
  });

  it('does not edit the guest or staff accounts', async () => {
    expect((await patch(employee, GUEST, { name: 'Otro' })).status).toBe(403);
    expect((await patch(employee, SARA, { name: 'Otro' })).status).toBe(403);
  });
});

describe('access and tenancy', () => {
  it('refuses clients on the staff endpoints and admin actions to employees', async () => {
    expect((await list(client)).status).toBe(403);
    expect((await invite(client, { email: `x.${tag()}@correo.es` })).status).toBe(403);
    expect((await detail(client, 'pablo@correo.demo')).status).toBe(403);
    expect((await patch(client, 'pablo@correo.demo', { name: 'X' })).status).toBe(403);
    expect((await exportUser(client, ANA)).status).toBe(403);
    expect((await remove(client, ANA)).status).toBe(403);
    expect((await exportUser(employee, ANA)).status).toBe(403);
    expect((await remove(employee, ANA)).status).toBe(403);
    expect((await list(''))).toMatchObject({ status: 401 });
  });

  it('finds a walk-in booked by name under the guest, accent- and case-insensitive, and counts no guest', async () => {
    const t = tag();
    const date = madridDates(8, 28, [1, 2, 4, 5])[2]!;
    const booked = await book(employee, staffBookingBody({ start: madridInstant(date, '18:30'), employee: MARCOS, serviceId: await serviceId('Corte de pelo'), name: `Ramón Paseante ${t}` }));
    expect(booked.status).toBe(201);

    const found = ZClientPage.parse((await list(admin, { search: `ramon paseante ${t}` })).body);
    expect(found.items.map((i) => [i.email, i.is_guest])).toEqual([[GUEST, true]]);
    expect(found.total).toBe(0);
    const other = ZClientPage.parse((await list(admin, { search: `ramon ${t} ausente` })).body);
    expect(other.items).toEqual([]);
  });

  it("shows another tenant's staff none of klok's clients (404)", async () => {
    const salon2Admin = await sessionFor('admin@salon2.demo', 'salon2');
    const page = ZClientPage.parse((await list(salon2Admin, { limit: 100 }, SALON2)).body);
    expect(page.items[0]!.email).toBe('invitado@salon2.invalid');
    expect(page.items.map((i) => i.email)).toContain('cliente@salon2.demo');
    expect(page.total).toBe(page.items.length - 1);
    expect(JSON.stringify(page)).not.toContain('klok');
    expect(ZClientPage.parse((await list(salon2Admin, { search: 'klok' }, SALON2)).body).total).toBe(0);
    expect((await detail(salon2Admin, ANA, SALON2)).status).toBe(404);
    expect((await patch(salon2Admin, ANA, { name: 'X' }, SALON2)).status).toBe(404);
    expect((await exportUser(salon2Admin, ANA, SALON2)).status).toBe(404);
    expect((await remove(salon2Admin, ANA, SALON2)).status).toBe(404);
    // klok's session is not valid on salon2's host.
    expect((await list(admin, {}, SALON2)).status).toBe(401);
    // The same e-mail may be invited in both tenants.
    const email = `dos.${tag()}@correo.es`;
    expect((await invite(admin, { email })).status).toBe(201);
    expect((await invite(salon2Admin, { email }, SALON2)).status).toBe(201);
    const rows = await (await getDb()).select().from(users).where(eq(users.email, email));
    expect(new Set(rows.map((r) => r.tenantId)).size).toBe(2);
  });
});

describe('export and deletion (admin)', () => {
  it('exports a client as a JSON download', async () => {
    const { user } = await createClient(`exportar.${tag()}@correo.es`, { name: 'Exportar', subUsers: [{ id: 's1', name: 'Hija' }] });
    await insertAppointmentRow({ employee: SARA, client: user.email, start: pastStart() });
    const r = await exportUser(admin, user.email);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-disposition')).toBe(`attachment; filename="cliente-${user.email.replace('@', '_')}.json"`);
    const data = ZClientExport.parse(r.body.data);
    expect(data.profile).toMatchObject({ email: user.email, name: 'Exportar', users: [{ id: 's1', name: 'Hija' }] });
    expect(r.body.data.profile).not.toHaveProperty('version');
    expect(data.appointments).toHaveLength(1);
    expect((await exportUser(admin, GUEST)).status).toBe(422);
    expect((await exportUser(admin, MARCOS)).status).toBe(422);
    expect((await exportUser(admin, 'nadie@correo.es')).status).toBe(404);
  });

  it('anonymises the client, cancels pending appointments (e-mail to the original address) and keeps past ones', async () => {
    const email = `borrar.${tag()}@correo.es`;
    const { user, cookie } = await createClient(email, { name: 'Berta Borrar', subUsers: [{ id: 'b1', name: 'Bruno Borrar' }] });
    const db = await getDb();
    await db.update(users).set({ tlf: '+34600111222', phoneVerified: true, fcmToken: 'tok' }).where(eq(users.id, user.id));
    const date = madridDates(8, 21, [1, 2, 4, 5])[3]!;
    const pastId = await insertAppointmentRow({ employee: SARA, client: email, start: pastStart() });
    const booked = await book(
      employee,
      staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), email, name: 'Berta Borrar' }),
    );
    expect(booked.status).toBe(201);
    const pendingId = booked.body.data.event_id as string;
    const outboxBefore = (await outboxRows()).length;

    const r = await remove(admin, email);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { email } });

    // The account: anonymised, sessions gone.
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Cliente eliminado', tlf: null, phoneVerified: false, subUsers: [], fcmToken: null, nAppointmentsAllowed: 0 });
    expect(row!.email).toMatch(/^eliminado-[0-9a-f-]{36}@klok\.invalid$/);
    expect(row!.deletedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await detail(cookie, email)).status).toBe(401);
    expect((await detail(admin, email)).status).toBe(404);
    // The pending appointment: cancelled by the admin, with the reason; the e-mail went to the original address.
    const [pending] = await db.select().from(appointments).where(eq(appointments.id, pendingId));
    expect(pending).toMatchObject({ status: 'cancelled', notes: 'Cuenta eliminada', clientName: 'Cliente eliminado' });
    const mails = (await outboxRows()).slice(outboxBefore).map((o) => o.payload as { to: string; subject: string; text: string });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.text).toContain('Cuenta eliminada');
    // The past appointment stays, under the anonymous name.
    const [past] = await db.select().from(appointments).where(eq(appointments.id, pastId));
    expect(past).toMatchObject({ status: 'pending', clientName: 'Cliente eliminado' });
    const history = ZUserDetail.parse((await detail(admin, row!.email)).body.data).history!;
    expect(history.past.map((a) => a.id)).toEqual([pastId]);
    expect(history.cancelled).toEqual([expect.objectContaining({ id: pendingId, cancelled_by: 'Lucía Martín', client_name: 'Cliente eliminado' })]);
    // The feed: a user_deleted entry, and no trace of the name or e-mail.
    const feed = await db.select().from(activities).where(eq(activities.tenantId, await tenantId())).orderBy(activities.id);
    const text = JSON.stringify(feed.map((a) => a.data));
    expect(text).not.toContain('Berta');
    expect(text).not.toContain(email);
    expect(feed.at(-1)).toMatchObject({ type: 'user_deleted', data: { name: 'Cliente eliminado', email: row!.email, deleted_by: 'Lucía Martín' } });
    expect(feed.filter((a) => a.type === 'appointment_cancelled' && a.data.id === pendingId)).toHaveLength(1);
    // Out of the list; the e-mail is free again; a second deletion is 404.
    expect(ZClientPage.parse((await list(admin, { search: 'borrar' })).body).items.map((i) => i.email)).not.toContain(email);
    expect((await list(admin, { search: 'cliente eliminado' })).body.total).toBe(0);
    expect((await remove(admin, email)).status).toBe(404);
    expect((await remove(admin, row!.email)).status).toBe(404);
    expect((await invite(admin, { email })).status).toBe(201);
  });

  it('does not delete the guest or staff accounts', async () => {
    expect((await remove(admin, GUEST)).status).toBe(422);
    expect((await remove(admin, MARCOS)).status).toBe(422);
    expect((await remove(admin, LUCIA)).status).toBe(422);
    expect((await remove(admin, 'nadie@correo.es')).status).toBe(404);
  });
});
