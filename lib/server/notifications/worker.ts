import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { retryDelayMs } from '@/lib/domain/backoff';
import { MINUTE_MS } from '@/lib/domain/time';
import { TENANT_HEADER } from '@/lib/mail-tenant';
import { getDb, rowsOf, type Db } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import type { EmailMessage } from './outbox';
import { createMailTransport, mailFrom, type MailTransport } from './mail';
import { createPushProvider, isInvalidTokenError, type PushMessage, type PushProvider } from './push';
import { metaFailure, templateRequest } from '@/lib/domain/whatsapp-cloud';
import { whatsAppDigits } from '@/lib/domain/whatsapp';
import {
  cloudApiSender,
  devWhatsAppLine,
  whatsappAccountOf,
  WhatsAppApiError,
  type WhatsAppAccount,
  type WhatsAppMessage,
  type WhatsAppSender,
} from './whatsapp';

/**
 * The outbox's delivery worker, running inside the app process.
 *
 * `deliverDue` claims due rows with a cross-tenant read of the due ids, then per tenant `WITH picked AS
 * MATERIALIZED (SELECT … FOR UPDATE SKIP LOCKED) UPDATE … WHERE tenant_id = $1 AND id IN (picked)`
 * (tenant-keyed, see `claimDue`):
 * two app instances on one PostgreSQL never claim the same row, and the same SQL runs on PGlite (one
 * connection: nothing to skip). A claim lasts `lockMs`; a row still `sending` after that (its process
 * died between the send and the mark) is claimed again and resent: delivery is at-least-once, and every
 * attempt of a row carries the same Message-ID and `X-Klok-Idempotency-Key`, so a resend is recognisable.
 * A failed attempt is retried after lib/domain/backoff.ts's delay (1 min, 5 min, 30 min, 2 h), then the row
 * is `failed` with its last error; a permanent SMTP refusal (5xx) fails at once.
 */

/** How long a claim holds a row; far above the SMTP transport's timeouts (lib/server/notifications/mail.ts). */
export const CLAIM_MS = 5 * MINUTE_MS;

export type ClaimedRow = { id: number; tenant_id: number; payload: EmailMessage; attempts: number };

/** The Message-ID of an outbox row: the same on every attempt. */
export function messageIdOf(tenantId: number, id: number): string {
  return `<outbox-${tenantId}-${id}@klok>`;
}

/**
 * The nodemailer message of a claimed row: the rendered payload plus the From, the idempotency headers and
 * `X-Klok-Tenant` (the sending tenant's id, by which the local mail catcher files it; lib/mail-tenant.ts).
 */
export function composeMail(row: ClaimedRow, from: string) {
  const { to, subject, text, html, attachments } = row.payload;
  return {
    from,
    to,
    subject,
    text,
    ...(html ? { html } : {}),
    ...(attachments?.length ? { attachments: attachments.map((a) => ({ ...a })) } : {}),
    messageId: messageIdOf(row.tenant_id, row.id),
    headers: { 'X-Klok-Idempotency-Key': `outbox-${row.tenant_id}-${row.id}`, [TENANT_HEADER]: String(row.tenant_id) },
  };
}

/**
 * Claims up to `limit` due e-mails (pending with `next_attempt_at <= now`, or sending with an expired
 * claim) for `lockMs`, counting the attempt. Returns the rows and the claim's `locked_until` (its token:
 * marks only apply to rows still under this claim). Exported for the crash test; use `deliverDue`.
 */
