/**
 * Push through the outbox, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the
 * browser's token registration (`PATCH /users/{email}` and `/employees/{email}` with `fcm_token`), a
 * client booking queues one push to the stylist, a staff cancellation one to the client and none for the
 * guest, the dev provider delivers, a user without a token gets nothing, and an invalid-token error from
 * FCM clears the token.
 */
import { and, eq } from 'drizzle-orm';
import { PATCH as patchUserHandler } from '@/app/api/v1/users/[email]/route';
import { PATCH as patchEmployeeHandler } from '@/app/api/v1/employees/[employeeId]/route';
import type { Db } from '@/lib/server/db/client';
import { outbox, users } from '@/lib/server/db/schema';
import { devPushProvider, isInvalidTokenError, queuePush, type PushProvider } from '@/lib/server/notifications/push';
import { deliverDue, deliverPushDue } from '@/lib/server/notifications/worker';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  book,
  bookingBody,
  cancelAppointment,
  DB_TIMEOUT,
  madridDates,
  madridInstant,
  MARCOS,
  offeredHours,
  SARA,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

let db: Db;
let tid: number;

const enc = encodeURIComponent;
const patchUser = (cookie: string, email: string, body: unknown) =>
  call(patchUserHandler, { method: 'PATCH', path: `/api/v1/users/${enc(email)}`, params: { email }, body, cookie });
const patchEmployee = (cookie: string, email: string, body: unknown) =>
  call(patchEmployeeHandler, { method: 'PATCH', path: `/api/v1/employees/${enc(email)}`, params: { employeeId: email }, body, cookie });

const tokenOf = async (email: string) =>
  (await db.select({ t: users.fcmToken }).from(users).where(and(eq(users.tenantId, tid), eq(users.email, email))))[0]?.t ?? null;
const pushRows = async () =>
  (await db.select().from(outbox).where(and(eq(outbox.tenantId, tid), eq(outbox.kind, 'push')))).sort((a, b) => a.id - b.id);

/** A provider that records what it sends (and can fail with a given error). */
function recorder(fail?: unknown) {
  const sent: { token: string; title: string; body: string }[] = [];
  const provider: PushProvider = {
    name: 'test',
    send: async (token, m) => {
      if (fail) throw fail;
      sent.push({ token, title: m.title, body: m.body });
    },
  };
  return { sent, provider };
}

/** Delivers every due push with `provider` (at `now`, a second ahead: PostgreSQL's clock has microseconds); returns the totals. */
async function drainPush(provider: PushProvider, now = new Date(Date.now() + 1000)) {
  const total = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const r = await deliverPushDue(db, { now, provider });
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    if (r.claimed === 0) return total;
  }
}

beforeAll(async () => {
  db = await openTestDb();
  tid = await tenantId();
  await drainPush(devPushProvider(() => {}));
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('token registration', () => {
  it('stores a client’s own token with PATCH /users/{email} and clears it with null', async () => {
    const ana = await sessionFor(ANA);
    const r = await patchUser(ana, ANA, { fcm_token: 'token-de-ana' });
    expect(r.status).toBe(201);
    expect(await tokenOf(ANA)).toBe('token-de-ana');
    expect((await patchUser(ana, ANA, { fcm_token: null })).status).toBe(201);
    expect(await tokenOf(ANA)).toBeNull();
    expect((await patchUser(ana, ANA, { fcm_token: '' })).status).toBe(400);
  });

  it('stores a stylist’s own token with PATCH /employees/{email}', async () => {
    const sara = await sessionFor(SARA);
    expect((await patchEmployee(sara, SARA, { fcm_token: 'token-de-sara' })).status).toBe(201);
    expect(await tokenOf(SARA)).toBe('token-de-sara');
  });
});

describe('pushes queued with the change', () => {
  it('queues one push to the stylist when a client books, and one to the client when the salon cancels', async () => {
    const anaCookie = await sessionFor(ANA);
    const sara = await sessionFor(SARA);
    expect((await patchUser(anaCookie, ANA, { fcm_token: 'token-de-ana' })).status).toBe(201);
    expect((await patchEmployee(sara, SARA, { fcm_token: 'token-de-sara' })).status).toBe(201);
    const ana = (await findUserByEmail(db, tid, ANA))!;
    const saraRow = (await findUserByEmail(db, tid, SARA))!;
    const corte = await serviceId('Corte de pelo');
    const date = madridDates(8, 28, [1, 2, 4, 5])[2]!;
    const [hour] = await offeredHours(anaCookie, date, SARA, { serviceDuration: 30, serviceId: corte });
    const before = (await pushRows()).length;
    const booked = await book(anaCookie, bookingBody(ana, { start: hour!.start_time, employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(201);
    let rows = (await pushRows()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ userId: saraRow.id, title: 'Nueva cita' });
    expect(String(rows[0]!.payload.body)).toContain('Corte de pelo');

    const rec = recorder();
    expect(await drainPush(rec.provider)).toMatchObject({ claimed: 1, sent: 1 });
    expect(rec.sent).toEqual([expect.objectContaining({ token: 'token-de-sara', title: 'Nueva cita' })]);

    const staff = await sessionFor(MARCOS);
    const r = await cancelAppointment(staff, { id: booked.body.data.event_id, employee: SARA, client: ANA, date, notes: 'Enferma' });
    expect(r.status).toBe(200);
    rows = (await pushRows()).slice(before + 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ userId: ana.id, title: 'Cita cancelada' });
    expect(await drainPush(rec.provider)).toMatchObject({ claimed: 1, sent: 1 });
    expect(rec.sent[1]).toMatchObject({ token: 'token-de-ana', title: 'Cita cancelada' });
    // The e-mail worker does not touch push rows, and the push worker not e-mails.
    await deliverDue(db, { now: new Date(), transport: { sendMail: async () => ({}) } as never });
    expect((await pushRows()).every((p) => p.status === 'sent')).toBe(true);
  });

  it('queues nothing when the guest’s appointment is cancelled', async () => {
    const staff = await sessionFor(MARCOS);
    const corte = await serviceId('Corte de pelo');
    const date = madridDates(8, 28, [1, 2, 4, 5])[3]!;
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: corte, name: 'Paseante' }));
    expect(booked.status).toBe(201);
    const before = (await pushRows()).length;
    const r = await cancelAppointment(staff, { id: booked.body.data.event_id, employee: MARCOS, date, notes: 'No vino' });
    expect(r.status).toBe(200);
    expect(await pushRows()).toHaveLength(before);
  });
});

