import 'server-only';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { assertVersion } from '@/lib/server/version';
import { errorMessage } from '@/lib/server/messages';
import { getService, lockService, replaceServiceEmployees, staffIdsByEmail, type ServiceDto } from '@/lib/server/repositories/services';
import type { ServiceEmployees } from '@/lib/validation/services';

/**
 * Replaces the stylists of a service (spec section 7, `PATCH /facility/1/services/{id}/employees`;
 * staff only, checked by the route). `input.employees` are lower-case e-mails without repeats (at least
 * one, by the contract). The service row is locked first, so concurrent changes of its stylists run one
 * after the other. Existing appointments are untouched; a stylist taken off the service is no longer
 * offered it in new bookings. Returns the service as the API shows it.
 * Errors: 404 `not_found` (unknown, deleted or another tenant's service), 422 `unprocessable` (an e-mail
 * is not a staff member of the tenant; `details.employees` lists those e-mails), 409 `conflict` with
 * `details.current` when `input.version` is not the service's current `employees_version` (nothing saved).
 */
export async function assignServiceEmployees(
  db: Db,
  tenantId: number,
  serviceId: number,
  input: ServiceEmployees,
): Promise<ServiceDto> {
  return db.transaction(async (tx) => {
    if (!(await lockService(tx, tenantId, serviceId))) throw new ApiError('not_found', errorMessage('serviceNotFound'));
    if (input.version !== undefined) {
      const current = (await getService(tx, tenantId, serviceId))!;
      assertVersion(input.version, current, current.employees_version);
    }
    const ids = await resolveStylists(tx, tenantId, input.employees);
    await replaceServiceEmployees(tx, tenantId, serviceId, ids);
    return (await getService(tx, tenantId, serviceId))!;
  });
}

/**
 * The user ids of the stylists named by `emails` (lower-case), locked against removal until the end of
 * the transaction. Throws 422 `unprocessable` with `details.employees` (the unknown e-mails) when any of
 * them is not an employee or admin of the tenant.
 */
export async function resolveStylists(tx: DbOrTx, tenantId: number, emails: string[]): Promise<string[]> {
  const found = await staffIdsByEmail(tx, tenantId, emails);
  const unknown = emails.filter((e) => !found.has(e));
  if (unknown.length > 0) throw new ApiError('unprocessable', errorMessage('serviceEmployeesUnknown'), { employees: unknown });
  return emails.map((e) => found.get(e)!);
}
