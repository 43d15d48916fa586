/**
 * `PATCH /api/v1/schedules/insert/appointment`, client flow (spec sections 4, 5, 7; decisions
 * "Allowance", "Sub-users", "Busy parts"). Every test books on its own day or stylist so the tests
 * stay independent; days are weekdays between tomorrow and four weeks ahead (Madrid).
 */
import { eq, sql } from 'drizzle-orm';
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import { GET as getUser } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { activities, specialShifts, users } from '@/lib/server/db/schema';
import { findUserByEmail, type UserRow } from '@/lib/server/repositories/users';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  book,
  bookingBody,
  createClient,
  DB_TIMEOUT,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  MARCOS,
  offeredHours,
  SARA,
  serviceId,
  tenantId,
  UUID,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

let ana: UserRow; // cliente@klok.demo: allowance 2, one sub-user (Leo)
let anaCookie: string;
let corte: number;
let color: number;
/** Weekdays (Madrid) between tomorrow and 28 days ahead; each test takes its own. */
let days: string[];
let clientCount = 0;

/** A fresh onboarded client of the tenant with its cookie (allowance 1 unless told). */
async function newClient(opts: { allowance?: number; subUsers?: { id: string; name: string }[] } = {}) {
  clientCount += 1;
  return createClient(`cliente${clientCount}@example.com`, { name: `Cliente ${clientCount}`, onboarded: true, ...opts });
}

/** Availability queries as the wizard sends them: the duration and the service (for its busy parts). */
const corteQuery = () => ({ serviceDuration: 30, serviceId: corte });
const colorQuery = () => ({ serviceDuration: 75, serviceId: color });

const pendingOf = (email: string, cookie: string) =>
  call(getPending, { path: `/api/v1/users/${email}/appointments/pending`, params: { email }, cookie });

