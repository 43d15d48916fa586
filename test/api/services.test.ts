/**
 * The services half of the management API (spec sections 5 and 7; decisions "Deleting", "Busy parts",
 * "Tenancy"): `GET|POST /facility/1/services`, `GET|PATCH|DELETE /facility/1/services/{id}` and
 * `PATCH /facility/1/services/{id}/employees`. Staff write, every signed-in user reads; a change of timing
 * applies to new bookings only; a deleted service disappears but its appointments keep their snapshot.
 */
import { GET as listHandler, POST as createHandler } from '@/app/api/v1/facility/[facilityId]/services/route';
import {
  DELETE as deleteHandler,
  GET as getHandler,
  PATCH as patchHandler,
} from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/route';
import { PATCH as employeesHandler } from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/employees/route';
import { GET as employeesListHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { GET as pendingHandler } from '@/app/api/v1/users/[email]/appointments/pending/route';
import messages from '@/lib/i18n/messages/es.json';
import { ZService, type Service } from '@/lib/validation/dto';
import { call, closeTestDb, openTestDb } from './harness';
import {
  agendaDay,
  ANA,
  appointmentState,
  availability,
  book,
  bookingBody,
  type CallOpts,
  createClient,
  DB_TIMEOUT,
  GUEST,
  insertLeave,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  MARCOS,
  offeredHours,
  SALON2,
  salon2StaffSession,
  SARA,
  seedSalon2,
  seedSessions,
  serviceId,
  serviceIdIn,
  staffBookingBody,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const NOT_FOUND = { code: 'not_found', message: 'No se ha encontrado el servicio.' };
const UNKNOWN_STYLIST = { code: 'unprocessable', message: 'Alguno de los empleados asignados no existe.' };
const PATH = '/api/v1/facility/1/services';
const NAMES = { [LUCIA]: 'Lucía Martín', [MARCOS]: 'Marcos Ruiz', [SARA]: 'Sara López' } as const;

type Body = Record<string, unknown>;

const list = (cookie: string | undefined, opts: CallOpts & { query?: string } = {}) =>
  call(listHandler, { path: `${PATH}${opts.query ?? ''}`, params: { facilityId: '1' }, cookie, ...opts });
const create = (cookie: string | undefined, body: unknown, opts: CallOpts = {}) =>
  call(createHandler, { method: 'POST', path: PATH, params: { facilityId: '1' }, body, cookie, ...opts });
const one = (id: number | string) => ({ path: `${PATH}/${id}`, params: { facilityId: '1', serviceId: String(id) } });
const getService = (cookie: string | undefined, id: number | string, opts: CallOpts = {}) =>
  call(getHandler, { ...one(id), cookie, ...opts });
const patchService = (cookie: string | undefined, id: number | string, body: unknown, opts: CallOpts = {}) =>
  call(patchHandler, { method: 'PATCH', ...one(id), body, cookie, ...opts });
const deleteService = (cookie: string | undefined, id: number | string, opts: CallOpts = {}) =>
  call(deleteHandler, { method: 'DELETE', ...one(id), cookie, ...opts });
const assign = (cookie: string | undefined, id: number | string, employees: unknown, opts: CallOpts = {}) =>
  call(employeesHandler, {
    method: 'PATCH',
    path: `${PATH}/${id}/employees`,
    params: { facilityId: '1', serviceId: String(id) },
    body: { employees },
    cookie,
    ...opts,
  });

/** A valid `POST` body: one busy part over the whole service unless given. */
const newService = (o: Partial<{ name: string; price: number; duration: number; busy_slots: unknown; employees: unknown }> = {}) => ({
  name: o.name ?? 'Servicio de prueba',
  description: 'Descripción del servicio',
  price: o.price ?? 20,
  duration: o.duration ?? 30,
  busy_slots: o.busy_slots ?? [{ startMinutes: 0, endMinutes: o.duration ?? 30 }],
  employees: o.employees ?? [SARA],
});

/** The `PATCH` body of a service as it stands (everything but its id and stylists). */
const infoOf = (s: Service) => ({ name: s.name, description: s.description, price: s.price, duration: s.duration, busy_slots: s.busy_slots });

/** Creates a service as staff and returns it (the test fails on any other answer). */
async function created(body: Body): Promise<Service> {
  const r = await create(admin, body);
  expect(r.status).toBe(201);
  return ZService.parse(r.body.data);
}

const listedIds = async (cookie: string, opts: CallOpts & { query?: string } = {}) => {
  const r = await list(cookie, opts);
  expect(r.status).toBe(200);
  return (r.body.items as Service[]).map((s) => s.id);
};

let admin: string; // Lucía, admin
let employee: string; // Marcos, employee
let client: string; // Ana, client
let salon2Staff: string;
/** Working weekdays of Sara (not Wednesday, clear of the seed's demo appointments), within the client window. */
let days: string[];

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  ({ admin, employee, client } = await seedSessions());
  salon2Staff = await salon2StaffSession();
  days = madridDates(8, 28, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('POST /facility/1/services', () => {
  it('creates a service with its stylists: 201 with the contract shape, then listed and readable by anyone signed in', async () => {
    const r = await create(admin, {
      name: '  Mechas  ',
      description: 'Mechas con papel de aluminio',
      price: 12.5,
      duration: 75,
      busy_slots: [
        { startMinutes: 0, endMinutes: 30 },
        { startMinutes: 60, endMinutes: 75 },
      ],
      employees: ['SARA@klok.demo', SARA, MARCOS, LUCIA],
    });
    expect(r.status).toBe(201);
    const service = ZService.parse(r.body.data);
    expect(r.body).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Mechas',
        description: 'Mechas con papel de aluminio',
        price: 12.5,
        duration: 75,
        busy_slots: [
          { startMinutes: 0, endMinutes: 30 },
          { startMinutes: 60, endMinutes: 75 },
        ],
        // By name, each stylist once.
        employees: [
          { email: LUCIA, name: NAMES[LUCIA] },
          { email: MARCOS, name: NAMES[MARCOS] },
          { email: SARA, name: NAMES[SARA] },
        ],
        version: expect.any(String),
        employees_version: expect.any(String),
      },
    });

    for (const cookie of [admin, employee, client]) {
      const got = await getService(cookie, service.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ data: service });
    }
    const listed = (await list(client)).body.items as Service[];
    expect(listed.find((s) => s.id === service.id)).toEqual(service);
    expect(await listedIds(client, { query: '?associated=true' })).toContain(service.id);
    // The stylists list now shows the new service.
    const stylists = await call(employeesListHandler, {
      path: `/api/v1/facility/1/employees?service=${service.id}`,
      params: { facilityId: '1' },
      cookie: client,
    });
    expect(stylists.status).toBe(200);
    expect(stylists.body.items.map((e: { email: string }) => e.email).sort()).toEqual([LUCIA, MARCOS, SARA]);
  });

  it('lets an employee (not only an admin) create one, and keeps cents exact', async () => {
    const r = await create(employee, newService({ name: 'Corte infantil', price: 19.99, employees: [MARCOS] }));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Corte infantil', price: 19.99, employees: [{ email: MARCOS, name: NAMES[MARCOS] }] });
    expect((await getService(client, r.body.data.id)).body.data.price).toBe(19.99);
  });

  test.each<[string, unknown, string[]]>([
    ['duration 0', newService({ duration: 0, busy_slots: [{ startMinutes: 0, endMinutes: 30 }] }), ['duration']],
    ['duration 7', newService({ duration: 7, busy_slots: [{ startMinutes: 0, endMinutes: 5 }] }), ['duration']],
    ['duration 300', newService({ duration: 300 }), ['duration']],
    ['price -1', newService({ price: -1 }), ['price']],
    ['price 12.345', newService({ price: 12.345 }), ['price']],
    ['no busy part', newService({ busy_slots: [] }), ['busy_slots']],
    ['overlapping busy parts', newService({ duration: 60, busy_slots: [{ startMinutes: 0, endMinutes: 40 }, { startMinutes: 30, endMinutes: 60 }] }), ['busy_slots']],
    ['a busy part outside the duration', newService({ duration: 30, busy_slots: [{ startMinutes: 0, endMinutes: 45 }] }), ['busy_slots']],
    ['a busy part off the 5-minute grid', newService({ duration: 30, busy_slots: [{ startMinutes: 0, endMinutes: 22 }] }), ['busy_slots']],
    ['no stylist', newService({ employees: [] }), ['employees']],
    ['a stylist that is not an e-mail', newService({ employees: ['sara'] }), ['employees.0']],
    ['empty name and description', { ...newService(), name: ' ', description: '' }, ['name', 'description']],
    ['an unknown field', { ...newService(), color: '#fff' }, ['']],
    ['not an object', [newService()], ['']],
  ])('answers 400 with the field paths for %s, and creates nothing', async (_label, body, paths) => {
    const before = await listedIds(admin);
    const r = await create(admin, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'bad_request', message: messages.errors.invalidRequest });
    expect(r.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(paths);
    expect(await listedIds(admin)).toEqual(before);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const r = await create(admin, '{"name": ');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
  });

  test.each<[string, string[], string[]]>([
    ['an e-mail of nobody', [SARA, 'nadie@klok.demo'], ['nadie@klok.demo']],
    ['a client', [ANA], [ANA]],
    ["the tenant's guest", [GUEST], [GUEST]],
    ["another tenant's stylist", ['sara@salon2.demo', MARCOS], ['sara@salon2.demo']],
  ])('answers 422 when a stylist is %s, and creates nothing', async (_label, employees, unknown) => {
    const before = await listedIds(admin);
    const r = await create(admin, newService({ name: `Con ${employees.join(' ')}`, employees }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ ...UNKNOWN_STYLIST, details: { employees: unknown } });
    expect(await listedIds(admin)).toEqual(before);
  });

  it('refuses clients (403) and callers without a session (401), creating nothing', async () => {
    const before = await listedIds(admin);
    const forbidden = await create(client, newService({ name: 'De un cliente' }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
    expect((await create(undefined, newService({ name: 'Anónimo' }))).status).toBe(401);
    expect(await listedIds(admin)).toEqual(before);
  });
});

describe('GET /facility/1/services/{id}', () => {
  it("answers 404 with the service message for an unknown id and 400 for ids that are not one", async () => {
    const unknown = await getService(client, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(NOT_FOUND);
    for (const bad of ['abc', '0', '-1', '2147483648', '99999999999']) {
      expect((await getService(client, bad)).status).toBe(400);
    }
    const otherFacility = await call(getHandler, {
      path: `/api/v1/facility/2/services/${await serviceId('Color')}`,
      params: { facilityId: '2', serviceId: String(await serviceId('Color')) },
      cookie: client,
    });
    expect(otherFacility.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await getService(undefined, await serviceId('Color'))).status).toBe(401);
  });
});

describe('PATCH /facility/1/services/{id}', () => {
  it('overwrites the information and timing (200) and keeps the stylists', async () => {
    const service = await created(newService({ name: 'Permanente', employees: [SARA, LUCIA] }));
    const change = {
      name: 'Permanente rizada',
      description: 'Rizos definidos',
      price: 64.95,
      duration: 120,
      busy_slots: [
        { startMinutes: 0, endMinutes: 45 },
        { startMinutes: 90, endMinutes: 120 },
      ],
    };
    const r = await patchService(employee, service.id, change);
    expect(r.status).toBe(200);
    expect(ZService.parse(r.body.data)).toEqual({ id: service.id, ...change, employees: service.employees, version: expect.any(String), employees_version: expect.any(String) });
    expect((await getService(client, service.id)).body.data).toEqual(r.body.data);
  });

  test.each<[string, (s: Service) => unknown, string[]]>([
    ['parts beyond a shortened duration', (s) => ({ ...infoOf(s), duration: 15 }), ['busy_slots']],
    ['a missing field', (s) => ({ ...infoOf(s), price: undefined }), ['price']],
    ['the stylists (they have their own endpoint)', (s) => ({ ...infoOf(s), employees: [SARA] }), ['']],
  ])('answers 400 for %s and changes nothing', async (_label, body, paths) => {
    const service = await created(newService({ name: `Sin cambios ${paths.join()}` }));
    const r = await patchService(admin, service.id, body(service));
    expect(r.status).toBe(400);
    expect(r.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(paths);
    expect((await getService(admin, service.id)).body.data).toEqual(service);
  });

  it('never merges or trims busy parts: a rest gap is stored as sent, parts past the duration are refused whole', async () => {
    const gap = [
      { startMinutes: 0, endMinutes: 45 },
      { startMinutes: 75, endMinutes: 90 },
    ];
    const service = await created(newService({ name: 'Tinte con reposo', duration: 90, busy_slots: gap }));
    expect(service.busy_slots).toEqual(gap);
    // Touching parts stay two parts.
    const touching = [
      { startMinutes: 0, endMinutes: 45 },
      { startMinutes: 45, endMinutes: 90 },
    ];
    const split = await patchService(admin, service.id, { ...infoOf(service), busy_slots: touching });
    expect(split.status).toBe(200);
    expect(split.body.data.busy_slots).toEqual(touching);
    const restored = await patchService(admin, service.id, { ...infoOf(service), busy_slots: gap });
    expect(restored.body.data.busy_slots).toEqual(gap);

    // The reported step: 0 h 30 min with the parts of 1 h 30 min. The server neither clips 0–45 to 0–30
    // nor drops 75–90: it refuses the body, naming the busy parts in Spanish, and keeps the service.
    const shortened = await patchService(admin, service.id, { ...infoOf(service), duration: 30 });
    expect(shortened.status).toBe(400);
    expect(shortened.body.error.details.fields).toEqual([{ path: 'busy_slots', message: messages.validation.segmentsOutside }]);
    const after = (await getService(admin, service.id)).body.data;
    expect(after).toMatchObject({ duration: 90, busy_slots: gap });
  });

  it('answers 404 for an unknown id, 403 to a client and 401 without a session, changing nothing', async () => {
    const service = await created(newService({ name: 'Intocable' }));
    const change = { ...infoOf(service), name: 'Cambiado' };
    const unknown = await patchService(admin, 999_999, change);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(NOT_FOUND);
    expect((await patchService(client, service.id, change)).status).toBe(403);
    expect((await patchService(undefined, service.id, change)).status).toBe(401);
    expect((await getService(admin, service.id)).body.data).toEqual(service);
  });

  it('changes new bookings only: existing appointments keep their busy parts, availability follows the new ones', async () => {
    const date = days[0]!;
    const service = await created(newService({ name: 'Mechas californianas', price: 60, duration: 60, employees: [SARA] }));
    const { user, cookie: buyer } = await createClient('mechas@correo.demo', { allowance: 2, onboarded: true });
    // An appointment with the old timing: Sara busy 10:00–11:00.
    const booked = await book(employee, staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: service.id, name: 'Clienta de las diez' }));
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.event_id as string;
    // A leave 12:15–12:45: with one busy part of 60 minutes, 12:00 cannot be offered.
    expect((await insertLeave(employee, { start: madridInstant(date, '12:15'), end: madridInstant(date, '12:45'), employee: SARA })).status).toBe(201);
    const starts = async (query: { serviceDuration: number; serviceId?: number }) =>
      (await offeredHours(buyer, date, SARA, query)).map((h) => madridHHmm(h.start_time));
    const before = await appointmentState(appointmentId);
    expect(before.parts.map((p) => [p.startAt.toISOString(), p.endAt.toISOString()])).toEqual([
      [madridInstant(date, '10:00'), madridInstant(date, '11:00')].map((i) => new Date(i).toISOString()),
    ]);
    expect(await starts({ serviceDuration: 60, serviceId: service.id })).not.toContain('12:00');

    // Busy only the first and last quarter hour: the stylist is free 15–45 minutes in.
    const r = await patchService(admin, service.id, {
      ...infoOf(service),
      busy_slots: [
        { startMinutes: 0, endMinutes: 15 },
        { startMinutes: 45, endMinutes: 60 },
      ],
    });
    expect(r.status).toBe(200);

    // The existing appointment is untouched: its row, its busy parts, and what the agenda shows.
    expect(await appointmentState(appointmentId)).toEqual(before);
    const shown = (await agendaDay(employee, date, SARA)).appointments.find((a) => a.id === appointmentId);
    expect(shown.busy_slots).toEqual([{ start_time: madridInstant(date, '10:00'), end_time: madridInstant(date, '11:00') }]);
    // Still fully busy 10:00–11:00: a 30-minute service cannot start at 10:15 (it could, had the parts been rewritten).
    const thirty = await starts({ serviceDuration: 30 });
    expect(thirty).toContain('09:30');
    expect(thirty).not.toContain('10:15');
    // The client's availability follows the new parts: 12:00 now fits around the leave.
    const offered = await starts({ serviceDuration: 60, serviceId: service.id });
    expect(offered).toContain('12:00');
    expect(offered).not.toContain('10:00');

    // A new booking takes the new parts.
    const mine = await book(buyer, bookingBody(user, { start: madridInstant(date, '12:00'), employee: SARA, serviceId: service.id }));
    expect(mine.status).toBe(201);
    const day = await agendaDay(employee, date, SARA);
    expect(day.appointments.find((a) => a.id === mine.body.data.event_id)).toMatchObject({
      service_name: 'Mechas californianas',
      start_time: madridInstant(date, '12:00'),
      end_time: madridInstant(date, '13:00'),
      busy_slots: [
        { start_time: madridInstant(date, '12:00'), end_time: madridInstant(date, '12:15') },
        { start_time: madridInstant(date, '12:45'), end_time: madridInstant(date, '13:00') },
      ],
    });
  });
});

