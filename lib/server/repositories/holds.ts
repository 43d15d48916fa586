import 'server-only';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DAY_MS } from '@/lib/domain/time';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { busySlots, holds, users } from '@/lib/server/db/schema';

/** Who may use a hold: the browser that made it (hash of its holder token) and, once signed in, the account. */
export type Holder = { hash: string | null; userId: string | null };

/** SQL condition: the hold belongs to `holder`. */
function heldBy(holder: Holder) {
  const byBrowser = holder.hash ? eq(holds.holderHash, holder.hash) : undefined;
  const byAccount = holder.userId ? eq(holds.userId, holder.userId) : undefined;
  if (!byBrowser && !byAccount) return sql`false`;
  return or(byBrowser, byAccount)!;
}

/** A hold as its holder sees it. Instants in epoch ms. */
export type HoldRow = {
  id: string;
  employeeId: string;
  serviceId: number;
  /** Every held service in visit order (one for a visit of one). */
  serviceIds: number[];
  /** True when held for "Cualquier estilista". */
  anyStylist: boolean;
  start: number;
  end: number;
  expiresAt: number;
  appointmentId: string | null;
};

const holdColumns = {
  id: holds.id,
  employeeId: holds.employeeId,
  serviceId: holds.serviceId,
  serviceIds: holds.serviceIds,
  anyStylist: holds.anyStylist,
  startAt: holds.startAt,
  endAt: holds.endAt,
  expiresAt: holds.expiresAt,
  appointmentId: holds.appointmentId,
};

type HoldSelect = {
  id: string;
  employeeId: string;
  serviceId: number;
  serviceIds: number[] | null;
  anyStylist: boolean;
  startAt: Date;
  endAt: Date;
  expiresAt: Date;
  appointmentId: string | null;
};

const toRow = (r: HoldSelect): HoldRow => ({
  id: r.id,
  employeeId: r.employeeId,
  serviceId: r.serviceId,
  serviceIds: r.serviceIds ?? [r.serviceId],
  anyStylist: r.anyStylist,
  start: r.startAt.getTime(),
  end: r.endAt.getTime(),
  expiresAt: r.expiresAt.getTime(),
  appointmentId: r.appointmentId,
});

/** A hold of the tenant by id (a uuid) when it belongs to `holder`, expired or booked ones included; else null. */
export async function findHold(db: DbOrTx, tenantId: number, holdId: string, holder: Holder): Promise<HoldRow | null> {
  const [row] = await db
    .select(holdColumns)
    .from(holds)
    .where(and(eq(holds.tenantId, tenantId), eq(holds.id, holdId), heldBy(holder)));
  return row ? toRow(row) : null;
}

/** `findHold` with the e-mail of the hold's stylist (how the API names stylists). */
export async function findHoldWithEmployee(db: DbOrTx, tenantId: number, holdId: string, holder: Holder): Promise<(HoldRow & { employeeEmail: string }) | null> {
  const [row] = await db
    .select({ ...holdColumns, employeeEmail: users.email })
    .from(holds)
    .innerJoin(users, and(eq(users.tenantId, holds.tenantId), eq(users.id, holds.employeeId)))
    .where(and(eq(holds.tenantId, tenantId), eq(holds.id, holdId), heldBy(holder)));
  return row ? { ...toRow(row), employeeEmail: row.employeeEmail } : null;
}

/** Ids of `holder`'s holds still live at `now` (epoch ms) and not booked. */
export async function liveHoldIds(db: DbOrTx, tenantId: number, holder: Holder, now: number): Promise<string[]> {
  if (!holder.hash && !holder.userId) return [];
  const rows = await db
    .select({ id: holds.id })
    .from(holds)
    .where(and(eq(holds.tenantId, tenantId), heldBy(holder), isNull(holds.appointmentId), gt(holds.expiresAt, new Date(now))));
  return rows.map((r) => r.id);
}

/**
 * Ends `holder`'s live holds at `now` (epoch ms): their busy parts are deleted (the time is free again)
 * and their expiry set to `now`. Booked holds are left alone.
 */
export async function releaseHolds(tx: Tx, tenantId: number, holder: Holder, now: number): Promise<void> {
  const ids = await liveHoldIds(tx, tenantId, holder, now);
  if (ids.length === 0) return;
  await tx.delete(busySlots).where(and(eq(busySlots.tenantId, tenantId), inArray(busySlots.holdId, ids)));
  await tx.update(holds).set({ expiresAt: new Date(now) }).where(and(eq(holds.tenantId, tenantId), inArray(holds.id, ids)));
}

/**
 * Stores a hold (its busy parts are the caller's to insert) and deletes the tenant's holds that expired more
 * than a day before `now` (epoch ms). `employeeId` is the stylist of the first part; `serviceIds` the visit's
 * services in visit order. Returns the new hold's id.
 */
export async function insertHold(
  tx: Tx,
  tenantId: number,
  hold: { employeeId: string; serviceIds: number[]; anyStylist: boolean; start: number; end: number; holderHash: string; userId: string | null; expiresAt: number },
  now: number,
): Promise<string> {
  await tx.delete(holds).where(and(eq(holds.tenantId, tenantId), lt(holds.expiresAt, new Date(now - DAY_MS))));
  const [row] = await tx
    .insert(holds)
    .values({
      tenantId,
      employeeId: hold.employeeId,
      serviceId: hold.serviceIds[0]!,
      serviceIds: hold.serviceIds.length > 1 ? hold.serviceIds : null,
      anyStylist: hold.anyStylist,
      startAt: new Date(hold.start),
      endAt: new Date(hold.end),
      holderHash: hold.holderHash,
      userId: hold.userId,
      expiresAt: new Date(hold.expiresAt),
      createdAt: new Date(now),
    })
    .returning({ id: holds.id });
  return row!.id;
}

/** Frees a hold's busy parts inside the caller's transaction (its booking's own parts take their place). */
export async function freeHold(tx: Tx, tenantId: number, holdId: string): Promise<void> {
  await tx.delete(busySlots).where(and(eq(busySlots.tenantId, tenantId), eq(busySlots.holdId, holdId)));
}

/** Marks a hold booked by `appointmentId` (a resumed sign-in then finds the appointment, not the hour). */
export async function markHoldBooked(tx: Tx, tenantId: number, holdId: string, appointmentId: string): Promise<void> {
  await tx.update(holds).set({ appointmentId }).where(and(eq(holds.tenantId, tenantId), eq(holds.id, holdId)));
}

/**
 * Gives the account `userId` the unbooked holds of a browser (`holderHash`) or one hold by id that no
 * account has taken yet: a sign-in finishing a visitor's booking, on this device or from an e-mailed link.
 */
export async function claimHolds(db: DbOrTx, tenantId: number, userId: string, by: { holderHash?: string | null; holdId?: string | null }): Promise<void> {
  const which = by.holdId ? eq(holds.id, by.holdId) : by.holderHash ? eq(holds.holderHash, by.holderHash) : undefined;
  if (!which) return;
  await db
    .update(holds)
    .set({ userId })
    .where(and(eq(holds.tenantId, tenantId), which, isNull(holds.userId), isNull(holds.appointmentId)));
}
