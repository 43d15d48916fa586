/**
 * Confirm or release (beyond-the-spec section 3), with an injected clock: each client booking made before its
 * cut-off waits for the client's confirmation; the worker's scan (`queueDueConfirmations`) sends the request
 * with an action link at T−48 h (at once when booked later, never between 22:00 and 09:00), the 24-hour
 * reminder carries a link too, and at the cut-off (T−12 h, 21:30 the evening before when that falls in the
 * night) an unconfirmed appointment of a `nuevo` client is released while a `fiable` one keeps its place
 * "Sin confirmar". Action links (`GET/POST /api/v1/actions/{token}`) confirm or cancel without a session.
 */
import { and, eq } from 'drizzle-orm';
import { GET as getAction, POST as postAction } from '@/app/api/v1/actions/[token]/route';
import { PATCH as patchSettings } from '@/app/api/v1/facility/[facilityId]/settings/route';
import { PATCH as moveHandler } from '@/app/api/v1/schedules/move/appointment/route';
import { DELETE as deleteUser, GET as getUser } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { activities, appointments, users } from '@/lib/server/db/schema';
import { queueDueConfirmations } from '@/lib/server/notifications/confirmations';
import { queueDueReminders } from '@/lib/server/notifications/reminders';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  book,
  bookingBody,
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  insertAppointmentRow,
  LUCIA,
  madridInstant,
  offeredHours,
  outboxRows,
  pinTestClock,
  SARA,
  MARCOS,
  serviceId,
  setTestClock,
  staffBookingBody,
  TEST_HOUR,
  TODAY,
  bookWith,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
// Monday 2027-05-03 at 08:00 Madrid.
pinTestClock();

let corte: number;
let staff: string;
let n = 0;

const MON = TODAY;
const TUE = dayFromToday(1);
const WED = dayFromToday(2);
const THU = dayFromToday(3);
const FRI = dayFromToday(4);

const at = (date: string, hhmm: string) => Date.parse(madridInstant(date, hhmm));
const scan = async (date: string, hhmm: string) => queueDueConfirmations(await getDb(), at(date, hhmm));

const newClient = async () => {
  n += 1;
  return createClient(`confirma${n}@example.com`, { name: `Cliente Confirma ${n}`, onboarded: true, allowance: 5 });
};

/** A past appointment of the client, ended days ago and unmarked: attended (the client is `fiable`); each on its own day. */
const madeFiable = (email: string) => insertAppointmentRow({ employee: MARCOS, client: email, start: madridInstant(dayFromToday(-20 - n), '10:00'), minutes: 30 });

