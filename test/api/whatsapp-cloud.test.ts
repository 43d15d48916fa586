/**
 * WhatsApp through the Cloud API (beyond-the-spec section 5), against the local Graph API double
 * (scripts/dev-whatsapp.ts): the confirmation request, the reminder, the release and a waitlist offer queue a
 * template message beside the e-mail for a client with a verified phone; the worker sends it with the salon's
 * phone number id and Bearer token, keeps Meta's message id, retries a rate limit with the outbox's backoff,
 * fails an invalid number and records it on the client, writes nothing to a client who opted out, and logs
 * instead of sending for a salon without a connection. Secrets never reach a row or a log line.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { outbox, users, whatsappAccounts } from '@/lib/server/db/schema';
import { setLogSink } from '@/lib/server/log';
import { queueDueConfirmations } from '@/lib/server/notifications/confirmations';
import { queueDueReminders } from '@/lib/server/notifications/reminders';
import { cloudApiSender, queueWhatsApps } from '@/lib/server/notifications/whatsapp';
import { deliverWhatsAppDue } from '@/lib/server/notifications/worker';
import { encryptSecret, secretsKey } from '@/lib/server/secrets';
import { startGraphDouble, type GraphDouble } from '@/scripts/dev-whatsapp';
import { closeTestDb, openTestDb } from './harness';
import { book, bookingBody, createClient, dayFromToday, DB_TIMEOUT, madridInstant, phoneFor, pinTestClock, SARA, serviceId, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const TOKEN = 'EAAG-test-access-token-0123456789abcdef';
const APP_SECRET = 'app-secret-0123456789abcdef';
const PHONE_NUMBER_ID = '109876543210';

let double: GraphDouble;
let corte: number;
let tid: number;
let n = 0;

const THU = dayFromToday(3);
const TUE = dayFromToday(1);
const WED = dayFromToday(2);
const at = (date: string, hhmm: string) => Date.parse(madridInstant(date, hhmm));

const newClient = async () => {
  n += 1;
  return createClient(`whatsapp-cloud${n}@example.com`, { name: `Rocío Prueba${n}`, onboarded: true, allowance: 5 });
};

async function clientBooks(c: Awaited<ReturnType<typeof newClient>>, date: string, hhmm: string): Promise<string> {
  const r = await book(c.cookie, bookingBody(c.user, { start: madridInstant(date, hhmm), employee: SARA, serviceId: corte }));
  if (r.status !== 201) throw new Error(`booking answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data.event_id as string;
}

const whatsappRows = async (userId: string) =>
  (await (await getDb()).select().from(outbox).where(and(eq(outbox.tenantId, tid), eq(outbox.kind, 'whatsapp'))))
    .filter((r) => (r.payload as { userId?: string }).userId === userId)
    .sort((a, b) => a.id - b.id);

/** A second from now: rows queued a moment ago are due (the database's clock has microseconds, Date.now() milliseconds). */
const soon = () => Date.now() + 1000;

const deliver = async (now: number) => deliverWhatsAppDue(await getDb(), { now: new Date(now), send: cloudApiSender(double.url), log: () => undefined });

/** The template of a recorded request, with its parameters' texts and its buttons' payloads. */
const sentTemplate = (i: number) => {
  const body = double.messages[i]!.body as { to: string; template: { name: string; language: { code: string }; components: { type: string; parameters: { text?: string; payload?: string }[] }[] } };
  const bodyParams = body.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);
  const payloads = body.template.components.filter((c) => c.type === 'button').map((c) => c.parameters[0]!.payload);
  return { to: body.to, name: body.template.name, language: body.template.language.code, params: bodyParams, payloads };
};

async function connect(): Promise<void> {
  const key = secretsKey()!;
  await (await getDb())
    .insert(whatsappAccounts)
    .values({ tenantId: tid, phoneNumberId: PHONE_NUMBER_ID, accessToken: encryptSecret(TOKEN, key), appSecret: encryptSecret(APP_SECRET, key), verifyToken: 'verify-me' })
    .onConflictDoNothing();
}

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  tid = await tenantId();
  double = await startGraphDouble();
  await connect();
});
afterAll(async () => {
  await double.close();
  await closeTestDb();
});

