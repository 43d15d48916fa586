import 'server-only';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { outbox, users, whatsappWebhookEvents } from '@/lib/server/db/schema';

/**
 * The WhatsApp webhook's queries (beyond-the-spec section 5): its processed events, the clients' opt-out and
 * invalid-number marks, and the delivery status of sent messages. Every function takes the tenant.
 */

/**
 * Records a webhook event of a tenant as processed (`whatsapp_webhook_events`, in the caller's transaction).
 * Returns false when it already was: a concurrent delivery of the same event waits for the first one's
 * transaction and then finds its row.
 */
export async function recordWebhookEvent(tx: Tx, tenantId: number, eventId: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(whatsappWebhookEvents)
    .values({ tenantId, eventId, receivedAt: at })
    .onConflictDoNothing({ target: [whatsappWebhookEvents.tenantId, whatsappWebhookEvents.eventId] })
    .returning({ eventId: whatsappWebhookEvents.eventId });
  return inserted.length > 0;
}

/**
 * Deletes the webhook events received before `before` in every tenant (the periodic sweep: Meta stops
 * retrying a delivery long before that, so an older event cannot come back). Returns how many went.
 */
export async function deleteWebhookEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(whatsappWebhookEvents).where(lt(whatsappWebhookEvents.receivedAt, before)).returning({ eventId: whatsappWebhookEvents.eventId });
  return gone.length;
}

/** SQL: the users row's phone as digits only (`+34 612…` → `34612…`), as WhatsApp names senders. */
const phoneDigits = sql`regexp_replace(${users.tlf}, '[^0-9]', '', 'g')`;

/**
 * Sets (`at`) or clears (null) the WhatsApp opt-out of the tenant's clients whose phone has the digits
 * `digits`; setting keeps an earlier opt-out's instant. Returns how many clients changed.
 */
export async function setWhatsAppOptOut(db: DbOrTx, tenantId: number, digits: string, at: Date | null): Promise<number> {
  const changed = await db
    .update(users)
    .set({ whatsappOptedOutAt: at })
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.role, 'client'),
        isNotNull(users.tlf),
        sql`${phoneDigits} = ${digits}`,
        at ? isNull(users.whatsappOptedOutAt) : isNotNull(users.whatsappOptedOutAt),
      ),
    )
    .returning({ id: users.id });
  return changed.length;
}

/** Marks a user of the tenant as not reachable on WhatsApp (Meta's #131026) at `at`, unless already marked. */
export async function markWhatsAppInvalid(db: DbOrTx, tenantId: number, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ whatsappInvalidAt: at })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.whatsappInvalidAt)));
}

/** A sent WhatsApp message of the outbox, as the delivery statuses update it. */
export type SentWhatsApp = { id: number; deliveryStatus: string | null; userId: string | null };

/**
 * The tenant's outbox row of the WhatsApp message Meta gave the id `wamid`, locked until the end of the
 * caller's transaction (statuses of one message may arrive together); null when there is none.
 */
export async function lockSentWhatsApp(tx: Tx, tenantId: number, wamid: string): Promise<SentWhatsApp | null> {
  const [row] = await tx
    .select({ id: outbox.id, deliveryStatus: outbox.deliveryStatus, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.kind, 'whatsapp'), eq(outbox.providerMessageId, wamid)))
    .limit(1)
    .for('update');
  if (!row) return null;
  const userId = row.payload.userId;
  return { id: row.id, deliveryStatus: row.deliveryStatus, userId: typeof userId === 'string' ? userId : null };
}

/** Records a delivery status on the tenant's outbox row `id`, with Meta's error for a failure (null otherwise). */
export async function setDeliveryStatus(db: DbOrTx, tenantId: number, id: number, status: string, error: string | null): Promise<void> {
  await db
    .update(outbox)
    .set({ deliveryStatus: status, ...(error !== null ? { lastError: error } : {}) })
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)));
}
