import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { SpecialShift, WeekShift } from '@/lib/domain/availability';
import type { StaffRole } from '@/lib/domain/roles';
import { toWeekShiftDays } from '@/lib/domain/week-shifts';
import type { Employee, ShiftRange, SpecialShift as SpecialShiftDto } from '@/lib/validation/dto';
import { preparedPerDb, UNNAMED_STATEMENT, type DbOrTx, type Tx } from '@/lib/server/db/client';
import { appointments, employeeProfiles, employeeServices, services, specialShifts, users, weekShifts } from '@/lib/server/db/schema';
import { employeeServicesVersion, employeeVersion } from '@/lib/server/version';
import { findAppointments, pendingAt, type AppointmentDto } from './appointments';
import { overlapsWindow } from './time-window';

/** An employee as the API shows it (spec section 3, Employee; the contract's `Employee`). */
export type EmployeeDto = Employee;

export type EmployeeRow = { id: string; email: string; name: string };

/**
 * SQL sub-select: the weekly shift rows (`{ day, openMinute, closeMinute }`, JSON array) of the `users` row
 * of the enclosing statement. Names written in full: drizzle leaves column names unqualified in a one-table
 * select, and the sub-select must not take them for its own.
 */
function weekShiftsOfUser(tenantId: number | Placeholder): SQL<WeekShift[]> {
  return sql<WeekShift[]>`(select coalesce(json_agg(json_build_object('day', w.day, 'openMinute', w.open_minute, 'closeMinute', w.close_minute)), '[]'::json) from week_shifts w where w.tenant_id = ${tenantId} and w.employee_id = "users"."id")`;
}

/**
 * The tenant's staff (employees and admins), optionally only those offering `serviceId` or only the one
 * with e-mail `email`, by position then name; each with its live services (by name), its weekly days
 * (`toWeekShiftDays`) and its special shifts (by date). The contract's `Employee` (spec section 3).
 *
 * One statement (the agenda week calls it on every request): the shifts and services come as JSON
 * arrays from correlated sub-selects on their (tenant_id, employee_id) indexes instead of three more queries.
 */
export async function listEmployees(
  db: DbOrTx,
  tenantId: number,
  opts: { serviceId?: number; email?: string } = {},
): Promise<EmployeeDto[]> {
  const base =
    opts.email !== undefined
      ? await staffByEmailQuery(db).execute({ tenantId, email: normalEmail(opts.email) })
      : await staffQuery(db).execute({ tenantId });
  const out = base.map((e) => {
    const week_shifts = toWeekShiftDays(e.week);
    return {
      email: e.email,
      name: e.name,
      role: e.role as StaffRole,
      description: e.description,
      color: e.color,
      avatar: e.avatar,
      tlf: e.tlf,
      services: e.services,
      week_shifts,
      special_shifts: e.specials,
      version: employeeVersion({ name: e.name, description: e.description, color: e.color, week_shifts }),
      services_version: employeeServicesVersion({ services: e.services }),
    };
  });
  return opts.serviceId === undefined ? out : out.filter((e) => e.services.some((s) => s.id === opts.serviceId));
}

/**
 * `listEmployees`' statement with `sql.placeholder('tenantId')` (and `'email'` when `byEmail`), built once per
 * database handle (the agenda week calls it on every request).
 */
function staffStatement(db: DbOrTx, byEmail: boolean) {
  const tenantId = sql.placeholder('tenantId');
  return db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      tlf: users.tlf,
      description: employeeProfiles.description,
      color: employeeProfiles.color,
      avatar: employeeProfiles.avatar,
      week: weekShiftsOfUser(tenantId),
      specials: sql<SpecialShiftDto[]>`(select coalesce(json_agg(json_build_object('date', ${specialShifts.date}, 'available', ${specialShifts.available}, 'shift', ${specialShifts.shifts}, 'notes', ${specialShifts.notes}) order by ${specialShifts.date}), '[]'::json)
        from ${specialShifts} where ${specialShifts.tenantId} = ${tenantId} and ${specialShifts.employeeId} = ${users.id})`,
      services: sql<{ id: number; name: string }[]>`(select coalesce(json_agg(json_build_object('id', ${services.id}, 'name', ${services.name}) order by ${services.name}), '[]'::json)
        from ${employeeServices} join ${services} on ${services.tenantId} = ${employeeServices.tenantId} and ${services.id} = ${employeeServices.serviceId}
        where ${employeeServices.tenantId} = ${tenantId} and ${employeeServices.employeeId} = ${users.id} and ${services.deletedAt} is null)`,
    })
    .from(users)
    .innerJoin(employeeProfiles, and(eq(employeeProfiles.tenantId, users.tenantId), eq(employeeProfiles.userId, users.id)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.role, ['employee', 'admin']),
        isNull(employeeProfiles.removedAt),
        byEmail ? eq(users.email, sql.placeholder('email')) : undefined,
      ),
    )
    .orderBy(asc(employeeProfiles.position), asc(users.name))
    .prepare(UNNAMED_STATEMENT);
}
const staffQuery = preparedPerDb((db) => staffStatement(db, false));
const staffByEmailQuery = preparedPerDb((db) => staffStatement(db, true));

