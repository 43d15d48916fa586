/**
 * The WhatsApp webhook (beyond-the-spec section 5), with an injected clock: Meta's verification handshake
 * answers the challenge only to the salon's verify token; events must carry the app secret's signature of
 * the body; a client's quick reply "Confirmo" / "No puedo ir" confirms or cancels the appointment it answers
 * (only from the client's own phone) and the client gets `cita_confirmada` / `cita_cancelada`; a replayed
 * delivery acts once; "BAJA" and "ALTA" set and clear the client's opt-out; delivery statuses reach the
 * outbox without going back; the connection's secrets never appear in an answer or a log line.
 */
process.env.LOG_LEVEL = 'debug';

import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as handshake, POST as webhook } from '@/app/api/v1/webhooks/whatsapp/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { activities, appointments, outbox, users, whatsappAccounts, whatsappWebhookEvents } from '@/lib/server/db/schema';
import { setLogSink } from '@/lib/server/log';
import { queueWhatsApps } from '@/lib/server/notifications/whatsapp';
import { encryptSecret, secretsKey } from '@/lib/server/secrets';
import { sweepWebhookEvents, WEBHOOK_EVENT_TTL_MS } from '@/lib/server/services/whatsapp-webhook';
import { signWebhookBody } from '@/scripts/dev-whatsapp';
import { call, closeTestDb, openTestDb } from './harness';
import {
  book,
  bookingBody,
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  madridInstant,
  offeredHours,
  outboxRows,
  pinTestClock,
  SALON2,
  SARA,
  seedSalon2,
  serviceId,
  tenantId,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
// Monday 2027-05-03 at 08:00 Madrid.
pinTestClock();

const PHONE_NUMBER_ID = '106540352242922';
const ACCESS_TOKEN = 'EAAGtokenDeAccesoMuySecreto0123456789';
const APP_SECRET = 'app-secret-3f9a1c77e2b04d56';
const VERIFY_TOKEN = 'verificacion-klok-8c1d';

let corte: number;
let tid: number;
let n = 0;
const logLines: string[] = [];

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  corte = await serviceId('Corte de pelo');
  tid = await tenantId();
  const db = await getDb();
  await db.execute(sql`update tenants set confirmation_enabled = true`);
  const key = secretsKey()!;
  await db.insert(whatsappAccounts).values({
    tenantId: tid,
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: encryptSecret(ACCESS_TOKEN, key),
    appSecret: encryptSecret(APP_SECRET, key),
    verifyToken: VERIFY_TOKEN,
  });
  setLogSink((line) => void logLines.push(line));
});
afterAll(async () => {
  setLogSink(null);
  await closeTestDb();
});

/** Calls a handler and reads the answer as text (the handshake answers plain text, not JSON). */
async function rawCall(handler: typeof handshake, opts: { method?: string; path: string; body?: string; headers?: Record<string, string>; host?: string }) {
  const host = opts.host ?? 'localhost:3000';
  const headers: Record<string, string> = { host, ...(opts.headers ?? {}) };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  const req = new NextRequest(`http://${host}${opts.path}`, { method: opts.method ?? 'GET', headers, body: opts.body });
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

const hub = (q: Record<string, string>) => `/api/v1/webhooks/whatsapp?${new URLSearchParams(q)}`;

/** Posts a webhook body: signed with the salon's app secret unless `signature` says otherwise (null: none). */
function post(body: unknown, opts: { signature?: string | null; host?: string } = {}) {
  const text = JSON.stringify(body);
  const signature = opts.signature === undefined ? signWebhookBody(text, APP_SECRET) : opts.signature;
  return call(webhook, {
    method: 'POST',
    path: '/api/v1/webhooks/whatsapp',
    body: text,
    host: opts.host,
    headers: signature === null ? {} : { 'x-hub-signature-256': signature },
  });
}

/** Meta's payload with one change of the salon's number. */
const payload = (value: { messages?: unknown[]; statuses?: unknown[] }, phoneNumberId = PHONE_NUMBER_ID) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '34910000000', phone_number_id: phoneNumberId }, contacts: [{ profile: { name: 'Cliente' }, wa_id: '34700000000' }], ...value },
        },
      ],
    },
  ],
});

