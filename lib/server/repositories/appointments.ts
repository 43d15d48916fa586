import 'server-only';
import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Appointment } from '@/lib/validation/dto';
import { centsToEuros } from '@/lib/domain/money';
import { isoUtc, madridDate, type Range } from '@/lib/domain/time';
import { preparedPerDb, preparedRaw, UNNAMED_STATEMENT, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, users } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow, windowParams } from './time-window';

/** An appointment as the API shows it (spec section 3, Appointment). Instants are UTC ISO strings. */
export type AppointmentDto = Appointment;

/**
 * The select list, tables and joins of the appointment statements, the columns in the order `toDtos` reads
 * them (`C`). Instants travel as epoch ms (`epochMs`). The joins pair tenant_id too: the (id, tenant_id)
 * keys, and one shard per tenant on Citus.
 */
function appointmentsSelect(tenantId: number | Placeholder, where: SQL): SQL {
  const a = appointments;
  return sql`select ${a.id}, ${a.facilityId}, employee.email, employee.name, client.email, client.is_guest,
      ${a.clientName}, ${a.userId}, ${a.serviceId}, ${a.serviceName}, ${a.servicePriceCents},
      ${epochMs(a.startAt)}, ${epochMs(a.endAt)}, ${a.status}, ${epochMs(a.createdAt)}, ${a.createdByRole},
      creator.name, creator.email, ${a.notes}, ${epochMs(a.cancelledAt)}, ${a.cancelledBy},
      canceller.name, canceller.email, ${a.employeeId}
    from ${a}
    join ${users} employee on employee.tenant_id = ${a.tenantId} and employee.id = ${a.employeeId}
    join ${users} client on client.tenant_id = ${a.tenantId} and client.id = ${a.clientId}
    join ${users} creator on creator.tenant_id = ${a.tenantId} and creator.id = ${a.createdBy}
    left join ${users} canceller on canceller.tenant_id = ${a.tenantId} and canceller.id = ${a.cancelledBy}
    where ${a.tenantId} = ${tenantId} and ${where}
    order by ${a.startAt}`;
}

/** Column positions of `appointmentsSelect`'s rows. */
const C = {
  id: 0, facilityId: 1, employeeEmail: 2, employeeName: 3, clientEmail: 4, clientGuest: 5,
  clientName: 6, userId: 7, serviceId: 8, serviceName: 9, servicePriceCents: 10,
  startMs: 11, endMs: 12, status: 13, createdMs: 14, createdByRole: 15,
  creatorName: 16, creatorEmail: 17, notes: 18, cancelledMs: 19, cancelledBy: 20,
  cancellerName: 21, cancellerEmail: 22, employeeId: 23,
} as const;

/** Rows of `appointmentsSelect` with their instants, before their busy parts are attached. */
type Fetched = { rows: unknown[][]; dtos: AppointmentDto[]; endMs: number[] };

/** Maps `appointmentsSelect`'s array rows to DTOs (busy parts still empty); keeps the rows for the parts' read. */
function toDtos(rows: unknown[][]): Fetched {
  const dtos: AppointmentDto[] = new Array(rows.length);
  const endMs: number[] = new Array(rows.length);
  // Instants repeat within an answer (back-to-back appointments, a part's ends): format each distinct one once.
  const iso = isoCache();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const start = r[C.startMs] as number;
    const end = r[C.endMs] as number;
    const createdByRole = r[C.createdByRole] as AppointmentDto['created_by_role'];
    const creatorEmail = r[C.creatorEmail] as string;
    const cancelledMs = r[C.cancelledMs] as number | null;
    const clientName = r[C.clientName] as string;
    endMs[i] = end;
    dtos[i] = {
      id: r[C.id] as string,
      type: 'appointment',
      facility_id: r[C.facilityId] as number,
      employee_id: r[C.employeeEmail] as string,
      employee_name: r[C.employeeName] as string,
      client_id: r[C.clientEmail] as string,
      client_name: clientName,
      user_id: r[C.userId] as string,
      user_name: clientName,
      is_guest: r[C.clientGuest] as boolean,
      service_id: r[C.serviceId] as number | null,
      service_name: r[C.serviceName] as string,
      service_price: centsToEuros(r[C.servicePriceCents] as number),
      date: madridDate(start),
      start_time: iso(start),
      end_time: iso(end),
      status: r[C.status] as AppointmentDto['status'],
      created_at: isoUtc(r[C.createdMs] as number),
      created_by: createdByRole === 'client' ? creatorEmail : (r[C.creatorName] as string) || creatorEmail,
      created_by_role: createdByRole,
      notes: r[C.notes] as string | null,
      cancelled_at: cancelledMs !== null ? isoUtc(cancelledMs) : null,
      cancelled_by: r[C.cancelledBy] ? (r[C.cancellerName] as string | null) || (r[C.cancellerEmail] as string | null) || null : null,
      busy_slots: [],
    };
  }
  return { rows, dtos, endMs };
}

