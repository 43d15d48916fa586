import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { templateRequest, WHATSAPP_TEMPLATES, type WhatsAppTemplate } from '@/lib/domain/whatsapp-cloud';
import type { DbOrTx } from '@/lib/server/db/client';
import { outbox, users, whatsappAccounts } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import messages from '@/lib/i18n/messages/es.json';
import { emailText } from '@/lib/server/messages';
import { userIdsWhere } from '@/lib/server/repositories/users';
import { decryptSecret, secretsKey } from '@/lib/server/secrets';
import { whenOf } from './templates/layout';

/**
 * WhatsApp template messages through the outbox (beyond-the-spec section 5). `queueWhatsApps` writes
 * `kind = 'whatsapp'` rows in the caller's transaction for clients who may receive them (a verified phone,
 * not opted out, not refused as invalid, not the guest); the worker (worker.ts, `deliverWhatsAppDue`)
 * checks the client again, reads the tenant's connection and sends with the Cloud API, or, for a tenant
 * without one, logs the message (the development provider).
 */

/** A template message to one client of the tenant: body parameters in the template's order. */
export type WhatsAppMessage = { userId: string; template: WhatsAppTemplate; params: string[]; appointmentId?: string };

/**
 * Whether a client may receive WhatsApp messages, as SQL over a users table (or its alias): a verified phone,
 * not opted out ("BAJA"), not refused by the Cloud API, not the guest. Callers that read their clients with
 * their own rows select this and queue with `known`.
 */
export function whatsappReachable(u: { tlf: AnyPgColumn; phoneVerified: AnyPgColumn; whatsappOptedOutAt: AnyPgColumn; whatsappInvalidAt: AnyPgColumn; isGuest: AnyPgColumn }): SQL<boolean> {
  return sql<boolean>`(${u.tlf} is not null and ${u.phoneVerified} and ${u.whatsappOptedOutAt} is null and ${u.whatsappInvalidAt} is null and not ${u.isGuest})`;
}

/**
 * Queues template messages of a tenant in the caller's transaction: one read of which recipients may receive
 * them and one insert (with `known`, the caller read `whatsappReachable` with its rows and passes only those:
 * the read is skipped). `dedupeKey` queues a message at most once per tenant. Returns how many were queued.
 */
export async function queueWhatsApps(
  db: DbOrTx,
  tenantId: number,
  items: (WhatsAppMessage & { dedupeKey?: string })[],
  opts: { known?: boolean } = {},
): Promise<number> {
  if (items.length === 0) return 0;
  let list = items;
  if (!opts.known) {
    const reachable = await userIdsWhere(db, tenantId, items.map((m) => m.userId), whatsappReachable(users));
    list = items.filter((m) => reachable.has(m.userId));
  }
  if (list.length === 0) return 0;
  const inserted = await db
    .insert(outbox)
    .values(
      list.map(({ dedupeKey, ...m }) => {
        if (m.params.length !== WHATSAPP_TEMPLATES[m.template].params.length) throw new RangeError(`${m.template}: wrong parameter count`);
        return { tenantId, kind: 'whatsapp' as const, payload: { ...m } as Record<string, unknown>, dedupeKey: dedupeKey ?? null };
      }),
    )
    .onConflictDoNothing({ target: [outbox.tenantId, outbox.dedupeKey], where: sql`${outbox.dedupeKey} is not null` })
    .returning({ id: outbox.id });
  return inserted.length;
}

/**
 * The body parameters every appointment template starts with: the client's name, the salon (its fallback
 * name when unset), the services and the date and time ("martes, 4 de mayo de 2027 a las 10:00"), then `rest`
 * in the template's order.
 */
export function appointmentParams(a: { client: string; salon: string; services: string; start: number | Date }, ...rest: string[]): string[] {
  return [a.client.trim(), a.salon || emailText('pushSalonFallback', {}), a.services, whenOf(a.start), ...rest];
}

/** A template's Spanish text with its parameters filled in (what the client reads; the dev provider logs it). */
export function templateText(template: WhatsAppTemplate, params: string[]): string {
  return messages.whatsappTemplates[template].replace(/\{(\d+)\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** A tenant's Cloud API connection, decrypted for sending. */
export type WhatsAppAccount = { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string };

/**
 * The tenant's WhatsApp connection with its secrets decrypted, or null when it has none. Throws when the
 * stored secrets cannot be decrypted (SECRETS_KEY changed or missing).
 */
export async function whatsappAccountOf(db: DbOrTx, tenantId: number): Promise<WhatsAppAccount | null> {
  const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tenantId));
  if (!row) return null;
  const key = secretsKey();
  if (!key) throw new Error('SECRETS_KEY is not set: the WhatsApp credentials cannot be read');
  return {
    phoneNumberId: row.phoneNumberId,
    accessToken: decryptSecret(row.accessToken, key),
    appSecret: decryptSecret(row.appSecret, key),
    verifyToken: row.verifyToken,
  };
}

/** A refusal of the Cloud API: the HTTP status (0: no answer) and Meta's error code when it sent one. */
export class WhatsAppApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

/** Sends one template request with a tenant's connection; returns the message id (`wamid`) Meta gives it. */
export type WhatsAppSender = (account: Pick<WhatsAppAccount, 'phoneNumberId' | 'accessToken'>, body: ReturnType<typeof templateRequest>) => Promise<{ id: string }>;

/** How long one Cloud API call may take before it counts as no answer (retried). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * The Cloud API sender: `POST {WHATSAPP_API_BASE}/{phone_number_id}/messages` with the Bearer token. A refusal
 * throws `WhatsAppApiError` with Meta's status, code and message (never the token).
 */
export function cloudApiSender(base: string = env().WHATSAPP_API_BASE): WhatsAppSender {
  return async (account, body) => {
    let res: Response;
    try {
      res = await fetch(`${base.replace(/\/$/, '')}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (err) {
      throw new WhatsAppApiError(0, null, `no answer from the WhatsApp API: ${err instanceof Error ? err.message : String(err)}`);
    }
    const answer = (await res.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } } | null;
    const id = answer?.messages?.[0]?.id;
    if (res.ok && typeof id === 'string') return { id };
    const code = typeof answer?.error?.code === 'number' ? answer.error.code : null;
    const message = typeof answer?.error?.message === 'string' ? answer.error.message : `HTTP ${res.status}`;
    throw new WhatsAppApiError(res.ok ? 0 : res.status, code, `WhatsApp API ${res.status}${code !== null ? ` (#${code})` : ''}: ${message}`);
  };
}

/** The development provider's line for a tenant without a connection: the phone shortened, the text whole. */
export function devWhatsAppLine(to: string, template: WhatsAppTemplate, params: string[]): string {
  return `[klok] whatsapp (dev) → ${to.slice(0, 5)}…: [${template}] ${templateText(template, params)}`;
}
