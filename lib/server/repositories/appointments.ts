import 'server-only';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Appointment } from '@/lib/validation/dto';
import { centsToEuros } from '@/lib/domain/money';
import { isoUtc, madridDate, type Range } from '@/lib/domain/time';
import { preparedPerDb, rowsOf, UNNAMED_STATEMENT, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, users } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow, windowParams } from './time-window';

/** An appointment as the API shows it (spec section 3, Appointment). Instants are UTC ISO strings. */
export type AppointmentDto = Appointment;

/** One row of `findAppointments`' statement (instants in epoch ms). */
type AppointmentRow = {
  id: string;
  facility_id: number;
  employee_email: string;
  employee_name: string;
  client_email: string;
  client_guest: boolean;
  client_name: string;
  user_id: string;
  service_id: number | null;
  service_name: string;
  service_price_cents: number;
  start_ms: number;
  end_ms: number;
  status: AppointmentDto['status'];
  created_ms: number;
  created_by_role: AppointmentDto['created_by_role'];
  creator_name: string;
  creator_email: string;
  notes: string | null;
  cancelled_ms: number | null;
  cancelled_by: string | null;
  canceller_name: string | null;
  canceller_email: string | null;
};

/**
 * Appointments of a tenant matching `where` (a condition on `appointments` columns), ordered by start, each
 * with its busy parts (by start); a cancelled one carries when (`cancelled_at`) and by whom (`cancelled_by`,
 * the staff member's name). The contract's `Appointment` (spec section 3), instants as UTC ISO strings.
 *
 * Two statements mapped by hand (issue 11: the agenda week maps ~600 rows per call): every instant travels
 * as epoch ms (`epochMs`: no `Date` parsed per value, `isoUtc`'s number path), and the rows skip drizzle's
 * per-field result mapping (a raw `execute`), which cost more CPU than the query itself. The busy parts are
 * read by appointment id in a second statement: a correlated sub-select per appointment was measured slower
 * (a SubPlan loop per row) than one index scan over the id array. The joins pair tenant_id too: the
 * (id, tenant_id) keys, and one shard per tenant on Citus.
 */
export async function findAppointments(db: DbOrTx, tenantId: number, where?: SQL): Promise<AppointmentDto[]> {
  const a = appointments;
  const rows = rowsOf<AppointmentRow>(
    await db.execute(sql`select ${a.id} as id, ${a.facilityId} as facility_id,
        employee.email as employee_email, employee.name as employee_name,
        client.email as client_email, client.is_guest as client_guest,
        ${a.clientName} as client_name, ${a.userId} as user_id,
        ${a.serviceId} as service_id, ${a.serviceName} as service_name, ${a.servicePriceCents} as service_price_cents,
        ${epochMs(a.startAt)} as start_ms, ${epochMs(a.endAt)} as end_ms, ${a.status} as status,
        ${epochMs(a.createdAt)} as created_ms, ${a.createdByRole} as created_by_role,
        creator.name as creator_name, creator.email as creator_email, ${a.notes} as notes,
        ${epochMs(a.cancelledAt)} as cancelled_ms, ${a.cancelledBy} as cancelled_by,
        canceller.name as canceller_name, canceller.email as canceller_email
      from ${a}
      join ${users} employee on employee.tenant_id = ${a.tenantId} and employee.id = ${a.employeeId}
      join ${users} client on client.tenant_id = ${a.tenantId} and client.id = ${a.clientId}
      join ${users} creator on creator.tenant_id = ${a.tenantId} and creator.id = ${a.createdBy}
      left join ${users} canceller on canceller.tenant_id = ${a.tenantId} and canceller.id = ${a.cancelledBy}
      where ${where ? and(eq(a.tenantId, tenantId), where) : eq(a.tenantId, tenantId)}
      order by ${a.startAt}`),
  );
  if (rows.length === 0) return [];
  // One array parameter, not one parameter per id: an agenda week sends ~600 ids. The ids are uuids read from
  // the database just above, so the array literal needs no quoting.
  const parts = rowsOf<{ appointment_id: string; start_ms: number; end_ms: number }>(
    await db.execute(sql`select ${busySlots.appointmentId} as appointment_id,
        ${epochMs(busySlots.startAt)} as start_ms, ${epochMs(busySlots.endAt)} as end_ms
      from ${busySlots}
      where ${busySlots.tenantId} = ${tenantId} and ${busySlots.appointmentId} = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])
      order by ${busySlots.startAt}`),
  );
  const partsOf = new Map<string, { start_time: string; end_time: string }[]>();
  for (const p of parts) {
    const part = { start_time: isoUtc(p.start_ms), end_time: isoUtc(p.end_ms) };
    const list = partsOf.get(p.appointment_id);
    if (list) list.push(part);
    else partsOf.set(p.appointment_id, [part]);
  }
  return rows.map((r) => ({
    id: r.id,
    type: 'appointment',
    facility_id: r.facility_id,
    employee_id: r.employee_email,
    employee_name: r.employee_name,
    client_id: r.client_email,
    client_name: r.client_name,
    user_id: r.user_id,
    user_name: r.client_name,
    is_guest: r.client_guest,
    service_id: r.service_id,
    service_name: r.service_name,
    service_price: centsToEuros(r.service_price_cents),
    date: madridDate(r.start_ms),
    start_time: isoUtc(r.start_ms),
    end_time: isoUtc(r.end_ms),
    status: r.status,
    created_at: isoUtc(r.created_ms),
    created_by: r.created_by_role === 'client' ? r.creator_email : r.creator_name || r.creator_email,
    created_by_role: r.created_by_role,
    notes: r.notes,
    cancelled_at: r.cancelled_ms !== null ? isoUtc(r.cancelled_ms) : null,
    cancelled_by: r.cancelled_by ? r.canceller_name || r.canceller_email || null : null,
    busy_slots: partsOf.get(r.id) ?? [],
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
