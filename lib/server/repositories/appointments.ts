import 'server-only';
import { and, asc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Appointment, VisitPart } from '@/lib/validation/dto';
import { centsToEuros } from '@/lib/domain/money';
import { isoUtc, madridDate } from '@/lib/domain/time';
import { rowsOf, type DbOrTx } from '@/lib/server/db/client';
import { appointments, busySlots, users } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow, windowParams } from './time-window';

/** An appointment as the API shows it (spec section 3, Appointment). Instants are UTC ISO strings. */
export type AppointmentDto = Appointment;

/**
 * The statement of the appointments of a tenant matching `condition`, with their stylist, client, creator and
 * canceller, by start; its rows are `AppointmentRow`s. Instants travel as epoch ms (`epochMs`: numbers, no
 * `Date` parsed per value). The joins pair tenant_id too: the (id, tenant_id) keys, and one shard per tenant
 * on Citus.
 *
 * A raw statement run with `db.execute`, its rows the driver's objects named by the aliases (`rowsOf`),
 * rather than the query builder: an agenda week is hundreds of rows of 24 columns, and drizzle's result
 * mapping of a builder's select (per field and row, through the alias proxies of the joined `users`)
 * would be the largest share of the request's CPU.
 */
function appointmentsSelect(tenantId: number, condition: SQL): SQL {
  const a = appointments;
  return sql`select ${a.id} as "id", coalesce(${a.visitId}, ${a.id}) as "visitId", ${a.facilityId} as "facilityId", ${a.employeeId} as "employeeId",
      employee.email as "employeeEmail", employee.name as "employeeName", client.email as "clientEmail",
      client.is_guest as "clientGuest", ${a.clientName} as "clientName", ${a.userId} as "userId",
      ${a.serviceId} as "serviceId", ${a.serviceName} as "serviceName", ${a.servicePriceCents} as "servicePriceCents",
      ${epochMs(a.startAt)} as "startMs", ${epochMs(a.endAt)} as "endMs", ${a.status} as "status",
      ${epochMs(a.createdAt)} as "createdMs", ${a.createdByRole} as "createdByRole",
      creator.name as "creatorName", creator.email as "creatorEmail", ${a.notes} as "notes",
      ${epochMs(a.cancelledAt)} as "cancelledMs", ${a.cancelledBy} as "cancelledBy",
      canceller.name as "cancellerName", canceller.email as "cancellerEmail", ${a.attendance} as "attendance",
      ${a.confirmation} as "confirmation", ${epochMs(a.confirmationCutoffAt)} as "cutoffMs",
      ${a.clientId} as "clientKey", client.booking_blocked as "clientBlocked"
    from ${a}
    join ${users} employee on employee.tenant_id = ${a.tenantId} and employee.id = ${a.employeeId}
    join ${users} client on client.tenant_id = ${a.tenantId} and client.id = ${a.clientId}
    join ${users} creator on creator.tenant_id = ${a.tenantId} and creator.id = ${a.createdBy}
    left join ${users} canceller on canceller.tenant_id = ${a.tenantId} and canceller.id = ${a.cancelledBy}
    where ${a.tenantId} = ${tenantId} and ${condition}
    order by ${a.startAt}`;
}

/** A row of `appointmentsSelect`, named by its aliases. */
type AppointmentRow = {
  id: string;
  visitId: string;
  facilityId: number;
  employeeId: string;
  employeeEmail: string;
  employeeName: string;
  clientEmail: string;
  clientGuest: boolean;
  clientName: string;
  userId: string;
  serviceId: number | null;
  serviceName: string;
  servicePriceCents: number;
  startMs: number;
  endMs: number;
  status: AppointmentDto['status'];
  createdMs: number;
  createdByRole: AppointmentDto['created_by_role'];
  creatorName: string;
  creatorEmail: string;
  notes: string | null;
  cancelledMs: number | null;
  cancelledBy: string | null;
  cancellerName: string | null;
  cancellerEmail: string | null;
  attendance: AppointmentDto['attendance'];
  confirmation: AppointmentDto['confirmation'];
  cutoffMs: number | null;
  clientKey: string;
  clientBlocked: boolean;
};

