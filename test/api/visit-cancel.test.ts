/**
 * A visit of several services in the staff agenda and its cancellation (beyond-the-spec section 2): the
 * agenda answers each service of a visit of two or more with its place (`visit.position` of `visit.size`)
 * and the visit's services; `PATCH /schedules/cancel/appointment` cancels one service, or with
 * `whole_visit: true` every service of the visit still to come in one transaction, freeing their time, with
 * one e-mail for the visit. Only staff cancel, as for one appointment. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { GET as getAvailable } from '@/app/api/v1/facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import { PATCH as cancelHandler } from '@/app/api/v1/schedules/cancel/appointment/route';
import { PATCH as moveHandler } from '@/app/api/v1/schedules/move/appointment/route';
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { busySlots } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  agendaDay,
  appointmentState,
  bookWith,
  createClient,
  DB_TIMEOUT,
  listActivities,
  LUCIA,
  madridDates,
  madridHHmm,
  madridInstant,
  MARCOS,
  outboxRows,
  pinTestClock,
  salon2StaffSession,
  SALON2,
  SARA,
  seedSalon2,
  serviceId,
  setTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

let colour: number;
let corte: number;
let staff: string;
let days: string[];
let n = 0;

type Client = Awaited<ReturnType<typeof createClient>>;
type Part = { id: string; service_id: number; employee_id: string; start_time: string; end_time: string };
type Visit = { client: Client; visitId: string; parts: Part[]; date: string };

/** A new onboarded client who books Color then Corte de pelo with `stylist` at `hhmm` on `date` (a visit of two). */
async function bookVisit(date: string, hhmm: string, stylist = SARA): Promise<Visit> {
  n += 1;
  const client = await createClient(`anular${n}@example.com`, { name: `Cliente Anular ${n}`, onboarded: true });
  const r = await bookWith(client.cookie, {
    start_time: madridInstant(date, hhmm),
    facility_id: 1,
    employee_id: stylist,
    service_ids: [colour, corte],
    client_id: client.user.email,
    user_id: client.user.id,
    user_name: client.user.name,
  });
  expect(r.status).toBe(201);
  const parts = r.body.data.appointments as Part[];
  expect(parts).toHaveLength(2);
  return { client, visitId: r.body.data.visit_id, parts, date };
}

/** `PATCH /schedules/cancel/appointment` as the agenda sends it, with `whole_visit` when asked. */
function cancel(cookie: string | undefined, id: string, o: { wholeVisit?: unknown; notes?: string } = {}) {
  return call(cancelHandler, {
    method: 'PATCH',
    path: '/api/v1/schedules/cancel/appointment',
    body: { appointment_id: id, facility_id: 1, ...(o.notes ? { notes: o.notes } : {}), ...(o.wholeVisit !== undefined ? { whole_visit: o.wholeVisit } : {}) },
    cookie,
  });
}

/** The visit's starts (Madrid HH:mm) a client is offered for Color then Corte de pelo with `stylist`. */
async function visitStarts(cookie: string, date: string, stylist = SARA): Promise<string[]> {
  const r = await call(getAvailable, {
    path: `/api/v1/facility/1/${date}/${encodeURIComponent(stylist)}/appointments/available?services=${colour},${corte}`,
    params: { facilityId: '1', date, employeeEmail: stylist },
    cookie,
  });
  expect(r.status).toBe(200);
  return (r.body.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours.map((h) => madridHHmm(h.start_time)));
}

const statusOf = async (id: string) => (await appointmentState(id)).row!.status;
const activeParts = async (id: string) => {
  const db = await getDb();
  return (await db.select().from(busySlots).where(and(eq(busySlots.appointmentId, id), eq(busySlots.active, true)))).length;
};
const pendingIds = async (c: Client) => {
  const r = await call(getPending, { path: `/api/v1/users/${c.user.email}/appointments/pending`, params: { email: c.user.email }, cookie: staff });
  expect(r.status).toBe(200);
  return (r.body.items as { id: string }[]).map((a) => a.id);
};
const mailsTo = async (email: string) => (await outboxRows()).filter((m) => m.kind === 'email' && m.payload.to === email);
const cancellationsOf = async (ids: string[]) =>
  (await listActivities(staff)).filter((a) => a.type === 'appointment_cancelled' && ids.includes(a.data.id as string));

