/**
 * `Idempotency-Key` on `PATCH /api/v1/schedules/insert/appointment` (beyond-the-spec §1 "Idempotency"):
 * the same key with the same body answers the same and books nothing new (no second appointment, e-mail or
 * activity); another body is 422; keys belong to one account; concurrent requests with one key book once;
 * keys expire after 24 hours (the injected clock); a malformed key is 400. Runs on PGlite and, with
 * TEST_DATABASE_URL, on the PostgreSQL server, where the concurrent requests really overlap.
 */
import { and, eq } from 'drizzle-orm';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { activities, appointments, idempotencyKeys, outbox } from '@/lib/server/db/schema';
import { GET as openApi } from '@/app/api/v1/openapi.json/route';
import { call, closeTestDb, openTestDb } from './harness';
import {
  bookWith,
  bookingBody,
  createClient,
  DB_TIMEOUT,
  LUCIA,
  madridDates,
  offeredHours,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  staffBookingBody,
  tenantId,
  TODAY,
  UUID,
  dayFromToday,
} from './fixtures';
import { sessionFor } from './harness';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

let corte: number;
let tid: number;
let days: string[];
let clients = 0;

/** A fresh onboarded client (allowance 2, one sub-user) with its cookie. */
const newClient = () => {
  clients += 1;
  return createClient(`idem${clients}@example.com`, {
    name: `Cliente Idem ${clients}`,
    onboarded: true,
    allowance: 2,
    subUsers: [{ id: `hijo-${clients}`, name: `Hijo ${clients}` }],
  });
};

/** A key the way the browser makes them (a UUID). */
const newKey = () => crypto.randomUUID();

const bookKeyed = (cookie: string, body: unknown, key: string) => bookWith(cookie, body, { headers: { 'idempotency-key': key } });

async function appointmentsOfClient(clientId: string) {
  const db = await getDb();
  return db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.tenantId, tid), eq(appointments.clientId, clientId)));
}

/** The confirmation e-mails queued for an appointment. */
async function emailsFor(appointmentId: string) {
  const db = await getDb();
  const rows = await db.select({ payload: outbox.payload }).from(outbox).where(and(eq(outbox.tenantId, tid), eq(outbox.kind, 'email')));
  return rows.filter((r) => JSON.stringify(r.payload).includes(appointmentId));
}

async function creationActivitiesFor(appointmentId: string) {
  const db = await getDb();
  const rows = await db.select({ type: activities.type, data: activities.data }).from(activities).where(eq(activities.tenantId, tid));
  return rows.filter((r) => r.type.endsWith('_appointment_created') && r.data.id === appointmentId);
}

/** The `n`-th offered hour of Sara for Corte de pelo on a day. */
async function hourOf(cookie: string, day: string, n = 0) {
  const hours = await offeredHours(cookie, day, SARA, { serviceDuration: 30, serviceId: corte });
  const hour = hours[n];
  if (!hour) throw new Error(`no hour ${n} on ${day}`);
  return hour;
}

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  tid = await tenantId();
  days = madridDates(2, 20);
}, DB_TIMEOUT);
afterAll(closeTestDb);
afterEach(() => setTestClock());

describe('the same key with the same body', () => {
  it('answers the first answer again and books, mails and logs nothing new', async () => {
    const { user, cookie } = await newClient();
    const hour = await hourOf(cookie, days[0]!);
    const body = bookingBody(user, { start: hour.start_time, employee: SARA, serviceId: corte });
    const key = newKey();

    const first = await bookKeyed(cookie, body, key);
    expect(first.status).toBe(201);
    expect(first.body.data.event_id).toMatch(UUID);
    expect(first.res.headers.get('idempotent-replayed')).toBeNull();

    // The same request sent again (keys in another order: the same body).
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await bookKeyed(cookie, reordered, key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get('idempotent-replayed')).toBe('true');

    expect(await appointmentsOfClient(user.id)).toHaveLength(1);
    expect(await emailsFor(first.body.data.event_id)).toHaveLength(1);
    expect(await creationActivitiesFor(first.body.data.event_id)).toHaveLength(1);
  });

  it('without a key, the same body is a new request (the person already has a pending appointment: 409)', async () => {
    const { user, cookie } = await newClient();
    const hour = await hourOf(cookie, days[1]!);
    const body = bookingBody(user, { start: hour.start_time, employee: SARA, serviceId: corte });
    expect((await bookWith(cookie, body)).status).toBe(201);
    const again = await bookWith(cookie, body);
    expect(again.status).toBe(409);
    expect(await appointmentsOfClient(user.id)).toHaveLength(1);
  });

  it('replays a staff booking too', async () => {
    const admin = await sessionFor(LUCIA);
    const hour = await hourOf(admin, days[2]!, 3);
    const body = staffBookingBody({ start: hour.start_time, employee: SARA, serviceId: corte, name: 'Paseante Idem' });
    const key = newKey();
    const first = await bookKeyed(admin, body, key);
    expect(first.status).toBe(201);
    const second = await bookKeyed(admin, body, key);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const db = await getDb();
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.tenantId, tid), eq(appointments.clientName, 'Paseante Idem')));
    expect(rows).toHaveLength(1);
  });
});

