import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { signInLinks } from '@/lib/server/db/schema';

/**
 * Stores a sign-in link of a tenant (`id`: the SHA-256 of its token) and deletes the tenant's links that
 * expired before `now` (used or not: they can never open a session again).
 */
export async function insertSignInLink(
  db: DbOrTx,
  tenantId: number,
  link: { id: string; email: string; nextPath: string | null; holdId: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(signInLinks).where(and(eq(signInLinks.tenantId, tenantId), lt(signInLinks.expiresAt, now)));
  await db.insert(signInLinks).values({ tenantId, ...link, createdAt: now });
}

/**
 * Marks a link of the tenant used, in one conditional update, and returns its address, `next` path and hold;
 * null when no unused, unexpired link of this tenant has that hash. Of two concurrent calls with the same
 * token exactly one gets the row.
 */
export async function consumeSignInLink(
  db: DbOrTx,
  tenantId: number,
  id: string,
  now: Date,
): Promise<{ email: string; nextPath: string | null; holdId: string | null } | null> {
  const [row] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tenantId, tenantId), eq(signInLinks.id, id), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ email: signInLinks.email, nextPath: signInLinks.nextPath, holdId: signInLinks.holdId });
  return row ?? null;
}
