import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@/lib/domain/time';
import { whatsAppDigits } from '@/lib/domain/whatsapp';
import { advancesStatus, DELIVERY_STATUSES, optKeyword, parseQuickReply, type DeliveryStatus } from '@/lib/domain/whatsapp-cloud';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { appointmentParams, queueWhatsApps, whatsappAccountOf, type WhatsAppAccount } from '@/lib/server/notifications/whatsapp';
import { deleteWebhookEventsBefore, lockSentWhatsApp, markWhatsAppInvalid, recordWebhookEvent, setDeliveryStatus, setWhatsAppOptOut } from '@/lib/server/repositories/whatsapp';
import { tenantOrigin, type Tenant } from '@/lib/server/tenancy';
import type { WebhookHandshakeQuery, WebhookMessage, WebhookPayload, WebhookResult, WebhookStatus } from '@/lib/validation/whatsapp-webhook';
import { answerVisit, type VisitRow } from './action-link';

/**
 * The WhatsApp webhook (beyond-the-spec section 5, `GET/POST /api/v1/webhooks/whatsapp`): Meta's verification
 * handshake, the signature of its calls, and what each event does. Every event acts at most once: it acts in
 * its own transaction together with the insert of its `whatsapp_webhook_events` row, and an event whose row
 * exists is skipped (Meta retries deliveries and may send one twice).
 */

/** Meta's error code of a recipient that is not on WhatsApp. */
const NOT_ON_WHATSAPP = 131026;

/** Compares two secrets in constant time whatever their lengths (both hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * Meta's verification handshake (`GET …/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`):
 * returns the challenge to echo when the tenant has a WhatsApp connection and the token is its verify token
 * (compared in constant time). Errors: 403 `forbidden` otherwise (no connection, another mode, a wrong or
 * missing token, no challenge).
 */
export async function verifyWebhookHandshake(db: Db, tenantId: number, query: WebhookHandshakeQuery): Promise<string> {
  const account = await whatsappAccountOf(db, tenantId);
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!account || query['hub.mode'] !== 'subscribe' || !token || !challenge || !sameSecret(token, account.verifyToken)) {
    throw new ApiError('forbidden', errorMessage('whatsappVerifyTokenInvalid'));
  }
  return challenge;
}

/**
 * The tenant's WhatsApp connection when `signature` (`X-Hub-Signature-256`) is `sha256=` and the hex
 * HMAC-SHA256 of `rawBody` with the connection's app secret (compared in constant time). Errors: 401
 * `bad_signature` when the tenant has no connection or the signature is missing or wrong.
 */
export async function signedWebhookAccount(db: Db, tenantId: number, rawBody: string, signature: string | undefined): Promise<WhatsAppAccount> {
  const account = await whatsappAccountOf(db, tenantId);
  const given = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? '');
  if (!account || !given) throw new ApiError('bad_signature', errorMessage('whatsappSignatureInvalid'));
  const expected = createHmac('sha256', account.appSecret).update(rawBody, 'utf8').digest();
  if (!timingSafeEqual(Buffer.from(given[1]!.toLowerCase(), 'hex'), expected)) {
    throw new ApiError('bad_signature', errorMessage('whatsappSignatureInvalid'));
  }
  return account;
}

/**
 * Acts on a signed webhook payload of the tenant at `now` (epoch ms). Only changes about the tenant's own
 * number (`metadata.phone_number_id`) count. Each event:
 * - a quick reply (`button` of a template, or an interactive `button_reply`) whose payload is
 *   `confirm:{appointmentId}` or `cancel:{appointmentId}` answers that appointment's visit as its action link
 *   would (`answerVisit`: "Confirmo" confirms, "No puedo ir" cancels as the client), only when the sender's
 *   number is the phone of the visit's client; the client then gets `cita_confirmada` or `cita_cancelada`.
 *   A visit already started, cancelled or unknown is left as it is;
 * - a text "BAJA" (or STOP) opts the clients with the sender's phone out of WhatsApp messages, "ALTA" (or
 *   START) back in; other texts are left to the salon;
 * - a delivery status (`sent`, `delivered`, `read`, `failed`) of a message the tenant sent is recorded on its
 *   outbox row when it advances the recorded one (`advancesStatus`); a failure #131026 marks the client's
 *   number as not on WhatsApp.
 * Returns how many events changed something (replayed and ignored ones, and statuses that do not advance the
 * recorded one, are not counted). Errors:
 * database failures only (Meta retries the delivery; events already done are skipped then).
 */
export async function receiveWhatsAppWebhook(db: Db, tenant: Tenant, account: WhatsAppAccount, payload: WebhookPayload, now: number): Promise<WebhookResult> {
  let processed = 0;
  for (const entry of payload.entry) {
    for (const { value } of entry.changes) {
      if (value.metadata?.phone_number_id !== account.phoneNumberId) continue;
      for (const message of value.messages ?? []) if (await onMessage(db, tenant, message, now)) processed++;
      for (const status of value.statuses ?? []) if (await onStatus(db, tenant.id, status, now)) processed++;
    }
  }
  return { processed };
}