beforeAll(async () => {
  await openTestDb();
  const db = await getDb();
  ana = (await findUserByEmail(db, await tenantId(), 'cliente@klok.demo'))!;
  anaCookie = await sessionFor('cliente@klok.demo');
  corte = await serviceId('Corte de pelo');
  color = await serviceId('Color');
  days = madridDates(1, 28);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('a client books an offered hour', () => {
  it('books the first offered hour (201), removes it from availability and lists it as pending', async () => {
    const date = days[0]!;
    const [first] = await offeredHours(anaCookie, date, SARA, corteQuery());
    expect(first).toBeDefined();

    const r = await book(anaCookie, { ...bookingBody(ana, { start: first!.start_time, employee: SARA, serviceId: corte }), end_time: first!.end_time });
    expect(r.status).toBe(201);
    expect(r.body.data.event_id).toMatch(UUID);

    // The hour and every start overlapping it are gone; the next start is right after the cut.
    const after = await offeredHours(anaCookie, date, SARA, corteQuery());
    expect(after.map((h) => h.start_time)).not.toContain(first!.start_time);
    expect(after[0]!.start_time).toBe(first!.end_time);

    const pending = await pendingOf('cliente@klok.demo', anaCookie);
    expect(pending.status).toBe(200);
    expect(pending.body.items).toEqual([
      expect.objectContaining({
        id: r.body.data.event_id,
        service_name: 'Corte de pelo',
        service_price: 18,
        start_time: first!.start_time,
        end_time: first!.end_time,
        date,
        employee_id: SARA,
        employee_name: 'Sara López',
        client_id: 'cliente@klok.demo',
        user_id: ana.id,
        status: 'pending',
        created_by_role: 'client',
      }),
    ]);

    const user = await call(getUser, { path: '/api/v1/users/cliente@klok.demo', params: { email: 'cliente@klok.demo' }, cookie: anaCookie });
    expect(user.body.data.pending_appointments.map((a: { id: string }) => a.id)).toEqual([r.body.data.event_id]);
  });

  it('refuses the same hour to a second client with 409 slot_taken and a Spanish message', async () => {
    const date = days[1]!;
    const a = await newClient();
    const b = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    expect((await book(a.cookie, bookingBody(a.user, { start: first!.start_time, employee: SARA, serviceId: corte }))).status).toBe(201);

    const r = await book(b.cookie, bookingBody(b.user, { start: first!.start_time, employee: SARA, serviceId: corte }));
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'slot_taken', message: messages.errors.slotTaken });
    expect((await pendingOf(b.user.email, b.cookie)).body.items).toEqual([]);
  });

  it('refuses a start overlapping part of an existing appointment (409)', async () => {
    const date = days[11]!;
    const a = await newClient();
    const b = await newClient();
    expect((await book(a.cookie, bookingBody(a.user, { start: madridInstant(date, '09:30'), employee: SARA, serviceId: corte }))).status).toBe(201);
    // 09:45–10:15 overlaps the second half of 09:30–10:00.
    const r = await book(b.cookie, bookingBody(b.user, { start: madridInstant(date, '09:45'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
    // 10:00 only touches it and is free.
    expect((await book(b.cookie, bookingBody(b.user, { start: madridInstant(date, '10:00'), employee: SARA, serviceId: corte }))).status).toBe(201);
  });

  it("lets a 30-minute cut use a colour's rest gap for the same stylist", async () => {
    const date = days[2]!;
    const a = await newClient();
    const b = await newClient();
    const c = await newClient();
    const [t] = await offeredHours(a.cookie, date, LUCIA, colorQuery());
    const colour = await book(a.cookie, bookingBody(a.user, { start: t!.start_time, employee: LUCIA, serviceId: color }));
    expect(colour.status).toBe(201);

    // The colour's rest (T+30 to T+60) is offered for a cut; T+15 and T+45 are not.
    const cuts = (await offeredHours(b.cookie, date, LUCIA, corteQuery())).map((h) => h.start_time);
    expect(cuts).toContain(plus(t!.start_time, 30));
    expect(cuts).not.toContain(plus(t!.start_time, 15));
    expect(cuts).not.toContain(plus(t!.start_time, 45));

    const cut = await book(b.cookie, bookingBody(b.user, { start: plus(t!.start_time, 30), employee: LUCIA, serviceId: corte }));
    expect(cut.status).toBe(201);

    // The colour's second busy part (T+60 to T+75) is still the stylist's.
    const clash = await book(c.cookie, bookingBody(c.user, { start: plus(t!.start_time, 60), employee: LUCIA, serviceId: corte }));
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('slot_taken');

    const pending = await pendingOf(a.user.email, a.cookie);
    expect(pending.body.items[0]).toMatchObject({ service_name: 'Color', service_price: 45, end_time: plus(t!.start_time, 75) });
    expect(pending.body.items[0].busy_slots).toEqual([
      { start_time: t!.start_time, end_time: plus(t!.start_time, 30) },
      { start_time: plus(t!.start_time, 60), end_time: plus(t!.start_time, 75) },
    ]);
  });

  it('books a start that is offered because the shift opens off the quarter hour', async () => {
    // A special shift 09:40–12:00: availability offers 09:40, 09:55, ... (decisions "Available hours":
    // every 15 minutes from the start of each open interval); an offered hour must be bookable.
    const date = days[3]!;
    const db = await getDb();
    const sara = (await findUserByEmail(db, await tenantId(), SARA))!;
    await db.insert(specialShifts).values({
      tenantId: await tenantId(),
      employeeId: sara.id,
      date,
      available: true,
      shifts: [{ id: '1', open: '09:40', close: '12:00' }],
      notes: 'Entra más tarde',
    });
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    expect(madridHHmm(first!.start_time)).toBe('09:40');
    const r = await book(a.cookie, bookingBody(a.user, { start: first!.start_time, employee: SARA, serviceId: corte }));
    expect(r.body).toEqual({ data: { event_id: expect.stringMatching(UUID) } });
    expect(r.status).toBe(201);
  });
});

describe('allowance and people', () => {
  it('refuses a client with allowance 1 and one pending appointment (409 allowance_exceeded)', async () => {
    const date = days[4]!;
    const a = await newClient({ allowance: 1, subUsers: [{ id: 'sub-1', name: 'Hija' }] });
    const hours = await offeredHours(a.cookie, date, SARA, corteQuery());
    expect((await book(a.cookie, bookingBody(a.user, { start: hours[0]!.start_time, employee: SARA, serviceId: corte }))).status).toBe(201);

    // A different person of the account and a free hour: only the allowance stands in the way.
    const r = await book(
      a.cookie,
      bookingBody(a.user, { start: hours[4]!.start_time, employee: SARA, serviceId: corte, userId: 'sub-1', userName: 'Hija' }),
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'allowance_exceeded', message: messages.errors.allowanceExceeded });
    expect((await pendingOf(a.user.email, a.cookie)).body.items).toHaveLength(1);
  });

  it('lets a client with allowance 2 book for itself and its sub-user, but not the same person twice', async () => {
    const date = days[5]!;
    const a = await newClient({ allowance: 2, subUsers: [{ id: 'sub-2', name: 'Hijo' }] });
    const hours = await offeredHours(a.cookie, date, SARA, corteQuery());
    expect((await book(a.cookie, bookingBody(a.user, { start: hours[0]!.start_time, employee: SARA, serviceId: corte }))).status).toBe(201);

    const again = await book(a.cookie, bookingBody(a.user, { start: hours[4]!.start_time, employee: SARA, serviceId: corte }));
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: messages.errors.personBusy });

    const forSub = await book(
      a.cookie,
      bookingBody(a.user, { start: hours[4]!.start_time, employee: SARA, serviceId: corte, userId: 'sub-2', userName: 'Hijo' }),
    );
    expect(forSub.status).toBe(201);
    const pending = (await pendingOf(a.user.email, a.cookie)).body.items as { user_id: string; user_name: string }[];
    expect(pending.map((p) => [p.user_id, p.user_name])).toEqual([
      [a.user.id, a.user.name],
      ['sub-2', 'Hijo'],
    ]);
    // The activity feed names the account a family member's booking came from, and only then.
    const feed = await (await getDb())
      .select({ data: activities.data })
      .from(activities)
      .where(sql`${activities.data}->>'id' = ${forSub.body.data.event_id as string}`);
    expect(feed.map((f) => f.data)).toEqual([expect.objectContaining({ client_name: 'Hijo', account_name: a.user.name })]);
  });

  it('applies a lowered allowance to the next booking', async () => {
    const date = days[10]!;
    const a = await newClient({ allowance: 2, subUsers: [{ id: 'sub-q', name: 'Abuela' }] });
    const hours = await offeredHours(a.cookie, date, SARA, corteQuery());
    expect((await book(a.cookie, bookingBody(a.user, { start: hours[0]!.start_time, employee: SARA, serviceId: corte }))).status).toBe(201);
    await (await getDb()).update(users).set({ nAppointmentsAllowed: 1 }).where(eq(users.id, a.user.id));
    const r = await book(
      a.cookie,
      bookingBody(a.user, { start: hours[4]!.start_time, employee: SARA, serviceId: corte, userId: 'sub-q', userName: 'Abuela' }),
    );
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('allowance_exceeded');
  });

  it("refuses to book for another client's e-mail (403) and books nothing", async () => {
    const date = days[6]!;
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    const r = await book(a.cookie, bookingBody(ana, { start: first!.start_time, employee: SARA, serviceId: corte }));
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('forbidden');
    expect((await offeredHours(a.cookie, date, SARA, corteQuery()))[0]).toEqual(first);
  });

  it("refuses another client's sub-user id (422)", async () => {
    const date = days[6]!;
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    const r = await book(
      a.cookie,
      bookingBody(a.user, { start: first!.start_time, employee: SARA, serviceId: corte, userId: ana.subUsers[0]!.id, userName: 'Leo' }),
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.personNotFound });
  });

  it('refuses an unknown sub-user id (422)', async () => {
    const date = days[6]!;
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    const r = await book(a.cookie, bookingBody(a.user, { start: first!.start_time, employee: SARA, serviceId: corte, userId: 'no-such-person' }));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('unprocessable');
  });
});

