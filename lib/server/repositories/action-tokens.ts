import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { actionTokens } from '@/lib/server/db/schema';

/** An action link's stored row: what it acts on. */
export type ActionTokenRow = { purpose: 'appointment'; appointmentId: string; expiresAt: Date };

/**
 * Stores action tokens of a tenant (`id`: the SHA-256 of each token) and deletes the tenant's tokens that
 * expired before `now` (their appointment has started: they can never act again).
 */
export async function insertActionTokens(
  db: DbOrTx,
  tenantId: number,
  tokens: { id: string; purpose: 'appointment'; appointmentId: string; expiresAt: Date }[],
  now: Date,
): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(actionTokens).where(and(eq(actionTokens.tenantId, tenantId), lt(actionTokens.expiresAt, now)));
  await db.insert(actionTokens).values(tokens.map((t) => ({ tenantId, ...t, createdAt: now })));
}

/** The tenant's action token with that hash, or null (unknown, or another tenant's). */
export async function findActionToken(db: DbOrTx, tenantId: number, id: string): Promise<ActionTokenRow | null> {
  const [row] = await db
    .select({ purpose: actionTokens.purpose, appointmentId: actionTokens.appointmentId, expiresAt: actionTokens.expiresAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.tenantId, tenantId), eq(actionTokens.id, id)));
  return row ?? null;
}
