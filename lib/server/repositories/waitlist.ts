import 'server-only';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PartOfDay, WaitlistStatus } from '@/lib/domain/waitlist';
import { isoUtc, madridDate } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointments, employeeServices, services, users, waitlistEntries } from '@/lib/server/db/schema';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { notRemoved } from './employees';
import { openOffersOf } from './waitlist-offers';

const client = alias(users, 'client');
const employee = alias(users, 'employee');

/** What a new entry stores (the person waiting, the visit by service id in the salon's order, the stylist or null: any). */
export type NewWaitlistEntry = {
  clientId: string;
  userId: string;
  userName: string;
  serviceIds: number[];
  employeeId: string | null;
  from: string;
  to: string;
  partOfDay: PartOfDay;
  createdBy: string;
  now: number;
};

/** Stores an entry of the tenant (status `waiting`); returns its id. */
export async function insertWaitlistEntry(db: DbOrTx, tenantId: number, e: NewWaitlistEntry): Promise<string> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      tenantId,
      clientId: e.clientId,
      userId: e.userId,
      userName: e.userName,
      serviceIds: e.serviceIds,
      employeeId: e.employeeId,
      fromDate: e.from,
      toDate: e.to,
      partOfDay: e.partOfDay,
      createdBy: e.createdBy,
      createdAt: new Date(e.now),
      updatedAt: new Date(e.now),
    })
    .returning({ id: waitlistEntries.id });
  return row!.id;
}

/** Entries of an account that are active on `today` (Madrid date): waiting or offered, their range not over. */
export async function countActiveEntries(db: DbOrTx, tenantId: number, clientId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.tenantId, tenantId),
        eq(waitlistEntries.clientId, clientId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
        gte(waitlistEntries.toDate, today),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Sets an entry of an account `cancelled` when it is still active on `today`; returns the status it had, or
 * null when the account has no such entry.
 */
export async function cancelWaitlistEntry(db: DbOrTx, tenantId: number, clientId: string, id: string, today: string, now: number): Promise<WaitlistStatus | null> {
  const [row] = await db
    .select({ status: waitlistEntries.status, to: waitlistEntries.toDate })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.clientId, clientId), eq(waitlistEntries.id, id)))
    .for('update');
  if (!row) return null;
  const status = effectiveStatus(row.status, row.to, today);
  if (status !== 'waiting' && status !== 'offered') return status;
  await db
    .update(waitlistEntries)
    .set({ status: 'cancelled', updatedAt: new Date(now) })
    .where(and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.id, id)));
  return status;
}

/** The status and open offer an entry shows: `offered` only while an offer is open, else `waiting`. */
function offerOf(status: WaitlistStatus, offer: { start: number; expiresAt: number } | undefined): Pick<WaitlistEntry, 'status' | 'offer'> {
  if (status !== 'offered') return { status, offer: null };
  if (!offer) return { status: 'waiting', offer: null };
  return { status, offer: { start_time: isoUtc(offer.start), expires_at: isoUtc(offer.expiresAt) } };
}

/** An active entry whose range ended before `today` is `expired` (computed when read). */
function effectiveStatus(status: WaitlistStatus, to: string, today: string): WaitlistStatus {
  return (status === 'waiting' || status === 'offered') && to < today ? 'expired' : status;
}

/**
 * Entries of the tenant as the API answers them at `now` (epoch ms), newest first for one account
 * (`{ clientId }`) or, for the salon (`'salon'`), those active today (Madrid) by their first date and then
 * joining order; only `ids` when given. An `offered` entry carries its open offer. Three statements: the
 * entries with their account and stylist, the names of their services, and the open offers.
 */
export async function listWaitlistEntries(
  db: DbOrTx,
  tenantId: number,
  which: { clientId: string } | 'salon',
  now: number,
  ids?: string[],
): Promise<WaitlistEntry[]> {
  const today = madridDate(now);
  const only = ids ? [inArray(waitlistEntries.id, ids)] : [];
  const where =
    which === 'salon'
      ? and(eq(waitlistEntries.tenantId, tenantId), inArray(waitlistEntries.status, ['waiting', 'offered']), gte(waitlistEntries.toDate, today), ...only)
      : and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.clientId, which.clientId), ...only);
  const rows = await db
    .select({
      e: waitlistEntries,
      clientEmail: client.email,
      employeeEmail: employee.email,
      employeeName: employee.name,
    })
    .from(waitlistEntries)
    .innerJoin(client, and(eq(client.tenantId, waitlistEntries.tenantId), eq(client.id, waitlistEntries.clientId)))
    .leftJoin(employee, and(eq(employee.tenantId, waitlistEntries.tenantId), eq(employee.id, waitlistEntries.employeeId)))
    .where(where)
    .orderBy(...(which === 'salon' ? [asc(waitlistEntries.fromDate), asc(waitlistEntries.createdAt)] : [desc(waitlistEntries.createdAt)]));
  const serviceIds = [...new Set(rows.flatMap((r) => r.e.serviceIds))];
  const names = new Map(
    serviceIds.length === 0
      ? []
      : (
          await db
            .select({ id: services.id, name: services.name })
            .from(services)
            .where(and(eq(services.tenantId, tenantId), inArray(services.id, serviceIds)))
        ).map((s) => [s.id, s.name]),
  );
  const offers = await openOffersOf(db, tenantId, rows.filter((r) => r.e.status === 'offered').map((r) => r.e.id), now);
  return rows.map(({ e, clientEmail, employeeEmail, employeeName }) => ({
    id: e.id,
    services: e.serviceIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    employee_id: employeeEmail ?? 'any',
    employee_name: employeeEmail ? employeeName : null,
    from: e.fromDate,
    to: e.toDate,
    part_of_day: e.partOfDay,
    client_id: clientEmail,
    user_id: e.userId,
    user_name: e.userName,
    ...offerOf(effectiveStatus(e.status, e.toDate, today), offers.get(e.id)),
    created_at: isoUtc(e.createdAt),
  }));
}

/**
 * The services among `serviceIds` that the stylist `employeeId` offers, or, for null ("Cualquier estilista"),
 * that some active stylist of the tenant offers.
 */
export async function offeredServiceIds(db: DbOrTx, tenantId: number, employeeId: string | null, serviceIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: employeeServices.serviceId })
    .from(employeeServices)
    .where(
      and(
        eq(employeeServices.tenantId, tenantId),
        inArray(employeeServices.serviceId, serviceIds),
        employeeId ? eq(employeeServices.employeeId, employeeId) : notRemoved(employeeServices.tenantId, employeeServices.employeeId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether the person `userId` of an account has a pending appointment starting in [`from`, `to`) (epoch ms):
 * then it cannot wait for another hour in that range.
 */
export async function hasPendingBetween(db: DbOrTx, tenantId: number, clientId: string, userId: string, from: number, to: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.clientId, clientId),
        eq(appointments.userId, userId),
        eq(appointments.status, 'pending'),
        gte(appointments.startAt, new Date(from)),
        lt(appointments.startAt, new Date(to)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