describe('hour rules', () => {
  it('refuses a start in the past (422)', async () => {
    const a = await newClient();
    const past = madridDates(-14, -1)[0]!;
    const r = await book(a.cookie, bookingBody(a.user, { start: madridInstant(past, '10:00'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.pastDate });
  });

  it('refuses a start beyond the 30-day window (422)', async () => {
    const a = await newClient();
    const far = madridDates(32, 45)[0]!;
    const r = await book(a.cookie, bookingBody(a.user, { start: madridInstant(far, '10:00'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.outsideWindow });
  });

  it('refuses a start off the 15-minute grid (422)', async () => {
    const date = days[7]!;
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    const r = await book(a.cookie, bookingBody(a.user, { start: plus(first!.start_time, 5), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('unprocessable');
    expect((await pendingOf(a.user.email, a.cookie)).body.items).toEqual([]);
  });

  it('refuses a start outside the shifts (the lunch break) with 422', async () => {
    const date = days[7]!;
    const a = await newClient();
    const r = await book(a.cookie, bookingBody(a.user, { start: madridInstant(date, '14:30'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.slotUnavailable });
  });

  it('refuses a service the stylist does not offer (422)', async () => {
    const date = days[7]!;
    const a = await newClient();
    // Marcos offers no colour.
    const r = await book(a.cookie, bookingBody(a.user, { start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: color }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.serviceNotOffered });
  });

  it('refuses an end time that does not match the service duration (422)', async () => {
    const date = days[7]!;
    const a = await newClient();
    const [first] = await offeredHours(a.cookie, date, SARA, corteQuery());
    const r = await book(a.cookie, { ...bookingBody(a.user, { start: first!.start_time, employee: SARA, serviceId: corte }), end_time: plus(first!.start_time, 15) });
    expect(r.status).toBe(422);
  });

  it('answers 404 for an unknown stylist or service', async () => {
    const a = await newClient();
    const start = madridInstant(days[7]!, '10:00');
    expect((await book(a.cookie, bookingBody(a.user, { start, employee: 'nadie@klok.demo', serviceId: corte }))).status).toBe(404);
    expect((await book(a.cookie, bookingBody(a.user, { start, employee: SARA, serviceId: 99999 }))).status).toBe(404);
  });
});

describe('malformed requests', () => {
  test.each([
    ['a body missing fields', { start_time: '2030-01-07T09:00:00.000Z', facility_id: 1 }],
    ['a start that is not an instant', { start_time: 'mañana a las diez', facility_id: 1, employee_id: SARA, service_id: 1, client_id: 'cliente@klok.demo', user_id: 'x' }],
    ['another facility', { start_time: '2030-01-07T09:00:00.000Z', facility_id: 2, employee_id: SARA, service_id: 1, client_id: 'cliente@klok.demo', user_id: 'x' }],
    ['a body that is not JSON', 'not json'],
  ])('answers 400 bad_request for %s', async (_name, body) => {
    const r = await book(anaCookie, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'bad_request', message: messages.errors.invalidRequest });
  });

  it('answers 401 without a session', async () => {
    const r = await book(undefined, bookingBody(ana, { start: madridInstant(days[7]!, '10:00'), employee: SARA, serviceId: corte }));
    expect(r.status).toBe(401);
  });
});

describe('parallel requests', () => {
  it('gives one of two parallel bookings of the same hour 201 and the other 409', async () => {
    const date = days[8]!;
    const a = await newClient();
    const b = await newClient();
    const [first] = await offeredHours(a.cookie, date, LUCIA, corteQuery());
    const results = await Promise.all([
      book(a.cookie, bookingBody(a.user, { start: first!.start_time, employee: LUCIA, serviceId: corte })),
      book(b.cookie, bookingBody(b.user, { start: first!.start_time, employee: LUCIA, serviceId: corte })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toEqual({ code: 'slot_taken', message: messages.errors.slotTaken });
    const held = [
      ...(await pendingOf(a.user.email, a.cookie)).body.items,
      ...(await pendingOf(b.user.email, b.cookie)).body.items,
    ];
    expect(held).toHaveLength(1);
    expect(held[0].start_time).toBe(first!.start_time);
  });

  it('never lets parallel bookings of one account exceed its allowance', async () => {
    const date = days[9]!;
    const a = await newClient({ allowance: 1, subUsers: [{ id: 'sub-p', name: 'Pareja' }] });
    const hours = await offeredHours(a.cookie, date, SARA, corteQuery());
    const results = await Promise.all([
      book(a.cookie, bookingBody(a.user, { start: hours[0]!.start_time, employee: SARA, serviceId: corte })),
      book(a.cookie, bookingBody(a.user, { start: hours[0]!.start_time, employee: LUCIA, serviceId: corte, userId: 'sub-p', userName: 'Pareja' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('allowance_exceeded');
    expect((await pendingOf(a.user.email, a.cookie)).body.items).toHaveLength(1);
  });
});
