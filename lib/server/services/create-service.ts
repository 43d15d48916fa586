import 'server-only';
import { eurosToCents } from '@/lib/domain/money';
import type { Db } from '@/lib/server/db/client';
import { getService, insertService, replaceServiceEmployees, type ServiceDto } from '@/lib/server/repositories/services';
import type { ServiceCreate } from '@/lib/validation/services';
import { resolveStylists } from './assign-service-employees';

/**
 * Creates a service with its stylists (spec sections 5 and 7, `POST /facility/1/services`; staff only,
 * checked by the route). `input` has passed `ZServiceCreate`: price in euros (stored as cents), duration
 * and busy parts in minutes, stylists as lower-case e-mails without repeats. The service and its links
 * are written in one transaction. Returns the new service as the API shows it.
 * Errors: 422 `unprocessable` when an e-mail is not a staff member (employee or admin) of the tenant,
 * with `details.employees` listing those e-mails; nothing is written then.
 */
export async function createService(db: Db, tenantId: number, input: ServiceCreate): Promise<ServiceDto> {
  return db.transaction(async (tx) => {
    const employeeIds = await resolveStylists(tx, tenantId, input.employees);
    const id = await insertService(tx, tenantId, {
      name: input.name,
      description: input.description,
      priceCents: eurosToCents(input.price),
      durationMinutes: input.duration,
      busySlots: input.busy_slots.map((s) => ({ startMinutes: s.startMinutes, endMinutes: s.endMinutes })),
    });
    await replaceServiceEmployees(tx, tenantId, id, employeeIds);
    return (await getService(tx, tenantId, id))!;
  });
}
