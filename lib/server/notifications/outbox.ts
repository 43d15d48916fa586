import 'server-only';
import type { DbOrTx } from '@/lib/server/db/client';
import { outbox } from '@/lib/server/db/schema';

/** An e-mail to deliver: recipient, subject and plain-text body (Spanish). */
export type EmailMessage = { to: string; subject: string; text: string };

/**
 * Queues an e-mail in the outbox inside the caller's transaction, so it exists exactly when the change
 * that caused it commits. Delivery over SMTP reads the outbox (a later issue).
 */
export async function queueEmail(db: DbOrTx, tenantId: number, message: EmailMessage): Promise<void> {
  await db.insert(outbox).values({ tenantId, kind: 'email', payload: message });
}
