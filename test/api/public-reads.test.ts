/**
 * The public reads (beyond-the-spec section 1): a visitor without a session, arriving on the salon's host,
 * reads the services, the stylists and their free hours. Every string of every public answer is walked for
 * private data of the seed and of this file (clients' e-mails, phones and names, staff phones, notes of
 * special shifts and appointments); each host serves its own salon; visitors get the client rules of
 * availability; their reads spend a per-IP budget that signed-in users do not; and signed-in clients and
 * staff get the answers the directory, catalogue and availability use cases give them.
 */
import { eq } from 'drizzle-orm';
import { GET as availableHandler } from '@/app/api/v1/facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import { GET as employeesHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { POST as createSpecialHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import { GET as servicesHandler } from '@/app/api/v1/facility/[facilityId]/services/route';
import messages from '@/lib/i18n/messages/es.json';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { appointments, specialShifts, users } from '@/lib/server/db/schema';
import { consume, LIMITS } from '@/lib/server/rate-limit';
import { listServices } from '@/lib/server/repositories/services';
import { availableHoursFor } from '@/lib/server/services/availability';
import { employeesFor } from '@/lib/server/services/employee-directory';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  createClient,
  DB_TIMEOUT,
  dayFromToday,
  insertAppointmentRow,
  LUCIA,
  madridInstant,
  MARCOS,
  pinTestClock,
  SALON2,
  SARA,
  seedSalon2,
  serviceId,
  tenantId,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const SHIFT_NOTE = 'Cita con el oncólogo';
const APPOINTMENT_NOTE = 'Alérgica al tinte con PPD';
const STAFF_PHONE = '+34699111222';
const DAY = dayFromToday(1);

type Opts = { cookie?: string; host?: string; ip?: string };
const headersOf = (o: Opts): Record<string, string> => (o.ip ? { 'x-klok-client-ip': o.ip } : {});

const servicesOf = (o: Opts = {}) =>
  call(servicesHandler, { path: '/api/v1/facility/1/services', params: { facilityId: '1' }, cookie: o.cookie, host: o.host, headers: headersOf(o) });
const employeesOf = (o: Opts = {}, service?: number) =>
  call(employeesHandler, {
    path: `/api/v1/facility/1/employees${service === undefined ? '' : `?service=${service}`}`,
    params: { facilityId: '1' },
    cookie: o.cookie,
    host: o.host,
    headers: headersOf(o),
  });
const hoursOf = (o: Opts, date: string, employee: string, serviceDuration = 30) =>
  call(availableHandler, {
    path: `/api/v1/facility/1/${date}/${encodeURIComponent(employee)}/appointments/available?serviceDuration=${serviceDuration}`,
    params: { facilityId: '1', date, employeeEmail: employee },
    cookie: o.cookie,
    host: o.host,
    headers: headersOf(o),
  });

/** The answers as JSON would carry them (dates as strings, undefined fields gone). */
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v));

let admin: string;
let client: string;
let forbidden: { value: string; what: string }[];