describe('PATCH /facility/1/services/{id}/employees', () => {
  it('replaces the set of stylists (200); a stylist taken off is no longer bookable for it', async () => {
    const date = days[2]!;
    const service = await created(newService({ name: 'Tratamiento de keratina', employees: [SARA, MARCOS] }));
    const r = await assign(employee, service.id, [LUCIA, LUCIA.toUpperCase()]);
    expect(r.status).toBe(200);
    expect(ZService.parse(r.body.data)).toEqual({ ...service, employees: [{ email: LUCIA, name: NAMES[LUCIA] }], employees_version: expect.any(String) });
    expect((await getService(client, service.id)).body.data.employees).toEqual([{ email: LUCIA, name: NAMES[LUCIA] }]);

    const { user, cookie: buyer } = await createClient('keratina@correo.demo', { onboarded: true });
    const refused = await book(buyer, bookingBody(user, { start: madridInstant(date, '10:00'), employee: SARA, serviceId: service.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'unprocessable', message: messages.errors.serviceNotOffered });
    const accepted = await book(buyer, bookingBody(user, { start: madridInstant(date, '10:00'), employee: LUCIA, serviceId: service.id }));
    expect(accepted.status).toBe(201);
  });

  it('answers 422 for a client or an unknown e-mail, and 400 for an empty list, keeping the stylists', async () => {
    const service = await created(newService({ name: 'Recogido', employees: [SARA] }));
    const bad = await assign(admin, service.id, [MARCOS, ANA, 'nadie@klok.demo']);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ ...UNKNOWN_STYLIST, details: { employees: [ANA, 'nadie@klok.demo'] } });
    const empty = await assign(admin, service.id, []);
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields).toEqual([{ path: 'employees', message: messages.validation.employeesRequired }]);
    expect((await getService(admin, service.id)).body.data).toEqual(service);
  });

  it('answers 404 for an unknown id, 403 to a client and 401 without a session', async () => {
    const service = await created(newService({ name: 'Moldeado', employees: [SARA] }));
    const unknown = await assign(admin, 999_999, [SARA]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(NOT_FOUND);
    expect((await assign(client, service.id, [MARCOS])).status).toBe(403);
    expect((await assign(undefined, service.id, [MARCOS])).status).toBe(401);
    expect((await getService(admin, service.id)).body.data.employees).toEqual([{ email: SARA, name: NAMES[SARA] }]);
  });

  it('serialises parallel replacements: every request answers 200 and one of the sets wins whole', async () => {
    const service = await created(newService({ name: 'Barba degradada', employees: [MARCOS] }));
    const sets = [[SARA], [MARCOS, LUCIA], [LUCIA, SARA, MARCOS], [SARA, LUCIA], [MARCOS], [LUCIA]];
    const answers = await Promise.all(sets.map((s) => assign(admin, service.id, s)));
    expect(answers.map((a) => a.status)).toEqual(sets.map(() => 200));
    const final = ((await getService(admin, service.id)).body.data as Service).employees.map((e) => e.email).sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(final);
  });
});

