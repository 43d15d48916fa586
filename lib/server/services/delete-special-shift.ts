import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { deleteSpecialShiftRow, findEmployee, specialShiftsOf } from '@/lib/server/repositories/employees';
import { lockEmployee } from '@/lib/server/repositories/locks';
import type { SpecialShiftDeleted } from '@/lib/validation/dto';
import { guardScheduleChange, recordOpenedTime } from './update-week-shifts';

/**
 * Deletes the special shift of a stylist on a Madrid date (spec section 7,
 * `DELETE /facility/1/employees/{employeeId}/special-shifts/{date}`): the weekly shifts hold again.
 * When the special shift opened hours the weekly schedule does not have (e.g. an extra Sunday), pending
 * appointments booked in them would be left outside working hours: that answers 409
 * `schedule_conflict` with `details.appointments` unless `force` (decisions "Schedule changes and
 * booked appointments"). Time the removal opens (a closed day that works again) goes to the waitlist. `now` (epoch ms) decides which appointments are still pending.
 * Returns `{ date }`. Errors: 404 `not_found` (no such stylist in the tenant, or no special shift that date).
 */
export async function deleteSpecialShift(
  db: Db,
  tenantId: number,
  email: string,
  date: string,
  opts: { force?: boolean } = {},
  now: number,
): Promise<SpecialShiftDeleted> {
  const employee = await findEmployee(db, tenantId, email);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  return db.transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employee.id);
    const existing = await specialShiftsOf(tx, tenantId, employee.id);
    if (!existing.some((s) => s.date === date)) throw new ApiError('not_found', errorMessage('specialShiftNotFound'));
    await guardScheduleChange(tx, tenantId, employee.id, { special: { date, value: null } }, { force: opts.force ?? false, now });
    await recordOpenedTime(tx, tenantId, employee.id, { special: { date, value: null } }, now);
    await deleteSpecialShiftRow(tx, tenantId, employee.id, date);
    return { date };
  });
}
