import 'server-only';
import type { Role } from '@/lib/domain/roles';
import { isStaff } from '@/lib/server/auth/session';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployeeDto, listEmployees } from '@/lib/server/repositories/employees';
import type { Employee } from '@/lib/validation/dto';

/**
 * What a viewer may see of a stylist (spec section 6): staff see everything; clients see neither the phone
 * nor the staff-only notes of the special shifts (e.g. why a stylist is off), only the dates and hours.
 */
function visibleTo(viewer: Role, employee: Employee): Employee {
  if (isStaff(viewer)) return employee;
  return {
    ...employee,
    tlf: null,
    special_shifts: employee.special_shifts.map(({ date, available, shift }) => ({ date, available, shift })),
  };
}

/**
 * The tenant's active stylists as `viewer` may see them (spec section 7, `GET /facility/1/employees`),
 * with weekly and special shifts and services; `serviceId` keeps those offering it.
 */
export async function employeesFor(db: DbOrTx, tenantId: number, viewer: Role, opts: { serviceId?: number } = {}): Promise<Employee[]> {
  return (await listEmployees(db, tenantId, { serviceId: opts.serviceId })).map((e) => visibleTo(viewer, e));
}

/**
 * One active stylist by e-mail as `viewer` may see it (spec section 7, `GET /facility/1/employee/{id}`).
 * Errors: 404 "No se ha encontrado al empleado" for an unknown, removed or other tenant's stylist.
 */
export async function employeeFor(db: DbOrTx, tenantId: number, viewer: Role, email: string): Promise<Employee> {
  const employee = await findEmployeeDto(db, tenantId, email);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  return visibleTo(viewer, employee);
}
