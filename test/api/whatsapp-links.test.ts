/**
 * Click to chat (beyond-the-spec section 5), with an injected clock: staff get an appointment's WhatsApp
 * message as a `wa.me` link (the salon, date, time, services, stylist and, while the client has to confirm, a
 * working action link); the first opening is recorded; the guest, a cancelled appointment and an unknown one
 * are refused; "Recordatorios de mañana" lists tomorrow's visits with whether each message was opened.
 */
import { sql } from 'drizzle-orm';
import { GET as getAction } from '@/app/api/v1/actions/[token]/route';
import { POST as whatsapp } from '@/app/api/v1/facility/[facilityId]/appointments/[id]/whatsapp/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { tomorrowsReminders } from '@/lib/server/services/whatsapp-message';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  book,
  bookingBody,
  bookWith,
  cancelAppointment,
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  LUCIA,
  madridInstant,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  staffBookingBody,
  tenantId,
  TEST_HOUR,
  TODAY,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
// Monday 2027-05-03 at 08:00 Madrid.
pinTestClock();

let corte: number;
let staff: string;

const open = (id: string, cookie = staff) => call(whatsapp, { method: 'POST', path: `/api/v1/facility/1/appointments/${id}/whatsapp`, params: { facilityId: '1', id }, cookie });
const textOf = (url: string) => new URL(url).searchParams.get('text') ?? '';

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  staff = await sessionFor(LUCIA);
  await (await getDb()).execute(sql`update tenants set confirmation_enabled = true`);
});
afterAll(closeTestDb);
afterEach(() => setTestClock(TODAY, TEST_HOUR));

describe('the WhatsApp message of an appointment', () => {
  it('names the salon, the day and time, the service and the stylist, with a working link to confirm; the first opening is kept', async () => {
    const c = await createClient('whatsapp1@example.com', { name: 'Elena Ríos', onboarded: true, allowance: 3 });
    const booked = await book(c.cookie, bookingBody(c.user, { start: madridInstant(dayFromToday(3), '10:00'), employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.event_id as string;

    setTestClock(TODAY, '09:00');
    const r = await open(id);
    expect(r.status).toBe(200);
    const { url, opened_at } = r.body.data as { url: string; opened_at: string };
    expect(url.startsWith(`https://wa.me/${c.user.tlf!.replace(/\D/g, '')}?text=`)).toBe(true);
    const text = textOf(url);
    expect(text).toContain('Hola Elena Ríos, te escribimos de Klok Peluquería.');
    expect(text).toContain('Tienes cita de Corte de pelo con Sara López el jueves, 6 de mayo a las 10:00.');
    expect(text).toContain('¿Vienes? Confírmalo o avísanos si no puedes venir: http://localhost:3000/c/');
    expect(opened_at).toBe(madridInstant(TODAY, '09:00'));
    const token = text.match(/\/c\/([A-Za-z0-9_-]{43})/)![1]!;
    const action = await call(getAction, { path: `/api/v1/actions/${token}`, params: { token } });
    expect(action.status).toBe(200);
    expect(action.body.data).toMatchObject({ purpose: 'appointment', state: 'pending' });

    setTestClock(TODAY, '11:00');
    expect((await open(id)).body.data.opened_at).toBe(madridInstant(TODAY, '09:00'));
  });

  it('says "¡Te esperamos!" without a link when no confirmation is asked', async () => {
    await (await getDb()).execute(sql`update tenants set confirmation_enabled = false`);
    const c = await createClient('whatsapp2@example.com', { name: 'Pablo Gil', onboarded: true, allowance: 3 });
    const booked = await book(c.cookie, bookingBody(c.user, { start: madridInstant(dayFromToday(3), '11:00'), employee: SARA, serviceId: corte }));
    const text = textOf((await open(booked.body.data.event_id)).body.data.url);
    expect(text).toContain('¡Te esperamos!');
    expect(text).not.toContain('/c/');
    await (await getDb()).execute(sql`update tenants set confirmation_enabled = true`);
  });

  it('refuses the guest (no phone), a cancelled appointment, an unknown one and a client', async () => {
    const walkIn = await bookWith(staff, staffBookingBody({ start: madridInstant(dayFromToday(3), '12:00'), employee: SARA, serviceId: corte, name: 'Paseante' }));
    expect(walkIn.status).toBe(201);
    const guest = await open(walkIn.body.data.event_id);
    expect(guest.status).toBe(422);
    expect(guest.body.error.message).toBe(messages.errors.whatsappNoPhone);

    const c = await createClient('whatsapp3@example.com', { name: 'Irene Sol', onboarded: true, allowance: 3 });
    const booked = await book(c.cookie, bookingBody(c.user, { start: madridInstant(dayFromToday(3), '12:30'), employee: SARA, serviceId: corte }));
    expect((await open(booked.body.data.event_id, c.cookie)).status).toBe(403);
    expect((await cancelAppointment(staff, { id: booked.body.data.event_id })).status).toBe(200);
    const cancelled = await open(booked.body.data.event_id);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe(messages.errors.whatsappAppointmentGone);
    expect((await open('6f1c1a52-8b7e-4c55-9f33-2d6b1f0c9a11')).status).toBe(404);
  });
});

describe('Recordatorios de mañana', () => {
  it('lists tomorrow’s visits by time with the phone (none for the guest) and whether the message was opened', async () => {
    const tomorrow = dayFromToday(1);
    const c = await createClient('whatsapp4@example.com', { name: 'Nuria Paz', onboarded: true, allowance: 3 });
    const own = await book(c.cookie, bookingBody(c.user, { start: madridInstant(tomorrow, '17:00'), employee: SARA, serviceId: corte }));
    const walkIn = await bookWith(staff, staffBookingBody({ start: madridInstant(tomorrow, '16:00'), employee: SARA, serviceId: corte, name: 'Paseante de mañana' }));
    expect([own.status, walkIn.status]).toEqual([201, 201]);
    const db = await getDb();
    const tid = await tenantId();
    const now = Date.parse(madridInstant(TODAY, '09:00'));
    const before = await tomorrowsReminders(db, tid, now);
    const mine = before.filter((r) => r.client_name === 'Nuria Paz' || r.client_name === 'Paseante de mañana');
    expect(mine.map((r) => [r.client_name, r.phone !== null, r.opened_at])).toEqual([
      ['Paseante de mañana', false, null],
      ['Nuria Paz', true, null],
    ]);
    expect(before.every((r) => r.start_time >= madridInstant(tomorrow, '00:00') && r.start_time < madridInstant(dayFromToday(2), '00:00'))).toBe(true);
    setTestClock(TODAY, '09:00');
    await open(own.body.data.event_id);
    const after = await tomorrowsReminders(db, tid, now);
    expect(after.find((r) => r.client_name === 'Nuria Paz')).toMatchObject({ opened_at: madridInstant(TODAY, '09:00'), services: ['Corte de pelo'], employees: ['Sara López'] });
  });
});
