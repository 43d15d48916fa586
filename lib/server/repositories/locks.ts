import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { notRemoved } from './employees';
import type { UserRow } from './users';

/*
 * The row locks of everything that changes who can be booked when, and their one order.
 *
 * A booking reads the client's allowance, the stylist's schedule and the stylist's busy time, then
 * writes; a removal, a deletion or a schedule change reads the pending appointments, then writes. Under
 * READ COMMITTED both sides could read before the other commits and both commit. Row locks on the two
 * accounts make them take turns, and each side reads what it checks only after taking its lock, so
 * whichever commits first wins and the other sees its result:
 *
 *   0. a waitlist opening and its offer (`for update`, lib/server/repositories/waitlist-offers.ts
 *      `lockOpening`, `findOffer`): the claims of one freed time take turns there, and the waitlist job
 *      skips an opening a claim holds;
 *   1. appointment rows (`for update`, `lockAppointment`, or a visit's rows by id with `lockVisit`):
 *      cancellation, moving, and a client's deletion for its pending ones;
 *   2. the client's account, `lockClient` (`for update`): every booking for the client (serialises the
 *      allowance) and the client's deletion;
 *   3. the stylist's account: `shareEmployee` (`for share`) for bookings and leaves of the stylist, which
 *      may run side by side; `lockEmployee` (`for update`) for the stylist's removal, weekly shifts,
 *      special days, services offered and information, which wait for those bookings and make them wait.
 *
 * A transaction takes its locks in this order and never the other way round, so two of them cannot
 * deadlock. The exclusion constraint on busy parts stays the last judge of overlaps.
 */

/**
 * Locks one appointment row of the tenant (`select … for update`, first in the lock order) and reads it
 * with its client's account (the account itself is not locked: `lockClient` does that next). Undefined when
 * the id is unknown or another tenant's.
 */
export async function lockAppointment(
  tx: Tx,
  tenantId: number,
  appointmentId: string,
): Promise<{ a: typeof appointments.$inferSelect; client: UserRow } | undefined> {
  const [row] = await tx
    .select({ a: appointments, client: users })
    .from(appointments)
    .innerJoin(users, and(eq(users.tenantId, appointments.tenantId), eq(users.id, appointments.clientId)))
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)))
    .for('update', { of: appointments })
    .limit(1);
  return row;
}

/**
 * Locks every appointment row of one visit of the tenant (`select … for update`, first in the lock order,
 * by id so that two transactions locking the same visit take turns) and reads them with their client's
 * account (not locked), by start. Empty when the visit id is unknown or another tenant's.
 */
export async function lockVisit(
  tx: Tx,
  tenantId: number,
  visitId: string,
): Promise<{ a: typeof appointments.$inferSelect; client: UserRow }[]> {
  const rows = await tx
    .select({ a: appointments, client: users })
    .from(appointments)
    .innerJoin(users, and(eq(users.tenantId, appointments.tenantId), eq(users.id, appointments.clientId)))
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.visitId, visitId)))
    .orderBy(asc(appointments.id))
    .for('update', { of: appointments });
  return rows.sort((x, y) => x.a.startAt.getTime() - y.a.startAt.getTime());
}

/**
 * Locks the rows of the visit of `appointmentId` (`lockVisit`), or that appointment alone when it was booked
 * alone; empty when the id is unknown or another tenant's. The visit id is read before any lock (it never
 * changes), so that every transaction locks a visit's rows in one order whichever service it names.
 */
export async function lockVisitOfAppointment(tx: Tx, tenantId: number, appointmentId: string) {
  const [own] = await tx
    .select({ visitId: appointments.visitId })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)));
  if (!own) return [];
  if (!own.visitId) return [await lockAppointment(tx, tenantId, appointmentId)];
  return lockVisit(tx, tenantId, own.visitId);
}

/**
 * Locks a stylist's account exclusively (`select … for update`) until the end of the transaction:
 * removal, schedule, special-day, services-offered and information changes of one stylist, which also
 * wait for the bookings and leaves holding `shareEmployee`.
 */
export async function lockEmployee(tx: Tx, tenantId: number, userId: string): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
}

/**
 * Takes a shared lock on a stylist's account (`select … for share`) for a booking or a leave, then reads
 * again, with the lock held, whether the stylist is still active staff of the tenant (not removed).
 * Returns false when the stylist was removed by a transaction that committed first; the caller answers
 * as it would to an unknown stylist.
 */
export async function shareEmployee(tx: Tx, tenantId: number, userId: string): Promise<boolean> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('share');
  // A second statement: under READ COMMITTED it sees what committed while this one waited for the lock.
  const [active] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), inArray(users.role, ['employee', 'admin']), notRemoved(users.tenantId, users.id)))
    .limit(1);
  return Boolean(active);
}

/**
 * Locks a client's account (`select … for update`) until the end of the transaction and returns its row
 * as it is now (a deletion that committed while this waited shows as `deletedAt`), or null when the id is
 * not a user of the tenant.
 */
export async function lockClient(tx: Tx, tenantId: number, userId: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  return row ?? null;
}
