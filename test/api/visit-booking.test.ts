/**
 * Booking a visit (beyond-the-spec section 2, `PATCH /schedules/insert/appointment` with `service_ids` and
 * `employee_id: "any"`): every service back to back under one `visit_id`, all or nothing; "Cualquier
 * estilista" assigned in the transaction (the client's last stylist, else the fewest booked minutes, else the
 * lowest e-mail); the allowance counts the visit once; one confirmation e-mail for the whole visit; parallel
 * "any" bookings of one hour succeed once per free stylist. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, where the parallel requests really race.
 */
import { and, eq } from 'drizzle-orm';
import { PATCH as moveHandler } from '@/app/api/v1/schedules/move/appointment/route';
import { getDb } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  bookWith,
  createClient,
  dayFromToday,
  MARCOS,
  DB_TIMEOUT,
  insertAppointmentRow,
  insertLeaveRow,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  outboxRows,
  pinTestClock,
  SARA,
  serviceId,
  UUID,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

let colour: number;
let corte: number;
let days: string[];
let n = 0;

type Client = Awaited<ReturnType<typeof createClient>>;
const newClient = (o: { allowance?: number; subUsers?: { id: string; name: string }[] } = {}) => {
  n += 1;
  return createClient(`visita${n}@example.com`, { name: `Cliente Visita ${n}`, onboarded: true, ...o });
};

/** A client's visit booking body. */
const visitBody = (c: Client, o: { start: string; employee: string; services: number[]; userId?: string }) => ({
  start_time: o.start,
  facility_id: 1,
  employee_id: o.employee,
  service_ids: o.services,
  client_id: c.user.email,
  user_id: o.userId ?? c.user.id,
  user_name: c.user.name,
});

beforeAll(async () => {
  await openTestDb();
  colour = await serviceId('Color');
  corte = await serviceId('Corte de pelo');
  days = madridDates(2, 25);
});
afterAll(closeTestDb);

describe('one stylist', () => {
  it('books the services back to back under one visit and answers every appointment', async () => {
    const c = await newClient();
    const start = madridInstant(days[0]!, '10:00');
    const r = await bookWith(c.cookie, visitBody(c, { start, employee: SARA, services: [corte, colour] }));
    expect(r.status).toBe(201);
    const { event_id, visit_id, appointments: parts } = r.body.data;
    expect(visit_id).toMatch(UUID);
    // The salon's order (by name here): Color, then Corte de pelo, whatever order the body gave.
    expect(parts.map((p: { service_id: number }) => p.service_id)).toEqual([colour, corte]);
    expect(parts.map((p: { start_time: string; end_time: string }) => [madridHHmm(p.start_time), madridHHmm(p.end_time)])).toEqual([
      ['10:00', '11:15'],
      ['11:15', '11:45'],
    ]);
    expect(parts.every((p: { employee_id: string }) => p.employee_id === SARA)).toBe(true);
    expect(event_id).toBe(parts[0].id);
    const db = await getDb();
    const rows = await db.select().from(appointments).where(eq(appointments.visitId, visit_id));
    expect(rows).toHaveLength(2);
    // One confirmation for the whole visit, naming both services.
    const mails = (await outboxRows()).filter((m) => m.payload.to === c.user.email);
    expect(mails).toHaveLength(1);
    expect(String(mails[0]!.payload.text)).toContain('Color, Corte de pelo');
  });

  it('books nothing when a later service does not fit (all or nothing)', async () => {
    const c = await newClient();
    const day = days[1]!;
    await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(day, '11:15'), minutes: 30 });
    const r = await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '10:00'), employee: SARA, services: [colour, corte] }));
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
    const db = await getDb();
    expect(await db.select().from(appointments).where(eq(appointments.clientId, c.user.id))).toEqual([]);
  });

  it('counts a visit once against the allowance', async () => {
    const c = await newClient({ allowance: 2, subUsers: [{ id: `hijo-${n + 1}`, name: 'Hijo' }] });
    const day = days[2]!;
    expect((await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '10:00'), employee: SARA, services: [colour, corte] }))).status).toBe(201);
    // Two appointments pending, one visit: the sub-user may still book.
    const second = await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '16:00'), employee: SARA, services: [corte], userId: c.user.subUsers[0]!.id }));
    expect(second.status).toBe(201);
  });
});

