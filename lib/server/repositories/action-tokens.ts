import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { actionTokens } from '@/lib/server/db/schema';

/** An action link's stored row: what it acts on. */
export type ActionTokenRow = { purpose: 'appointment'; appointmentId: string; expiresAt: Date };

/**
 * Stores an action token of a tenant (`id`: the SHA-256 of the token) and deletes the tenant's tokens that
 * expired before `now` (their appointment has started: they can never act again).
 */
export async function insertActionToken(
  db: DbOrTx,
  tenantId: number,
  token: { id: string; purpose: 'appointment'; appointmentId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(actionTokens).where(and(eq(actionTokens.tenantId, tenantId), lt(actionTokens.expiresAt, now)));
  await db.insert(actionTokens).values({ tenantId, ...token, createdAt: now });
}

/** The tenant's action token with that hash, or null (unknown, or another tenant's). */
export async function findActionToken(db: DbOrTx, tenantId: number, id: string): Promise<ActionTokenRow | null> {
  const [row] = await db
    .select({ purpose: actionTokens.purpose, appointmentId: actionTokens.appointmentId, expiresAt: actionTokens.expiresAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.tenantId, tenantId), eq(actionTokens.id, id)));
  return row ?? null;
}
