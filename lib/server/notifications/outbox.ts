import 'server-only';
import type { DbOrTx } from '@/lib/server/db/client';
import { sql } from 'drizzle-orm';
import { outbox } from '@/lib/server/db/schema';

/** A file attached to an e-mail (e.g. the appointment's .ics); `content` is the file's text. */
export type EmailAttachment = { filename: string; content: string; contentType: string };

/**
 * An e-mail to deliver, fully rendered when it is queued (Spanish): recipient, subject, plain-text body,
 * and optionally an HTML body and attachments. The delivery worker sends exactly this.
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
};

/**
 * Queues an e-mail in the outbox inside the caller's transaction, so it exists exactly when the change
 * that caused it commits; the worker (lib/server/notifications/worker.ts) delivers it over SMTP.
 * With `dedupeKey` (e.g. `reminder:{appointmentId}`) the message is queued at most once per tenant and key:
 * a second call with the same key does nothing. Returns whether a row was inserted.
 */
export async function queueEmail(
  db: DbOrTx,
  tenantId: number,
  message: EmailMessage,
  dedupeKey?: string,
): Promise<boolean> {
  return (await queueEmails(db, [{ tenantId, message, dedupeKey }])) > 0;
}

/**
 * Queues several e-mails in one statement (same rules as `queueEmail`); rows whose dedupe key is already
 * queued are skipped. Returns how many were queued.
 */
export async function queueEmails(
  db: DbOrTx,
  items: { tenantId: number; message: EmailMessage; dedupeKey?: string }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await db
    .insert(outbox)
    .values(items.map((i) => ({ tenantId: i.tenantId, kind: 'email' as const, payload: { ...i.message }, dedupeKey: i.dedupeKey ?? null })))
    .onConflictDoNothing({ target: [outbox.tenantId, outbox.dedupeKey], where: sql`${outbox.dedupeKey} is not null` })
    .returning({ id: outbox.id });
  return inserted.length;
}