/** A busy part of an appointment (a row of the busy-part statements): its appointment and instants (epoch ms). */
type PartRow = { appointmentId: string; startMs: number; endMs: number };

/** The statement of the busy parts of a tenant's appointments matching `condition` (on `busy_slots` columns), by start; its rows are `PartRow`s. */
function partsSelect(tenantId: number, condition: SQL): SQL {
  return sql`select ${busySlots.appointmentId} as "appointmentId", ${epochMs(busySlots.startAt)} as "startMs", ${epochMs(busySlots.endAt)} as "endMs"
    from ${busySlots}
    where ${busySlots.tenantId} = ${tenantId} and ${busySlots.appointmentId} is not null and ${condition}
    order by ${busySlots.startAt}`;
}

/** Maps `appointmentsSelect`'s rows to DTOs (busy parts still empty), with `endMs[i]` the end (epoch ms) of `dtos[i]`. */
function toDtos(rows: AppointmentRow[]): { dtos: AppointmentDto[]; endMs: number[] } {
  const dtos: AppointmentDto[] = new Array(rows.length);
  const endMs: number[] = new Array(rows.length);
  // Instants repeat within an answer (back-to-back appointments, a part's ends): format each distinct one once.
  const iso = isoCache();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    endMs[i] = r.endMs;
    dtos[i] = {
      id: r.id,
      visit_id: r.visitId,
      type: 'appointment',
      facility_id: r.facilityId,
      employee_id: r.employeeEmail,
      employee_name: r.employeeName,
      client_id: r.clientEmail,
      client_name: r.clientName,
      user_id: r.userId,
      user_name: r.clientName,
      is_guest: r.clientGuest,
      service_id: r.serviceId,
      service_name: r.serviceName,
      service_price: centsToEuros(r.servicePriceCents),
      date: madridDate(r.startMs),
      start_time: iso(r.startMs),
      end_time: iso(r.endMs),
      status: r.status,
      created_at: isoUtc(r.createdMs),
      created_by: r.createdByRole === 'client' ? r.creatorEmail : r.creatorName || r.creatorEmail,
      created_by_role: r.createdByRole,
      notes: r.notes,
      cancelled_at: r.cancelledMs !== null ? isoUtc(r.cancelledMs) : null,
      cancelled_by: r.cancelledBy ? r.cancellerName || r.cancellerEmail || null : null,
      attendance: r.attendance,
      confirmation: r.confirmation,
      confirmation_cutoff_time: r.confirmation === 'pending' && r.cutoffMs !== null ? isoUtc(r.cutoffMs) : null,
      busy_slots: [],
    };
  }
  return { dtos, endMs };
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

/** Adds each part to its appointment's `busy_slots`, in row order; parts of other appointments are skipped. */
function attachParts(dtos: AppointmentDto[], parts: PartRow[]): AppointmentDto[] {
  const byId = new Map<string, AppointmentDto>();
  for (const d of dtos) byId.set(d.id, d);
  const iso = isoCache();
  for (const p of parts) {
    const owner = byId.get(p.appointmentId);
    if (owner) owner.busy_slots.push({ start_time: iso(p.startMs), end_time: iso(p.endMs) });
  }
  return dtos;
}

/**
 * Appointments of a tenant matching `where` (a condition on `appointments` columns), ordered by start, each
 * with its busy parts (by start); a cancelled one carries when (`cancelled_at`) and by whom (`cancelled_by`,
 * the staff member's name). The contract's `Appointment` (spec section 3), instants as UTC ISO strings.
 *
 * Two raw statements (`appointmentsSelect`, `partsSelect`), every instant as epoch ms (`epochMs`: no `Date`
 * parsed per value). The busy parts are
 * read by appointment id in the second statement (callers select by client, id or status, over any span of
 * time): one index scan over the id array, where a correlated sub-select would loop once per row. The agenda reads a time window with `findAppointmentsOverlapping` instead.
 */
