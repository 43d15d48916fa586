/**
 * Delivery of the outbox to a real local SMTP server (`smtp-server`), on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL: a staff cancellation is delivered once with its reason, a guest
 * cancellation sends nothing, refusals are retried on the backoff schedule (time is driven through `now`),
 * two workers deliver 1,000 messages exactly once, and a crash between send and mark resends the message
 * with the same Message-ID after the claim expires.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { outbox } from '@/lib/server/db/schema';
import { queueEmail } from '@/lib/server/notifications/outbox';
import { smtpTransport, type MailTransport } from '@/lib/server/notifications/mail';
import { CLAIM_MS, claimDue, composeMail, deliverDue, messageIdOf } from '@/lib/server/notifications/worker';
import { closeTestDb, openTestDb, sessionFor } from './harness';
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
import { findUserByEmail } from '@/lib/server/repositories/users';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

const MIN = 60_000;

/** A local SMTP server keeping every message it accepts; `refuse(n)` answers 451 to the next n messages. */
class Catcher {
  received: string[] = [];
  private refusals = 0;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.refusals > 0) {
          this.refusals--;
          const err = Object.assign(new Error('Inténtelo más tarde'), { responseCode: 451 });
          return callback(err);
        }
        this.received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  port = 0;
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }
  refuse(n: number) {
    this.refusals = n;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  /** The Message-ID header of each received message, in order. */
  messageIds() {
    return this.received.map((raw) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '');
  }
  ofId(messageId: string) {
    return this.received.filter((raw) => raw.includes(`Message-ID: ${messageId}`));
  }
}

let catcher: Catcher;
let transport: MailTransport;
let db: Db;
let tid: number;

/** Runs deliverDue at `now` until a call claims nothing; returns the totals. */
async function drain(now: Date, d: Db = db) {
  const total = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const r = await deliverDue(d, { now, limit: 50, transport });
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    if (r.claimed === 0) return total;
  }
}

const rowOf = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
/** Queues a test e-mail and returns its row id. */
async function queue(subject: string, to = 'prueba@example.com') {
  await queueEmail(db, tid, { to, subject, text: `Cuerpo de ${subject}` });
  const rows = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.tenantId, tid));
  return Math.max(...rows.map((r) => r.id));
}

beforeAll(async () => {
  db = await openTestDb();
  tid = await tenantId();
  catcher = await new Catcher().start();
  transport = smtpTransport(`smtp://127.0.0.1:${catcher.port}`);
  await drain(new Date()); // whatever the seed queued
  catcher.received = [];
}, DB_TIMEOUT);
afterAll(async () => {
  transport.close?.();
  await catcher.stop();
  await closeTestDb();
});
beforeEach(() => {
  catcher.received = [];
});

