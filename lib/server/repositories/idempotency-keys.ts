import 'server-only';
import { and, eq, gt, lte } from 'drizzle-orm';
import { keyExpiryCutoff } from '@/lib/domain/idempotency';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { idempotencyKeys } from '@/lib/server/db/schema';

/** Which stored key: the tenant, the signed-in account, the operation (`book_appointment`) and the key itself. */
export type KeyScope = { tenantId: number; userId: string; operation: string; key: string };

/** A stored answer: the request's hash, and the status and JSON body it was answered with. */
export type StoredAnswer = { requestHash: string; status: number; response: unknown };

const sameKey = (s: KeyScope) =>
  and(
    eq(idempotencyKeys.tenantId, s.tenantId),
    eq(idempotencyKeys.userId, s.userId),
    eq(idempotencyKeys.operation, s.operation),
    eq(idempotencyKeys.key, s.key),
  );

/** The committed answer of a key still live at `now` (epoch ms), or null (none, or expired). */
export async function findLiveAnswer(db: DbOrTx, scope: KeyScope, now: number): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(sameKey(scope), gt(idempotencyKeys.createdAt, new Date(keyExpiryCutoff(now)))));
  return row ?? null;
}

/**
 * Claims a key inside the transaction of the write it guards, before the write: inserts its row (a
 * placeholder answer that `recordAnswer` fills before commit), or takes over an expired row. A row of another
 * transaction not yet committed makes this wait for it (the primary key). Returns false when a live row
 * exists: another request with the key committed first.
 */
export async function claimKey(tx: Tx, scope: KeyScope, requestHash: string, now: number): Promise<boolean> {
  const at = new Date(now);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId: scope.tenantId, userId: scope.userId, operation: scope.operation, key: scope.key, requestHash, status: 0, response: {}, createdAt: at })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.userId, idempotencyKeys.operation, idempotencyKeys.key],
      set: { requestHash, status: 0, response: {}, createdAt: at },
      setWhere: lte(idempotencyKeys.createdAt, new Date(keyExpiryCutoff(now))),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/**
 * Stores the answer of a claimed key (inside the same transaction), and purges the tenant's keys
 * expired at `now` (epoch ms).
 */
export async function recordAnswer(tx: Tx, scope: KeyScope, status: number, response: unknown, now: number): Promise<void> {
  await tx.update(idempotencyKeys).set({ status, response }).where(sameKey(scope));
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), lte(idempotencyKeys.createdAt, new Date(keyExpiryCutoff(now)))));
}
