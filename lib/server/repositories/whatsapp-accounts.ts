import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { tenants, whatsappAccounts } from '@/lib/server/db/schema';

/** A tenant's stored WhatsApp connection: the access token and the app secret as stored (encrypted). */
export type WhatsAppAccountRow = typeof whatsappAccounts.$inferSelect;

/** The tenant's stored WhatsApp connection, or null when it has none. */
export async function findWhatsAppAccountRow(db: DbOrTx, tenantId: number): Promise<WhatsAppAccountRow | null> {
  const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tenantId)).limit(1);
  return row ?? null;
}

/**
 * Locks the tenant's row until the end of the caller's transaction, so changes of its WhatsApp connection run
 * one after the other (also the first one, when no connection row exists yet to lock), and returns the stored
 * connection, or null when it has none. `found` is false for an unknown tenant.
 */
export async function lockWhatsAppAccount(tx: DbOrTx, tenantId: number): Promise<{ found: boolean; row: WhatsAppAccountRow | null }> {
  const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  if (!tenant) return { found: false, row: null };
  return { found: true, row: await findWhatsAppAccountRow(tx, tenantId) };
}

/** What a save of the connection stores: the phone number id, the encrypted credentials and the verify token. */
export type WhatsAppAccountValues = Pick<WhatsAppAccountRow, 'phoneNumberId' | 'accessToken' | 'appSecret' | 'verifyToken'>;

/**
 * Stores the tenant's connection: a new row at version 1, or the existing one updated with its version one
 * higher. Returns the row as stored.
 */
export async function saveWhatsAppAccountRow(db: DbOrTx, tenantId: number, values: WhatsAppAccountValues): Promise<WhatsAppAccountRow> {
  const [row] = await db
    .insert(whatsappAccounts)
    .values({ tenantId, ...values, version: 1 })
    .onConflictDoUpdate({
      target: whatsappAccounts.tenantId,
      set: { ...values, version: sql`${whatsappAccounts.version} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Removes the tenant's connection; returns whether there was one. */
export async function deleteWhatsAppAccountRow(db: DbOrTx, tenantId: number): Promise<boolean> {
  const gone = await db.delete(whatsappAccounts).where(eq(whatsappAccounts.tenantId, tenantId)).returning({ tenantId: whatsappAccounts.tenantId });
  return gone.length > 0;
}
