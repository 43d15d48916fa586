import 'server-only';
import { eurosToCents } from '@/lib/domain/money';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { getService, lockService, updateServiceRow, type ServiceDto } from '@/lib/server/repositories/services';
import { assertVersion } from '@/lib/server/version';
import type { ServiceUpdate } from '@/lib/validation/services';

/**
 * Overwrites a service's name, description, price (euros, stored as cents), duration and busy parts
 * (minutes) (spec section 7, `PATCH /facility/1/services/{id}`; staff only, checked by the route).
 * The new timing applies to new bookings and availability only: existing appointments keep their
 * times, busy parts, name and price snapshot (decisions "Deleting", "Busy parts"). Returns the service
 * as the API shows it. Errors: 404 `not_found` (unknown, deleted or another tenant's service), 409
 * `conflict` with `details.current` (the service as GET shows it) when `version` is given and differs from
 * the current one under the service's lock (someone saved it since; nothing is written).
 */
export async function updateService(db: Db, tenantId: number, serviceId: number, input: ServiceUpdate): Promise<ServiceDto> {
  return db.transaction(async (tx) => {
    if (!(await lockService(tx, tenantId, serviceId))) throw new ApiError('not_found', errorMessage('serviceNotFound'));
    if (input.version !== undefined) assertVersion(input.version, (await getService(tx, tenantId, serviceId))!);
    await updateServiceRow(tx, tenantId, serviceId, {
      name: input.name,
      description: input.description,
      priceCents: eurosToCents(input.price),
      durationMinutes: input.duration,
      busySlots: input.busy_slots.map((s) => ({ startMinutes: s.startMinutes, endMinutes: s.endMinutes })),
    });
    return (await getService(tx, tenantId, serviceId))!;
  });
}