let wamids = 0;
const wamid = () => `wamid.HBgLMzQ2MTIzNDU2NzgVAgASGBQz${String(++wamids).padStart(6, '0')}`;

/** A template quick reply (`button`) from `from` with `payload`. */
const quickReply = (from: string, buttonPayload: string, text = 'Confirmo', id = wamid()) => ({
  from,
  id,
  timestamp: '1777777777',
  type: 'button',
  context: { from: '34910000000', id: 'wamid.original' },
  button: { payload: buttonPayload, text },
});

/** An interactive button reply from `from`. */
const buttonReply = (from: string, replyId: string, title: string) => ({
  from,
  id: wamid(),
  timestamp: '1777777777',
  type: 'interactive',
  interactive: { type: 'button_reply', button_reply: { id: replyId, title } },
});

const textMessage = (from: string, body: string) => ({ from, id: wamid(), timestamp: '1777777777', type: 'text', text: { body } });

const digitsOf = (tlf: string | null) => tlf!.replace(/\D/g, '');

async function clientWithAppointment(day = 3, hhmm = '10:00') {
  n += 1;
  const c = await createClient(`webhook${n}@example.com`, { name: `Cliente Webhook ${n}`, onboarded: true, allowance: 5 });
  const start = madridInstant(dayFromToday(day), hhmm);
  const r = await book(c.cookie, bookingBody(c.user, { start, employee: SARA, serviceId: corte }));
  if (r.status !== 201) throw new Error(`booking answered ${r.status}: ${JSON.stringify(r.body)}`);
  return { ...c, appointmentId: r.body.data.event_id as string, start, from: digitsOf(c.user.tlf) };
}

const appointment = async (id: string) => (await (await getDb()).select().from(appointments).where(eq(appointments.id, id)))[0]!;
const whatsappsTo = async (userId: string) => (await outboxRows()).filter((r) => r.kind === 'whatsapp' && r.payload.userId === userId);
const activitiesOf = async (type: (typeof activities.$inferSelect)['type'], appointmentId: string) =>
  (await (await getDb()).select().from(activities).where(and(eq(activities.tenantId, tid), eq(activities.type, type)))).filter(
    (a) => (a.data as { id?: string }).id === appointmentId,
  );
const eventCount = async () => (await (await getDb()).select().from(whatsappWebhookEvents)).length;

