import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { FreedCause, PartOfDay } from '@/lib/domain/waitlist';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { users, waitlistEntries, waitlistOffers, waitlistOpenings } from '@/lib/server/db/schema';

/** An opening as the waitlist job reads it (instants as epoch ms). */
export type OpeningRow = { id: string; employeeId: string; start: number; end: number; cause: FreedCause };

/** Stores openings of a tenant, each due at once (`next_step_at = now`). */
export async function insertOpenings(db: DbOrTx, tenantId: number, rows: Omit<OpeningRow, 'id'>[], now: number): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(waitlistOpenings)
    .values(rows.map((r) => ({ tenantId, employeeId: r.employeeId, startAt: new Date(r.start), endAt: new Date(r.end), cause: r.cause, nextStepAt: new Date(now), createdAt: new Date(now) })))
    .returning({ id: waitlistOpenings.id });
  return inserted.map((r) => r.id);
}

/** Whether the tenant has an entry still active on `today` (Madrid date): else freed time is not recorded. */
export async function hasActiveEntries(db: DbOrTx, tenantId: number, today: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.tenantId, tenantId), inArray(waitlistEntries.status, ['waiting', 'offered']), gte(waitlistEntries.toDate, today)))
    .limit(1);
  return rows.length > 0;
}

/** Openings of any tenant whose step is due at `now` (a cross-tenant read without locks), oldest step first. */
export async function dueOpenings(db: DbOrTx, now: number, limit: number): Promise<{ id: string; tenantId: number }[]> {
  return db
    .select({ id: waitlistOpenings.id, tenantId: waitlistOpenings.tenantId })
    .from(waitlistOpenings)
    .where(lte(waitlistOpenings.nextStepAt, new Date(now)))
    .orderBy(asc(waitlistOpenings.nextStepAt))
    .limit(limit);
}

/** Locks an opening of the tenant (`for update`; with `skipLocked`, null when another transaction holds it). */
export async function lockOpening(tx: Tx, tenantId: number, id: string, opts: { skipLocked?: boolean; dueAt?: number } = {}): Promise<OpeningRow | null> {
  const [row] = await tx
    .select({ id: waitlistOpenings.id, employeeId: waitlistOpenings.employeeId, startAt: waitlistOpenings.startAt, endAt: waitlistOpenings.endAt, cause: waitlistOpenings.cause })
    .from(waitlistOpenings)
    .where(and(eq(waitlistOpenings.tenantId, tenantId), eq(waitlistOpenings.id, id), ...(opts.dueAt !== undefined ? [lte(waitlistOpenings.nextStepAt, new Date(opts.dueAt))] : [])))
    .for('update', opts.skipLocked ? { skipLocked: true } : {});
  return row ? { id: row.id, employeeId: row.employeeId, start: row.startAt.getTime(), end: row.endAt.getTime(), cause: row.cause } : null;
}

/** Sets when an opening looks again (null: nothing left to offer). */
export async function setOpeningStep(db: DbOrTx, tenantId: number, id: string, at: number | null): Promise<void> {
  await db
    .update(waitlistOpenings)
    .set({ nextStepAt: at === null ? null : new Date(at) })
    .where(and(eq(waitlistOpenings.tenantId, tenantId), eq(waitlistOpenings.id, id)));
}

/**
 * Lapses the open offers of an opening whose window ended at `now`; their entries go back to `waiting` unless
 * another offer of theirs is still open. Returns how many lapsed.
 */
export async function lapseOffers(tx: Tx, tenantId: number, openingId: string, now: number): Promise<number> {
  const lapsed = await tx
    .update(waitlistOffers)
    .set({ status: 'expired' })
    .where(and(eq(waitlistOffers.tenantId, tenantId), eq(waitlistOffers.openingId, openingId), eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, new Date(now))))
    .returning({ entryId: waitlistOffers.entryId });
  await settleEntries(tx, tenantId, lapsed.map((r) => r.entryId), now);
  return lapsed.length;
}

/** Entries among `ids` still `offered` without an offer open at `now` go back to `waiting`. */
export async function settleEntries(tx: Tx, tenantId: number, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(waitlistEntries)
    .set({ status: 'waiting', updatedAt: new Date(now) })
    .where(
      and(
        eq(waitlistEntries.tenantId, tenantId),
        inArray(waitlistEntries.id, ids),
        eq(waitlistEntries.status, 'offered'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(waitlistOffers)
            .where(
              and(
                eq(waitlistOffers.tenantId, waitlistEntries.tenantId),
                eq(waitlistOffers.entryId, waitlistEntries.id),
                eq(waitlistOffers.status, 'open'),
                sql`${waitlistOffers.expiresAt} > ${new Date(now).toISOString()}::timestamptz`,
              ),
            ),
        ),
      ),
    );
}

