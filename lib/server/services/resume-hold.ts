import 'server-only';
import { isoUtc, madridDate } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { findHoldWithEmployee, type Holder } from '@/lib/server/repositories/holds';
import { getService } from '@/lib/server/repositories/services';
import type { AvailableHour, Employee, Service } from '@/lib/validation/dto';
import { employeeFor } from './employee-directory';

/** A held choice as the resumed booking shows and books it (the wizard's values). */
export type HeldChoice = {
  holdId: string;
  /** The appointment the hold was booked as, if it was. */
  appointmentId: string | null;
  /** The held visit's services in visit order (one for a visit of one). */
  services: Service[];
  /** The stylist asked for; null for "Cualquier estilista". */
  employee: Employee | null;
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  hour: AvailableHour;
};

/**
 * The choice a visitor held (beyond-the-spec section 1), for the page that finishes its booking after
 * sign-in (`/reservar/confirmar?hold=`): the hold of `holdId` (a uuid) when it belongs to `holder` (the browser's
 * holder hash or the signed-in account), expired or booked ones included, with its service and stylist as
 * the client wizard shows them (beyond-the-spec section 2: a visit's services, `employee` null for "Cualquier
 * estilista"). Null when there is no such hold, or its stylist or a service is gone.
 */
export async function heldChoiceFor(db: DbOrTx, tenantId: number, holdId: string, holder: Holder): Promise<HeldChoice | null> {
  const hold = await findHoldWithEmployee(db, tenantId, holdId, holder);
  if (!hold) return null;
  const services = await Promise.all(hold.serviceIds.map((id) => getService(db, tenantId, id)));
  if (services.some((s) => !s)) return null;
  let employee: Employee | null = null;
  try {
    if (!hold.anyStylist) employee = await employeeFor(db, tenantId, 'client', hold.employeeEmail);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const start = isoUtc(hold.start);
  const end = isoUtc(hold.end);
  return {
    holdId: hold.id,
    appointmentId: hold.appointmentId,
    services: services as Service[],
    employee,
    date: madridDate(hold.start),
    hour: { id: `${start}_${end}`, start_time: start, end_time: end },
  };
}
