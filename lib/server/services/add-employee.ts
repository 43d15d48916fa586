import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { WeekShift } from '@/lib/domain/availability';
import type { StaffRole } from '@/lib/domain/roles';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { employeeProfiles, employeeServices, specialShifts, users, weekShifts } from '@/lib/server/db/schema';
import { ApiError, isUniqueViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployeeProfile, listEmployees, nextEmployeeSlot } from '@/lib/server/repositories/employees';
import { findUserByEmail, type UserRow } from '@/lib/server/repositories/users';
import type { Employee } from '@/lib/validation/dto';
import { EMPLOYEE_COLORS } from '@/lib/validation/employees';
import type { StaffCreate } from '@/lib/validation/staff';

const HOUR = 60;

/**
 * The weekly schedule of a new stylist (and of a new salon's admin): Monday to Friday, 09:00–14:00 and
 * 16:00–20:00 Madrid wall clock; Saturday and Sunday closed. A usual salon day, so the new column of the
 * agenda shows working hours at once; the admin adjusts it in the weekly schedule editor.
 */
export const DEFAULT_WEEK_SHIFTS: readonly WeekShift[] = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, openMinute: 9 * HOUR, closeMinute: 14 * HOUR },
  { day, openMinute: 16 * HOUR, closeMinute: 20 * HOUR },
]);

/**
 * Creates a staff account inside the caller's transaction (shared by `addEmployee`, `createTenant` and
 * the demo seed): a user with `role` (no client onboarding), an employee profile with the next colour of
 * the five swatches and the last position, the default weekly schedule and no services.
 *
 * The e-mail of a stylist an admin removed brings that account back (same user row, so its past
 * appointments stay linked): new name and role, profile active again at the end of the list with the next
 * colour, the default weekly schedule, no special shifts and no services.
 *
 * Errors (ApiError): 409 `conflict` with `emailIsClient` when the e-mail is a client's of the tenant (the
 * guest included; a client is never silently promoted), 409 `conflict` with `employeeExists` for an active
 * staff member.
 */
export async function insertStaffAccount(
  tx: DbOrTx,
  tenantId: number,
  input: { email: string; name: string; role: StaffRole },
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(tx, tenantId, email);
  let user: UserRow;
  if (existing) {
    if (existing.role === 'client') throw new ApiError('conflict', errorMessage('emailIsClient'));
    const profile = await findEmployeeProfile(tx, tenantId, existing.id);
    if (!profile?.removedAt) throw new ApiError('conflict', errorMessage('employeeExists'));
    [user] = (await tx
      .update(users)
      .set({ name: input.name, role: input.role })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, existing.id)))
      .returning()) as [UserRow];
    const slot = await nextEmployeeSlot(tx, tenantId, EMPLOYEE_COLORS);
    await tx
      .update(employeeProfiles)
      .set({ removedAt: null, color: slot.color, position: slot.position })
      .where(and(eq(employeeProfiles.tenantId, tenantId), eq(employeeProfiles.userId, user.id)));
    await tx.delete(weekShifts).where(and(eq(weekShifts.tenantId, tenantId), eq(weekShifts.employeeId, user.id)));
    await tx.delete(specialShifts).where(and(eq(specialShifts.tenantId, tenantId), eq(specialShifts.employeeId, user.id)));
    await tx.delete(employeeServices).where(and(eq(employeeServices.tenantId, tenantId), eq(employeeServices.employeeId, user.id)));
  } else {
    const slot = await nextEmployeeSlot(tx, tenantId, EMPLOYEE_COLORS);
    [user] = (await tx
      .insert(users)
      .values({ tenantId, email, name: input.name, role: input.role, onboardingCompleted: true })
      .returning()) as [UserRow];
    await tx.insert(employeeProfiles).values({ userId: user.id, tenantId, color: slot.color, position: slot.position });
  }
  await tx.insert(weekShifts).values(DEFAULT_WEEK_SHIFTS.map((s) => ({ ...s, tenantId, employeeId: user.id })));
  return user;
}

/**
 * Adds a stylist (`POST /facility/1/employees`, admin only; decisions "Admin-only actions" and "Identity"):
 * creates the staff account with role employee as `insertStaffAccount` describes, in one transaction.
 * The person then signs in with that e-mail through the identity provider and gets the staff screens.
 * Returns the new stylist as `GET /facility/1/employees` lists it (`Employee`: default week_shifts, no
 * special shifts, no services).
 *
 * Errors: 409 `conflict` when the e-mail belongs to a client (`emailIsClient`) or to an active staff
 * member (`employeeExists`, also when two requests race for the same e-mail).
 */
export async function addEmployee(db: Db, tenantId: number, input: StaffCreate): Promise<Employee> {
  try {
    await db.transaction((tx) => insertStaffAccount(tx, tenantId, { ...input, role: 'employee' }));
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('conflict', errorMessage('employeeExists'));
    throw err;
  }
  const added = (await listEmployees(db, tenantId)).find((e) => e.email === input.email);
  if (!added) throw new Error(`added employee ${input.email} is not listed`);
  return added;
}