/** The row of an active (not removed) staff member of the tenant by e-mail (trimmed, lower-cased; a placeholder gets the normalised e-mail). */
function activeStaffByEmail(tenantId: number | Placeholder, email: string | Placeholder) {
  return and(
    eq(users.tenantId, tenantId),
    eq(users.email, typeof email === 'string' ? normalEmail(email) : email),
    inArray(users.role, ['employee', 'admin']),
    notRemoved(users.tenantId, users.id),
  );
}

/** An e-mail as staff accounts store it (trimmed, lower case). */
const normalEmail = (email: string) => email.trim().toLowerCase();

/** A staff member of the tenant by e-mail, or null. */
export async function findEmployee(db: DbOrTx, tenantId: number, email: string): Promise<EmployeeRow | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(activeStaffByEmail(tenantId, email))
    .limit(1);
  return row ?? null;
}

/** The schedule of a stylist: weekly shifts and the special shift of `date` (if any). */
export async function scheduleOf(
  db: DbOrTx,
  tenantId: number,
  employeeId: string,
  date: string,
): Promise<{ week: WeekShift[]; special: SpecialShift | null }> {
  const [week, specials] = await Promise.all([
    db
      .select({ day: weekShifts.day, openMinute: weekShifts.openMinute, closeMinute: weekShifts.closeMinute })
      .from(weekShifts)
      .where(and(eq(weekShifts.tenantId, tenantId), eq(weekShifts.employeeId, employeeId))),
    db
      .select()
      .from(specialShifts)
      .where(and(eq(specialShifts.tenantId, tenantId), eq(specialShifts.employeeId, employeeId), eq(specialShifts.date, date)))
      .limit(1),
  ]);
  const s = specials[0];
  return { week, special: s ? { date: s.date, available: s.available, shifts: s.shifts } : null };
}

/** What the availability endpoint needs of a stylist and a service (see `availabilityContextOf`). */
export type AvailabilityContext = {
  employeeId: string;
  week: WeekShift[];
  special: SpecialShift | null;
  /** The service's duration and busy parts; null when `serviceId` was given but names no live service. */
  service: { durationMinutes: number; busySlots: { startMinutes: number; endMinutes: number }[] } | null;
};

/**
 * In ONE round trip: the active staff member with e-mail `email`, their weekly shifts, the special
 * shift of `date` and, when `serviceId` is given, that service's duration and busy parts (null when it is
 * unknown or deleted; absent `serviceId` gives `service: null` too). Null when no such staff member — the
 * same rules as `findEmployee`, `scheduleOf` and `findService`, as correlated sub-selects built to JSON.
 * A plain parameterised query (an unnamed statement, so it works through PgBouncer), its SQL built once.
 */
export async function availabilityContextOf(
  db: DbOrTx,
  tenantId: number,
  email: string,
  date: string,
  serviceId?: number,
): Promise<AvailabilityContext | null> {
  const [row] = await availabilityContextQuery(db).execute({ tenantId, email: normalEmail(email), date, serviceId: serviceId ?? null });
  if (!row) return null;
  return {
    employeeId: row.id,
    week: row.week,
    special: row.special ? { date, available: row.special.available, shifts: row.special.shifts } : null,
    service: row.service ?? null,
  };
}

/**
 * `availabilityContextOf`'s query, built once per database handle (the availability hot path).
 * Without `serviceId` the service sub-select compares `v.id` with null and finds nothing.
 */
const availabilityContextQuery = preparedPerDb((db) => {
  const tenantId = sql.placeholder('tenantId');
  return db
    .select({
      id: users.id,
      // Drizzle leaves column names unqualified in a one-table select: the sub-selects name theirs in full.
      week: weekShiftsOfUser(tenantId),
      special: sql<{ available: boolean; shifts: { open: string; close: string }[] } | null>`(select json_build_object('available', s.available, 'shifts', s.shifts) from special_shifts s where s.tenant_id = ${tenantId} and s.employee_id = "users"."id" and s.date = ${sql.placeholder('date')} limit 1)`,
      service: sql<AvailabilityContext['service']>`(select json_build_object('durationMinutes', v.duration_minutes, 'busySlots', v.busy_slots) from services v where v.tenant_id = ${tenantId} and v.id = ${sql.placeholder('serviceId')} and v.deleted_at is null limit 1)`,
    })
    .from(users)
    .where(activeStaffByEmail(tenantId, sql.placeholder('email')))
    .limit(1)
    .prepare(UNNAMED_STATEMENT);
});

