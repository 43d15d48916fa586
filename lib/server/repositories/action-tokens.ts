import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { actionTokens } from '@/lib/server/db/schema';

/**
 * What an action link acts on: an appointment (and its visit: "Confirmo" / "No puedo ir") or a waitlist
 * offer ("Reservar este hueco").
 */
export type ActionTarget = { purpose: 'appointment'; appointmentId: string } | { purpose: 'claim'; offerId: string };

/** An action link's stored row: what it acts on, and when it expires. */
export type ActionTokenRow = ActionTarget & { expiresAt: Date };

/**
 * Stores action tokens of a tenant (`id`: the SHA-256 of each token) and deletes the tenant's tokens that
 * expired before `now` (their hour has started: they can never act again).
 */
export async function insertActionTokens(db: DbOrTx, tenantId: number, tokens: (ActionTokenRow & { id: string })[], now: Date): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(actionTokens).where(and(eq(actionTokens.tenantId, tenantId), lt(actionTokens.expiresAt, now)));
  await db.insert(actionTokens).values(
    tokens.map((t) => ({
      tenantId,
      id: t.id,
      purpose: t.purpose,
      appointmentId: t.purpose === 'appointment' ? t.appointmentId : null,
      offerId: t.purpose === 'claim' ? t.offerId : null,
      expiresAt: t.expiresAt,
      createdAt: now,
    })),
  );
}

/** The tenant's action token with that hash, or null (unknown, or another tenant's). */
export async function findActionToken(db: DbOrTx, tenantId: number, id: string): Promise<ActionTokenRow | null> {
  const [row] = await db
    .select({ purpose: actionTokens.purpose, appointmentId: actionTokens.appointmentId, offerId: actionTokens.offerId, expiresAt: actionTokens.expiresAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.tenantId, tenantId), eq(actionTokens.id, id)));
  if (!row) return null;
  if (row.purpose === 'claim' && row.offerId) return { purpose: 'claim', offerId: row.offerId, expiresAt: row.expiresAt };
  if (row.purpose === 'appointment' && row.appointmentId) return { purpose: 'appointment', appointmentId: row.appointmentId, expiresAt: row.expiresAt };
  return null;
}