beforeAll(async () => {
  await openTestDb({ keepSeedAgenda: true });
  await seedSalon2();
  const db = await getDb();
  // Private data on top of the seed's: a staff phone, an onboarded client with a phone, an appointment
  // note on the visitor's day, and a staff-only note on a special closed day of Sara's.
  await db.update(users).set({ tlf: STAFF_PHONE }).where(eq(users.email, SARA));
  const rosa = await createClient('rosa.privada@example.com', { name: 'Rosa Privada', onboarded: true });
  const booked = await insertAppointmentRow({ employee: SARA, client: rosa.user.email, start: madridInstant(DAY, '12:00'), clientName: 'Rosa Privada' });
  await db.update(appointments).set({ notes: APPOINTMENT_NOTE }).where(eq(appointments.id, booked));
  admin = await sessionFor(LUCIA);
  client = await sessionFor('cliente@klok.demo');
  const special = await call(createSpecialHandler, {
    method: 'POST',
    path: `/api/v1/facility/1/employees/${encodeURIComponent(SARA)}/special-shifts`,
    params: { facilityId: '1', employeeId: SARA },
    body: { date: dayFromToday(9), available: false, notes: SHIFT_NOTE },
    cookie: admin,
  });
  expect(special.status).toBe(201);

  // Every private value of both salons, read from the database.
  const people = await db.select().from(users);
  const clients = people.filter((u) => u.role === 'client');
  const notes = [
    ...(await db.select({ notes: specialShifts.notes }).from(specialShifts)).map((s) => s.notes),
    ...(await db.select({ notes: appointments.notes }).from(appointments)).map((a) => a.notes),
  ];
  const clientNames = (await db.select({ name: appointments.clientName }).from(appointments)).map((a) => a.name);
  forbidden = [
    ...clients.flatMap((u) => [
      { value: u.email, what: 'client e-mail' },
      { value: u.name, what: 'client name' },
      { value: u.givenName ?? '', what: 'client given name' },
      { value: u.tlf ?? '', what: 'client phone' },
      ...u.subUsers.map((s) => ({ value: s.name, what: 'sub-user name' })),
    ]),
    ...people.filter((u) => u.role !== 'client').map((u) => ({ value: u.tlf ?? '', what: 'staff phone' })),
    ...clientNames.map((value) => ({ value, what: 'appointment client name' })),
    ...notes.map((value) => ({ value: value ?? '', what: 'note' })),
  ].filter((f) => f.value.trim().length >= 3);
  // The list holds what this file put there, so the walk below cannot pass by reading an empty list.
  const values = forbidden.map((f) => f.value);
  expect(values).toEqual(expect.arrayContaining([STAFF_PHONE, SHIFT_NOTE, APPOINTMENT_NOTE, 'Formación', 'Rosa Privada', 'cliente@klok.demo', '+34612345678', 'Leo García']));
}, DB_TIMEOUT);
afterAll(closeTestDb);