beforeAll(async () => {
  await openTestDb();
  colour = await serviceId('Color');
  corte = await serviceId('Corte de pelo');
  staff = await sessionFor(MARCOS);
  // Weekdays every stylist works, clear of the seed's demo appointments, inside the client's 30 days.
  days = madridDates(8, 29, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('the agenda labels a visit’s services', () => {
  it('answers each service of a visit of two with its place and the visit’s services in order; an appointment alone without', async () => {
    const v = await bookVisit(days[0]!, '10:00');
    const day = await agendaDay(staff, v.date, SARA);
    const listed = day.appointments.filter((a) => v.parts.some((p) => p.id === a.id)) as unknown as { id: string; visit?: unknown }[];
    const expectedParts = v.parts.map((p, i) => ({
      id: p.id,
      service_name: i === 0 ? 'Color' : 'Corte de pelo',
      employee_id: SARA,
      employee_name: 'Sara López',
      start_time: p.start_time,
      end_time: p.end_time,
    }));
    expect(listed.map((a) => [a.id, a.visit])).toEqual([
      [v.parts[0]!.id, { position: 1, size: 2, parts: expectedParts }],
      [v.parts[1]!.id, { position: 2, size: 2, parts: expectedParts }],
    ]);
  });

  it('counts a service moved to another stylist and date', async () => {
    const v = await bookVisit(days[10]!, '10:00');
    const to = madridInstant(days[11]!, '12:00');
    const moved = await call(moveHandler, {
      method: 'PATCH',
      path: '/api/v1/schedules/move/appointment',
      body: { appointment_id: v.parts[1]!.id, start_time: to, employee_id: MARCOS },
      cookie: staff,
    });
    expect(moved.status).toBe(200);
    const first = (await agendaDay(staff, v.date, SARA)).appointments.find((a) => a.id === v.parts[0]!.id) as unknown as {
      visit: { position: number; size: number; parts: { id: string; employee_id: string; start_time: string }[] };
    };
    expect(first.visit).toMatchObject({ position: 1, size: 2 });
    expect(first.visit.parts.map((p) => [p.id, p.employee_id, p.start_time])).toEqual([
      [v.parts[0]!.id, SARA, v.parts[0]!.start_time],
      [v.parts[1]!.id, MARCOS, to],
    ]);
    const second = (await agendaDay(staff, days[11]!, MARCOS)).appointments.find((a) => a.id === v.parts[1]!.id) as unknown as { visit: unknown };
    expect(second.visit).toMatchObject({ position: 2, size: 2 });
  });

  it('leaves out cancelled services', async () => {
    const v = await bookVisit(days[1]!, '10:00');
    expect((await cancel(staff, v.parts[0]!.id)).status).toBe(200);
    const day = await agendaDay(staff, v.date, SARA);
    const left = day.appointments.find((a) => a.id === v.parts[1]!.id) as unknown as { visit?: unknown };
    // What is left of the visit is a visit of one: no label.
    expect(left).not.toHaveProperty('visit');
    const gone = day.appointments.find((a) => a.id === v.parts[0]!.id) as unknown as { status: string; visit?: unknown };
    expect(gone.status).toBe('cancelled');
    expect(gone).not.toHaveProperty('visit');
  });
});

describe('cancelling the whole visit', () => {
  let v: Visit;
  let mailsBefore: number;
  const reason = 'La estilista está enferma';

  beforeAll(async () => {
    v = await bookVisit(days[2]!, '10:00');
    expect(await visitStarts(v.client.cookie, v.date)).not.toContain('10:00');
    mailsBefore = (await mailsTo(v.client.user.email)).length;
    // Named by its second service: the whole visit goes.
    const r = await cancel(staff, v.parts[1]!.id, { wholeVisit: true, notes: reason });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { id: v.parts[1]!.id } });
  });

  it('cancels every service and frees their busy parts', async () => {
    for (const p of v.parts) {
      expect(await statusOf(p.id)).toBe('cancelled');
      expect(await activeParts(p.id)).toBe(0);
      expect((await appointmentState(p.id)).row!.notes).toBe(reason);
    }
    expect(await pendingIds(v.client)).toEqual([]);
  });

  it('offers the visit’s start again', async () => {
    expect(await visitStarts(v.client.cookie, v.date)).toContain('10:00');
  });

  it('queues one e-mail describing the visit, with the reason', async () => {
    const mails = await mailsTo(v.client.user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail.payload.subject).toBe('Tu cita en Klok Peluquería ha sido cancelada');
    const text = String(mail.payload.text);
    expect(text).toContain('Color, Corte de pelo');
    expect(text).toContain('Sara López');
    expect(text).toContain('a las 10:00');
    expect(text).toContain(`Motivo: ${reason}`);
  });

  it('writes one appointment_cancelled activity per service', async () => {
    const found = await cancellationsOf(v.parts.map((p) => p.id));
    expect(found.map((a) => a.data.service_name).sort()).toEqual(['Color', 'Corte de pelo']);
  });

  it('answers 409 when asked again and changes nothing', async () => {
    const outbox = (await outboxRows()).length;
    const r = await cancel(staff, v.parts[0]!.id, { wholeVisit: true });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'conflict', message: messages.errors.alreadyCancelled });
    expect((await outboxRows()).length).toBe(outbox);
  });
});