describe('Cualquier estilista', () => {
  it('assigns whoever is free: the colour to Sara when Lucía is away, the cut to the lowest e-mail of equal load', async () => {
    const c = await newClient();
    const day = days[3]!;
    await insertLeaveRow({ employee: LUCIA, start: madridInstant(day, '08:00'), end: madridInstant(day, '21:00') });
    const r = await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '10:00'), employee: 'any', services: [colour, corte] }));
    expect(r.status).toBe(201);
    // Marcos does not colour; for the cut, Marcos and Sara have no minutes booked that day: the lower e-mail.
    expect(r.body.data.appointments.map((p: { employee_id: string }) => p.employee_id)).toEqual([SARA, MARCOS]);
  });

  it('with equal loads takes the lowest e-mail for the whole visit; the client’s last stylist comes first', async () => {
    const day = days[4]!;
    const first = await newClient();
    const a = await bookWith(first.cookie, visitBody(first, { start: madridInstant(day, '10:00'), employee: 'any', services: [colour, corte] }));
    expect(a.body.data.appointments.map((p: { employee_id: string }) => p.employee_id)).toEqual([LUCIA, LUCIA]);

    const regular = await newClient();
    // Last week's cut was with Sara (a past appointment: no pending one in the way).
    await insertAppointmentRow({ employee: SARA, client: regular.user.email, start: madridInstant(dayFromToday(-7), '17:00'), serviceName: 'Corte de pelo' });
    const b = await bookWith(regular.cookie, visitBody(regular, { start: madridInstant(day, '16:00'), employee: 'any', services: [corte] }));
    expect(b.status).toBe(201);
    expect(b.body.data.appointments[0].employee_id).toBe(SARA);
  });

  it('gives the last free hour to as many parallel clients as there are free stylists, the rest 409', async () => {
    const day = days[5]!;
    const clients = await Promise.all(Array.from({ length: 20 }, () => newClient()));
    const start = madridInstant(day, '12:00');
    const answers = await Promise.all(clients.map((c) => bookWith(c.cookie, visitBody(c, { start, employee: 'any', services: [colour] }))));
    const statuses = answers.map((r) => r.status).sort();
    // Lucía and Sara offer Color (Marcos does not): two successes.
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const db = await getDb();
    const booked = await db.select().from(appointments).where(and(eq(appointments.startAt, new Date(start)), eq(appointments.status, 'pending')));
    expect(new Set(booked.map((b) => b.employeeId)).size).toBe(2);
  });
});

describe('staff book a visit', () => {
  const staffVisit = (o: { start: string; employee: string; services: number[]; email?: string; name: string }) => ({
    start_time: o.start,
    facility_id: 1,
    employee_id: o.employee,
    service_ids: o.services,
    ...(o.email ? { client_id: o.email } : {}),
    client_name: o.name,
  });

  it('books the services back to back by one stylist, outside the shifts too, with one e-mail for the visit', async () => {
    const staff = await sessionFor(LUCIA);
    const day = days[7]!;
    // 20:00 is after Sara's shift: staff may book a walk-in or an evening visit.
    const r = await bookWith(staff, staffVisit({ start: madridInstant(day, '20:00'), employee: SARA, services: [corte, colour], email: 'visita-staff@example.com', name: 'Elena' }));
    expect(r.status).toBe(201);
    expect(r.body.data.appointments.map((p: { service_id: number }) => p.service_id)).toEqual([colour, corte]);
    expect(r.body.data.appointments.map((p: { start_time: string }) => madridHHmm(p.start_time))).toEqual(['20:00', '21:15']);
    const db = await getDb();
    const rows = await db.select().from(appointments).where(eq(appointments.visitId, r.body.data.visit_id));
    expect(rows.map((a) => [a.clientName, a.createdByRole])).toEqual([
      ['Elena', 'staff'],
      ['Elena', 'staff'],
    ]);
    expect((await outboxRows()).filter((m) => m.payload.to === 'visita-staff@example.com')).toHaveLength(1);
  });

  it('refuses a visit over another appointment (409) and a service the stylist does not offer (422), booking nothing', async () => {
    const staff = await sessionFor(LUCIA);
    const day = days[8]!;
    await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(day, '11:15'), minutes: 30 });
    const taken = await bookWith(staff, staffVisit({ start: madridInstant(day, '10:00'), employee: SARA, services: [colour, corte], name: 'Invitada' }));
    expect(taken.status).toBe(409);
    // Marcos does not colour.
    const notOffered = await bookWith(staff, staffVisit({ start: madridInstant(day, '16:00'), employee: MARCOS, services: [colour, corte], name: 'Invitada' }));
    expect(notOffered.status).toBe(422);
    const db = await getDb();
    const names = await db.select().from(appointments).where(and(eq(appointments.clientName, 'Invitada')));
    expect(names).toEqual([]);
  });
});