export async function findAppointments(db: DbOrTx, tenantId: number, where?: SQL): Promise<AppointmentDto[]> {
  const { dtos } = toDtos(rowsOf<AppointmentRow>(await db.execute(appointmentsSelect(tenantId, where ?? sql`true`))));
  if (dtos.length === 0) return [];
  // One array parameter, not one parameter per id. The ids are uuids read from the database just above, so
  // the array literal needs no quoting.
  const ids = `{${dtos.map((d) => d.id).join(',')}}`;
  const parts = rowsOf<PartRow>(await db.execute(partsSelect(tenantId, sql`${busySlots.appointmentId} = any(${ids}::uuid[])`)));
  return attachParts(dtos, parts);
}

/**
 * Appointments of a tenant (cancelled included) overlapping [from, to) (epoch ms, from < to), ordered by
 * start, each with its busy parts (by start): `findAppointments` for a time window, with `endMs[i]` the end
 * (epoch ms) of `appointments[i]` and `accounts[i]` its owning account (id, online bookings blocked). The agenda week, so built for a hot path:
 * - rows as the driver's objects, not mapped by drizzle (`appointmentsSelect`);
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
): Promise<{ appointments: AppointmentDto[]; endMs: number[]; accounts: { id: string; bookingBlocked: boolean }[] }> {
  const rows = rowsOf<AppointmentRow>(
    await db.execute(appointmentsSelect(tenantId, overlapsWindow(appointments.startAt, appointments.endAt, from, to))),
  );
  const { dtos, endMs } = toDtos(rows);
  // The owning account of each appointment (its reliability tier is the agenda's mark).
  const accounts = rows.map((r) => ({ id: r.clientKey, bookingBlocked: r.clientBlocked }));
  if (rows.length === 0) return { appointments: [], endMs, accounts };
  const employees = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    employees.add(r.employeeId);
    first = Math.min(first, r.startMs);
    last = Math.max(last, r.endMs);
  }
  // uuids read from the database just above: the array literal needs no quoting.
  const stylists = `{${[...employees].join(',')}}`;
  const { from: partsFrom, to: partsTo } = windowParams(first, last);
  const parts = rowsOf<PartRow>(
    await db.execute(
      partsSelect(
        tenantId,
        sql`${busySlots.employeeId} = any(${stylists}::uuid[])
          and ${busySlots.startAt} >= ${partsFrom}::timestamptz and ${busySlots.startAt} < ${partsTo}::timestamptz`,
      ),
    ),
  );
  return { appointments: attachParts(dtos, parts), endMs, accounts };
}

/** A service of a visit (`VisitPart`) with the visit it belongs to. */
export type VisitPartRow = VisitPart & { visit_id: string };

/**
 * The services of the tenant's visits `visitIds` that are not cancelled (ended ones included), each with its
 * visit id, stylist and instants, by start: the agenda's "Visita 1/2" and the visit listed in Información
 * cita (beyond-the-spec section 2). One statement through the index `appointments_visit` (tenant_id,
 * visit_id), whatever the number of visits; a visit's services on other dates are found too.
 */
export async function findVisitParts(db: DbOrTx, tenantId: number, visitIds: readonly string[]): Promise<VisitPartRow[]> {
  if (visitIds.length === 0) return [];
  const a = appointments;
  // Visit ids are uuids read from the database by the caller: the array literal needs no quoting.
  const ids = `{${visitIds.join(',')}}`;
  const rows = rowsOf<{ id: string; visitId: string; serviceName: string; employeeEmail: string; employeeName: string; startMs: number; endMs: number }>(
    await db.execute(sql`select ${a.id} as "id", ${a.visitId} as "visitId", ${a.serviceName} as "serviceName",
        employee.email as "employeeEmail", employee.name as "employeeName",
        ${epochMs(a.startAt)} as "startMs", ${epochMs(a.endAt)} as "endMs"
      from ${a}
      join ${users} employee on employee.tenant_id = ${a.tenantId} and employee.id = ${a.employeeId}
      where ${a.tenantId} = ${tenantId} and ${a.visitId} = any(${ids}::uuid[]) and ${a.status} = 'pending'
      order by ${a.startAt}, ${a.id}`),
  );
  return rows.map((r) => ({
    id: r.id,
    visit_id: r.visitId,
    service_name: r.serviceName,
    employee_id: r.employeeEmail,
    employee_name: r.employeeName,
    start_time: isoUtc(r.startMs),
    end_time: isoUtc(r.endMs),
  }));
}

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

