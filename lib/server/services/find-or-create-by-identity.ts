import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { activities, users } from '@/lib/server/db/schema';
import { findUserByEmail, isRemovedStaff, type UserRow } from '@/lib/server/repositories/users';

/**
 * The user of a verified identity; the first sign-in of an unknown e-mail creates a client
 * (decisions "Identity") and records a `user_created` activity in the same transaction.
 * The guest account and removed stylists can never be signed in as; staff keep their role.
 * The name stored is the provider's display name, or its given and family names joined when it sent only
 * those (the onboarding form splits it again with them, see `splitName`).
 */
export async function findOrCreateByIdentity(
  db: DbOrTx,
  tenantId: number,
  identity: { email: string; name: string; givenName?: string; familyName?: string },
): Promise<UserRow | null> {
  const name = (identity.name.trim() || [identity.givenName, identity.familyName].filter(Boolean).join(' ')).replace(/\s+/g, ' ').trim();
  const existing = await findUserByEmail(db, tenantId, identity.email);
  if (existing) {
    if (existing.isGuest || (await isRemovedStaff(db, tenantId, existing))) return null;
    // A client staff invited by e-mail (`POST /users`) has no name yet: the first sign-in brings it.
    if (existing.role === 'client' && !existing.name && name) {
      const [named] = await db
        .update(users)
        .set({ name })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, existing.id), eq(users.name, '')))
        .returning();
      return named ?? existing;
    }
    return existing;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ tenantId, email: identity.email, name, role: 'client' })
      .onConflictDoNothing()
      .returning();
    if (!created) return findUserByEmail(tx, tenantId, identity.email);
    await tx.insert(activities).values({
      tenantId,
      type: 'user_created',
      data: { name: created.name, email: created.email },
    });
    return created;
  });
}