/** Every string in a JSON value (keys included), with its path. */
function strings(v: unknown, path = '$'): [string, string][] {
  if (typeof v === 'string') return [[path, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`));
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => [[`${path}.${k} (key)`, k] as [string, string], ...strings(x, `${path}.${k}`)]);
  }
  return [];
}

const digits = (s: string) => s.replace(/\D/g, '');

/** The private values found in an answer: each string is matched case-insensitively, phone-like ones by digits. */
function leaks(body: unknown): string[] {
  const found: string[] = [];
  for (const [path, s] of strings(body)) {
    const lower = s.toLowerCase();
    const phoneLike = /^[+\d\s().-]+$/.test(s) ? digits(s) : null;
    for (const f of forbidden) {
      const byText = lower.includes(f.value.toLowerCase());
      const byDigits = f.what.endsWith('phone') && phoneLike !== null && digits(f.value).length >= 9 && phoneLike.includes(digits(f.value).slice(-9));
      if (byText || byDigits) found.push(`${path}: ${f.what} "${f.value}"`);
    }
  }
  return found;
}

/** Every public answer a visitor of klok can get in this file's setup. */
async function visitorAnswers() {
  const colour = await serviceId('Color');
  return [
    await servicesOf(),
    await employeesOf(),
    await employeesOf({}, colour),
    ...(await Promise.all([SARA, MARCOS, LUCIA].map((e) => hoursOf({}, DAY, e)))),
    await hoursOf({}, dayFromToday(9), SARA),
  ];
}

describe('a visitor without a session', () => {
  it('reads the services, the stylists and the free hours of the salon of the host', async () => {
    const services = await servicesOf();
    expect(services.status).toBe(200);
    const names = services.body.items.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Corte de pelo', 'Color', 'Peinado']));

    const stylists = await employeesOf();
    expect(stylists.status).toBe(200);
    expect(stylists.body.items.map((e: { email: string }) => e.email)).toEqual(expect.arrayContaining([LUCIA, MARCOS, SARA]));
    const colour = await serviceId('Color');
    const offering = await employeesOf({}, colour);
    expect(offering.status).toBe(200);
    for (const e of offering.body.items) expect(e.services.map((s: { id: number }) => s.id)).toContain(colour);

    const hours = await hoursOf({}, DAY, SARA);
    expect(hours.status).toBe(200);
    const starts = hours.body.items.flatMap((g: { hours: { start_time: string }[] }) => g.hours.map((h) => h.start_time));
    expect(starts.length).toBeGreaterThan(0);
    // Rosa's appointment at 12:00 is taken: neither offered nor named.
    expect(starts).not.toContain(madridInstant(DAY, '12:00'));
  });

  it('gets no private value in any string of any answer', async () => {
    const answers = await visitorAnswers();
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.flatMap((a) => leaks(a.body))).toEqual([]);
    // Stylists come without phone and without the notes of their special days, whose dates and hours stay.
    const stylists = answers[1]!.body.items;
    for (const e of stylists) expect(e.tlf).toBeNull();
    expect(strings(stylists).filter(([, s]) => s === 'notes')).toEqual([]);
    const sara = stylists.find((e: { email: string }) => e.email === SARA);
    expect(sara.special_shifts).toContainEqual({ date: dayFromToday(9), available: false, shift: [] });
  });

  it('gets exactly what a signed-in client gets', async () => {
    const [services, stylists, offering, sara, marcos, lucia, closed] = await visitorAnswers();
    const colour = await serviceId('Color');
    const asClient = [
      await servicesOf({ cookie: client }),
      await employeesOf({ cookie: client }),
      await employeesOf({ cookie: client }, colour),
      await hoursOf({ cookie: client }, DAY, SARA),
      await hoursOf({ cookie: client }, DAY, MARCOS),
      await hoursOf({ cookie: client }, DAY, LUCIA),
      await hoursOf({ cookie: client }, dayFromToday(9), SARA),
    ];
    expect([services, stylists, offering, sara, marcos, lucia, closed].map((a) => a!.body)).toEqual(asClient.map((a) => a.body));
  });

  it('gets the client rules of availability: nothing beyond 30 days, where staff still see hours', async () => {
    const beyond = dayFromToday(31);
    const visitor = await hoursOf({}, beyond, SARA);
    expect(visitor.status).toBe(200);
    expect(visitor.body.items).toEqual([]);
    const staff = await hoursOf({ cookie: admin }, beyond, SARA);
    expect(staff.body.items.length).toBeGreaterThan(0);
    expect((await hoursOf({}, dayFromToday(30), SARA)).body.items.length).toBeGreaterThan(0);
  });

  it('gets 404 with the Spanish message for a client e-mail in the availability path, as a client does', async () => {
    const r = await hoursOf({}, DAY, 'rosa.privada@example.com');
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'not_found', message: messages.errors.employeeNotFound });
  });
});

describe('each host serves its own salon', () => {
  it("salon2's host answers salon2's services and stylists only, and none of klok's private values", async () => {
    const services = await servicesOf(SALON2);
    expect(services.status).toBe(200);
    const db = await getDb();
    const salon2Services = await listServices(db, await tenantId('salon2'), {});
    expect(services.body.items.map((s: { id: number }) => s.id).sort()).toEqual(salon2Services.map((s) => s.id).sort());
    const klokIds = (await listServices(db, await tenantId('klok'), {})).map((s) => s.id);
    for (const s of services.body.items) expect(klokIds).not.toContain(s.id);

    const stylists = await employeesOf(SALON2);
    expect(stylists.status).toBe(200);
    expect(stylists.body.items.length).toBeGreaterThan(0);
    for (const e of stylists.body.items) expect(e.email).toMatch(/@salon2\.demo$/);

    const hours = await hoursOf(SALON2, DAY, 'sara@salon2.demo');
    expect(hours.status).toBe(200);
    expect(hours.body.items.length).toBeGreaterThan(0);
    // klok's stylist does not exist on salon2's host.
    expect((await hoursOf(SALON2, DAY, SARA)).status).toBe(404);

    for (const a of [services, stylists, hours]) {
      expect(leaks(a.body)).toEqual([]);
      expect(JSON.stringify(a.body)).not.toContain('@klok.demo');
    }
    for (const a of await visitorAnswers()) expect(JSON.stringify(a.body)).not.toContain('@salon2.demo');
  });

  it("a klok session on salon2's host is a visitor there", async () => {
    const r = await employeesOf({ ...SALON2, cookie: admin });
    expect(r.status).toBe(200);
    for (const e of r.body.items) expect(e.tlf).toBeNull();
  });
});

describe('signed-in users keep their answers', () => {
  it('a client gets the services, the client view of the stylists and the client availability', async () => {
    const db = await getDb();
    const tid = await tenantId();
    expect((await servicesOf({ cookie: client })).body).toEqual(asJson({ items: await listServices(db, tid, { associated: false }) }));
    expect((await employeesOf({ cookie: client })).body).toEqual(asJson({ items: await employeesFor(db, tid, 'client') }));
    const q = { date: DAY, employeeEmail: SARA, serviceDuration: 30 };
    expect((await hoursOf({ cookie: client }, DAY, SARA)).body).toEqual(asJson({ items: await availableHoursFor(db, tid, 'client', q, serverNow()) }));
  });

  it('staff get the phones and notes of the stylists and the staff availability', async () => {
    const db = await getDb();
    const tid = await tenantId();
    const stylists = await employeesOf({ cookie: admin });
    expect(stylists.body).toEqual(asJson({ items: await employeesFor(db, tid, 'admin') }));
    const sara = stylists.body.items.find((e: { email: string }) => e.email === SARA);
    expect(sara.tlf).toBe(STAFF_PHONE);
    expect(sara.special_shifts).toContainEqual({ date: dayFromToday(9), available: false, shift: [], notes: SHIFT_NOTE });
    const q = { date: dayFromToday(31), employeeEmail: SARA, serviceDuration: 30 };
    expect((await hoursOf({ cookie: admin }, q.date, SARA)).body).toEqual(asJson({ items: await availableHoursFor(db, tid, 'staff', q, serverNow()) }));
  });
});

describe("the visitors' budget per IP", () => {
  const budget = LIMITS.publicReadPerIp.points * Number(process.env.RATE_LIMIT_IP_FACTOR ?? 1);

  it('answers 429 with the Spanish message once spent, counting parallel reads exactly', async () => {
    const ip = '198.51.100.77';
    // Spend all but 10 points, then 30 parallel reads across the three routes: exactly 10 get through.
    await consume('publicReadPerIp', ip, budget - 10);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? servicesOf({ ip }) : i % 3 === 1 ? employeesOf({ ip }) : hoursOf({ ip }, DAY, SARA))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(20);
    for (const a of limited) {
      expect(a.body.error).toEqual({ code: 'too_many_requests', message: messages.errors.tooManyRequests });
      expect(Number(a.res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    for (const read of [servicesOf, employeesOf]) expect((await read({ ip })).status).toBe(429);
    expect((await hoursOf({ ip }, DAY, SARA)).status).toBe(429);
    // Another address still reads.
    expect((await servicesOf({ ip: '198.51.100.78' })).status).toBe(200);
  });

  it('does not limit or charge signed-in users on the spent address', async () => {
    const ip = '198.51.100.79';
    await consume('publicReadPerIp', ip, budget);
    expect((await servicesOf({ ip })).status).toBe(429);
    for (const cookie of [client, admin]) {
      expect((await servicesOf({ ip, cookie })).status).toBe(200);
      expect((await employeesOf({ ip, cookie })).status).toBe(200);
      expect((await hoursOf({ ip, cookie }, DAY, SARA)).status).toBe(200);
    }
  });

  it('does not charge signed-in users: their reads leave the budget whole', async () => {
    const ip = '198.51.100.80';
    for (let i = 0; i < 5; i++) expect((await servicesOf({ ip, cookie: client })).status).toBe(200);
    await consume('publicReadPerIp', ip, budget - 1);
    expect((await servicesOf({ ip })).status).toBe(200);
    expect((await servicesOf({ ip })).status).toBe(429);
  });
});
