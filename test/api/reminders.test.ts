/**
 * E-mails of appointments: a booking queues exactly one confirmation with the .ics (client flow,
 * staff booking for a client with an e-mail), none for a walk-in guest; the automatic reminder 24 hours
 * before is queued once per appointment, never for a cancelled or guest appointment, nor when the tenant
 * turned it off, nor twice after the appointment moves or the worker restarts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { getDb } from '@/lib/server/db/client';
import { appointments, outbox, tenants, users } from '@/lib/server/db/schema';
import { queueDueReminders } from '@/lib/server/notifications/reminders';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  book,
  bookingBody,
  createClient,
  DB_TIMEOUT,
  GUEST,
  madridDates,
  madridInstant,
  MARCOS,
  offeredHours,
  outboxRows,
  SARA,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const H = 3_600_000;
let staff: string;
let corte: number;
let days: string[];

beforeAll(async () => {
  await openTestDb();
  staff = await sessionFor(MARCOS);
  corte = await serviceId('Corte de pelo');
  days = madridDates(8, 25, [1, 2, 4, 5]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

type Payload = { to: string; subject: string; text: string; html?: string; attachments?: { filename: string; content: string; contentType: string }[] };
const newMails = async (before: number) => (await outboxRows()).slice(before).map((r) => ({ ...r, payload: r.payload as Payload }));

describe('booking confirmation', () => {
  it('a client booking queues exactly one confirmation, with the .ics of the appointment', async () => {
    const { user, cookie } = await createClient(`confirma.${Date.now()}@correo.es`, { name: 'Carla <b>Ruiz</b>', onboarded: true });
    const [hour] = await offeredHours(cookie, days[0]!, SARA, { serviceDuration: 30, serviceId: corte });
    const before = (await outboxRows()).length;
    const r = await book(cookie, bookingBody({ email: user.email, id: user.id, name: user.name }, { start: hour!.start_time, employee: SARA, serviceId: corte }));
    expect(r.status).toBe(201);
    const id = r.body.data.event_id as string;
    const mails = await newMails(before);
    expect(mails).toHaveLength(1);
    const [m] = mails;
    expect(m!.dedupeKey).toBe(`confirmation:${id}`);
    expect(m!.payload.to).toBe(user.email);
    expect(m!.payload.subject).toBe('Tu cita en Klok Peluquería está confirmada');
    expect(m!.payload.text).toContain('Hola Carla <b>Ruiz</b>:');
    expect(m!.payload.html).toContain('Hola Carla &lt;b&gt;Ruiz&lt;/b&gt;:');
    const [att] = m!.payload.attachments!;
    expect(att!.filename).toBe(`${id}.ics`);
    const event = Object.values(ical.sync.parseICS(att!.content)).find((c) => c?.type === 'VEVENT') as VEvent;
    expect(event.uid).toBe(id);
    expect(event.start.toISOString()).toBe(new Date(hour!.start_time).toISOString());
  });

  it('a staff booking for a client with an e-mail queues one confirmation to that client', async () => {
    const before = (await outboxRows()).length;
    const r = await book(staff, staffBookingBody({ start: madridInstant(days[1]!, '10:00'), employee: MARCOS, serviceId: corte, email: ANA, name: 'Ana García' }));
    expect(r.status).toBe(201);
    const mails = await newMails(before);
    expect(mails.map((m) => [m.payload.to, m.payload.subject])).toEqual([[ANA, 'Tu cita en Klok Peluquería está confirmada']]);
    expect(mails[0]!.payload.attachments).toHaveLength(1);
  });

  it('a staff booking for a new e-mail confirms to the new client', async () => {
    const email = `nueva.${Date.now()}@correo.es`;
    const before = (await outboxRows()).length;
    const r = await book(staff, staffBookingBody({ start: madridInstant(days[2]!, '10:00'), employee: MARCOS, serviceId: corte, email, name: 'Nueva' }));
    expect(r.status).toBe(201);
    expect((await newMails(before)).map((m) => m.payload.to)).toEqual([email]);
  });

  it('a walk-in (the guest) queues nothing', async () => {
    const before = (await outboxRows()).length;
    const r = await book(staff, staffBookingBody({ start: madridInstant(days[3]!, '10:00'), employee: MARCOS, serviceId: corte, name: 'Paseante' }));
    expect(r.status).toBe(201);
    expect(await newMails(before)).toEqual([]);
  });

  it('a refused booking queues nothing (the e-mail commits with the appointment)', async () => {
    const before = (await outboxRows()).length;
    const r = await book(staff, staffBookingBody({ start: madridInstant(days[3]!, '10:00'), employee: MARCOS, serviceId: corte, name: 'Otro' }));
    expect(r.status).toBe(409);
    expect(await newMails(before)).toEqual([]);
  });
});

describe('automatic reminders', () => {
  // A fixed "now" far from the booking tests' dates, so only this block's appointments are in the window.
  const NOW = Date.parse('2031-03-10T08:00:00.000Z');
  let tid: number;
  let marcosId: string;
  let ana: { id: string; name: string };
  let guestId: string;

  /** An appointment straight in the table, booked a week before its start unless `createdAt` says otherwise. */
  async function appt(o: { start: number; client?: string; status?: 'pending' | 'cancelled'; createdAt?: number; name?: string; visitId?: string; service?: string }) {
    const db = await getDb();
    const [row] = await db
      .insert(appointments)
      .values({
        tenantId: tid,
        employeeId: marcosId,
        clientId: o.client ?? ana.id,
        userId: o.client ?? ana.id,
        clientName: o.name ?? ana.name,
        serviceName: o.service ?? 'Corte de pelo',
        servicePriceCents: 1500,
        visitId: o.visitId ?? null,
        startAt: new Date(o.start),
        endAt: new Date(o.start + 30 * 60_000),
        status: o.status ?? 'pending',
        createdBy: marcosId,
        createdByRole: 'staff',
        createdAt: new Date(o.createdAt ?? o.start - 7 * 24 * H),
      })
      .returning({ id: appointments.id });
    return row!.id;
  }
  const reminderRows = async (ids: string[]) => {
    const db = await getDb();
    return db
      .select()
      .from(outbox)
      .where(inArray(outbox.dedupeKey, ids.map((id) => `reminder:${id}`)));
  };

  beforeAll(async () => {
    const db = await getDb();
    tid = await tenantId();
    marcosId = (await findUserByEmail(db, tid, MARCOS))!.id;
    const a = (await findUserByEmail(db, tid, ANA))!;
    ana = { id: a.id, name: a.name };
    guestId = (await findUserByEmail(db, tid, GUEST))!.id;
    await db.delete(appointments).where(sql`${appointments.startAt} > '2031-01-01'`);
  });

  it('queues one reminder per appointment starting within the next 24 hours, boundaries included', async () => {
    const inside = await appt({ start: NOW + 23 * H, name: 'Ana <script>x</script>' });
    const edge = await appt({ start: NOW + 24 * H });
    const soon = await appt({ start: NOW + 60_000 });
    const after = await appt({ start: NOW + 24 * H + 60_000 });
    const startingNow = await appt({ start: NOW });
    const past = await appt({ start: NOW - H });
    const cancelled = await appt({ start: NOW + 2 * H, status: 'cancelled' });
    const guest = await appt({ start: NOW + 3 * H, client: guestId, name: 'Paseante' });
    const bookedLate = await appt({ start: NOW + 5 * H, createdAt: NOW - H });

    expect(await queueDueReminders(await getDb(), NOW)).toBe(3);
    const rows = await reminderRows([inside, edge, soon, after, startingNow, past, cancelled, guest, bookedLate]);
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([`reminder:${edge}`, `reminder:${inside}`, `reminder:${soon}`].sort());
    const mail = rows.find((r) => r.dedupeKey === `reminder:${inside}`)!.payload as Payload;
    expect(mail.to).toBe(ANA);
    // NOW + 23 h = 2031-03-11 07:00 UTC = 08:00 in Madrid (winter time).
    expect(mail.subject).toBe('Recordatorio: tu cita en Klok Peluquería el martes, 11 de marzo a las 08:00');
    expect(mail.text).toContain('Hola Ana <script>x</script>:');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Calle de Fuencarral');

    const db = await getDb();
    const stamped = await db.select({ id: appointments.id, remindedAt: appointments.remindedAt }).from(appointments).where(inArray(appointments.id, [inside, after, cancelled]));
    expect(Object.fromEntries(stamped.map((s) => [s.id, s.remindedAt?.getTime() ?? null]))).toEqual({ [inside]: NOW, [after]: null, [cancelled]: null });

    // The next minute: nothing new, and the appointment just past 24 h now enters the window.
    expect(await queueDueReminders(await getDb(), NOW + 60_000)).toBe(1);
    expect(await reminderRows([after])).toHaveLength(1);
    expect(await queueDueReminders(await getDb(), NOW + 2 * 60_000)).toBe(0);
  });

  it('sends one reminder for a visit, naming each of its services, from its first start', async () => {
    const t0 = NOW + 6 * 24 * H;
    const visitId = '6f1c7a52-8a1e-4d8e-9f51-1b2c3d4e5f60';
    const colour = await appt({ start: t0 + 20 * H, visitId, service: 'Color' });
    const cut = await appt({ start: t0 + 20 * H + 30 * 60_000, visitId, service: 'Corte de pelo' });
    expect(await queueDueReminders(await getDb(), t0)).toBe(1);
    const [mail] = await reminderRows([colour, cut]);
    expect(mail!.dedupeKey).toBe(`reminder:${colour}`);
    expect((mail!.payload as Payload).text).toContain('Color, Corte de pelo');
    // The visit's reminder covers the cut: nothing more when the cut's own 24 hours come.
    expect(await queueDueReminders(await getDb(), t0 + H)).toBe(0);
    expect(await reminderRows([cut])).toHaveLength(0);
  });

  it('never sends twice: not after the appointment moves, not after a restart that lost the stamp', async () => {
    const db = await getDb();
    const t0 = NOW + 2 * 24 * H;
    const id = await appt({ start: t0 + 20 * H });
    expect(await queueDueReminders(db, t0)).toBe(1);
    // Moved a day later: in the window again a day later, still no second reminder.
    await db.update(appointments).set({ startAt: new Date(t0 + 44 * H), endAt: new Date(t0 + 44 * H + 30 * 60_000) }).where(eq(appointments.id, id));
    expect(await queueDueReminders(db, t0 + 24 * H)).toBe(0);
    // A crash after queueing but with the stamp lost: the outbox key still keeps it to one message.
    await db.update(appointments).set({ remindedAt: null }).where(eq(appointments.id, id));
    expect(await queueDueReminders(db, t0 + 24 * H)).toBe(0);
    expect(await reminderRows([id])).toHaveLength(1);
  });

  it('two scans at once queue each reminder once', async () => {
    const db = await getDb();
    const t0 = NOW + 5 * 24 * H;
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => appt({ start: t0 + (i + 1) * H })));
    const counts = await Promise.all([queueDueReminders(db, t0), queueDueReminders(db, t0), queueDueReminders(db, t0)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await reminderRows(ids)).toHaveLength(12);
  });

  it('sends nothing for a tenant that turned automatic reminders off', async () => {
    const db = await getDb();
    const t0 = NOW + 8 * 24 * H;
    const id = await appt({ start: t0 + 10 * H });
    await db.update(tenants).set({ automaticReminders: false }).where(eq(tenants.id, tid));
    try {
      expect(await queueDueReminders(db, t0)).toBe(0);
      expect(await reminderRows([id])).toEqual([]);
    } finally {
      await db.update(tenants).set({ automaticReminders: true }).where(eq(tenants.id, tid));
    }
    expect(await queueDueReminders(db, t0)).toBe(1);
  });

  it('is on by default for a new tenant', async () => {
    const db = await getDb();
    const [row] = await db.select({ on: tenants.automaticReminders }).from(tenants).where(eq(tenants.id, tid));
    expect(row!.on).toBe(true);
    const [guest] = await db.select({ isGuest: users.isGuest }).from(users).where(and(eq(users.id, guestId)));
    expect(guest!.isGuest).toBe(true);
  });
});