/** The earliest end of an opening's offers still open at `now` (epoch ms), or null. */
export async function openOffersUntil(db: DbOrTx, tenantId: number, openingId: string): Promise<number | null> {
  const [row] = await db
    .select({ until: sql<string | null>`min(${waitlistOffers.expiresAt})` })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.tenantId, tenantId), eq(waitlistOffers.openingId, openingId), eq(waitlistOffers.status, 'open')));
  return row?.until ? Date.parse(String(row.until)) : null;
}

/** What a group of waiting entries asks for: the same services, stylist (null: any) and part of the day. */
export type WishKey = { serviceIds: number[]; employeeId: string | null; partOfDay: PartOfDay };

/** The active entries of a Madrid date that the stylist `employeeId` could serve and that have no offer of the opening yet. */
function candidatesOf(tenantId: number, opening: { id: string; employeeId: string }, date: string): SQL {
  return and(
    eq(waitlistEntries.tenantId, tenantId),
    inArray(waitlistEntries.status, ['waiting', 'offered']),
    lte(waitlistEntries.fromDate, date),
    gte(waitlistEntries.toDate, date),
    or(isNull(waitlistEntries.employeeId), eq(waitlistEntries.employeeId, opening.employeeId)),
    notExists(
      sql`(select 1 from ${waitlistOffers} where ${waitlistOffers.tenantId} = ${waitlistEntries.tenantId} and ${waitlistOffers.openingId} = ${opening.id} and ${waitlistOffers.entryId} = ${waitlistEntries.id})`,
    ),
  )!;
}

/**
 * The distinct wishes (services, stylist, part of the day) of the entries an opening on `date` may go to:
 * active, covering the date, for its stylist or any, not offered this opening yet; each with when its first
 * entry joined (epoch ms). One grouped read over the salon's active entries.
 */