/** The client books Corte with `employee` at `date` `hhmm` (clock at `now`); returns the appointment id. */
async function clientBooks(c: Awaited<ReturnType<typeof newClient>>, employee: string, date: string, hhmm: string): Promise<string> {
  const start = madridInstant(date, hhmm);
  const r = await book(c.cookie, bookingBody(c.user, { start, employee, serviceId: corte }));
  if (r.status !== 201) throw new Error(`booking ${date} ${hhmm} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data.event_id as string;
}

const row = async (id: string) => {
  const [r] = await (await getDb()).select().from(appointments).where(eq(appointments.id, id));
  return r!;
};

type Payload = { to: string; subject: string; text: string };
const mailsTo = async (email: string) => (await outboxRows()).map((o) => o.payload as Payload).filter((p) => p.to === email);
/** The token of the last action link e-mailed to `email`. */
const lastToken = async (email: string) => {
  const tokens = (await mailsTo(email)).flatMap((p) => [...p.text.matchAll(/\/c\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
  expect(tokens.length).toBeGreaterThan(0);
  return tokens[tokens.length - 1]!;
};

const view = (token: string) => call(getAction, { path: `/api/v1/actions/${token}`, params: { token } });
const act = (token: string, action: string) => call(postAction, { method: 'POST', path: `/api/v1/actions/${token}`, params: { token }, body: { action } });

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  staff = await sessionFor(LUCIA);
});
afterAll(closeTestDb);
afterEach(() => setTestClock(TODAY, TEST_HOUR));

describe('the timeline of a booking', () => {
  it('asks 48 hours before, reminds at 24 hours with a link, and releases a new client’s unconfirmed appointment at the cut-off', async () => {
    const c = await newClient();
    // Thursday 10:00: request Tuesday 10:00; the cut-off (Wednesday 22:00) moves to 21:30.
    const id = await clientBooks(c, SARA, THU, '10:00');
    const booked = await row(id);
    expect(booked.confirmation).toBe('pending');
    expect(booked.confirmationCutoffAt!.toISOString()).toBe(madridInstant(WED, '21:30'));

    await scan(TUE, '09:59');
    expect((await row(id)).confirmationRequestedAt).toBeNull();
    expect((await scan(TUE, '10:00')).requested).toBeGreaterThanOrEqual(1);
    const request = (await mailsTo(c.user.email)).find((m) => m.subject.startsWith('Confirma tu cita'));
    expect(request).toBeDefined();
    expect(request!.text).toContain('http://localhost:3000/c/');
    expect(request!.text).toContain('liberaremos la hora');
    // A second pass does not ask again.
    await scan(TUE, '10:05');
    expect((await mailsTo(c.user.email)).filter((m) => m.subject.startsWith('Confirma tu cita'))).toHaveLength(1);

    // The 24-hour reminder asks again, with a link of its own.
    await queueDueReminders(await getDb(), at(WED, '10:00'));
    const reminder = (await mailsTo(c.user.email)).find((m) => m.subject.startsWith('Recordatorio'));
    expect(reminder!.text).toContain('Todavía no nos has confirmado');
    expect(reminder!.text).toMatch(/\/c\/[A-Za-z0-9_-]{43}/);

    await scan(WED, '21:29');
    expect((await row(id)).status).toBe('pending');
    await scan(WED, '21:30');
    const released = await row(id);
    expect(released).toMatchObject({ status: 'cancelled', notes: 'Sin confirmar', cancelledVia: 'release', cancelledBy: null, lateCancellation: false });
    expect((await mailsTo(c.user.email)).some((m) => m.subject.startsWith('Hemos liberado tu cita'))).toBe(true);
    const db = await getDb();
    const feed = await db.select().from(activities).where(eq(activities.type, 'appointment_released'));
    expect(feed.filter((a) => (a.data as { id?: string }).id === id)).toHaveLength(1);
    // The hour is free for someone else.
    setTestClock(WED, '21:31');
    const other = await newClient();
    expect((await offeredHours(other.cookie, THU, SARA, { serviceDuration: 30, serviceId: corte })).map((h) => h.start_time)).toContain(madridInstant(THU, '10:00'));
  });

  it('keeps a fiable client’s unconfirmed appointment, marked "Sin confirmar" on the agenda', async () => {
    const c = await newClient();
    await madeFiable(c.user.email);
    const id = await clientBooks(c, SARA, THU, '11:00');
    await scan(TUE, '11:00');
    const request = (await mailsTo(c.user.email)).find((m) => m.subject.startsWith('Confirma tu cita'));
    expect(request!.text).not.toContain('liberaremos');
    expect((await scan(WED, '21:30')).released).toBe(0);
    const kept = await row(id);
    expect(kept.status).toBe('pending');
    expect(kept.confirmation).toBe('pending');
    const day = await agendaDay(staff, THU, SARA);
    const shown = day.appointments.find((a) => a.id === id) as unknown as { confirmation: string; confirmation_cutoff_time: string; client_tier: string };
    expect(shown).toMatchObject({ confirmation: 'pending', confirmation_cutoff_time: madridInstant(WED, '21:30'), client_tier: 'fiable' });
  });

  it('asks at once when booked 30 hours before, never between 22:00 and 09:00, and not at all 3 hours before', async () => {
    const c = await newClient();
    setTestClock(TUE, '10:00');
    const soon = await clientBooks(c, SARA, WED, '16:00');
    await scan(TUE, '10:00');
    expect((await row(soon)).confirmationRequestedAt!.toISOString()).toBe(madridInstant(TUE, '10:00'));

    // Booked at 23:00 for 35 hours later: the request waits for 09:00.
    const night = await newClient();
    setTestClock(MON, '23:00');
    const late = await clientBooks(night, SARA, WED, '10:00');
    await scan(MON, '23:00');
    await scan(TUE, '08:59');
    expect((await row(late)).confirmationRequestedAt).toBeNull();
    await scan(TUE, '09:00');
    expect((await row(late)).confirmationRequestedAt!.toISOString()).toBe(madridInstant(TUE, '09:00'));

    setTestClock(WED, '13:00');
    const lastMinute = await clientBooks(await newClient(), SARA, WED, '16:30');
    expect((await row(lastMinute)).confirmation).toBe('not_required');
  });

  it('needs no confirmation for the guest; staff bookings for a client need one', async () => {
    const guest = await bookWith(staff, staffBookingBody({ start: madridInstant(FRI, '10:00'), employee: SARA, serviceId: corte, email: null, name: 'Paseante' }));
    expect(guest.status).toBe(201);
    expect((await row(guest.body.data.event_id)).confirmation).toBe('not_required');
    const c = await newClient();
    const forClient = await bookWith(staff, staffBookingBody({ start: madridInstant(FRI, '10:30'), employee: SARA, serviceId: corte, email: c.user.email, name: c.user.name }));
    expect(forClient.body).toEqual(expect.objectContaining({ data: expect.anything() }));
    expect((await row(forClient.body.data.event_id)).confirmation).toBe('pending');
  });

  it('releases once with two workers at the cut-off', async () => {
    const c = await newClient();
    const id = await clientBooks(c, MARCOS, THU, '17:00');
    await scan(TUE, '17:00');
    await scan(WED, '21:29');
    const db = await getDb();
    const runs = await Promise.all([queueDueConfirmations(db, at(WED, '21:30')), queueDueConfirmations(db, at(WED, '21:30'))]);
    expect(runs.reduce((s, r) => s + r.released, 0)).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('cancelled');
    const feed = await db.select().from(activities).where(eq(activities.type, 'appointment_released'));
    expect(feed.filter((a) => (a.data as { id?: string }).id === id)).toHaveLength(1);
    expect((await mailsTo(c.user.email)).filter((m) => m.subject.startsWith('Hemos liberado'))).toHaveLength(1);
  });

  it('plans again after a move; a move to after the new cut-off needs no confirmation', async () => {
    const c = await newClient();
    const id = await clientBooks(c, SARA, FRI, '12:00');
    const moved = await call(moveHandler, {
      method: 'PATCH',
      path: '/api/v1/schedules/move/appointment',
      body: { appointment_id: id, start_time: madridInstant(FRI, '09:30'), employee_id: SARA },
      cookie: staff,
    });
    expect(moved.status).toBe(200);
    expect((await row(id)).confirmationCutoffAt!.toISOString()).toBe(madridInstant(THU, '21:30'));
    setTestClock(FRI, '08:00');
    const again = await call(moveHandler, {
      method: 'PATCH',
      path: '/api/v1/schedules/move/appointment',
      body: { appointment_id: id, start_time: madridInstant(FRI, '12:00'), employee_id: SARA },
      cookie: staff,
    });
    expect(again.status).toBe(200);
    expect(await row(id)).toMatchObject({ confirmation: 'not_required', confirmationStepAt: null });
  });
});

describe('pushes', () => {
  it('a client with a push token gets the request as a push that opens its link, and the release', async () => {
    const c = await newClient();
    await (await getDb()).update(users).set({ fcmToken: 'token-confirma' }).where(eq(users.id, c.user.id));
    await clientBooks(c, MARCOS, FRI, '11:30');
    await scan(WED, '11:30');
    await scan(THU, '21:30');
    const pushes = (await outboxRows()).filter((o) => o.kind === 'push' && (o.payload as { userId: string }).userId === c.user.id);
    const payloads = pushes.map((o) => o.payload as { title: string; data?: { url?: string } });
    expect(payloads.map((p) => p.title)).toEqual(['Confirma tu cita', 'Cita liberada']);
    expect(payloads[0]!.data!.url).toMatch(/^\/c\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('a visit of several services', () => {
  it('gets one request; its link confirms every service, and the cut-off releases them together', async () => {
    const peinado = await serviceId('Peinado');
    const visit = async (c: Awaited<ReturnType<typeof newClient>>, hhmm: string) => {
      const r = await book(c.cookie, { ...bookingBody(c.user, { start: madridInstant(FRI, hhmm), employee: SARA, serviceId: corte }), service_id: undefined, service_ids: [corte, peinado] });
      expect(r.status).toBe(201);
      return (r.body.data.appointments as { id: string }[]).map((a) => a.id);
    };
    const a = await newClient();
    const confirmedIds = await visit(a, '17:00');
    const b = await newClient();
    const releasedIds = await visit(b, '18:30');
    await scan(WED, '18:30');
    expect((await mailsTo(a.user.email)).filter((m) => m.subject.startsWith('Confirma tu cita'))).toHaveLength(1);
    setTestClock(WED, '19:00');
    expect((await act(await lastToken(a.user.email), 'confirm')).body.data.services).toHaveLength(2);
    for (const id of confirmedIds) expect((await row(id)).confirmation).toBe('confirmed');
    await scan(THU, '21:30');
    for (const id of releasedIds) expect(await row(id)).toMatchObject({ status: 'cancelled', cancelledVia: 'release' });
    for (const id of confirmedIds) expect((await row(id)).status).toBe('pending');
    expect((await mailsTo(b.user.email)).filter((m) => m.subject.startsWith('Hemos liberado'))).toHaveLength(1);
  });
});

describe('action links', () => {
  it('confirms without a session, answers the same when repeated, then "No puedo ir" cancels and frees the hour', async () => {
    const c = await newClient();
    const id = await clientBooks(c, SARA, THU, '12:00');
    await scan(TUE, '12:00');
    const token = await lastToken(c.user.email);
    setTestClock(TUE, '12:10');

    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ purpose: 'appointment', state: 'pending', late: false, client_name: 'Cliente Confirma ' + n });
    expect(shown.body.data.services).toEqual([
      { name: 'Corte de pelo', employee_name: expect.any(String), start_time: madridInstant(THU, '12:00'), end_time: expect.any(String) },
    ]);

    const confirmed = await act(token, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.state).toBe('confirmed');
    expect((await act(token, 'confirm')).body).toEqual(confirmed.body);
    expect(await row(id)).toMatchObject({ confirmation: 'confirmed', confirmationStepAt: null });
    // A confirmed appointment is never released.
    expect((await scan(WED, '21:30')).released).toBe(0);
    expect((await row(id)).status).toBe('pending');

    setTestClock(WED, '10:00');
    const cancelled = await act(token, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', late: false });
    expect((await act(token, 'cancel')).body).toEqual(cancelled.body);
    expect(await row(id)).toMatchObject({ status: 'cancelled', cancelledVia: 'client_link', lateCancellation: false, cancelledBy: c.user.id });
    const refused = await act(token, 'confirm');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.errors.actionAppointmentGone);
    const db = await getDb();
    const feed = await db.select().from(activities).where(and(eq(activities.type, 'client_cancelled')));
    expect(feed.filter((a) => (a.data as { id?: string }).id === id)).toHaveLength(1);
    expect((await offeredHours(c.cookie, THU, SARA, { serviceDuration: 30, serviceId: corte })).map((h) => h.start_time)).toContain(madridInstant(THU, '12:00'));
  });

  it('counts "No puedo ir" after the cut-off as a late cancellation', async () => {
    const c = await newClient();
    await madeFiable(c.user.email);
    const id = await clientBooks(c, MARCOS, THU, '12:00');
    await scan(TUE, '12:00');
    const token = await lastToken(c.user.email);
    await scan(WED, '21:30');
    setTestClock(THU, '09:00');
    expect((await view(token)).body.data).toMatchObject({ state: 'pending', late: true });
    const r = await act(token, 'cancel');
    expect(r.body.data).toMatchObject({ state: 'cancelled', late: true });
    expect((await row(id)).lateCancellation).toBe(true);
    const user = await call(getUser, { path: `/api/v1/users/${c.user.email}`, params: { email: c.user.email }, cookie: staff });
    expect(user.body.data.reliability).toMatchObject({ late_cancellations: 1 });
  });

  it('answers 404 to an unknown token, 422 to a claim, and 410 once the appointment has started', async () => {
    const c = await newClient();
    await clientBooks(c, SARA, THU, '13:00');
    await scan(TUE, '13:00');
    const token = await lastToken(c.user.email);
    const unknown = 'A'.repeat(43);
    expect((await view(unknown)).status).toBe(404);
    expect((await act(unknown, 'confirm')).status).toBe(404);
    expect((await view('short')).status).toBe(400);
    const claim = await act(token, 'claim');
    expect(claim.status).toBe(422);
    expect(claim.body.error.message).toBe(messages.errors.actionNotForLink);
    setTestClock(THU, '13:00');
    const expired = await act(token, 'confirm');
    expect(expired.status).toBe(410);
    expect(expired.body.error).toEqual({ code: 'link_expired', message: messages.errors.actionLinkExpired });
    expect((await view(token)).status).toBe(410);
  });
});

describe('a client\u2019s deletion', () => {
  it('takes its action links with it', async () => {
    const c = await newClient();
    await clientBooks(c, SARA, FRI, '16:00');
    await scan(WED, '16:00');
    const token = await lastToken(c.user.email);
    expect((await view(token)).status).toBe(200);
    const deleted = await call(deleteUser, { method: 'DELETE', path: `/api/v1/users/${c.user.email}`, params: { email: c.user.email }, cookie: staff });
    expect(deleted.status).toBe(200);
    expect((await view(token)).status).toBe(404);
  });
});

describe('settings', () => {
  const patch = (body: unknown) => call(patchSettings, { method: 'PATCH', path: '/api/v1/facility/1/settings', params: { facilityId: '1' }, body, cookie: staff });

  it('turns confirm or release off for new bookings, and refuses hours out of range', async () => {
    expect((await patch({ confirmation: { cutoff_hours: 30 } })).status).toBe(400);
    expect((await patch({ confirmation: { request_hours: 24 } })).status).toBe(400);
    const off = await patch({ confirmation: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.confirmation).toEqual({ enabled: false, request_hours: 48, cutoff_hours: 12 });
    try {
      const id = await clientBooks(await newClient(), MARCOS, FRI, '11:00');
      expect((await row(id)).confirmation).toBe('not_required');
    } finally {
      expect((await patch({ confirmation: { enabled: true } })).status).toBe(200);
    }
    const changed = await patch({ confirmation: { cutoff_hours: 24, request_hours: 72 } });
    expect(changed.body.data.confirmation).toEqual({ enabled: true, request_hours: 72, cutoff_hours: 24 });
    try {
      const id = await clientBooks(await newClient(), MARCOS, FRI, '12:00');
      expect((await row(id)).confirmationCutoffAt!.toISOString()).toBe(madridInstant(THU, '12:00'));
    } finally {
      await patch({ confirmation: { cutoff_hours: 12, request_hours: 48 } });
    }
  });
});