/** `isoUtc` memoised for one answer (a fresh cache per call: it holds only that answer's instants). */
function isoCache(): (ms: number) => string {
  const seen = new Map<number, string>();
  return (ms) => {
    let s = seen.get(ms);
    if (s === undefined) {
      s = isoUtc(ms);
      seen.set(ms, s);
    }
    return s;
  };
}

/** Adds each part (rows of `[appointment_id, start_ms, end_ms]`) to its appointment's `busy_slots`, in row order; parts of other appointments are skipped. */
function attachParts(dtos: AppointmentDto[], parts: unknown[][]): AppointmentDto[] {
  const byId = new Map<string, AppointmentDto>();
  for (const d of dtos) byId.set(d.id, d);
  const iso = isoCache();
  for (const p of parts) {
    const owner = byId.get(p[0] as string);
    if (owner) owner.busy_slots.push({ start_time: iso(p[1] as number), end_time: iso(p[2] as number) });
  }
  return dtos;
}

/**
 * Appointments of a tenant matching `where` (a condition on `appointments` columns), ordered by start, each
 * with its busy parts (by start); a cancelled one carries when (`cancelled_at`) and by whom (`cancelled_by`,
 * the staff member's name). The contract's `Appointment` (spec section 3), instants as UTC ISO strings.
 *
 * Two statements mapped by hand (hundreds of rows per call), their rows as arrays
 * (`preparedRaw`): every instant travels as epoch ms (`epochMs`: no `Date` parsed per value), and the rows
 * skip drizzle's per-field result mapping. The busy parts are read by appointment id in the second
 * statement (callers select by client, id or status, over any span of time): a correlated sub-select per
 * appointment was measured slower (a SubPlan loop per row) than one index scan over the id array. The agenda
 * reads a time window with `findAppointmentsOverlapping` instead.
 */
export async function findAppointments(db: DbOrTx, tenantId: number, where?: SQL): Promise<AppointmentDto[]> {
  const { dtos } = await preparedRaw(db, appointmentsSelect(tenantId, where ?? sql`true`), toDtos).execute();
  if (dtos.length === 0) return [];
  // One array parameter, not one parameter per id. The ids are uuids read from the database just above, so
  // the array literal needs no quoting.
  const parts = await preparedRaw(
    db,
    sql`select ${busySlots.appointmentId}, ${epochMs(busySlots.startAt)}, ${epochMs(busySlots.endAt)}
      from ${busySlots}
      where ${busySlots.tenantId} = ${tenantId} and ${busySlots.appointmentId} = any(${`{${dtos.map((d) => d.id).join(',')}}`}::uuid[])
      order by ${busySlots.startAt}`,
    (rows) => rows,
  ).execute();
  return attachParts(dtos, parts);
}

