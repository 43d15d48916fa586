import 'server-only';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Appointment } from '@/lib/validation/dto';
import { centsToEuros } from '@/lib/domain/money';
import { isoUtc, madridDate, type Range } from '@/lib/domain/time';
import { preparedPerDb, UNNAMED_STATEMENT, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, users } from '@/lib/server/db/schema';
import { overlapsWindow, windowParams } from './time-window';

/** An appointment as the API shows it (spec section 3, Appointment). Instants are UTC ISO strings. */
export type AppointmentDto = Appointment;

const employee = alias(users, 'employee');
const client = alias(users, 'client');
const creator = alias(users, 'creator');
const canceller = alias(users, 'canceller');

/**
 * Appointments of a tenant matching `where`, ordered by start, with their busy parts (two queries);
 * a cancelled one carries when (`cancelled_at`) and by whom (`cancelled_by`, the staff member's name).
 */
export async function findAppointments(db: DbOrTx, tenantId: number, where?: SQL): Promise<AppointmentDto[]> {
  const rows = await db
    .select({
      a: appointments,
      employeeEmail: employee.email,
      employeeName: employee.name,
      clientEmail: client.email,
      clientGuest: client.isGuest,
      creatorName: creator.name,
      creatorEmail: creator.email,
      cancellerName: canceller.name,
      cancellerEmail: canceller.email,
    })
    .from(appointments)
    // Joins pair tenant_id too: the (id, tenant_id) keys, and one shard per tenant on Citus (issue 11).
    .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
    .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
    .innerJoin(creator, and(eq(creator.tenantId, appointments.tenantId), eq(creator.id, appointments.createdBy)))
    .leftJoin(canceller, and(eq(canceller.tenantId, appointments.tenantId), eq(canceller.id, appointments.cancelledBy)))
    .where(where ? and(eq(appointments.tenantId, tenantId), where) : eq(appointments.tenantId, tenantId))
    .orderBy(asc(appointments.startAt));
  if (rows.length === 0) return [];
  const parts = await db
    .select({ appointmentId: busySlots.appointmentId, startAt: busySlots.startAt, endAt: busySlots.endAt })
    .from(busySlots)
    // One array parameter, not one parameter per id: an agenda week sends ~600 ids (issue 11). The ids are
    // uuids read from the database just above, so the array literal needs no quoting.
    .where(and(eq(busySlots.tenantId, tenantId), sql`${busySlots.appointmentId} = any(${`{${rows.map((r) => r.a.id).join(',')}}`}::uuid[])`))
    .orderBy(asc(busySlots.startAt));
  const partsOf = new Map<string, { start_time: string; end_time: string }[]>();
  for (const p of parts) {
    const list = partsOf.get(p.appointmentId!) ?? [];
    list.push({ start_time: isoUtc(p.startAt), end_time: isoUtc(p.endAt) });
    partsOf.set(p.appointmentId!, list);
  }
  return rows.map(({ a, ...r }) => ({
    id: a.id,
    type: 'appointment',
    facility_id: a.facilityId,
    employee_id: r.employeeEmail,
    employee_name: r.employeeName,
    client_id: r.clientEmail,
    client_name: a.clientName,
    user_id: a.userId,
    user_name: a.clientName,
    is_guest: r.clientGuest,
    service_id: a.serviceId,
    service_name: a.serviceName,
    service_price: centsToEuros(a.servicePriceCents),
    date: madridDate(a.startAt),
    start_time: isoUtc(a.startAt),
    end_time: isoUtc(a.endAt),
    status: a.status,
    created_at: isoUtc(a.createdAt),
    created_by: a.createdByRole === 'client' ? r.creatorEmail : r.creatorName || r.creatorEmail,
    created_by_role: a.createdByRole,
    notes: a.notes,
    cancelled_at: a.cancelledAt ? isoUtc(a.cancelledAt) : null,
    cancelled_by: a.cancelledBy ? r.cancellerName || r.cancellerEmail || null : null,
    busy_slots: partsOf.get(a.id) ?? [],
  }));
}

/** Pending appointments of a client account (sub-users included): not cancelled and not yet ended. */
export function pendingOfClient(db: DbOrTx, tenantId: number, clientId: string, now: Date): Promise<AppointmentDto[]> {
  return findAppointments(
    db,
    tenantId,
    and(eq(appointments.clientId, clientId), eq(appointments.status, 'pending'), gt(appointments.endAt, now)),
  );
}

/** Number of pending appointments of a client account (the allowance count). */
export async function countPendingOfClient(db: DbOrTx, tenantId: number, clientId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.clientId, clientId),
        eq(appointments.status, 'pending'),
        gt(appointments.endAt, now),
      ),
    );
  return rows.length;
}

/**
 * Busy time of a stylist overlapping [from, to) (epoch ms, from < to): active busy parts of appointments and
 * leaves, as epoch-ms ranges. Read through the GiST index of the exclusion constraint `busy_slots_no_overlap`
 * (issue 11: cost independent of the number of past appointments).
 */
export async function busyRangesOf(
  db: DbOrTx,
  tenantId: number,
  employeeId: string,
  from: number,
  to: number,
): Promise<Range[]> {
  const rows = await busyRangesQuery(db).execute({ tenantId, employeeId, ...windowParams(from, to) });
  return rows.map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() }));
}

/** `busyRangesOf`'s query, built once per database handle (issue 11: the availability hot path). */
const busyRangesQuery = preparedPerDb((db) =>
  db
    .select({ startAt: busySlots.startAt, endAt: busySlots.endAt })
    .from(busySlots)
    .where(
      and(
        eq(busySlots.tenantId, sql.placeholder('tenantId')),
        eq(busySlots.employeeId, sql.placeholder('employeeId')),
        // `active` as a bare column and the range overlap: the predicate and expression of the exclusion
        // constraint's partial GiST index, which bounds both ends of the window.
        busySlots.active,
        overlapsWindow(busySlots.startAt, busySlots.endAt, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .prepare(UNNAMED_STATEMENT),
);