describe('cancelling one service of a visit', () => {
  it('cancels that service only: the other stays pending with its time, one e-mail naming the one service', async () => {
    const v = await bookVisit(days[3]!, '16:00');
    const before = (await mailsTo(v.client.user.email)).length;
    const r = await cancel(staff, v.parts[0]!.id);
    expect(r.status).toBe(200);
    expect(await statusOf(v.parts[0]!.id)).toBe('cancelled');
    expect(await activeParts(v.parts[0]!.id)).toBe(0);
    expect(await statusOf(v.parts[1]!.id)).toBe('pending');
    expect(await activeParts(v.parts[1]!.id)).toBeGreaterThan(0);
    expect(await pendingIds(v.client)).toEqual([v.parts[1]!.id]);
    const mails = await mailsTo(v.client.user.email);
    expect(mails).toHaveLength(before + 1);
    const text = String(mails[mails.length - 1]!.payload.text);
    expect(text).toContain('Tu cita de Color con Sara López');
    expect(text).not.toContain('Corte de pelo');
    // The visit's start needs both services: still not offered while the cut stays.
    expect(await visitStarts(v.client.cookie, v.date)).not.toContain('16:00');
  });

  it('then cancels what is left of the visit with whole_visit', async () => {
    const v = await bookVisit(days[4]!, '10:00');
    expect((await cancel(staff, v.parts[0]!.id)).status).toBe(200);
    const before = (await mailsTo(v.client.user.email)).length;
    expect((await cancel(staff, v.parts[1]!.id, { wholeVisit: true })).status).toBe(200);
    expect(await statusOf(v.parts[1]!.id)).toBe('cancelled');
    const mails = await mailsTo(v.client.user.email);
    expect(mails).toHaveLength(before + 1);
    expect(String(mails[mails.length - 1]!.payload.text)).toContain('Tu cita de Corte de pelo con Sara López');
  });
});