export async function claimDue(db: Db, opts: { now: Date; limit: number; lockMs?: number; kind?: 'email' | 'push' | 'whatsapp' }) {
  const now = opts.now.toISOString();
  const lockedUntil = new Date(opts.now.getTime() + (opts.lockMs ?? CLAIM_MS)).toISOString();
  const kind = opts.kind ?? 'email';
  const due = sql`kind = ${kind}
    and ((status = 'pending' and next_attempt_at <= ${now}::timestamptz)
      or (status = 'sending' and locked_until <= ${now}::timestamptz))`;
  // Tenant-keyed writes (Citus runs a statement on one tenant's shard, not an UPDATE across
  // shards with a locking subquery): first a plain cross-tenant read of the due rows to learn which tenants
  // have how many, then one claim per tenant of up to that many of its oldest due rows with
  // `FOR UPDATE SKIP LOCKED`. A row another worker is claiming is skipped and the next due row of that
  // tenant is taken instead (so two workers share the queue rather than race for the same head), and a row
  // already claimed is no longer due, so no row is claimed twice.
  const candidates = rowsOf<{ tenant_id: number; id: number }>(
    await db.execute(sql`select tenant_id, id from outbox where ${due} order by next_attempt_at, id limit ${opts.limit}`),
  );
  const perTenant = new Map<number, number>();
  for (const c of candidates) perTenant.set(c.tenant_id, (perTenant.get(c.tenant_id) ?? 0) + 1);
  const rows: (ClaimedRow & { next_attempt_at: string | Date })[] = [];
  for (const [tenantId, count] of perTenant) {
    // The rows are picked once (a materialized CTE): a `LIMIT … SKIP LOCKED` sub-select under `IN` may be run
    // again by the plan (a semi-join rescan) and pick other rows each time, claiming more than `count`.
    const result = await db.execute(sql`
      with picked as materialized (
        select id from outbox
        where tenant_id = ${tenantId} and ${due}
        order by next_attempt_at, id
        limit ${count}
        for update skip locked)
      update outbox set status = 'sending', locked_until = ${lockedUntil}::timestamptz, attempts = attempts + 1
      where tenant_id = ${tenantId} and id in (select id from picked)
      returning id, tenant_id, payload, attempts, next_attempt_at`);
    rows.push(...rowsOf<(typeof rows)[number]>(result));
  }
  // The delivery order of the single-statement claim: oldest due first.
  const at = (r: (typeof rows)[number]) => new Date(r.next_attempt_at).getTime();
  rows.sort((a, b) => at(a) - at(b) || a.id - b.id);
  return { rows: rows.map((r): ClaimedRow => ({ id: r.id, tenant_id: r.tenant_id, payload: r.payload, attempts: r.attempts })), lockedUntil };
}

/** A permanent SMTP refusal (5xx reply): retrying would not help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export type DeliveryReport = { claimed: number; sent: number; retried: number; failed: number };

/**
 * Delivers the due e-mails once: claims up to `limit` rows, sends each with `transport` (up to
 * `concurrency` at a time), and marks it sent, or pending again at the backoff's next attempt, or failed.
 */
export async function deliverDue(
  db: Db,
  opts: { now?: Date; limit?: number; transport: MailTransport; from?: string; concurrency?: number; lockMs?: number },
): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const { rows, lockedUntil } = await claimDue(db, { now, limit: opts.limit ?? 50, lockMs: opts.lockMs });
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  const from = opts.from ?? mailFrom();
  const deliver = async (row: ClaimedRow) => {
    const claimed = sql`tenant_id = ${row.tenant_id} and id = ${row.id} and status = 'sending' and locked_until = ${lockedUntil}::timestamptz`;
    try {
      await opts.transport.sendMail(composeMail(row, from));
    } catch (err) {
      await settle(db, claimed, now, report, { error: errorText(err), delay: isPermanent(err) ? null : retryDelayMs(row.attempts) });
      return;
    }
    await settle(db, claimed, now, report, null);
  };
  const queue = [...rows];
  const lanes = Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 5, queue.length)) }, async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
  });
  await Promise.all(lanes);
  return report;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * A row's payload once it is settled: an e-mail to a client deleted since it was queued
 * (`eraseAfterSend`, lib/server/services/delete-client.ts) keeps only that anonymous address and its
 * subject; any other payload stays as it is.
 */
const ERASED_PAYLOAD = sql`case when payload ? 'eraseAfterSend'
  then jsonb_build_object('to', payload->>'eraseAfterSend', 'subject', payload->>'subject', 'text', '')
  else payload end`;

/**
 * Records the outcome of a claimed row (only while the claim `claimed` still holds): sent (`failure` null),
 * retried after `failure.delay` ms, or failed for good (`delay` null) with the error kept.
 */
async function settle(
  db: Db,
  claimed: SQL,
  now: Date,
  report: DeliveryReport,
  failure: { error: string; delay: number | null } | null,
  providerMessageId: string | null = null,
): Promise<void> {
  if (!failure) {
    report.sent++;
    await db.execute(sql`
      update outbox set status = 'sent', sent_at = ${new Date().toISOString()}::timestamptz, locked_until = null,
        provider_message_id = ${providerMessageId}, payload = ${ERASED_PAYLOAD}
      where ${claimed}`);
  } else if (failure.delay === null) {
    report.failed++;
    await db.execute(sql`
      update outbox set status = 'failed', failed_at = ${now.toISOString()}::timestamptz, locked_until = null,
        last_error = ${failure.error}, payload = ${ERASED_PAYLOAD}
      where ${claimed}`);
  } else {
    report.retried++;
    await db.execute(sql`
      update outbox set status = 'pending', locked_until = null, last_error = ${failure.error},
        next_attempt_at = ${new Date(now.getTime() + failure.delay).toISOString()}::timestamptz
      where ${claimed}`);
  }
}