/**
 * Appointments of a tenant (cancelled included) overlapping [from, to) (epoch ms, from < to), ordered by
 * start, each with its busy parts (by start): `findAppointments` for a time window, with `endMs[i]` the end
 * (epoch ms) of `appointments[i]`. The agenda week, so built for a hot path:
 * - both statements are built once per database handle (`preparedPerDb`, unnamed statements) and executed
 *   with placeholders;
 * - the appointments through the GiST index `appointments_window` (`overlapsWindow`);
 * - the busy parts by stylist and time, not by id: the btree `busy_slots_employee_range` (tenant_id,
 *   employee_id, start_at) over the returned appointments' stylists and [first start, last end). A part lies
 *   inside its appointment (stylist and time; the database guarantees it, migration 0010), so this finds
 *   every part of the returned appointments, inactive ones (cancelled appointments) included, and costs the
 *   same whatever the salon's history (looking up hundreds of appointment ids in an index that grows with
 *   the history does not). Parts of other appointments in that range are skipped.
 */
export async function findAppointmentsOverlapping(
  db: DbOrTx,
  tenantId: number,
  from: number,
  to: number,
): Promise<{ appointments: AppointmentDto[]; endMs: number[] }> {
  const { rows, dtos, endMs } = await windowQuery(db).execute({ tenantId, ...windowParams(from, to) });
  if (rows.length === 0) return { appointments: [], endMs };
  const employees = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    employees.add(r[C.employeeId] as string);
    first = Math.min(first, r[C.startMs] as number);
    last = Math.max(last, r[C.endMs] as number);
  }
  const parts = await windowPartsQuery(db).execute({
    tenantId,
    // uuids read from the database just above: the array literal needs no quoting.
    employees: `{${[...employees].join(',')}}`,
    ...windowParams(first, last),
  });
  return { appointments: attachParts(dtos, parts), endMs };
}

/** `findAppointmentsOverlapping`'s appointments, built once per database handle. */
const windowQuery = preparedPerDb((db) =>
  preparedRaw(
    db,
    appointmentsSelect(
      sql.placeholder('tenantId'),
      overlapsWindow(appointments.startAt, appointments.endAt, sql.placeholder('from'), sql.placeholder('to')),
    ),
    toDtos,
  ),
);

/** `findAppointmentsOverlapping`'s busy parts: appointments' parts of the stylists starting in [from, to), built once per handle. */
const windowPartsQuery = preparedPerDb((db) =>
  preparedRaw(
    db,
    sql`select ${busySlots.appointmentId}, ${epochMs(busySlots.startAt)}, ${epochMs(busySlots.endAt)}
      from ${busySlots}
      where ${busySlots.tenantId} = ${sql.placeholder('tenantId')}
        and ${busySlots.employeeId} = any(${sql.placeholder('employees')}::uuid[])
        and ${busySlots.startAt} >= ${sql.placeholder('from')}::timestamptz and ${busySlots.startAt} < ${sql.placeholder('to')}::timestamptz
        and ${busySlots.appointmentId} is not null
      order by ${busySlots.startAt}`,
    (rows) => rows,
  ),
);

/**
 * The condition "pending at `now`" over `appointments` (decisions "Allowance"): not cancelled and not yet
 * ended (`status = 'pending' and end_at > now`). One appointment ending exactly at `now` is past.
 */
export function pendingAt(now: Date): SQL {
  return and(eq(appointments.status, 'pending'), gt(appointments.endAt, now))!;
}

/** Pending appointments of a client account (sub-users included): not cancelled and not yet ended. */
export function pendingOfClient(db: DbOrTx, tenantId: number, clientId: string, now: Date): Promise<AppointmentDto[]> {
  return findAppointments(db, tenantId, and(eq(appointments.clientId, clientId), pendingAt(now)));
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
        pendingAt(now),
      ),
    );
  return rows.length;
}

/**
 * Busy time of a stylist overlapping [from, to) (epoch ms, from < to): active busy parts of appointments and
 * leaves, as epoch-ms ranges. Read through the GiST index of the exclusion constraint `busy_slots_no_overlap`
 * (cost independent of the number of past appointments).
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

/** `busyRangesOf`'s query, built once per database handle (the availability hot path). */
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