describe('DELETE /facility/1/services/{id}', () => {
  it('refuses clients (403) and callers without a session (401), deleting nothing', async () => {
    const service = await created(newService({ name: 'Lavado' }));
    const r = await deleteService(client, service.id);
    expect(r.status).toBe(403);
    expect((await deleteService(undefined, service.id)).status).toBe(401);
    expect((await getService(client, service.id)).status).toBe(200);
  });

  it('soft-deletes (201): gone from lists, detail, availability and booking; appointments keep their snapshot', async () => {
    const date = days[1]!;
    const service = await created(newService({ name: 'Alisado', price: 40, duration: 30, employees: [SARA, MARCOS] }));
    const { user, cookie: buyer } = await createClient('alisado@correo.demo', { allowance: 3, onboarded: true });
    const booked = await book(buyer, bookingBody(user, { start: madridInstant(date, '10:00'), employee: SARA, serviceId: service.id }));
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.event_id as string;
    // Renaming and repricing after the booking leaves the appointment's snapshot as it was.
    expect((await patchService(admin, service.id, { ...infoOf(service), name: 'Alisado japonés', price: 45 })).status).toBe(200);

    const r = await deleteService(employee, service.id);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ data: { id: service.id, name: 'Alisado japonés' } });

    // Gone for everyone.
    expect(await listedIds(client)).not.toContain(service.id);
    expect(await listedIds(admin, { query: '?associated=true' })).not.toContain(service.id);
    for (const cookie of [client, admin]) {
      const got = await getService(cookie, service.id);
      expect(got.status).toBe(404);
      expect(got.body.error).toEqual(NOT_FOUND);
    }
    const again = await deleteService(admin, service.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual(NOT_FOUND);
    expect((await patchService(admin, service.id, infoOf(service))).status).toBe(404);
    expect((await assign(admin, service.id, [SARA])).status).toBe(404);
    const stylists = await call(employeesListHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie: admin });
    const sara = stylists.body.items.find((e: { email: string }) => e.email === SARA);
    expect(sara.services.map((s: { id: number }) => s.id)).not.toContain(service.id);

    // Never offered again: availability and booking (both flows) answer 404 with the service message.
    const hours = await availability(buyer, date, SARA, { serviceDuration: 30, serviceId: service.id });
    expect(hours.status).toBe(404);
    expect(hours.body.error).toEqual(NOT_FOUND);
    const clientBooking = await book(buyer, bookingBody(user, { start: madridInstant(date, '11:00'), employee: SARA, serviceId: service.id }));
    expect(clientBooking.status).toBe(404);
    expect(clientBooking.body.error).toEqual(NOT_FOUND);
    const staffBooking = await book(employee, staffBookingBody({ start: madridInstant(date, '11:00'), employee: MARCOS, serviceId: service.id, name: 'Sin servicio' }));
    expect(staffBooking.status).toBe(404);
    expect(staffBooking.body.error).toEqual(NOT_FOUND);

    // The appointment stays, pending, with the name and price it was booked with.
    const snapshot = { id: appointmentId, status: 'pending', service_name: 'Alisado', service_price: 40 };
    expect((await agendaDay(employee, date, SARA)).appointments.find((a) => a.id === appointmentId)).toMatchObject(snapshot);
    const pending = await call(pendingHandler, {
      path: `/api/v1/users/${user.email}/appointments/pending`,
      params: { email: user.email },
      cookie: buyer,
    });
    expect(pending.status).toBe(200);
    expect(pending.body.items).toEqual([expect.objectContaining(snapshot)]);
  });

  it('answers 404 for an unknown id', async () => {
    const r = await deleteService(admin, 999_999);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual(NOT_FOUND);
  });
});