describe('the verification handshake', () => {
  it('answers the challenge as plain text to the salon’s verify token', async () => {
    const r = await rawCall(handshake, { path: hub({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' }) });
    expect(r.status).toBe(200);
    expect(r.text).toBe('1158201444');
    expect(r.type).toMatch(/^text\/plain/);
  });

  it('refuses a wrong or missing token, another mode, and a salon without a connection (403)', async () => {
    const refused: { host: string | undefined; q: Record<string, string> }[] = [
      { host: undefined, q: { 'hub.mode': 'subscribe', 'hub.verify_token': 'otro-token', 'hub.challenge': '1' } },
      { host: undefined, q: { 'hub.mode': 'subscribe', 'hub.challenge': '1' } },
      { host: undefined, q: { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' } },
      { host: SALON2.host, q: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' } },
    ];
    for (const { host, q } of refused) {
      const r = await rawCall(handshake, { path: hub(q), host });
      expect(r.status).toBe(403);
      expect(JSON.parse(r.text)).toEqual({ error: { code: 'forbidden', message: messages.errors.whatsappVerifyTokenInvalid } });
    }
  });
});

describe('the signature', () => {
  it('refuses an unsigned, a wrongly signed and another salon’s event (401) and changes nothing', async () => {
    const c = await clientWithAppointment(3, '11:00');
    const body = payload({ messages: [quickReply(c.from, `confirm:${c.appointmentId}`)] });
    const text = JSON.stringify(body);
    const events = await eventCount();
    for (const [signature, host] of [
      [null, undefined],
      ['sha256=', undefined],
      [signWebhookBody(text, 'otro-secreto'), undefined],
      [signWebhookBody(`${text} `, APP_SECRET), undefined],
      [signWebhookBody(text, APP_SECRET), SALON2.host],
    ] as const) {
      const r = await post(body, { signature, host });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: { code: 'bad_signature', message: messages.errors.whatsappSignatureInvalid } });
    }
    expect((await appointment(c.appointmentId)).confirmation).toBe('pending');
    expect(await whatsappsTo(c.user.id)).toEqual([]);
    expect(await eventCount()).toBe(events);
  });

  it('refuses a signed body that is not Meta’s payload (400)', async () => {
    const r = await post({ object: 'page', entry: [] });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
  });
});

describe('quick replies', () => {
  it('"Confirmo" from the client’s phone confirms the appointment and answers with cita_confirmada', async () => {
    const c = await clientWithAppointment(3, '10:00');
    expect((await appointment(c.appointmentId)).confirmation).toBe('pending');
    const r = await post(payload({ messages: [quickReply(c.from, `confirm:${c.appointmentId}`)] }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { processed: 1 } });
    expect((await appointment(c.appointmentId)).confirmation).toBe('confirmed');
    expect(await activitiesOf('appointment_confirmed', c.appointmentId)).toHaveLength(1);
    const sent = await whatsappsTo(c.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({
      template: 'cita_confirmada',
      appointmentId: c.appointmentId,
      params: [c.user.name, 'Klok Peluquería', 'Corte de pelo', 'jueves, 6 de mayo a las 10:00', 'Sara López'],
    });
  });

  it('"No puedo ir" cancels it as the client, frees the hour and answers with cita_cancelada', async () => {
    const c = await clientWithAppointment(4, '12:00');
    const before = await offeredHours(c.cookie, dayFromToday(4), SARA, { serviceDuration: 30, serviceId: corte });
    expect(before.map((h) => h.start_time)).not.toContain(c.start);
    const r = await post(payload({ messages: [buttonReply(c.from, `cancel:${c.appointmentId}`, 'No puedo ir')] }));
    expect(r.body).toEqual({ data: { processed: 1 } });
    const row = await appointment(c.appointmentId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelledVia).toBe('client_link');
    expect(row.cancelledBy).toBe(c.user.id);
    expect(await activitiesOf('client_cancelled', c.appointmentId)).toHaveLength(1);
    const after = await offeredHours(c.cookie, dayFromToday(4), SARA, { serviceDuration: 30, serviceId: corte });
    expect(after.map((h) => h.start_time)).toContain(c.start);
    const sent = await whatsappsTo(c.user.id);
    expect(sent.map((m) => m.payload.template)).toEqual(['cita_cancelada']);
    expect(sent[0]!.payload.params).toEqual([c.user.name, 'Klok Peluquería', 'Corte de pelo', 'viernes, 7 de mayo a las 12:00', 'http://localhost:3000']);
  });

  it('acts once when Meta delivers the same webhook twice', async () => {
    const c = await clientWithAppointment(3, '12:00');
    const body = payload({ messages: [quickReply(c.from, `confirm:${c.appointmentId}`)] });
    expect((await post(body)).body).toEqual({ data: { processed: 1 } });
    expect((await post(body)).body).toEqual({ data: { processed: 0 } });
    expect(await activitiesOf('appointment_confirmed', c.appointmentId)).toHaveLength(1);
    expect((await whatsappsTo(c.user.id)).map((m) => m.payload.template)).toEqual(['cita_confirmada']);
  });

  it('forgets processed events after eight days, not before', async () => {
    const db = await getDb();
    const stored = await db.select().from(whatsappWebhookEvents);
    expect(stored.length).toBeGreaterThan(0);
    const newest = Math.max(...stored.map((e) => e.receivedAt.getTime()));
    expect(await sweepWebhookEvents(newest + WEBHOOK_EVENT_TTL_MS - 1)).toBeLessThan(stored.length);
    expect((await db.select().from(whatsappWebhookEvents)).length).toBeGreaterThan(0);
    await sweepWebhookEvents(newest + WEBHOOK_EVENT_TTL_MS + 1);
    expect(await db.select().from(whatsappWebhookEvents)).toEqual([]);
  });

  it('acts once when two deliveries of one reply arrive together', async () => {
    const c = await clientWithAppointment(4, '10:00');
    const body = payload({ messages: [quickReply(c.from, `cancel:${c.appointmentId}`, 'No puedo ir')] });
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data.processed).sort()).toEqual([0, 0, 1]);
    expect(await activitiesOf('client_cancelled', c.appointmentId)).toHaveLength(1);
    expect((await whatsappsTo(c.user.id)).map((m) => m.payload.template)).toEqual(['cita_cancelada']);
  });

  it('does nothing for a reply from another phone, of another salon’s number, or to a cancelled appointment', async () => {
    const c = await clientWithAppointment(3, '13:00');
    const other = await post(payload({ messages: [quickReply('34699000111', `cancel:${c.appointmentId}`, 'No puedo ir')] }));
    expect(other.body).toEqual({ data: { processed: 0 } });
    const elsewhere = await post(payload({ messages: [quickReply(c.from, `cancel:${c.appointmentId}`, 'No puedo ir')] }, '999999999999999'));
    expect(elsewhere.body).toEqual({ data: { processed: 0 } });
    const row = await appointment(c.appointmentId);
    expect(row.status).toBe('pending');
    expect(row.confirmation).toBe('pending');
    expect(await whatsappsTo(c.user.id)).toEqual([]);

    expect((await post(payload({ messages: [quickReply(c.from, `cancel:${c.appointmentId}`, 'No puedo ir')] }))).status).toBe(200);
    const late = await post(payload({ messages: [quickReply(c.from, `confirm:${c.appointmentId}`)] }));
    expect(late.body).toEqual({ data: { processed: 0 } });
    expect((await appointment(c.appointmentId)).status).toBe('cancelled');
    expect((await whatsappsTo(c.user.id)).map((m) => m.payload.template)).toEqual(['cita_cancelada']);
  });
});

describe('BAJA and ALTA', () => {
  it('"BAJA" opts the client out (nothing more is queued for them) and "ALTA" opts back in', async () => {
    n += 1;
    const c = await createClient(`webhook${n}@example.com`, { name: `Cliente Baja ${n}`, onboarded: true });
    const from = digitsOf(c.user.tlf);
    const db = await getDb();
    const optedOut = async () => (await db.select({ at: users.whatsappOptedOutAt }).from(users).where(eq(users.id, c.user.id)))[0]!.at;
    const reminder = () =>
      queueWhatsApps(db, tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['Ana', 'Klok Peluquería', 'Corte de pelo', 'mañana a las 10:00', 'Sara López'] }]);

    expect((await post(payload({ messages: [textMessage(from, ' baja ')] }))).body).toEqual({ data: { processed: 1 } });
    expect((await optedOut())?.toISOString()).toBe(madridInstant(dayFromToday(0), '08:00'));
    expect(await reminder()).toBe(0);

    expect((await post(payload({ messages: [textMessage(from, 'Hola, ¿a qué hora abrís?')] }))).body).toEqual({ data: { processed: 0 } });
    expect(await optedOut()).not.toBeNull();

    expect((await post(payload({ messages: [textMessage(from, 'ALTA')] }))).body).toEqual({ data: { processed: 1 } });
    expect(await optedOut()).toBeNull();
    expect(await reminder()).toBe(1);
  });
});

describe('delivery statuses', () => {
  async function sentMessage(userId: string) {
    const id = wamid();
    const [row] = await (await getDb())
      .insert(outbox)
      .values({ tenantId: tid, kind: 'whatsapp', payload: { userId, template: 'recordatorio_cita', params: [] }, status: 'sent', providerMessageId: id })
      .returning({ id: outbox.id });
    return { wamid: id, rowId: row!.id };
  }
  const statusOf = async (rowId: number) => (await (await getDb()).select().from(outbox).where(eq(outbox.id, rowId)))[0]!;
  const status = (id: string, s: string, errors?: unknown[]) => ({ id, status: s, timestamp: '1777777777', recipient_id: '34700000000', ...(errors ? { errors } : {}) });

  it('records delivered then read, and a late "delivered" keeps "read"', async () => {
    const c = await createClient(`webhook-status@example.com`, { onboarded: true });
    const m = await sentMessage(c.user.id);
    expect((await post(payload({ statuses: [status(m.wamid, 'delivered')] }))).body).toEqual({ data: { processed: 1 } });
    expect((await statusOf(m.rowId)).deliveryStatus).toBe('delivered');
    expect((await post(payload({ statuses: [status(m.wamid, 'read')] }))).body).toEqual({ data: { processed: 1 } });
    expect((await statusOf(m.rowId)).deliveryStatus).toBe('read');
    expect((await post(payload({ statuses: [status(m.wamid, 'sent'), status(m.wamid, 'delivered')] }))).body).toEqual({ data: { processed: 0 } });
    expect((await statusOf(m.rowId)).deliveryStatus).toBe('read');
    expect((await statusOf(m.rowId)).status).toBe('sent');
  });

  it('a failure #131026 marks the client’s number as not on WhatsApp; an unknown message id changes nothing', async () => {
    const c = await createClient(`webhook-invalid@example.com`, { onboarded: true });
    const m = await sentMessage(c.user.id);
    const r = await post(payload({ statuses: [status(m.wamid, 'failed', [{ code: 131026, title: 'Message undeliverable' }]), status('wamid.desconocido', 'read')] }));
    expect(r.body).toEqual({ data: { processed: 1 } });
    const row = await statusOf(m.rowId);
    expect(row.deliveryStatus).toBe('failed');
    expect(row.lastError).toBe('WhatsApp #131026: Message undeliverable');
    const [u] = await (await getDb()).select({ at: users.whatsappInvalidAt }).from(users).where(eq(users.id, c.user.id));
    expect(u!.at).not.toBeNull();
  });
});

describe('secrets', () => {
  it('never shows the app secret or the access token in an answer or a log line', async () => {
    const c = await clientWithAppointment(5, '10:00');
    logLines.length = 0;
    const answers: string[] = [];
    answers.push((await rawCall(handshake, { path: hub({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '42' }) })).text);
    answers.push((await rawCall(handshake, { path: hub({ 'hub.mode': 'subscribe', 'hub.verify_token': APP_SECRET, 'hub.challenge': '42' }) })).text);
    answers.push(JSON.stringify((await post(payload({ messages: [quickReply(c.from, `confirm:${c.appointmentId}`)] }))).body));
    answers.push(JSON.stringify((await post(payload({ messages: [] }), { signature: 'sha256=00' })).body));
    answers.push(JSON.stringify((await post({ object: 'whatsapp_business_account', entry: 'x' })).body));
    expect(answers).toHaveLength(5);
    expect(logLines.length).toBeGreaterThanOrEqual(5);
    for (const text of [...answers, ...logLines]) {
      expect(text).not.toContain(APP_SECRET);
      expect(text).not.toContain(ACCESS_TOKEN);
    }
  });
});