describe('template messages beside the e-mail', () => {
  it('asks for confirmation on WhatsApp with the buttons answering the appointment, reminds, and tells of the release', async () => {
    const c = await newClient();
    const id = await clientBooks(c, THU, '10:00');
    await queueDueConfirmations(await getDb(), at(TUE, '10:00'));
    const [request] = await whatsappRows(c.user.id);
    expect(request).toMatchObject({ status: 'pending', payload: { template: 'confirma_tu_cita', appointmentId: id } });

    const before = double.messages.length;
    const report = await deliver(at(TUE, '10:00'));
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const mine = double.messages.slice(before).findIndex((m) => (m.body as { to: string }).to === phoneFor(c.user.email).slice(1));
    expect(mine).toBeGreaterThanOrEqual(0);
    const recorded = double.messages[before + mine]!;
    expect(recorded.phoneNumberId).toBe(PHONE_NUMBER_ID);
    expect(recorded.token).toBe(TOKEN);
    const t = sentTemplate(before + mine);
    expect(t).toMatchObject({ name: 'confirma_tu_cita', language: 'es_ES', payloads: [`confirm:${id}`, `cancel:${id}`] });
    expect(t.params[0]).toBe(`Rocío Prueba${n}`);
    expect(t.params[2]).toBe('Corte de pelo');
    expect(t.params[3]).toContain('10:00');
    expect(t.params[4]).toBe('Sara López');
    const [sent] = await whatsappRows(c.user.id);
    expect(sent!.status).toBe('sent');
    expect(sent!.providerMessageId).toBe(recorded.id);

    // The 24-hour reminder and, unconfirmed at the cut-off, the release.
    await queueDueReminders(await getDb(), at(WED, '10:00'));
    await queueDueConfirmations(await getDb(), at(WED, '21:30'));
    expect((await whatsappRows(c.user.id)).map((r) => (r.payload as { template: string }).template)).toEqual(['confirma_tu_cita', 'recordatorio_cita', 'cita_liberada']);
    const released = (await whatsappRows(c.user.id))[2]!.payload as { params: string[] };
    expect(released.params[4]).toBe('http://localhost:3000');
  });

  it('queues nothing for a client without a verified phone or who opted out, and drops a queued one after BAJA', async () => {
    const unverified = await newClient();
    await (await getDb()).update(users).set({ phoneVerified: false }).where(eq(users.id, unverified.user.id));
    const queued = await queueWhatsApps(await getDb(), tid, [{ userId: unverified.user.id, template: 'recordatorio_cita', params: ['a', 'b', 'c', 'd', 'e'] }]);
    expect(queued).toBe(0);

    const c = await newClient();
    expect(await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['a', 'b', 'c', 'd', 'e'] }])).toBe(1);
    await (await getDb()).update(users).set({ whatsappOptedOutAt: new Date() }).where(eq(users.id, c.user.id));
    const before = double.messages.length;
    await deliver(soon());
    expect(double.messages.slice(before).some((m) => (m.body as { to: string }).to === phoneFor(c.user.email).slice(1))).toBe(false);
    const [row] = await whatsappRows(c.user.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'not sent: opted out' });
    expect(await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['a', 'b', 'c', 'd', 'e'] }])).toBe(0);
  });
});

describe('Meta’s answers', () => {
  it('retries a rate limit (429) after the outbox’s first backoff and then sends', async () => {
    const c = await newClient();
    await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['Ana', 'Salón', 'Corte', 'mañana', 'Sara'] }]);
    const now = soon();
    double.failNext(429, 130429, '(#130429) Rate limit hit');
    await deliver(now);
    const [retried] = await whatsappRows(c.user.id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried!.lastError).toContain('130429');
    expect(retried!.nextAttemptAt.getTime()).toBe(now + 60_000);
    await deliver(now + 30_000);
    expect((await whatsappRows(c.user.id))[0]!.status).toBe('pending');
    await deliver(now + 60_000);
    expect((await whatsappRows(c.user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails an invalid number at once and records it on the client, who gets no more messages', async () => {
    const c = await newClient();
    double.invalidNumbers.add(phoneFor(c.user.email).slice(1));
    await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['Ana', 'Salón', 'Corte', 'mañana', 'Sara'] }]);
    await deliver(soon());
    const [row] = await whatsappRows(c.user.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('131026');
    const [u] = await (await getDb()).select().from(users).where(eq(users.id, c.user.id));
    expect(u!.whatsappInvalidAt).not.toBeNull();
    expect(await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['a', 'b', 'c', 'd', 'e'] }])).toBe(0);
  });

  it('fails a refused token for good without the token in the row or the log', async () => {
    const lines: string[] = [];
    setLogSink((line) => void lines.push(typeof line === 'string' ? line : JSON.stringify(line)));
    try {
      const c = await newClient();
      await queueWhatsApps(await getDb(), tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['Ana', 'Salón', 'Corte', 'mañana', 'Sara'] }]);
      double.failNext(401, 190, '(#190) Error validating access token');
      await deliver(soon());
      const [row] = await whatsappRows(c.user.id);
      expect(row).toMatchObject({ status: 'failed' });
      expect(row!.lastError).toContain('190');
      const stored = JSON.stringify(await (await getDb()).select().from(outbox).where(eq(outbox.tenantId, tid)));
      expect(stored).not.toContain(TOKEN);
      expect(stored).not.toContain(APP_SECRET);
      const [account] = await (await getDb()).select().from(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tid));
      expect(JSON.stringify(account)).not.toContain(TOKEN);
      expect(JSON.stringify(account)).not.toContain(APP_SECRET);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      setLogSink(null);
    }
  });
});

describe('a salon without a connection', () => {
  it('logs the message instead of sending it', async () => {
    const c = await newClient();
    const db = await getDb();
    await db.delete(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tid));
    try {
      await queueWhatsApps(db, tid, [{ userId: c.user.id, template: 'recordatorio_cita', params: ['Ana', 'Salón Prueba', 'Corte', 'mañana', 'Sara'] }]);
      const before = double.messages.length;
      const logged: string[] = [];
      await deliverWhatsAppDue(db, { now: new Date(soon()), send: cloudApiSender(double.url), log: (l) => void logged.push(l) });
      expect(double.messages.length).toBe(before);
      expect(logged.some((l) => l.includes('[recordatorio_cita]') && l.includes('Hola Ana, te recordamos tu cita en Salón Prueba'))).toBe(true);
      expect((await whatsappRows(c.user.id))[0]!.status).toBe('sent');
    } finally {
      await connect();
    }
  });
});