/**
 * The person (`user_id`) of each pending visit of a client account, sub-users included (a visit of several
 * services counts once, beyond-the-spec section 2): its length is the allowance count, and a person listed
 * already holds a pending appointment (lib/domain/allowance.ts).
 */
export async function pendingUserIdsOfClient(db: DbOrTx, tenantId: number, clientId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ visit: sql<string>`coalesce(${appointments.visitId}, ${appointments.id})`, userId: appointments.userId })
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.clientId, clientId),
        pendingAt(now),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Whether `appointmentId` (a uuid) names an appointment of the tenant, in any status. */
export async function appointmentExists(db: DbOrTx, tenantId: number, appointmentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)));
  return rows.length > 0;
}



/**
 * What the reliability tier of client accounts `clientIds` needs (beyond-the-spec section 3), cheaply enough
 * for a page of many accounts (agenda week, client list): over appointments starting in [`from`, `now`) (epoch
 * ms; late cancellations from `from` on, as they count from when they are made), `attended` is 1 when the
 * account has an attended visit (pending, marked "Vino" or unmarked and ended before `attendedBefore`) and 0
 * otherwise; `noShows` and `lateCancellations` count visits. Per account, one look-up of its first attended
 * visit in the window in start order (index `appointments_client_start`, which gives that order, so the plan
 * stays an index scan even when the statistics credit one account with much of the table) and two counts over the
 * few marked rows (partial index `appointments_client_marks`), whatever the length of its history. Every
 * account of `clientIds` is in the map.
 */
export async function reliabilityTierInputsByClient(
  db: DbOrTx,
  tenantId: number,
  clientIds: readonly string[],
  q: { from: number; now: number; attendedBefore: number },
): Promise<Map<string, ReliabilityCounts>> {
  if (clientIds.length === 0) return new Map();
  // One array parameter; the ids are uuids read from the database (sessions, rows), checked by the cast.
  const from = new Date(q.from).toISOString();
  const now = new Date(q.now).toISOString();
  const window = sql`a.tenant_id = ${tenantId} and a.client_id = c.id and a.start_at >= ${from}::timestamptz and a.start_at < ${now}::timestamptz`;
  const rows = rowsOf<{ id: string; attended: boolean; no_shows: number; late: number }>(
    await db.execute(sql`
      select c.id,
        (select a.start_at from appointments a where ${window} and a.status = 'pending'
          and (a.attendance = 'attended' or (a.attendance is null and a.end_at <= ${new Date(q.attendedBefore).toISOString()}::timestamptz))
          order by a.start_at limit 1) is not null as attended,
        (select count(distinct coalesce(a.visit_id, a.id)) from appointments a
          where ${window} and (a.attendance = 'no_show' or a.late_cancellation) and a.status = 'pending' and a.attendance = 'no_show')::int as no_shows,
        (select count(distinct coalesce(a.visit_id, a.id)) from appointments a
          where a.tenant_id = ${tenantId} and a.client_id = c.id and a.start_at >= ${from}::timestamptz
            and (a.attendance = 'no_show' or a.late_cancellation) and a.status = 'cancelled' and a.late_cancellation)::int as late
      from unnest(${`{${[...new Set(clientIds)].join(',')}}`}::uuid[]) as c(id)`),
  );
  return new Map(rows.map((r) => [r.id, { attended: r.attended ? 1 : 0, noShows: Number(r.no_shows), lateCancellations: Number(r.late) }]));
}

