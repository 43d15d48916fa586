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
  service: Service;
  employee: Employee;
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  hour: AvailableHour;
};

/**
 * The choice a visitor held (beyond-the-spec section 1), for the page that finishes its booking after
 * sign-in (`/reservar/confirmar?hold=`): the hold of `holdId` (a uuid) when it belongs to `holder` (the browser's
 * holder hash or the signed-in account), expired or booked ones included, with its service and stylist as
 * the client wizard shows them. Null when there is no such hold, or its stylist or service is gone.
 */
export async function heldChoiceFor(db: DbOrTx, tenantId: number, holdId: string, holder: Holder): Promise<HeldChoice | null> {
  const hold = await findHoldWithEmployee(db, tenantId, holdId, holder);
  if (!hold) return null;
  const service = await getService(db, tenantId, hold.serviceId);
  if (!service) return null;
  let employee: Employee;
  try {
    employee = await employeeFor(db, tenantId, 'client', hold.employeeEmail);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const start = isoUtc(hold.start);
  const end = isoUtc(hold.end);
  return {
    holdId: hold.id,
    appointmentId: hold.appointmentId,
    service,
    employee,
    date: madridDate(hold.start),
    hour: { id: `${start}_${end}`, start_time: start, end_time: end },
  };
}
