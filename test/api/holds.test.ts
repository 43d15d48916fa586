/**
 * Holds (beyond-the-spec section 1, `POST /api/v1/holds`): a visitor keeps a stylist's hour for 10 minutes
 * while signing in. Others do not see or get the hour (availability, holds, client and staff bookings:
 * 409); the database refuses an overlapping busy part of a live hold; the hold expires with the injected
 * clock and frees the time; a holder keeps one hold; only the holder (its browser's cookie or, once signed
 * in, its account) books with it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { GET as openLinkHandler } from '@/app/api/v1/auth/email-link/callback/route';
import { POST as requestLinkHandler } from '@/app/api/v1/auth/email-link/route';
import { POST as holdHandler } from '@/app/api/v1/holds/route';
import { SESSION_COOKIE } from '@/lib/tenant-host';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments, busySlots, holds } from '@/lib/server/db/schema';
import { claimHolds } from '@/lib/server/repositories/holds';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  availability,
  bookingBody,
  bookWith,
  createClient,
  DB_TIMEOUT,
  madridDates,
  madridInstant,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  sqlState,
  staffBookingBody,
  tenantId,
  TEST_HOUR,
  TODAY,
  UUID,
  LUCIA,
  outboxRows,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let corte: number;
let colour: number;
let tid: number;
let days: string[];
let ips = 0;

/** A holder cookie as a browser keeps it (`klok_holder=…`), read from an answer's Set-Cookie. */
function holderCookieOf(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  const match = /klok_holder=([^;]+)/.exec(set);
  if (!match) throw new Error(`no holder cookie in ${set}`);
  return `klok_holder=${match[1]}`;
}

/** `POST /api/v1/holds` from its own IP (the per-IP budget is not what these tests are about). */
function hold(cookie: string | undefined, o: { start: string; employee?: string; service?: number; services?: number[] }) {
  ips += 1;
  return call(holdHandler, {
    method: 'POST',
    path: '/api/v1/holds',
    body: { start_time: o.start, employee_id: o.employee ?? SARA, service_ids: o.services ?? [o.service ?? corte] },
    cookie,
    headers: { 'x-klok-client-ip': `10.9.${Math.floor(ips / 250)}.${ips % 250}` },
  });
}

/** The start instants Sara offers on `date` for Corte de pelo, as `cookie` sees them. */
async function startsFor(cookie: string | undefined, date: string): Promise<string[]> {
  const r = await availability(cookie, date, SARA, { serviceId: corte, serviceDuration: 30 });
  expect(r.status).toBe(200);
  return (r.body.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours.map((h) => h.start_time));
}

const at = (day: string, hhmm: string) => madridInstant(day, hhmm);

/** Asks a sign-in link from a browser (its holder cookie, if any) and opens it in `openWith`'s browser; returns the session cookie. */
async function signInByLink(email: string, o: { holdId?: string; askWith?: string; openWith?: string }): Promise<string> {
  ips += 1;
  const asked = await call(requestLinkHandler, {
    method: 'POST',
    path: '/api/v1/auth/email-link',
    body: { email, next: o.holdId ? `/reservar/confirmar?hold=${o.holdId}` : '/reservar', ...(o.holdId ? { hold_id: o.holdId } : {}) },
    cookie: o.askWith,
    headers: { 'x-klok-client-ip': `10.8.${Math.floor(ips / 250)}.${ips % 250}` },
  });
  expect(asked.status).toBe(202);
  const text = String((await outboxRows()).filter((r) => r.payload.to === email).at(-1)?.payload.text ?? '');
  const token = /callback\?token=([\w-]+)/.exec(text)![1]!;
  const opened = await call(openLinkHandler, { path: `/api/v1/auth/email-link/callback?token=${token}`, cookie: o.openWith });
  expect(opened.status).toBe(302);
  const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(opened.res.headers.get('set-cookie') ?? '')![1]!;
  return `${SESSION_COOKIE}=${session}`;
}

/** Makes `email`'s account onboarded, as a new client is once its phone is verified. */
async function onboard(email: string) {
  await createClient(email, { onboarded: true });
}

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  colour = await serviceId('Color');
  tid = await tenantId();
  days = madridDates(2, 28);
});
afterAll(closeTestDb);
afterEach(() => setTestClock(TODAY, TEST_HOUR));