describe('delivery', () => {
  it('the dev provider logs what would be sent', async () => {
    const ana = (await findUserByEmail(db, tid, ANA))!;
    await db.update(users).set({ fcmToken: 'token-de-ana' }).where(eq(users.id, ana.id));
    expect(await queuePush(db, tid, { userId: ana.id, title: 'Hola', body: 'Prueba' })).toBe(true);
    const lines: string[] = [];
    expect(await drainPush(devPushProvider((l) => lines.push(l)))).toMatchObject({ claimed: 1, sent: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Hola — Prueba');
  });

  it('queues nothing for a user without a token, and marks a row sent when the token is gone by delivery', async () => {
    const ana = (await findUserByEmail(db, tid, ANA))!;
    await db.update(users).set({ fcmToken: null }).where(eq(users.id, ana.id));
    expect(await queuePush(db, tid, { userId: ana.id, title: 'Nada', body: '' })).toBe(false);
    await db.update(users).set({ fcmToken: 'token-de-ana' }).where(eq(users.id, ana.id));
    expect(await queuePush(db, tid, { userId: ana.id, title: 'Tarde', body: '' })).toBe(true);
    await db.update(users).set({ fcmToken: null }).where(eq(users.id, ana.id));
    const rec = recorder();
    expect(await drainPush(rec.provider)).toMatchObject({ claimed: 1, sent: 1 });
    expect(rec.sent).toHaveLength(0);
  });

  it.each([
    ['messaging/registration-token-not-registered'],
    ['messaging/invalid-argument'],
  ])('clears the token FCM reports invalid (%s) and fails the row', async (code) => {
    const ana = (await findUserByEmail(db, tid, ANA))!;
    await db.update(users).set({ fcmToken: 'token-caducado' }).where(eq(users.id, ana.id));
    await queuePush(db, tid, { userId: ana.id, title: 'Hola', body: 'Prueba' });
    const err = Object.assign(new Error('Requested entity was not found.'), { code });
    expect(await drainPush(recorder(err).provider)).toMatchObject({ claimed: 1, failed: 1, sent: 0 });
    expect(await tokenOf(ANA)).toBeNull();
    const [last] = (await pushRows()).slice(-1);
    expect(last).toMatchObject({ status: 'failed' });
  });

  it('retries other failures on the backoff and keeps the token', async () => {
    const ana = (await findUserByEmail(db, tid, ANA))!;
    await db.update(users).set({ fcmToken: 'token-de-ana' }).where(eq(users.id, ana.id));
    await queuePush(db, tid, { userId: ana.id, title: 'Hola', body: 'Prueba' });
    const err = Object.assign(new Error('unavailable'), { code: 'messaging/server-unavailable' });
    const now = new Date(Date.now() + 1000);
    expect(await drainPush(recorder(err).provider, now)).toMatchObject({ claimed: 1, retried: 1 });
    expect(await tokenOf(ANA)).toBe('token-de-ana');
    const rec = recorder();
    expect(await drainPush(rec.provider, new Date(now.getTime() + 2 * 60_000))).toMatchObject({ claimed: 1, sent: 1 });
  });

  it('recognises firebase-admin’s error shapes', () => {
    expect(isInvalidTokenError({ code: 'messaging/registration-token-not-registered' })).toBe(true);
    expect(isInvalidTokenError({ errorInfo: { code: 'messaging/invalid-argument' } })).toBe(true);
    expect(isInvalidTokenError({ code: 'messaging/internal-error' })).toBe(false);
    expect(isInvalidTokenError(new Error('x'))).toBe(false);
  });
});