describe('moving a visit', () => {
  const move = (cookie: string, body: Record<string, unknown>) =>
    call(moveHandler, { method: 'PATCH', path: '/api/v1/schedules/move/appointment', body, cookie });

  it('moves the whole visit by the same amount, each service with its stylist, with one e-mail; alone, one service moves', async () => {
    const c = await newClient();
    const day = days[9]!;
    const booked = await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '10:00'), employee: 'any', services: [colour, corte] }));
    expect(booked.status).toBe(201);
    const [first, second] = booked.body.data.appointments as { id: string; employee_id: string }[];
    const staff = await sessionFor(LUCIA);
    const before = (await outboxRows()).filter((m) => m.payload.to === c.user.email).length;
    const db = await getDb();
    const [colourBefore] = await db.select().from(appointments).where(eq(appointments.id, first!.id));

    // The cut (second) moves to 16:00 with Marcos, and the colour with it, one hour and a quarter earlier.
    const r = await move(staff, { appointment_id: second!.id, start_time: madridInstant(day, '16:00'), employee_id: MARCOS, whole_visit: true });
    expect(r.status).toBe(200);
    const rows = await db.select().from(appointments).where(eq(appointments.visitId, booked.body.data.visit_id));
    const byId = new Map(rows.map((a) => [a.id, a]));
    expect(madridHHmm(byId.get(first!.id)!.startAt.toISOString())).toBe('14:45');
    expect(madridHHmm(byId.get(second!.id)!.startAt.toISOString())).toBe('16:00');
    expect(byId.get(first!.id)!.employeeId).toBe(colourBefore!.employeeId);
    expect(r.body.data.employee_id).toBe(MARCOS);
    const mails = (await outboxRows()).filter((m) => m.payload.to === c.user.email);
    expect(mails.length - before).toBe(1);
    expect(String(mails.at(-1)!.payload.text)).toContain('Color, Corte de pelo');

    // Without whole_visit, only the named service moves.
    const alone = await move(staff, { appointment_id: second!.id, start_time: madridInstant(day, '17:00'), employee_id: MARCOS });
    expect(alone.status).toBe(200);
    const [colourRow] = await db.select().from(appointments).where(eq(appointments.id, first!.id));
    expect(madridHHmm(colourRow!.startAt.toISOString())).toBe('14:45');
  });

  it('moves nothing when one service of the visit would land on busy time (409)', async () => {
    const c = await newClient();
    const day = days[10]!;
    const booked = await bookWith(c.cookie, visitBody(c, { start: madridInstant(day, '10:00'), employee: SARA, services: [colour, corte] }));
    expect(booked.status).toBe(201);
    const [first, second] = booked.body.data.appointments as { id: string }[];
    // Moving the colour to 12:00 puts the cut at 13:15, where Sara is busy.
    await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(day, '13:15'), minutes: 30 });
    const staff = await sessionFor(LUCIA);
    const r = await move(staff, { appointment_id: first!.id, start_time: madridInstant(day, '12:00'), employee_id: SARA, whole_visit: true });
    expect(r.status).toBe(409);
    const db = await getDb();
    const [cut] = await db.select().from(appointments).where(eq(appointments.id, second!.id));
    expect(madridHHmm(cut!.startAt.toISOString())).toBe('11:15');
  });
});

describe('bad bodies', () => {
  it('refuses repeated services (400)', async () => {
    const c = await newClient();
    const start = madridInstant(days[6]!, '10:00');
    expect((await bookWith(c.cookie, visitBody(c, { start, employee: SARA, services: [corte, corte] }))).status).toBe(400);
    expect((await bookWith(c.cookie, visitBody(c, { start, employee: SARA, services: [] }))).status).toBe(400);
  });
});