describe('a visitor holds an hour', () => {
  it('answers 201 with the hold and its expiry 10 minutes ahead, and sets the httpOnly holder cookie', async () => {
    const start = at(days[0]!, '10:00');
    const r = await hold(undefined, { start });
    expect(r.status).toBe(201);
    expect(r.body.data.hold_id).toMatch(UUID);
    expect(r.body.data.expires_at).toBe(new Date(Date.parse(madridInstant(TODAY, TEST_HOUR)) + 10 * 60_000).toISOString());
    const set = r.res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/klok_holder=[A-Za-z0-9_-]{43}/);
    expect(set.toLowerCase()).toContain('httponly');
  });

  it('hides the hour from everyone else, and keeps it offered to its holder', async () => {
    const day = days[1]!;
    const start = at(day, '11:00');
    const r = await hold(undefined, { start });
    expect(r.status).toBe(201);
    const holder = holderCookieOf(r.res);
    expect(await startsFor(undefined, day)).not.toContain(start);
    const { cookie: client } = await createClient('hold-viewer@example.com', { onboarded: true });
    expect(await startsFor(client, day)).not.toContain(start);
    // 10:45 overlaps the held 11:00–11:30 too.
    expect(await startsFor(undefined, day)).not.toContain(at(day, '10:45'));
    expect(await startsFor(holder, day)).toContain(start);
  });

  it('refuses the hour to another visitor, a client and staff with 409 slot_taken', async () => {
    const day = days[2]!;
    const start = at(day, '12:00');
    expect((await hold(undefined, { start })).status).toBe(201);

    const other = await hold(undefined, { start: at(day, '12:15') });
    expect(other.status).toBe(409);
    expect(other.body.error).toEqual({ code: 'slot_taken', message: messages.errors.slotTaken });

    const { user, cookie } = await createClient('hold-rival@example.com', { onboarded: true });
    const booked = await bookWith(cookie, bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(409);
    expect(booked.body.error.code).toBe('slot_taken');

    const staff = await bookWith(await sessionFor(LUCIA), staffBookingBody({ start, employee: SARA, serviceId: corte, name: 'Sin cita' }));
    expect(staff.status).toBe(409);
    expect(staff.body.error.code).toBe('slot_taken');
  });

  it('is enforced by the database: an overlapping busy part of a live hold is refused (exclusion violation)', async () => {
    const day = days[3]!;
    const start = at(day, '16:00');
    const r = await hold(undefined, { start });
    expect(r.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(holds).where(eq(holds.id, r.body.data.hold_id));
    const state = await sqlState(() =>
      db.insert(busySlots).values({
        tenantId: tid,
        employeeId: row!.employeeId,
        holdId: row!.id,
        expiresAt: row!.expiresAt,
        startAt: new Date(Date.parse(start) + 10 * 60_000),
        endAt: new Date(Date.parse(start) + 20 * 60_000),
      }),
    );
    expect(state).toBe('23P01');
  });
});

describe('expiry', () => {
  it('frees the time 10 minutes later: offered again, and another visitor holds it', async () => {
    const day = days[4]!;
    const start = at(day, '10:30');
    expect((await hold(undefined, { start })).status).toBe(201);
    setTestClock(TODAY, '08:09');
    expect(await startsFor(undefined, day)).not.toContain(start);
    expect((await hold(undefined, { start })).status).toBe(409);
    setTestClock(TODAY, '08:10');
    expect(await startsFor(undefined, day)).toContain(start);
    const again = await hold(undefined, { start });
    expect(again.status).toBe(201);
  });

  it('lets a client book the hour of an expired hold', async () => {
    const day = days[5]!;
    const start = at(day, '17:00');
    expect((await hold(undefined, { start })).status).toBe(201);
    setTestClock(TODAY, '08:30');
    const { user, cookie } = await createClient('hold-late@example.com', { onboarded: true });
    const r = await bookWith(cookie, bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }));
    expect(r.status).toBe(201);
  });
});

describe('one hold per holder', () => {
  it('releases the earlier hold when its holder holds another hour', async () => {
    const day = days[6]!;
    const first = await hold(undefined, { start: at(day, '10:00') });
    const holder = holderCookieOf(first.res);
    const second = await hold(holder, { start: at(day, '12:00') });
    expect(second.status).toBe(201);
    // The same browser keeps its cookie: no new one is set.
    expect(second.res.headers.get('set-cookie') ?? '').not.toContain('klok_holder');
    const offered = await startsFor(undefined, day);
    expect(offered).toContain(at(day, '10:00'));
    expect(offered).not.toContain(at(day, '12:00'));
  });
});