/** A stylist's day as a visit's availability reads it (see `teamDayOf`). */
export type TeamDay = { id: string; email: string; name: string; week: WeekShift[]; special: SpecialShift | null; offers: number[] };

/**
 * In one statement, the active staff of the tenant who offer at least one of `serviceIds` (or only the one
 * with e-mail `email`, whatever it offers), by e-mail: their weekly shifts, the special shift of `date` and
 * which of `serviceIds` each offers. For the availability of visits and "Cualquier estilista".
 */
export async function teamDayOf(db: DbOrTx, tenantId: number, date: string, serviceIds: number[], email?: string): Promise<TeamDay[]> {
  const ids = sql`${`{${serviceIds.join(',')}}`}::int[]`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      week: weekShiftsOfUser(tenantId),
      special: sql<{ available: boolean; shifts: { open: string; close: string }[] } | null>`(select json_build_object('available', s.available, 'shifts', s.shifts) from special_shifts s where s.tenant_id = ${tenantId} and s.employee_id = "users"."id" and s.date = ${date} limit 1)`,
      offers: sql<number[]>`(select coalesce(json_agg(es.service_id), '[]'::json) from employee_services es where es.tenant_id = ${tenantId} and es.employee_id = "users"."id" and es.service_id = any(${ids}))`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, ['employee', 'admin']), notRemoved(users.tenantId, users.id), email === undefined ? undefined : eq(users.email, normalEmail(email))))
    .orderBy(asc(users.email));
  return rows
    .filter((r) => email !== undefined || r.offers.length > 0)
    .map((r) => ({ ...r, special: r.special ? { date, available: r.special.available, shifts: r.special.shifts } : null }));
}

/* ------------------------------------------------------------------------------------------------
 * Employee management: one stylist, its information, weekly and special shifts, services.
 * ---------------------------------------------------------------------------------------------- */

/** One active staff member of the tenant by e-mail as the API shows it (the contract's `Employee`), or null. */
export async function findEmployeeDto(db: DbOrTx, tenantId: number, email: string): Promise<EmployeeDto | null> {
  const [row] = await listEmployees(db, tenantId, { email });
  return row ?? null;
}

/**
 * Writes a stylist's information: `name` and `fcmToken` on the user, `description` and `color` on the
 * profile (created with the defaults when missing). Fields left undefined stay as they are.
 */
export async function updateEmployeeInfo(
  tx: Tx,
  tenantId: number,
  userId: string,
  info: { name?: string; description?: string; color?: string; fcmToken?: string | null },
): Promise<void> {
  const user: Partial<typeof users.$inferInsert> = {};
  if (info.name !== undefined) user.name = info.name;
  if (info.fcmToken !== undefined) user.fcmToken = info.fcmToken;
  if (Object.keys(user).length > 0) {
    await tx.update(users).set(user).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  }
  const profile: Partial<typeof employeeProfiles.$inferInsert> = {};
  if (info.description !== undefined) profile.description = info.description;
  if (info.color !== undefined) profile.color = info.color;
  const insert = tx.insert(employeeProfiles).values({ userId, tenantId, ...profile });
  await (Object.keys(profile).length > 0
    ? insert.onConflictDoUpdate({ target: [employeeProfiles.userId, employeeProfiles.tenantId], set: profile })
    : insert.onConflictDoNothing({ target: [employeeProfiles.userId, employeeProfiles.tenantId] }));
}

/** The stored weekly shift rows of a stylist (day 0 = Sunday; Madrid wall-clock minutes), by day and opening. */
export function weekShiftRowsOf(db: DbOrTx, tenantId: number, userId: string): Promise<WeekShift[]> {
  return db
    .select({ day: weekShifts.day, openMinute: weekShifts.openMinute, closeMinute: weekShifts.closeMinute })
    .from(weekShifts)
    .where(and(eq(weekShifts.tenantId, tenantId), eq(weekShifts.employeeId, userId)))
    .orderBy(asc(weekShifts.day), asc(weekShifts.openMinute));
}

/** Replaces every weekly shift row of a stylist by `rows` (call inside a transaction). */
export async function replaceWeekShiftRows(tx: Tx, tenantId: number, userId: string, rows: WeekShift[]): Promise<void> {
  await tx.delete(weekShifts).where(and(eq(weekShifts.tenantId, tenantId), eq(weekShifts.employeeId, userId)));
  if (rows.length > 0) await tx.insert(weekShifts).values(rows.map((r) => ({ ...r, tenantId, employeeId: userId })));
}

/** Every special shift of a stylist, by date, in the domain's shape (`shifts` of Madrid `HH:mm`). */
export function specialShiftsOf(db: DbOrTx, tenantId: number, userId: string): Promise<SpecialShift[]> {
  return db
    .select({ date: specialShifts.date, available: specialShifts.available, shifts: specialShifts.shifts })
    .from(specialShifts)
    .where(and(eq(specialShifts.tenantId, tenantId), eq(specialShifts.employeeId, userId)))
    .orderBy(asc(specialShifts.date));
}