/**
 * Delivers the due pushes once: claims up to `limit` push rows, reads each recipient's
 * current token and sends with `provider`. A recipient without a token (never registered, cleared, deleted)
 * is marked sent with nothing to do. A token FCM reports invalid is cleared on the user (only if it is still
 * that token) and the row fails at once; other errors are retried with the e-mail's backoff.
 */
export async function deliverPushDue(
  db: Db,
  opts: { now?: Date; limit?: number; provider: PushProvider; lockMs?: number },
): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const { rows, lockedUntil } = await claimDue(db, { now, limit: opts.limit ?? 50, lockMs: opts.lockMs, kind: 'push' });
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  for (const row of rows) {
    const claimed = sql`tenant_id = ${row.tenant_id} and id = ${row.id} and status = 'sending' and locked_until = ${lockedUntil}::timestamptz`;
    const push = row.payload as unknown as PushMessage;
    const [user] = rowsOf<{ fcm_token: string | null }>(
      await db.execute(sql`select fcm_token from users where tenant_id = ${row.tenant_id} and id = ${push.userId}`),
    );
    const token = user?.fcm_token ?? null;
    try {
      if (token) await opts.provider.send(token, { title: push.title, body: push.body, ...(push.data ? { data: push.data } : {}) });
    } catch (err) {
      const invalid = isInvalidTokenError(err);
      if (invalid) {
        await db.execute(sql`
          update users set fcm_token = null where tenant_id = ${row.tenant_id} and id = ${push.userId} and fcm_token = ${token}`);
      }
      await settle(db, claimed, now, report, { error: errorText(err), delay: invalid ? null : retryDelayMs(row.attempts) });
      continue;
    }
    await settle(db, claimed, now, report, null);
  }
  return report;
}

/**
 * Delivers the due WhatsApp messages once: claims up to `limit` rows and, per row, reads the client again
 * (a client who opted out, lost the verified phone or was deleted since is not written to: the row fails
 * with that reason) and the tenant's connection. A tenant without one gets the development provider: the
 * message is logged with `log` and the row marked sent. Otherwise the row is sent with `send` (the Cloud API)
 * and keeps Meta's message id. A refusal is handled by `metaFailure`: retried with the outbox's backoff,
 * failed, or failed with the number recorded as invalid on the client (only if the phone is still that one).
 */
export async function deliverWhatsAppDue(
  db: Db,
  opts: { now?: Date; limit?: number; send?: WhatsAppSender; log?: (line: string) => void; lockMs?: number },
): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const { rows, lockedUntil } = await claimDue(db, { now, limit: opts.limit ?? 50, lockMs: opts.lockMs, kind: 'whatsapp' });
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  const send = opts.send ?? cloudApiSender();
  const devLog = opts.log ?? ((line: string) => console.info(line));
  const accounts = new Map<number, Promise<WhatsAppAccount | null>>();
  for (const row of rows) {
    const claimed = sql`tenant_id = ${row.tenant_id} and id = ${row.id} and status = 'sending' and locked_until = ${lockedUntil}::timestamptz`;
    const m = row.payload as unknown as WhatsAppMessage;
    const [user] = rowsOf<{ tlf: string | null; phone_verified: boolean; opted_out: boolean; invalid: boolean; is_guest: boolean }>(
      await db.execute(sql`
        select tlf, phone_verified, whatsapp_opted_out_at is not null as opted_out, whatsapp_invalid_at is not null as invalid, is_guest
        from users where tenant_id = ${row.tenant_id} and id = ${m.userId}`),
    );
    const to = whatsAppDigits(user?.tlf);
    const refusal = !user || user.is_guest || !to || !user.phone_verified ? 'no verified phone' : user.opted_out ? 'opted out' : user.invalid ? 'number not on WhatsApp' : null;
    if (refusal) {
      await settle(db, claimed, now, report, { error: `not sent: ${refusal}`, delay: null });
      continue;
    }
    try {
      if (!accounts.has(row.tenant_id)) accounts.set(row.tenant_id, whatsappAccountOf(db, row.tenant_id));
      const account = await accounts.get(row.tenant_id)!;
      const body = templateRequest({ to: to!, template: m.template, params: m.params, ...(m.appointmentId ? { appointmentId: m.appointmentId } : {}) });
      if (!account) {
        devLog(devWhatsAppLine(to!, m.template, m.params));
        await settle(db, claimed, now, report, null);
        continue;
      }
      const { id } = await send(account, body);
      await settle(db, claimed, now, report, null, id);
    } catch (err) {
      const verdict = err instanceof WhatsAppApiError ? metaFailure(err.status, err.code) : 'fail';
      if (verdict === 'invalid_number') {
        await db.execute(sql`
          update users set whatsapp_invalid_at = ${now.toISOString()}::timestamptz
          where tenant_id = ${row.tenant_id} and id = ${m.userId} and tlf = ${user!.tlf}`);
      }
      await settle(db, claimed, now, report, { error: errorText(err), delay: verdict === 'retry' ? retryDelayMs(row.attempts) : null });
    }
  }
  return report;
}