/** A client account's reliability counts (beyond-the-spec section 3): visits attended, no-shows, late cancellations. */
export type ReliabilityCounts = { attended: number; noShows: number; lateCancellations: number };

/**
 * The reliability counts of client accounts `clientIds` (beyond-the-spec section 3; sub-users' appointments
 * are their account's) over appointments starting in [`from`, `now`) (epoch ms; a late cancellation counts from
 * when it is made, its appointment lying ahead), each visit counted once:
 * `attended`, pending visits marked "Vino" or unmarked and ended before `attendedBefore`; `noShows`, visits
 * marked "No vino"; `lateCancellations`, visits cancelled late. One grouped aggregate over the clients' rows
 * (index `appointments_client`); a client without such appointments is absent from the map.
 */
export async function reliabilityCountsByClient(
  db: DbOrTx,
  tenantId: number,
  clientIds: readonly string[],
  q: { from: number; now: number; attendedBefore: number },
): Promise<Map<string, ReliabilityCounts>> {
  if (clientIds.length === 0) return new Map();
  const a = appointments;
  const visit = sql`coalesce(${a.visitId}, ${a.id})`;
  const rows = await db
    .select({
      clientId: a.clientId,
      attended: sql<number>`count(distinct ${visit}) filter (where ${a.status} = 'pending' and (${a.attendance} = 'attended' or (${a.attendance} is null and ${a.endAt} <= ${new Date(q.attendedBefore).toISOString()}::timestamptz)))::int`,
      noShows: sql<number>`count(distinct ${visit}) filter (where ${a.status} = 'pending' and ${a.attendance} = 'no_show')::int`,
      lateCancellations: sql<number>`count(distinct ${visit}) filter (where ${a.status} = 'cancelled' and ${a.lateCancellation})::int`,
    })
    .from(a)
    .where(
      and(
        eq(a.tenantId, tenantId),
        inArray(a.clientId, [...clientIds]),
        // A late cancellation counts from when it is made, though its appointment lies a few hours ahead.
        sql`${a.startAt} >= ${new Date(q.from).toISOString()}::timestamptz and (${a.startAt} < ${new Date(q.now).toISOString()}::timestamptz or ${a.lateCancellation})`,
      ),
    )
    .groupBy(a.clientId);
  return new Map(rows.map((r) => [r.clientId, { attended: Number(r.attended), noShows: Number(r.noShows), lateCancellations: Number(r.lateCancellations) }]));
}

/** A pending appointment of a day as "Recordatorios de mañana" reads it (instants epoch ms). */
export type DayReminderRow = {
  id: string;
  visitId: string | null;
  start: number;
  clientName: string;
  clientEmail: string;
  isGuest: boolean;
  phone: string | null;
  serviceName: string;
  employeeName: string;
  confirmation: 'pending' | 'confirmed' | 'not_required';
  openedAt: number | null;
};

/** The tenant's pending appointments starting in [`from`, `to`) (epoch ms), with their client's phone and stylist, by start. */
export async function pendingWithPhones(db: DbOrTx, tenantId: number, from: number, to: number): Promise<DayReminderRow[]> {
  const client = alias(users, 'client');
  const employee = alias(users, 'employee');
  const rows = await db
    .select({
      id: appointments.id,
      visitId: appointments.visitId,
      startAt: appointments.startAt,
      clientName: appointments.clientName,
      clientEmail: client.email,
      isGuest: client.isGuest,
      phone: client.tlf,
      serviceName: appointments.serviceName,
      employeeName: employee.name,
      confirmation: appointments.confirmation,
      openedAt: appointments.whatsappOpenedAt,
    })
    .from(appointments)
    .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
    .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.status, 'pending'),
        gte(appointments.startAt, new Date(from)),
        lt(appointments.startAt, new Date(to)),
      ),
    )
    .orderBy(asc(appointments.startAt));
  return rows.map(({ startAt, openedAt, employeeName, ...r }) => ({ ...r, employeeName: employeeName ?? '', start: startAt.getTime(), openedAt: openedAt?.getTime() ?? null }));
}