/**
 * Stores a special shift; returns it as the API shows it (the contract's `SpecialShift`). A second one
 * for the same stylist and date fails with PostgreSQL's unique violation (23505).
 */
export async function insertSpecialShift(
  tx: Tx,
  tenantId: number,
  userId: string,
  s: { date: string; available: boolean; shift: ShiftRange[]; notes: string },
): Promise<SpecialShiftDto> {
  const [row] = await tx
    .insert(specialShifts)
    .values({ tenantId, employeeId: userId, date: s.date, available: s.available, shifts: s.shift, notes: s.notes })
    .returning();
  return { date: row!.date, available: row!.available, shift: row!.shifts, notes: row!.notes };
}

/** Deletes the special shift of a stylist on a Madrid date; returns false when there was none. */
export async function deleteSpecialShiftRow(tx: Tx, tenantId: number, userId: string, date: string): Promise<boolean> {
  const rows = await tx
    .delete(specialShifts)
    .where(and(eq(specialShifts.tenantId, tenantId), eq(specialShifts.employeeId, userId), eq(specialShifts.date, date)))
    .returning({ id: specialShifts.id });
  return rows.length > 0;
}

/** Which of `ids` are services of the tenant that are not deleted. */
export async function liveServiceIds(db: DbOrTx, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.id, ids), isNull(services.deletedAt)));
  return rows.map((r) => r.id);
}

/** Replaces the services a stylist offers by `serviceIds` (call inside a transaction). */
export async function replaceEmployeeServices(tx: Tx, tenantId: number, userId: string, serviceIds: number[]): Promise<void> {
  await tx.delete(employeeServices).where(and(eq(employeeServices.tenantId, tenantId), eq(employeeServices.employeeId, userId)));
  if (serviceIds.length > 0) {
    await tx.insert(employeeServices).values(serviceIds.map((serviceId) => ({ tenantId, employeeId: userId, serviceId })));
  }
}

/**
 * Pending appointments of a stylist (not cancelled, ending after `now`, epoch ms), optionally only those
 * overlapping `[from, to)` (epoch ms), by start, with their busy parts (the contract's `Appointment`).
 */
export function pendingOfEmployee(
  db: DbOrTx,
  tenantId: number,
  userId: string,
  now: number,
  range?: { from: number; to: number },
): Promise<AppointmentDto[]> {
  return findAppointments(
    db,
    tenantId,
    and(
      eq(appointments.employeeId, userId),
      pendingAt(new Date(now)),
      range ? overlapsWindow(appointments.startAt, appointments.endAt, range.from, range.to) : undefined,
    ),
  );
}

/* ------------------------------------------------------------------------------------------------
 * Staff accounts: removed stylists, colours and positions of new ones.
 * ---------------------------------------------------------------------------------------------- */

/**
 * SQL condition: the user `userId` is not a removed stylist (no employee profile with `removed_at`).
 * Users without a profile pass, so it can be combined with any query over `users`.
 */
export function notRemoved(tenantId: AnyColumn, userId: AnyColumn): SQL {
  return notExists(
    sql`(select 1 from ${employeeProfiles} where ${employeeProfiles.tenantId} = ${tenantId} and ${employeeProfiles.userId} = ${userId} and ${isNotNull(employeeProfiles.removedAt)})`,
  );
}

/** The employee profile of a user (active or removed), or null. */
export async function findEmployeeProfile(
  db: DbOrTx,
  tenantId: number,
  userId: string,
): Promise<typeof employeeProfiles.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(employeeProfiles)
    .where(and(eq(employeeProfiles.tenantId, tenantId), eq(employeeProfiles.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The colour and position of the next stylist: the first of the five swatches (spec section 9) used by
 * the fewest active stylists, and the position after the last one (removed stylists included, so an
 * old position is never reused).
 */
export async function nextEmployeeSlot(
  db: DbOrTx,
  tenantId: number,
  swatches: readonly string[],
): Promise<{ color: string; position: number }> {
  const rows = await db
    .select({ color: employeeProfiles.color, position: employeeProfiles.position, removedAt: employeeProfiles.removedAt })
    .from(employeeProfiles)
    .where(eq(employeeProfiles.tenantId, tenantId));
  const uses = (c: string) => rows.filter((r) => !r.removedAt && r.color.toLowerCase() === c.toLowerCase()).length;
  const color = swatches.reduce((best, c) => (uses(c) < uses(best) ? c : best), swatches[0]!);
  const position = rows.length === 0 ? 0 : Math.max(...rows.map((r) => r.position)) + 1;
  return { color, position };
}