describe('another tenant', () => {
  it("cannot read, change, reassign or delete a klok service (404), which stays as it was", async () => {
    const service = await created(newService({ name: 'Exclusivo de Klok', employees: [SARA] }));
    const tries = [
      await getService(salon2Staff, service.id, SALON2),
      await patchService(salon2Staff, service.id, { ...infoOf(service), name: 'Robado' }, SALON2),
      await assign(salon2Staff, service.id, ['sara@salon2.demo'], SALON2),
      await deleteService(salon2Staff, service.id, SALON2),
    ];
    for (const t of tries) {
      expect(t.status).toBe(404);
      expect(t.body.error).toEqual(NOT_FOUND);
    }
    expect((await getService(admin, service.id)).body.data).toEqual(service);
    expect(await listedIds(salon2Staff, SALON2)).not.toContain(service.id);
  });

  it("does not show klok's staff a salon2 service (404) nor accept klok's session on salon2's host (401)", async () => {
    const salon2Corte = await serviceIdIn('Corte de pelo', 'salon2');
    expect((await getService(salon2Staff, salon2Corte, SALON2)).status).toBe(200);
    const r = await getService(admin, salon2Corte);
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual(NOT_FOUND);
    expect((await deleteService(admin, salon2Corte)).status).toBe(404);
    expect((await getService(salon2Staff, salon2Corte, SALON2)).status).toBe(200);
    expect((await create(admin, newService({ name: 'Cruzado' }), SALON2)).status).toBe(401);
  });

  it("refuses klok's stylists in a salon2 service (422) and creates it with salon2's own", async () => {
    const before = await listedIds(salon2Staff, SALON2);
    const refused = await create(salon2Staff, newService({ name: 'Con estilista ajena', employees: [SARA] }), SALON2);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ ...UNKNOWN_STYLIST, details: { employees: [SARA] } });
    expect(await listedIds(salon2Staff, SALON2)).toEqual(before);
    const ok = await create(salon2Staff, newService({ name: 'Propio de Salon2', employees: ['sara@salon2.demo'] }), SALON2);
    expect(ok.status).toBe(201);
    expect(ok.body.data.employees).toEqual([{ email: 'sara@salon2.demo', name: NAMES[SARA] }]);
    expect(await listedIds(admin)).not.toContain(ok.body.data.id);
  });
});
