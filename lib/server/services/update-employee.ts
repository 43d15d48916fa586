import 'server-only';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployee, findEmployeeDto, updateEmployeeInfo } from '@/lib/server/repositories/employees';
import { lockEmployee } from '@/lib/server/repositories/locks';
import type { Employee } from '@/lib/validation/dto';
import type { EmployeePatch } from '@/lib/validation/employees';
import { assertVersion } from '@/lib/server/version';
import { applyWeekShifts } from './update-week-shifts';

/**
 * Updates a stylist (spec sections 5 and 7, `PATCH /employees/{employeeId}`; the caller is staff):
 * `name`, `description`, `color`, the weekly schedule `week_shifts` (all rows replaced; an unavailable
 * day stores none) and the push token `fcm_token` (only the stylist's own), in one transaction.
 * `now` (epoch ms) decides which appointments are still pending.
 * Returns the stylist as the API shows it. Errors: 404 `not_found` (no such stylist in the tenant),
 * 403 `forbidden` (someone else's push token), 409 `schedule_conflict` with `details.appointments` when
 * the new weekly schedule leaves pending appointments outside working hours and `force` is not true
 * (decisions "Schedule changes and booked appointments"; nothing is saved then), 409 `conflict` with
 * `details.current` (the stylist as GET shows it) when `version` is given and someone saved the stylist since
 * (checked under the stylist's lock, so of parallel saves with one version exactly one goes through).
 */
export async function updateEmployee(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  email: string,
  patch: EmployeePatch,
  now: number,
): Promise<Employee> {
  const employee = await findEmployee(db, tenantId, email);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  if (patch.fcm_token !== undefined && actor.id !== employee.id) throw new ApiError('forbidden', errorMessage('fcmTokenNotOwn'));
  await db.transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employee.id);
    if (patch.version !== undefined) {
      const current = await findEmployeeDto(tx, tenantId, employee.email);
      if (!current) throw new ApiError('not_found', errorMessage('employeeNotFound'));
      assertVersion(patch.version, current);
    }
    if (patch.week_shifts) await applyWeekShifts(tx, tenantId, employee.id, patch.week_shifts, { force: patch.force ?? false, now });
    await updateEmployeeInfo(tx, tenantId, employee.id, {
      name: patch.name,
      description: patch.description,
      color: patch.color,
      fcmToken: patch.fcm_token,
    });
  });
  const dto = await findEmployeeDto(db, tenantId, employee.email);
  if (!dto) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  return dto;
}