// ---------------------------------------------------------------------------------------------------
// The in-process loop

/** A job run from the worker's loop every `everyMs` (at the first tick, then on the first tick after each period). */
type PeriodicJob = { everyMs: number; fn: () => Promise<void>; lastStart: number; running?: Promise<void> };

type WorkerState = {
  started: boolean;
  timer?: ReturnType<typeof setInterval>;
  tick?: Promise<void>;
  transport?: MailTransport;
  push?: Promise<PushProvider>;
  jobs: Map<string, PeriodicJob>;
};
const state: WorkerState = ((globalThis as { __klokOutboxWorker?: WorkerState }).__klokOutboxWorker ??= {
  started: false,
  jobs: new Map(),
});

/** How often the loop looks for due e-mails and periodic jobs. */
export const TICK_MS = 5_000;
const BATCH = 50;

/**
 * Registers a job that the worker's loop runs every `everyMs` milliseconds (e.g. the reminder scan:
 * `registerPeriodicJob('reminders', REMINDER_SCAN_MS, scanReminders)`), in the same process and only when the worker
 * runs (`OUTBOX_WORKER` not `0`). A job never overlaps itself; its errors are logged, not thrown. Call it
 * before or after `startOutboxWorker()` (instrumentation.ts is the place); the same name replaces the job.
 */
export function registerPeriodicJob(name: string, everyMs: number, fn: () => Promise<void>): void {
  state.jobs.set(name, { everyMs, fn, lastStart: 0 });
}

const log = () => logger().child({ component: 'outbox' });

async function tick(): Promise<void> {
  try {
    const db = await getDb();
    state.transport ??= createMailTransport();
    // Drain: keep claiming while full batches come back (a backlog empties in one tick).
    for (;;) {
      const r = await deliverDue(db, { now: new Date(), limit: BATCH, transport: state.transport });
      if (r.claimed < BATCH || !state.timer) break;
    }
  } catch (err) {
    log().error({ err }, 'outbox delivery failed');
  }
  try {
    const db = await getDb();
    state.push ??= createPushProvider();
    const provider = await state.push;
    for (;;) {
      const r = await deliverPushDue(db, { now: new Date(), limit: BATCH, provider });
      if (r.claimed < BATCH || !state.timer) break;
    }
  } catch (err) {
    state.push = undefined; // a provider that failed to start is created again next tick
    log().error({ err }, 'push delivery failed');
  }
  try {
    const db = await getDb();
    for (;;) {
      const r = await deliverWhatsAppDue(db, { now: new Date(), limit: BATCH });
      if (r.claimed < BATCH || !state.timer) break;
    }
  } catch (err) {
    log().error({ err }, 'whatsapp delivery failed');
  }
  const at = Date.now();
  for (const [name, job] of state.jobs) {
    if (job.running || !state.timer || at - job.lastStart < job.everyMs) continue;
    job.lastStart = at;
    job.running = job
      .fn()
      .catch((err) => log().error({ err, job: name }, 'periodic job failed'))
      .finally(() => (job.running = undefined));
  }
}

function runTick() {
  if (state.tick) return; // the previous tick is still running
  state.tick = tick().finally(() => (state.tick = undefined));
}

/**
 * Starts the worker once per process (instrumentation.ts calls it at server start): a tick right away,
 * then every TICK_MS; does nothing when `OUTBOX_WORKER=0` or when already started. It registers no signal
 * handler: instrumentation.ts arranges `stopOutboxWorker` after the HTTP drain on SIGTERM.
 */
export function startOutboxWorker(): boolean {
  if (state.started || env().OUTBOX_WORKER === '0') return false;
  state.started = true;
  state.transport = createMailTransport(); // warns at start in production without SMTP_URL
  state.timer = setInterval(runTick, TICK_MS);
  state.timer.unref?.();
  runTick();
  log().info({ tick_ms: TICK_MS }, 'outbox worker started');
  return true;
}

/**
 * Stops the loop and waits for the running tick (it finishes its current batch: the drain loops stop
 * claiming once the timer is gone) and for running periodic jobs; then closes the mail transport.
 * A row claimed but unmarked (the process died mid-send) is resent after its claim expires.
 */
export async function stopOutboxWorker(): Promise<void> {
  const wasRunning = state.started;
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.tick;
  await Promise.all([...state.jobs.values()].map((j) => j.running));
  state.transport?.close?.();
  state.transport = undefined;
  state.push = undefined;
  state.started = false;
  if (wasRunning) log().info('outbox worker stopped');
}