/** The quick reply's payload of a message (template button or interactive button), if it has one. */
function quickReplyOf(message: WebhookMessage): string | undefined {
  if (message.type === 'button') return message.button?.payload;
  if (message.type === 'interactive' && message.interactive?.type === 'button_reply') return message.interactive.button_reply?.id;
  return undefined;
}

/** One incoming message; true when it changed something (a reply's visit, a client's opt-out). */
async function onMessage(db: Db, tenant: Tenant, message: WebhookMessage, now: number): Promise<boolean> {
  const from = message.from.replace(/\D/g, '');
  if (!from) return false;
  const reply = parseQuickReply(quickReplyOf(message));
  if (reply) {
    return db.transaction(async (tx) => {
      if (!(await recordWebhookEvent(tx, tenant.id, message.id, new Date(now)))) return false;
      let changed: VisitRow[];
      try {
        ({ changed } = await answerVisit(tx, tenant.id, reply.appointmentId, reply.action, now, (client) => whatsAppDigits(client.tlf) === from));
      } catch (err) {
        // Another number, an unknown, started or cancelled visit: the reply changes nothing (checked before any write).
        if (err instanceof ApiError) return false;
        throw err;
      }
      if (changed.length === 0) return false;
      await queueAnswer(tx, tenant, reply.action, changed);
      return true;
    });
  }
  const keyword = message.type === 'text' ? optKeyword(message.text?.body) : null;
  if (!keyword) return false;
  return db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, tenant.id, message.id, new Date(now)))) return false;
    return (await setWhatsAppOptOut(tx, tenant.id, from, keyword === 'out' ? new Date(now) : null)) > 0;
  });
}

/** The client's WhatsApp answer to a confirmation (`cita_confirmada`) or a cancellation (`cita_cancelada`). */
async function queueAnswer(tx: Tx, tenant: Tenant, action: 'confirm' | 'cancel', changed: VisitRow[]): Promise<void> {
  const rows = [...changed].sort((x, y) => x.a.startAt.getTime() - y.a.startAt.getTime());
  const first = rows[0]!;
  const salon = await salonOf(tx, tenant.id, first.a.facilityId);
  const about = { client: first.a.clientName, salon: salon.name, services: rows.map((r) => r.a.serviceName).join(', '), start: first.a.startAt };
  const base = { userId: first.client.id, appointmentId: first.a.id };
  if (action === 'cancel') {
    await queueWhatsApps(tx, tenant.id, [{ ...base, template: 'cita_cancelada', params: appointmentParams(about, tenantOrigin(tenant.slug)) }]);
    return;
  }
  const stylistIds = [...new Set(rows.map((r) => r.a.employeeId))];
  const names = new Map(
    (await tx.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.tenantId, tenant.id), inArray(users.id, stylistIds)))).map((u) => [u.id, u.name ?? '']),
  );
  const stylists = stylistIds.map((id) => names.get(id) ?? '').filter(Boolean).join(', ');
  await queueWhatsApps(tx, tenant.id, [{ ...base, template: 'cita_confirmada', params: appointmentParams(about, stylists) }]);
}

/** One delivery status; true when it changed its outbox row or marked the client's number. */
async function onStatus(db: Db, tenantId: number, status: WebhookStatus, now: number): Promise<boolean> {
  if (!(DELIVERY_STATUSES as readonly string[]).includes(status.status)) return false;
  const reported = status.status as DeliveryStatus;
  return db.transaction(async (tx) => {
    // A status of a message this tenant did not send (or whose id is not recorded yet) is not kept as done.
    const sent = await lockSentWhatsApp(tx, tenantId, status.id);
    if (!sent) return false;
    if (!(await recordWebhookEvent(tx, tenantId, `${status.id}:${reported}`, new Date(now)))) return false;
    const errors = status.errors ?? [];
    const advances = advancesStatus(sent.deliveryStatus, reported);
    if (advances) {
      const error = reported === 'failed' ? errors.map((e) => `WhatsApp #${e.code ?? '?'}${e.title ? `: ${e.title}` : ''}`).join('; ') || 'WhatsApp: failed' : null;
      await setDeliveryStatus(tx, tenantId, sent.id, reported, error);
    }
    const invalid = reported === 'failed' && sent.userId !== null && errors.some((e) => e.code === NOT_ON_WHATSAPP);
    if (invalid) await markWhatsAppInvalid(tx, tenantId, sent.userId!, new Date(now));
    return advances || invalid;
  });
}

/** How often the worker sweeps old webhook events (ms). */
export const WEBHOOK_EVENTS_SWEEP_MS = HOUR_MS;
/** How long a processed webhook event is kept: Meta retries a failed delivery for up to seven days. */
export const WEBHOOK_EVENT_TTL_MS = 8 * DAY_MS;

/** The periodic job (instrumentation.ts registers it): forgets webhook events older than WEBHOOK_EVENT_TTL_MS. */
export async function sweepWebhookEvents(now = Date.now()): Promise<number> {
  return deleteWebhookEventsBefore(await getDb(), new Date(now - WEBHOOK_EVENT_TTL_MS));
}
