import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SpecialShift, WeekShift } from '@/lib/domain/availability';
import { toWeekShiftDays } from '@/lib/domain/week-shifts';
import type { Employee } from '@/lib/validation/dto';
import type { DbOrTx } from '@/lib/server/db/client';
import { employeeProfiles, employeeServices, services, specialShifts, users, weekShifts } from '@/lib/server/db/schema';

/** An employee as the API shows it (spec section 3, Employee; the contract's `Employee`). */
export type EmployeeDto = Employee;

export type EmployeeRow = { id: string; email: string; name: string };

/** The tenant's staff (employees and admins), optionally only those offering `serviceId`, in a fixed order. */
export async function listEmployees(
  db: DbOrTx,
  tenantId: number,
  opts: { serviceId?: number } = {},
): Promise<EmployeeDto[]> {
  const base = await db
    .select({ user: users, profile: employeeProfiles })
    .from(users)
    .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, ['employee', 'admin'])))
    .orderBy(asc(employeeProfiles.position), asc(users.name));
  const ids = base.map((b) => b.user.id);
  if (ids.length === 0) return [];
  const [shiftRows, specialRows, serviceRows] = await Promise.all([
    db.select().from(weekShifts).where(and(eq(weekShifts.tenantId, tenantId), inArray(weekShifts.employeeId, ids))),
    db
      .select()
      .from(specialShifts)
      .where(and(eq(specialShifts.tenantId, tenantId), inArray(specialShifts.employeeId, ids)))
      .orderBy(asc(specialShifts.date)),
    db
      .select({ employeeId: employeeServices.employeeId, id: services.id, name: services.name, deletedAt: services.deletedAt })
      .from(employeeServices)
      .innerJoin(services, eq(services.id, employeeServices.serviceId))
      .where(and(eq(employeeServices.tenantId, tenantId), inArray(employeeServices.employeeId, ids)))
      .orderBy(asc(services.name)),
  ]);
  const out = base.map(({ user, profile }) => ({
    email: user.email,
    name: user.name,
    role: user.role as 'employee' | 'admin',
    description: profile.description,
    color: profile.color,
    avatar: profile.avatar,
    tlf: user.tlf,
    services: serviceRows.filter((s) => s.employeeId === user.id && !s.deletedAt).map((s) => ({ id: s.id, name: s.name })),
    week_shifts: toWeekShiftDays(shiftRows.filter((s) => s.employeeId === user.id)),
    special_shifts: specialRows
      .filter((s) => s.employeeId === user.id)
      .map((s) => ({ date: s.date, available: s.available, shift: s.shifts, notes: s.notes })),
  }));
  return opts.serviceId === undefined ? out : out.filter((e) => e.services.some((s) => s.id === opts.serviceId));
}

/** A staff member of the tenant by e-mail, or null. */
export async function findEmployee(db: DbOrTx, tenantId: number, email: string): Promise<EmployeeRow | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email.trim().toLowerCase()), inArray(users.role, ['employee', 'admin'])))
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