describe('parallel cancellations of one visit', () => {
  it('whole-visit cancels naming different services: one goes through, the other finds it cancelled; one e-mail', async () => {
    const v = await bookVisit(days[12]!, '10:00');
    const before = (await mailsTo(v.client.user.email)).length;
    const answers = await Promise.all([cancel(staff, v.parts[0]!.id, { wholeVisit: true }), cancel(staff, v.parts[1]!.id, { wholeVisit: true })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.error.message).toBe(messages.errors.alreadyCancelled);
    for (const p of v.parts) expect(await statusOf(p.id)).toBe('cancelled');
    expect(await mailsTo(v.client.user.email)).toHaveLength(before + 1);
    expect(await cancellationsOf(v.parts.map((p) => p.id))).toHaveLength(2);
  });
});

describe('a visit under way', () => {
  it('whole_visit cancels the services still to come and leaves an ended one as it is', async () => {
    const v = await bookVisit(days[5]!, '10:00');
    // Color ends at 11:15; at 11:20 the cut (11:15–11:45) is under way.
    setTestClock(v.date, '11:20');
    try {
      expect((await cancel(staff, v.parts[0]!.id, { wholeVisit: true })).status).toBe(422);
      expect((await cancel(staff, v.parts[1]!.id, { wholeVisit: true })).status).toBe(200);
    } finally {
      setTestClock();
    }
    expect(await statusOf(v.parts[0]!.id)).toBe('pending');
    expect(await statusOf(v.parts[1]!.id)).toBe('cancelled');
  });
});

describe('an appointment booked alone', () => {
  it('whole_visit cancels just that appointment (a visit of one)', async () => {
    n += 1;
    const c = await createClient(`anular${n}@example.com`, { name: `Cliente Anular ${n}`, onboarded: true });
    const r = await bookWith(c.cookie, {
      start_time: madridInstant(days[6]!, '10:00'),
      facility_id: 1,
      employee_id: LUCIA,
      service_id: corte,
      client_id: c.user.email,
      user_id: c.user.id,
    });
    expect(r.status).toBe(201);
    const id = r.body.data.event_id as string;
    const before = (await mailsTo(c.user.email)).length;
    expect((await cancel(staff, id, { wholeVisit: true })).status).toBe(200);
    expect(await statusOf(id)).toBe('cancelled');
    expect(await mailsTo(c.user.email)).toHaveLength(before + 1);
  });
});

describe('refusals', () => {
  it('a client cannot cancel another’s visit, nor its own: 403 as for one appointment, nothing changes', async () => {
    const v = await bookVisit(days[7]!, '10:00');
    n += 1;
    const other = await createClient(`anular${n}@example.com`, { name: `Cliente Anular ${n}`, onboarded: true });
    const outbox = (await outboxRows()).length;
    for (const cookie of [other.cookie, v.client.cookie]) {
      for (const wholeVisit of [true, undefined]) {
        const r = await cancel(cookie, v.parts[0]!.id, { wholeVisit });
        expect(r.status).toBe(403);
        expect(r.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
      }
    }
    for (const p of v.parts) expect(await statusOf(p.id)).toBe('pending');
    expect((await outboxRows()).length).toBe(outbox);
    expect(await cancellationsOf(v.parts.map((p) => p.id))).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a whole_visit that is not a boolean', async () => {
    const unknown = await cancel(staff, '0b8e7c1e-3f55-4d0a-9a51-5b2f8e9d7c61', { wholeVisit: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: messages.errors.appointmentNotFound });
    const v = await bookVisit(days[8]!, '10:00');
    expect((await cancel(staff, v.parts[0]!.id, { wholeVisit: 'yes' })).status).toBe(400);
    expect(await statusOf(v.parts[0]!.id)).toBe('pending');
  });

  it('another salon’s staff get 404 for the visit', async () => {
    const v = await bookVisit(days[9]!, '10:00');
      await seedSalon2();
    const cookie = await salon2StaffSession();
    const r = await call(cancelHandler, {
      method: 'PATCH',
      path: '/api/v1/schedules/cancel/appointment',
      body: { appointment_id: v.parts[0]!.id, facility_id: 1, whole_visit: true },
      cookie,
      host: SALON2.host,
    });
    expect(r.status).toBe(404);
    for (const p of v.parts) expect(await statusOf(p.id)).toBe('pending');
  });
});