describe('booking with the hold', () => {
  it('books the held hour for the signed-in holder and marks the hold booked', async () => {
    const day = days[7]!;
    const start = at(day, '13:00');
    const held = await hold(undefined, { start });
    const holder = holderCookieOf(held.res);
    const { user, cookie } = await createClient('hold-owner@example.com', { onboarded: true });
    const body = { ...bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }), hold_id: held.body.data.hold_id };
    const r = await bookWith(`${cookie}; ${holder}`, body);
    expect(r.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(holds).where(eq(holds.id, held.body.data.hold_id));
    expect(row!.appointmentId).toBe(r.body.data.event_id);
    const parts = await db.select().from(busySlots).where(and(eq(busySlots.tenantId, tid), eq(busySlots.holdId, held.body.data.hold_id)));
    expect(parts).toEqual([]);
    const [appointment] = await db.select().from(appointments).where(eq(appointments.id, r.body.data.event_id));
    expect(appointment!.startAt.toISOString()).toBe(start);
  });

  it('books from another device once the sign-in gave the account the hold', async () => {
    const day = days[8]!;
    const start = at(day, '16:30');
    const held = await hold(undefined, { start });
    const { user, cookie } = await createClient('hold-phone@example.com', { onboarded: true });
    const body = { ...bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }), hold_id: held.body.data.hold_id };
    // Without the browser's cookie and before the account has it, the hold stands in the way.
    expect((await bookWith(cookie, body)).status).toBe(409);
    await claimHolds(await getDb(), tid, user.id, { holdId: held.body.data.hold_id });
    const r = await bookWith(cookie, body);
    expect(r.status).toBe(201);
  });

  it('gives nothing to another client: someone else\u2019s hold_id is no way around the hold', async () => {
    const day = days[9]!;
    const start = at(day, '10:00');
    const held = await hold(undefined, { start });
    const { user, cookie } = await createClient('hold-thief@example.com', { onboarded: true });
    const body = { ...bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }), hold_id: held.body.data.hold_id };
    const r = await bookWith(cookie, body);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
    const db = await getDb();
    const [row] = await db.select().from(holds).where(eq(holds.id, held.body.data.hold_id));
    expect(row!.appointmentId).toBeNull();
  });

  it('refuses a booking that does not match the held hour with 422, keeping the hold', async () => {
    const day = days[10]!;
    const held = await hold(undefined, { start: at(day, '10:00') });
    const holder = holderCookieOf(held.res);
    const { user, cookie } = await createClient('hold-other-hour@example.com', { onboarded: true });
    const body = {
      ...bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start: at(day, '16:00'), employee: SARA, serviceId: corte }),
      hold_id: held.body.data.hold_id,
    };
    const r = await bookWith(`${cookie}; ${holder}`, body);
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe(messages.errors.holdMismatch);
    expect(await startsFor(undefined, day)).not.toContain(at(day, '10:00'));
  });
});

describe('the rules of a bookable hour', () => {
  it('refuses staff (403), the past, beyond 30 days and hours off the grid (422), an unknown stylist (404)', async () => {
    const staff = await hold(await sessionFor(LUCIA), { start: at(days[11]!, '10:00') });
    expect(staff.status).toBe(403);
    expect((await hold(undefined, { start: madridInstant(TODAY, '07:00') })).status).toBe(422);
    const far = madridDates(35, 45)[0]!;
    expect((await hold(undefined, { start: at(far, '10:00') })).status).toBe(422);
    expect((await hold(undefined, { start: at(days[11]!, '10:05') })).status).toBe(422);
    expect((await hold(undefined, { start: at(days[11]!, '10:00'), employee: 'nadie@klok.demo' })).status).toBe(404);
  });
});

describe('signing in keeps the hold', () => {
  const bodyFor = async (email: string, start: string, holdId: string) => {
    const { user } = await createClient(email, { onboarded: true });
    return { ...bookingBody({ email: user.email, id: user.id, name: user.name ?? '' }, { start, employee: SARA, serviceId: corte }), hold_id: holdId };
  };

  it('an e-mail link asked with the hold gives it to the account that opens it on another device', async () => {
    const start = at(days[12]!, '10:00');
    const held = await hold(undefined, { start });
    const holder = holderCookieOf(held.res);
    const email = 'hold-link@example.com';
    const session = await signInByLink(email, { holdId: held.body.data.hold_id, askWith: holder });
    const body = await bodyFor(email, start, held.body.data.hold_id);
    expect((await bookWith(session, body)).status).toBe(201);
  });

  it('a link asked with someone else\u2019s hold gives nothing', async () => {
    const start = at(days[13]!, '10:00');
    const held = await hold(undefined, { start });
    const email = 'hold-link-thief@example.com';
    const session = await signInByLink(email, { holdId: held.body.data.hold_id });
    await onboard(email);
    const body = await bodyFor(email, start, held.body.data.hold_id);
    const r = await bookWith(session, body);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
  });

  it('a link opened in the holding browser gives the account that browser\u2019s hold', async () => {
    const start = at(days[14]!, '10:00');
    const held = await hold(undefined, { start });
    const holder = holderCookieOf(held.res);
    const email = 'hold-same-browser@example.com';
    const session = await signInByLink(email, { askWith: holder, openWith: holder });
    const body = await bodyFor(email, start, held.body.data.hold_id);
    // The session alone (no holder cookie) books it: the account holds it now.
    expect((await bookWith(session, body)).status).toBe(201);
  });
});

