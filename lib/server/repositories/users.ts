import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/server/db/client';
import { activities, appointments, employeeProfiles, users } from '@/lib/server/db/schema';
import { isoUtc } from '@/lib/domain/time';
import type { ClientListItem, UserDto } from '@/lib/validation/dto';
import { pendingOfClient } from './appointments';

export type UserRow = typeof users.$inferSelect;

/** A user as the API shows it (spec section 3, User; the contract's `UserDto`). */
export type { UserDto };

/** A user of the tenant by e-mail (case-insensitive), or null. */
export async function findUserByEmail(db: DbOrTx, tenantId: number, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** A user of the tenant by id, or null. */
export async function findUserById(db: DbOrTx, tenantId: number, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return row ?? null;
}

/** A user of the tenant by phone (E.164), or null. */
export async function findUserByPhone(db: DbOrTx, tenantId: number, tlf: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.tlf, tlf))).limit(1);
  return row ?? null;
}

/** The API view of a user, with its pending appointments. */
export async function toUserDto(db: DbOrTx, row: UserRow, now = new Date()): Promise<UserDto> {
  const pending = row.role === 'client' ? await pendingOfClient(db, row.tenantId, row.id, now) : [];
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    tlf: row.tlf,
    phone_verified: row.phoneVerified,
    role: row.role,
    n_appointments_allowed: row.nAppointmentsAllowed,
    users: row.subUsers,
    pending_appointments: pending,
    privacy_policy: row.privacyPolicy,
    onboarding_completed: row.onboardingCompleted,
    tutorial: row.tutorial,
    is_guest: row.isGuest,
    created_at: isoUtc(row.createdAt),
  };
}

/** Server pages: the API view of a user of the tenant by e-mail, or null. */
export async function getUserDto(tenantId: number, email: string): Promise<UserDto | null> {
  const db = await getDb();
  const row = await findUserByEmail(db, tenantId, email);
  return row ? toUserDto(db, row) : null;
}

/**
 * The user of a verified identity; the first sign-in of an unknown e-mail creates a client
 * (decisions "Identity") and records a `user_created` activity in the same transaction.
 * The guest account and removed stylists can never be signed in as; staff keep their role.
 */
export async function findOrCreateByIdentity(
  db: DbOrTx,
  tenantId: number,
  identity: { email: string; name: string },
): Promise<UserRow | null> {
  const existing = await findUserByEmail(db, tenantId, identity.email);
  if (existing) return existing.isGuest || (await isRemovedStaff(db, existing)) ? null : existing;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ tenantId, email: identity.email, name: identity.name, role: 'client' })
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

/** The tenant's clients (the guest first), with their number of visits and last visit; one query. */
export async function listClients(db: DbOrTx, tenantId: number, now = new Date()): Promise<ClientListItem[]> {
  const rows = await db
    .select({
      user: users,
      visits: sql<number>`count(${appointments.id}) filter (where ${appointments.status} = 'pending' and ${appointments.endAt} <= ${now})`.mapWith(Number),
      lastVisit: sql<Date | null>`max(${appointments.startAt}) filter (where ${appointments.status} = 'pending' and ${appointments.endAt} <= ${now})`,
    })
    .from(users)
    .leftJoin(appointments, and(eq(appointments.clientId, users.id), eq(appointments.tenantId, tenantId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'client')))
    .groupBy(users.id)
    .orderBy(desc(users.isGuest), asc(users.name));
  return rows.map(({ user, visits, lastVisit }) => ({
    email: user.email,
    name: user.name,
    tlf: user.tlf,
    is_guest: user.isGuest,
    n_appointments_allowed: user.nAppointmentsAllowed,
    users: user.subUsers,
    visits,
    last_visit: lastVisit ? isoUtc(new Date(lastVisit)) : null,
    created_at: isoUtc(user.createdAt),
  }));
}

/** True for a stylist an admin removed (issue 6 §3): the account stays for history but cannot sign in. */
async function isRemovedStaff(db: DbOrTx, user: UserRow): Promise<boolean> {
  if (user.role === 'client') return false;
  const [profile] = await db
    .select({ removedAt: employeeProfiles.removedAt })
    .from(employeeProfiles)
    .where(and(eq(employeeProfiles.tenantId, user.tenantId), eq(employeeProfiles.userId, user.id)))
    .limit(1);
  return Boolean(profile?.removedAt);
}