describe('the same key with another body', () => {
  it('is refused with 422 idempotency_key_reused and books nothing', async () => {
    const { user, cookie } = await newClient();
    const [a, b] = [await hourOf(cookie, days[3]!, 0), await hourOf(cookie, days[3]!, 4)];
    const key = newKey();
    const first = await bookKeyed(cookie, bookingBody(user, { start: a.start_time, employee: SARA, serviceId: corte }), key);
    expect(first.status).toBe(201);

    const other = await bookKeyed(cookie, bookingBody(user, { start: b.start_time, employee: SARA, serviceId: corte, userId: `hijo-${clients}`, userName: `Hijo ${clients}` }), key);
    expect(other.status).toBe(422);
    expect(other.body.error).toEqual({ code: 'idempotency_key_reused', message: messages.errors.idempotencyKeyReused });
    expect(await appointmentsOfClient(user.id)).toHaveLength(1);
  });
});

describe('keys belong to one account', () => {
  it("another account's request with the same key and body books for itself", async () => {
    const one = await newClient();
    const two = await newClient();
    const hourA = await hourOf(one.cookie, days[4]!, 0);
    const hourB = await hourOf(one.cookie, days[4]!, 4);
    const key = newKey();
    const a = await bookKeyed(one.cookie, bookingBody(one.user, { start: hourA.start_time, employee: SARA, serviceId: corte }), key);
    expect(a.status).toBe(201);

    // Two sending one's very request (one's key and body) never reads one's answer: 403, as without a key.
    const forged = await bookKeyed(two.cookie, bookingBody(one.user, { start: hourA.start_time, employee: SARA, serviceId: corte }), key);
    expect(forged.status).toBe(403);
    expect(JSON.stringify(forged.body)).not.toContain(a.body.data.event_id);

    // Two's own request with one's key is judged and booked on its own.
    const b = await bookKeyed(two.cookie, bookingBody(two.user, { start: hourB.start_time, employee: SARA, serviceId: corte }), key);
    expect(b.status).toBe(201);
    expect(b.res.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.event_id).not.toBe(a.body.data.event_id);
    expect(await appointmentsOfClient(one.user.id)).toHaveLength(1);
    expect(await appointmentsOfClient(two.user.id)).toHaveLength(1);
  });
});

describe('concurrent requests with one key', () => {
  it('20 at once book one appointment and all answer the same', async () => {
    const { user, cookie } = await newClient();
    const hour = await hourOf(cookie, days[5]!);
    const body = bookingBody(user, { start: hour.start_time, employee: SARA, serviceId: corte });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookKeyed(cookie, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.body.data.event_id));
    expect(ids.size).toBe(1);
    expect(await appointmentsOfClient(user.id)).toHaveLength(1);
    expect(await emailsFor([...ids][0]!)).toHaveLength(1);
    expect(await creationActivitiesFor([...ids][0]!)).toHaveLength(1);
  });
});

describe('expiry after 24 hours', () => {
  it('a key replays until 24 hours after its use, then is ignored and purged', async () => {
    const { user, cookie } = await newClient();
    const day = days[8]!;
    const [a, b] = [await hourOf(cookie, day, 0), await hourOf(cookie, day, 4)];
    const key = newKey();
    const forSelf = bookingBody(user, { start: a.start_time, employee: SARA, serviceId: corte });
    const forChild = bookingBody(user, { start: b.start_time, employee: SARA, serviceId: corte, userId: `hijo-${clients}`, userName: `Hijo ${clients}` });
    const other = await newClient();
    const otherKey = newKey();
    const otherHour = await hourOf(other.cookie, days[9]!, 2);
    expect((await bookKeyed(other.cookie, bookingBody(other.user, { start: otherHour.start_time, employee: SARA, serviceId: corte }), otherKey)).status).toBe(201);

    setTestClock(TODAY, '09:00');
    const first = await bookKeyed(cookie, forSelf, key);
    expect(first.status).toBe(201);

    // 23 h 59 min later: still live (the same body replays, another one is refused).
    const tomorrow = dayFromToday(1);
    setTestClock(tomorrow, '08:59');
    expect((await bookKeyed(cookie, forSelf, key)).body).toEqual(first.body);
    expect((await bookKeyed(cookie, forChild, key)).status).toBe(422);

    // 24 hours later: the key is forgotten; another body with it is a new booking.
    setTestClock(tomorrow, '09:00');
    const later = await bookKeyed(cookie, forChild, key);
    expect(later.status).toBe(201);
    expect(later.body.data.event_id).not.toBe(first.body.data.event_id);
    expect(await appointmentsOfClient(user.id)).toHaveLength(2);

    // Storing it purged the tenant's expired keys (the other client's, from 08:00 the day before).
    const db = await getDb();
    const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, tid));
    expect(keys.map((k) => k.key)).toContain(key);
    expect(keys.map((k) => k.key)).not.toContain(otherKey);
  });
});

describe('a malformed key', () => {
  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(256)],
    ['with spaces', 'my key 12345'],
    ['with a slash', 'abc/def/ghi'],
    ['empty', ''],
  ])('is refused with 400 (%s) and books nothing', async (_name, key) => {
    const { user, cookie } = await newClient();
    const hour = await hourOf(cookie, days[10]!, clients % 8);
    const r = await bookKeyed(cookie, bookingBody(user, { start: hour.start_time, employee: SARA, serviceId: corte }), key);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    expect([...new Set(r.body.error.details.fields.map((f: { path: string }) => f.path))]).toEqual(['idempotency-key']);
    expect(await appointmentsOfClient(user.id)).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('documents the Idempotency-Key header and the 422 of a reused key on the booking call', async () => {
    const res = await call(openApi, { path: '/api/v1/openapi.json' });
    const op = res.body.paths['/api/v1/schedules/insert/appointment'].patch;
    const header = op.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
    expect(header).toMatchObject({ required: false, schema: { type: 'string', minLength: 8, maxLength: 255 } });
    expect(header.schema.description).toContain('24 hours');
    expect(op.responses['422'].description).toContain('idempotency_key_reused');
  });
});