describe('cancellations', () => {
  it('delivers exactly one e-mail with the reason for a staff cancellation, from MAIL_FROM, with its Message-ID', async () => {
    const staff = await sessionFor(MARCOS);
    const anaCookie = await sessionFor(ANA);
    const ana = (await findUserByEmail(db, tid, ANA))!;
    const corte = await serviceId('Corte de pelo');
    const date = madridDates(8, 28, [1, 2, 4, 5])[0]!;
    const [hour] = await offeredHours(anaCookie, date, SARA, { serviceDuration: 30, serviceId: corte });
    const booked = await book(anaCookie, bookingBody(ana, { start: hour!.start_time, employee: SARA, serviceId: corte }));
    expect(booked.status).toBe(201);
    await drain(new Date()); // a booking confirmation, if any, is not what this test counts
    catcher.received = [];
    const reason = 'La estilista está enferma';
    const r = await cancelAppointment(staff, { id: booked.body.data.event_id, employee: SARA, client: ANA, date, notes: reason });
    expect(r.status).toBe(200);

    expect(await drain(new Date())).toMatchObject({ claimed: 1, sent: 1 });
    expect(await drain(new Date(Date.now() + 3 * 60 * MIN))).toMatchObject({ claimed: 0 });
    expect(catcher.received).toHaveLength(1);
    const mail = await simpleParser(catcher.received[0]!);
    expect(mail.to).toMatchObject({ value: [{ address: ANA }] });
    expect(mail.from?.text).toContain('no-reply@klok.app');
    expect(mail.subject).toContain('cancelada');
    expect(mail.text).toContain(`Motivo: ${reason}`);
    const [row] = (await db.select().from(outbox).where(eq(outbox.tenantId, tid))).sort((a, b) => b.id - a.id);
    expect(mail.messageId).toBe(messageIdOf(tid, row!.id));
    expect(mail.headers.get('x-klok-idempotency-key')).toBe(`outbox-${tid}-${row!.id}`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('delivers nothing for a guest cancellation', async () => {
    const staff = await sessionFor(MARCOS);
    const corte = await serviceId('Corte de pelo');
    const date = madridDates(8, 28, [1, 2, 4, 5])[1]!;
    const booked = await book(staff, staffBookingBody({ start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: corte, name: 'Paseante' }));
    expect(booked.status).toBe(201);
    await drain(new Date());
    catcher.received = [];
    const r = await cancelAppointment(staff, { id: booked.body.data.event_id, employee: MARCOS, date, notes: 'No vino' });
    expect(r.status).toBe(200);
    expect(await drain(new Date())).toMatchObject({ claimed: 0 });
    expect(catcher.received).toHaveLength(0);
  });
});

describe('retries', () => {
  it('delivers once after two 451 refusals, on the 1 min and 5 min backoff', async () => {
    const id = await queue('Reintento');
    const t0 = new Date(Date.now() + 24 * 60 * MIN); // clear of other rows' schedules
    catcher.refuse(2);
    expect(await drain(t0)).toMatchObject({ claimed: 1, retried: 1, sent: 0 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('451');
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + MIN);

    expect(await drain(new Date(t0.getTime() + MIN - 1))).toMatchObject({ claimed: 0 });
    expect(await drain(new Date(t0.getTime() + MIN))).toMatchObject({ claimed: 1, retried: 1 });
    expect((await rowOf(id)).nextAttemptAt.getTime()).toBe(t0.getTime() + 6 * MIN);
    expect(await drain(new Date(t0.getTime() + 6 * MIN - 1))).toMatchObject({ claimed: 0 });
    expect(catcher.received).toHaveLength(0);

    expect(await drain(new Date(t0.getTime() + 6 * MIN))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await drain(new Date(t0.getTime() + 10 * 60 * MIN))).toMatchObject({ claimed: 0 });
    expect(catcher.messageIds()).toEqual([messageIdOf(tid, id)]);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('fails a message after five refused attempts, keeping the error', async () => {
    const id = await queue('Siempre rechazado');
    let t = Date.now() + 48 * 60 * MIN;
    catcher.refuse(5);
    for (const wait of [MIN, 5 * MIN, 30 * MIN, 120 * MIN]) {
      expect(await drain(new Date(t))).toMatchObject({ claimed: 1, retried: 1 });
      t += wait;
    }
    expect(await drain(new Date(t))).toMatchObject({ claimed: 1, failed: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, lockedUntil: null });
    expect(row.failedAt!.getTime()).toBe(t);
    expect(row.lastError).toContain('451');
    expect(await drain(new Date(t + 1000 * MIN))).toMatchObject({ claimed: 0 });
    expect(catcher.received).toHaveLength(0);
  });
});

describe('dedupe key', () => {
  it('queues a message once per tenant and key', async () => {
    const msg = { to: ANA, subject: 'Recordatorio', text: 'Mañana a las 10:00' };
    expect(await queueEmail(db, tid, msg, 'reminder:test-1')).toBe(true);
    expect(await queueEmail(db, tid, msg, 'reminder:test-1')).toBe(false);
    expect(await queueEmail(db, tid, msg, 'reminder:test-2')).toBe(true);
    const rows = await db.select().from(outbox).where(inArray(outbox.dedupeKey, ['reminder:test-1', 'reminder:test-2']));
    expect(rows).toHaveLength(2);
    await drain(new Date());
    expect(catcher.received).toHaveLength(2);
  });
});

describe('crash between send and mark', () => {
  it('resends after the claim expires, with the same Message-ID and idempotency key', async () => {
    const id = await queue('Caída');
    const t0 = new Date(Date.now() + 72 * 60 * MIN);
    // Worker A claims and sends, then dies before marking the row.
    const { rows } = await claimDue(db, { now: t0, limit: 10 });
    expect(rows.map((r) => r.id)).toEqual([id]);
    await transport.sendMail(composeMail(rows[0]!, 'Klok <no-reply@klok.app>'));
    expect((await rowOf(id)).status).toBe('sending');

    // Worker B: nothing to do while A's claim lasts; afterwards it resends.
    expect(await drain(new Date(t0.getTime() + CLAIM_MS - 1))).toMatchObject({ claimed: 0 });
    expect(await drain(new Date(t0.getTime() + CLAIM_MS))).toMatchObject({ claimed: 1, sent: 1 });
    expect(catcher.messageIds()).toEqual([messageIdOf(tid, id), messageIdOf(tid, id)]);
    const keys = await Promise.all(catcher.received.map(async (raw) => (await simpleParser(raw)).headers.get('x-klok-idempotency-key')));
    expect(keys).toEqual([`outbox-${tid}-${id}`, `outbox-${tid}-${id}`]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
  });
});

describe('two workers', () => {
  it('deliver each of 1,000 messages exactly once', async () => {
    const N = 1000;
    const before = new Set((await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    await db.insert(outbox).values(
      Array.from({ length: N }, (_, i) => ({ tenantId: tid, kind: 'email' as const, payload: { to: `c${i}@example.com`, subject: `Mensaje ${i}`, text: `Hola ${i}` } })),
    );
    const ids = (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).filter((id) => !before.has(id));
    expect(ids).toHaveLength(N);

    // On PostgreSQL each worker has its own pool (two app instances); on PGlite both share the one connection.
    const pools: { end(): Promise<void> }[] = [];
    const workerDb = async (): Promise<Db> => {
      if (!process.env.DATABASE_URL) return getDb();
      const { Pool } = await import('pg');
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
      pools.push(pool);
      return drizzle(pool) as unknown as Db;
    };
    const [a, b] = [await workerDb(), await workerDb()];
    const now = new Date(Date.now() + 96 * 60 * MIN);
    const loop = async (d: Db) => {
      let sent = 0;
      for (;;) {
        const r = await deliverDue(d, { now, limit: 25, transport });
        sent += r.sent;
        if (r.claimed === 0) return sent;
      }
    };
    try {
      const [sentA, sentB] = await Promise.all([loop(a), loop(b)]);
      expect(sentA + sentB).toBe(N);
      if (process.env.DATABASE_URL) expect(Math.min(sentA, sentB)).toBeGreaterThan(0);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    const got = catcher.messageIds();
    expect(got).toHaveLength(N);
    expect(new Set(got).size).toBe(N);
    expect(new Set(got)).toEqual(new Set(ids.map((id) => messageIdOf(tid, id))));
    const rows = await db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
