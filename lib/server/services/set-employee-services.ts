import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { assertVersion } from '@/lib/server/version';
import { errorMessage } from '@/lib/server/messages';
import {
  findEmployee,
  findEmployeeDto,
  liveServiceIds,
  replaceEmployeeServices,
} from '@/lib/server/repositories/employees';
import { lockEmployee } from '@/lib/server/repositories/locks';
import type { Employee } from '@/lib/validation/dto';

/**
 * Sets the services a stylist offers (spec sections 2 and 7, `PATCH /employees/{employeeId}/services`):
 * `serviceIds` (distinct) replace the current list in one transaction; an empty list offers none.
 * Returns the stylist as the API shows it. Errors: 404 `not_found` (no such stylist in the tenant),
 * 422 `unprocessable` when an id is not a service of the tenant or the service is deleted (nothing saved),
 * 409 `conflict` with `details.current` when `version` is not the stylist's current `services_version`
 * (nothing saved).
 */
export async function setEmployeeServices(
  db: Db,
  tenantId: number,
  email: string,
  serviceIds: number[],
  version?: string,
): Promise<Employee> {
  const employee = await findEmployee(db, tenantId, email);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  await db.transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employee.id);
    if (version !== undefined) {
      const current = await findEmployeeDto(tx, tenantId, employee.email);
      if (!current) throw new ApiError('not_found', errorMessage('employeeNotFound'));
      assertVersion(version, current, current.services_version);
    }
    const live = await liveServiceIds(tx, tenantId, serviceIds);
    if (live.length !== new Set(serviceIds).size) throw new ApiError('unprocessable', errorMessage('servicesInvalid'));
    await replaceEmployeeServices(tx, tenantId, employee.id, live);
  });
  const dto = await findEmployeeDto(db, tenantId, employee.email);
  if (!dto) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  return dto;
}
