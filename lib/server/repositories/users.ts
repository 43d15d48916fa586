import 'server-only';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointments, employeeProfiles, users } from '@/lib/server/db/schema';
import type { KeysetPosition } from '@/lib/domain/keyset';
import { foldSql } from '@/lib/domain/search';
import { isoUtc } from '@/lib/domain/time';
import type { ClientListItem, UserDto } from '@/lib/validation/dto';
import { userVersion } from '@/lib/server/version';
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

/** The ids among `ids` of the tenant's users for whom `condition` (SQL over `users`) holds: one read. */
export async function userIdsWhere(db: DbOrTx, tenantId: number, ids: readonly string[], condition: SQL): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)]), condition));
  return new Set(rows.map((u) => u.id));
}

/** A user of the tenant by phone (E.164), or null. */
export async function findUserByPhone(db: DbOrTx, tenantId: number, tlf: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.tlf, tlf))).limit(1);
  return row ?? null;
}

/** The API view of a user's own fields (a `UserDto` without its pending appointments). */
export function toUserProfile(row: UserRow): Omit<UserDto, 'pending_appointments'> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    given_name: row.givenName ?? null,
    tlf: row.tlf,
    phone_verified: row.phoneVerified,
    role: row.role,
    n_appointments_allowed: row.nAppointmentsAllowed,
    users: row.subUsers,
    privacy_policy: row.privacyPolicy,
    onboarding_completed: row.onboardingCompleted,
    tutorial: row.tutorial,
    is_guest: row.isGuest,
    created_at: isoUtc(row.createdAt),
    version: userVersion({ name: row.name, n_appointments_allowed: row.nAppointmentsAllowed, users: row.subUsers, booking_blocked: row.bookingBlocked }),
  };
}

/** The API view of a user, with its pending appointments. */
export async function toUserDto(db: DbOrTx, row: UserRow, now: Date): Promise<UserDto> {
  const pending = row.role === 'client' ? await pendingOfClient(db, row.tenantId, row.id, now) : [];
  return { ...toUserProfile(row), pending_appointments: pending };
}

/**
 * Marks a client account as active now (the client list's order, newest activity first): called when it
 * books (`insertAppointment`) and when one of its appointments is cancelled. Never moves back. The guest
 * is left alone (it always leads the list, and walk-in bookings need not queue on its row).
 */
export async function touchClientActivity(db: DbOrTx, tenantId: number, clientId: string): Promise<void> {
  await db
    .update(users)
    .set({ lastActivityAt: sql`greatest(${users.lastActivityAt}, now())` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, clientId), eq(users.isGuest, false)));
}

/** A client of the list with its keyset position (`at`: `last_activity_at` as exact UTC text). */
export type ClientListRow = { user: UserRow; at: string };

/** `last_activity_at` as the database's exact UTC text, microseconds included (the cursor's `at`). */
const activityText = sql<string>`to_char(${users.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Which accounts the client list holds (role client, not deleted; the guest included) and, for a search,
 * those whose folded name and e-mail (`users.search_text`) contain every folded word of `terms`.
 */
function clientFilter(tenantId: number, terms: string[]): SQL {
  return and(
    eq(users.tenantId, tenantId),
    eq(users.role, 'client'),
    isNull(users.deletedAt),
    ...terms.map((t) => sql`strpos(${users.searchText}, ${t}) > 0`),
  )!;
}

/** `appointments.client_name` folded as `users.search_text` is (lib/domain/search.ts `foldSql`). */
const foldedClientName = sql.raw(foldSql('"appointments"."client_name"'));

/**
 * The tenant's guest when it matches the search (the list's first entry), else null: by its own name and
 * e-mail, or by the name of one of its appointments — the walk-ins booked by name are found under it.
 */
export async function findMatchingGuest(db: DbOrTx, tenantId: number, terms: string[]): Promise<ClientListRow | null> {
  const byOwnText = and(...terms.map((t) => sql`strpos(${users.searchText}, ${t}) > 0`));
  const byWalkInName = sql`exists (select 1 from ${appointments} where ${appointments.tenantId} = ${users.tenantId}
    and ${appointments.clientId} = ${users.id} and ${and(...terms.map((t) => sql`strpos(${foldedClientName}, ${t}) > 0`))})`;
  const [row] = await db
    .select({ user: users, at: activityText })
    .from(users)
    .where(and(clientFilter(tenantId, []), eq(users.isGuest, true), terms.length === 0 ? undefined : or(byOwnText, byWalkInName)))
    .limit(1);
  return row ?? null;
}

/**
 * Up to `limit` clients (the guest left out) strictly after `after`, newest activity first
 * (`last_activity_at desc, id desc`): a keyset read over `users_clients_activity`, whose cost does not
 * grow with the page number.
 */
export async function clientsAfter(
  db: DbOrTx,
  tenantId: number,
  terms: string[],
  after: KeysetPosition,
  limit: number,
): Promise<ClientListRow[]> {
  return db
    .select({ user: users, at: activityText })
    .from(users)
    .where(
      and(
        clientFilter(tenantId, terms),
        eq(users.isGuest, false),
        sql`(${users.lastActivityAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(users.lastActivityAt), desc(users.id))
    .limit(limit);
}

/** How many clients match the search (the guest, a group of walk-ins rather than a client, left out): the list's count badge. */
export async function countClients(db: DbOrTx, tenantId: number, terms: string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(clientFilter(tenantId, terms), eq(users.isGuest, false)));
  return row?.n ?? 0;
}

/**
 * The list entries of some clients: visits are past, non-cancelled appointments (ended at or before
 * `now`) and the last visit is the latest start among them; one grouped query over the page's ids.
 * `tiers`: each account's reliability tier by id (none: null).
 */
export async function toClientListItems(
  db: DbOrTx,
  tenantId: number,
  rows: UserRow[],
  now: Date,
  tiers: ReadonlyMap<string, ClientListItem['reliability_tier']> = new Map(),
): Promise<ClientListItem[]> {
  if (rows.length === 0) return [];
  const stats = await db
    .select({
      clientId: appointments.clientId,
      visits: sql<number>`count(*) filter (where ${appointments.status} = 'pending' and ${appointments.endAt} <= ${now})`.mapWith(Number),
      lastVisit: sql<string | null>`max(${appointments.startAt}) filter (where ${appointments.status} = 'pending' and ${appointments.endAt} <= ${now})`,
    })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.clientId, rows.map((r) => r.id))))
    .groupBy(appointments.clientId);
  const byClient = new Map(stats.map((s) => [s.clientId, s]));
  return rows.map((user) => {
    const s = byClient.get(user.id);
    return {
      email: user.email,
      name: user.name,
      tlf: user.tlf,
      is_guest: user.isGuest,
      n_appointments_allowed: user.nAppointmentsAllowed,
      users: user.subUsers,
      visits: s?.visits ?? 0,
      last_visit: s?.lastVisit ? isoUtc(new Date(s.lastVisit)) : null,
      reliability_tier: tiers.get(user.id) ?? null,
      created_at: isoUtc(user.createdAt),
    };
  });
}

/** True for a stylist of the tenant an admin removed: the account stays for history but cannot sign in. */
export async function isRemovedStaff(db: DbOrTx, tenantId: number, user: UserRow): Promise<boolean> {
  if (user.role === 'client') return false;
  const [profile] = await db
    .select({ removedAt: employeeProfiles.removedAt })
    .from(employeeProfiles)
    .where(and(eq(employeeProfiles.tenantId, tenantId), eq(employeeProfiles.userId, user.id)))
    .limit(1);
  return Boolean(profile?.removedAt);
}