describe('holds of a visit', () => {
  /** A visit booking body of `user` with a hold. */
  const visitBooking = (user: { email: string; id: string; name: string | null }, o: { start: string; employee: string; services: number[]; holdId: string }) => ({
    start_time: o.start,
    facility_id: 1,
    employee_id: o.employee,
    service_ids: o.services,
    client_id: user.email,
    user_id: user.id,
    user_name: user.name ?? '',
    hold_id: o.holdId,
  });

  it('holds every service of a visit with its stylist, hides the whole visit from others, and books it for the holder', async () => {
    const day = days[15]!;
    const start = at(day, '10:00');
    const held = await hold(undefined, { start, employee: SARA, services: [corte, colour] });
    expect(held.status).toBe(201);
    const db = await getDb();
    const parts = await db.select().from(busySlots).where(and(eq(busySlots.tenantId, tid), eq(busySlots.holdId, held.body.data.hold_id)));
    // Color (75 minutes with its processing gap free) then Corte de pelo: Sara's busy parts end at 11:45.
    expect(Math.max(...parts.map((p) => p.endAt.getTime()))).toBe(Date.parse(at(day, '11:45')));
    // The cut's start (11:15) is taken for everyone else.
    expect(await startsFor(undefined, day)).not.toContain(at(day, '11:15'));

    const holder = holderCookieOf(held.res);
    const { user, cookie } = await createClient('hold-visit@example.com', { onboarded: true });
    // A hold of another visit (one service) is refused and kept.
    const other = await bookWith(`${cookie}; ${holder}`, visitBooking(user, { start, employee: SARA, services: [colour], holdId: held.body.data.hold_id }));
    expect(other.status).toBe(422);
    const r = await bookWith(`${cookie}; ${holder}`, visitBooking(user, { start, employee: SARA, services: [colour, corte], holdId: held.body.data.hold_id }));
    expect(r.status).toBe(201);
    expect(r.body.data.appointments).toHaveLength(2);
    const [row] = await db.select().from(holds).where(eq(holds.id, held.body.data.hold_id));
    expect(row!.appointmentId).toBe(r.body.data.event_id);
    expect(await db.select().from(busySlots).where(and(eq(busySlots.tenantId, tid), eq(busySlots.holdId, held.body.data.hold_id)))).toEqual([]);
  });

  it('holds "Cualquier estilista" on a free stylist, and the holder books it with any', async () => {
    const day = days[16]!;
    const start = at(day, '12:00');
    const held = await hold(undefined, { start, employee: 'any', services: [colour] });
    expect(held.status).toBe(201);
    const holder = holderCookieOf(held.res);
    const { user, cookie } = await createClient('hold-any@example.com', { onboarded: true });
    // A named stylist does not book a hold asked for anyone.
    const named = await bookWith(`${cookie}; ${holder}`, visitBooking(user, { start, employee: SARA, services: [colour], holdId: held.body.data.hold_id }));
    expect(named.status).toBe(422);
    const r = await bookWith(`${cookie}; ${holder}`, visitBooking(user, { start, employee: 'any', services: [colour], holdId: held.body.data.hold_id }));
    expect(r.status).toBe(201);
    expect([SARA, LUCIA]).toContain(r.body.data.appointments[0].employee_id);
  });

  it('refuses a visit hold whose second service finds its stylist held (409)', async () => {
    const day = days[17]!;
    // Sara's 11:15 is held by another visitor: her colour at 10:00 leaves the cut nowhere to go.
    const start = at(day, '10:00');
    const first = await hold(undefined, { start: at(day, '11:15'), employee: SARA, service: corte });
    expect(first.status).toBe(201);
    const r = await hold(undefined, { start, employee: SARA, services: [colour, corte] });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('slot_taken');
  });
});