export async function candidateWishes(
  db: DbOrTx,
  tenantId: number,
  opening: { id: string; employeeId: string },
  date: string,
): Promise<(WishKey & { firstJoinedAt: number })[]> {
  const rows = await db
    .select({
      serviceIds: waitlistEntries.serviceIds,
      employeeId: waitlistEntries.employeeId,
      partOfDay: waitlistEntries.partOfDay,
      firstJoinedAt: sql<string>`to_char(min(${waitlistEntries.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(waitlistEntries)
    .where(candidatesOf(tenantId, opening, date))
    .groupBy(waitlistEntries.serviceIds, waitlistEntries.employeeId, waitlistEntries.partOfDay);
  return rows.map((w) => ({ ...w, firstJoinedAt: Date.parse(w.firstJoinedAt) }));
}

/** A candidate entry with what its offer needs: the account's e-mail and whether it has a push token. */
export type CandidateEntry = {
  id: string;
  clientId: string;
  userName: string;
  serviceIds: number[];
  employeeId: string | null;
  partOfDay: PartOfDay;
  joinedAt: number;
  email: string;
  pushable: boolean;
};

/**
 * The entries of the `wishes` an opening on `date` may go to, in joining order (ties by id), at most `limit`
 * (null: all).
 */
export async function candidateEntries(
  db: DbOrTx,
  tenantId: number,
  opening: { id: string; employeeId: string },
  date: string,
  wishes: WishKey[],
  limit: number | null,
): Promise<CandidateEntry[]> {
  if (wishes.length === 0) return [];
  const wanted = or(
    ...wishes.map((w) =>
      and(
        sql`${waitlistEntries.serviceIds} = ${`{${w.serviceIds.join(',')}}`}::int[]`,
        w.employeeId === null ? isNull(waitlistEntries.employeeId) : eq(waitlistEntries.employeeId, w.employeeId),
        eq(waitlistEntries.partOfDay, w.partOfDay),
      ),
    ),
  );
  const query = candidateQuery(db, tenantId, and(candidatesOf(tenantId, opening, date), wanted, isNull(users.deletedAt))!).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return (limit === null ? await query : await query.limit(limit)).map(candidateOf);
}

/** Entries of the tenant among `ids` as an offer needs them (the account's e-mail, whether it has a push token). */
export async function candidateEntriesByIds(db: DbOrTx, tenantId: number, ids: string[]): Promise<CandidateEntry[]> {
  if (ids.length === 0) return [];
  return (await candidateQuery(db, tenantId, inArray(waitlistEntries.id, ids))).map(candidateOf);
}

/** The tenant's entries matching `where`, with their account's e-mail and whether it has a push token. */
const candidateQuery = (db: DbOrTx, tenantId: number, where: SQL) =>
  db
    .select({
      id: waitlistEntries.id,
      clientId: waitlistEntries.clientId,
      userName: waitlistEntries.userName,
      serviceIds: waitlistEntries.serviceIds,
      employeeId: waitlistEntries.employeeId,
      partOfDay: waitlistEntries.partOfDay,
      createdAt: waitlistEntries.createdAt,
      email: users.email,
      pushable: sql<boolean>`${users.fcmToken} is not null`,
    })
    .from(waitlistEntries)
    .innerJoin(users, and(eq(users.tenantId, waitlistEntries.tenantId), eq(users.id, waitlistEntries.clientId)))
    .where(and(eq(waitlistEntries.tenantId, tenantId), where))
    .$dynamic();

const candidateOf = ({ createdAt, ...r }: Awaited<ReturnType<ReturnType<typeof candidateQuery>['execute']>>[number]): CandidateEntry => ({ ...r, joinedAt: createdAt.getTime() });

/** Stores offers of an opening and marks their entries `offered`; returns the offers' ids in order. */
export async function insertOffers(
  tx: Tx,
  tenantId: number,
  openingId: string,
  offers: { entryId: string; start: number; employeeId: string | null; expiresAt: number }[],
  now: number,
): Promise<string[]> {
  if (offers.length === 0) return [];
  const inserted = await tx
    .insert(waitlistOffers)
    .values(
      offers.map((o) => ({ tenantId, openingId, entryId: o.entryId, startAt: new Date(o.start), employeeId: o.employeeId, expiresAt: new Date(o.expiresAt), createdAt: new Date(now) })),
    )
    .returning({ id: waitlistOffers.id, entryId: waitlistOffers.entryId });
  await tx
    .update(waitlistEntries)
    .set({ status: 'offered', updatedAt: new Date(now) })
    .where(and(eq(waitlistEntries.tenantId, tenantId), inArray(waitlistEntries.id, offers.map((o) => o.entryId)), ne(waitlistEntries.status, 'offered')));
  return offers.map((o) => inserted.find((r) => r.entryId === o.entryId)!.id);
}

/** An offer with its entry, as a claim reads it. */
export type OfferRow = {
  id: string;
  openingId: string;
  entryId: string;
  start: number;
  employeeId: string | null;
  status: (typeof waitlistOffers.$inferSelect)['status'];
  expiresAt: number;
  appointmentId: string | null;
  entry: typeof waitlistEntries.$inferSelect;
};

/** An offer of the tenant with its entry (locked `for update` with `lock`), or null. */
export async function findOffer(db: DbOrTx | Tx, tenantId: number, id: string, lock = false): Promise<OfferRow | null> {
  const query = db
    .select({ o: waitlistOffers, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, and(eq(waitlistEntries.tenantId, waitlistOffers.tenantId), eq(waitlistEntries.id, waitlistOffers.entryId)))
    .where(and(eq(waitlistOffers.tenantId, tenantId), eq(waitlistOffers.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const { o, entry } = row;
  return {
    id: o.id,
    openingId: o.openingId,
    entryId: o.entryId,
    start: o.startAt.getTime(),
    employeeId: o.employeeId,
    status: o.status,
    expiresAt: o.expiresAt.getTime(),
    appointmentId: o.appointmentId,
    entry,
  };
}

/** Sets an offer's status (and, for a claim, the appointment it booked). */
export async function setOfferStatus(db: DbOrTx, tenantId: number, id: string, status: OfferRow['status'], appointmentId: string | null = null): Promise<void> {
  await db
    .update(waitlistOffers)
    .set({ status, ...(appointmentId ? { appointmentId } : {}) })
    .where(and(eq(waitlistOffers.tenantId, tenantId), eq(waitlistOffers.id, id)));
}

/** A claimed entry: `booked`, and its other open offers lapse. */
export async function markEntryBooked(tx: Tx, tenantId: number, entryId: string, now: number): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'booked', updatedAt: new Date(now) })
    .where(and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.id, entryId)));
  await tx
    .update(waitlistOffers)
    .set({ status: 'expired' })
    .where(and(eq(waitlistOffers.tenantId, tenantId), eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open')));
}

/** The open offers (start and end of window, epoch ms) of entries, by entry id: what the entry lists show. */
export async function openOffersOf(db: DbOrTx, tenantId: number, entryIds: string[], now: number): Promise<Map<string, { start: number; expiresAt: number }>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: waitlistOffers.entryId, startAt: waitlistOffers.startAt, expiresAt: waitlistOffers.expiresAt })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.tenantId, tenantId),
        inArray(waitlistOffers.entryId, entryIds),
        eq(waitlistOffers.status, 'open'),
        sql`${waitlistOffers.expiresAt} > ${new Date(now).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(waitlistOffers.startAt));
  const out = new Map<string, { start: number; expiresAt: number }>();
  for (const r of rows) if (!out.has(r.entryId)) out.set(r.entryId, { start: r.startAt.getTime(), expiresAt: r.expiresAt.getTime() });
  return out;
}
