import 'server-only';
import { madridDate } from '@/lib/domain/time';
import type { Db } from '@/lib/server/db/client';
import { ApiError, isUniqueViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployee, insertSpecialShift, specialShiftsOf } from '@/lib/server/repositories/employees';
import { lockEmployee } from '@/lib/server/repositories/locks';
import type { SpecialShift } from '@/lib/validation/dto';
import type { SpecialShiftCreate } from '@/lib/validation/employees';
import { guardScheduleChange, recordOpenedTime } from './update-week-shifts';

/**
 * Creates a special shift of a stylist (spec sections 3, 5 and 7,
 * `POST /facility/1/employees/{employeeId}/special-shifts`): on its Madrid date it replaces the weekly
 * shifts; `available: false` closes the day. Shift ids are assigned here (`{date}-{index}`).
 * `now` (epoch ms) gives today in Madrid and which appointments are still pending.
 * Returns the special shift as the API shows it. Errors: 404 `not_found` (no such stylist in the
 * tenant), 422 `unprocessable` (a date before today in Madrid), 409 `conflict` (the date already has a
 * special shift; also when two requests race, through the unique index), 409 `schedule_conflict` with
 * `details.appointments` when pending appointments of that date would fall outside the new hours and
 * `force` is not true (decisions "Schedule changes and booked appointments"; nothing is saved then).
 */
export async function createSpecialShift(
  db: Db,
  tenantId: number,
  email: string,
  input: SpecialShiftCreate,
  now: number,
): Promise<SpecialShift> {
  const employee = await findEmployee(db, tenantId, email);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  if (input.date < madridDate(now)) throw new ApiError('unprocessable', errorMessage('specialShiftPast'));
  const shift = input.shift.map((s, i) => ({ id: `${input.date}-${i}`, open: s.open, close: s.close }));
  try {
    return await db.transaction(async (tx) => {
      await lockEmployee(tx, tenantId, employee.id);
      const existing = await specialShiftsOf(tx, tenantId, employee.id);
      if (existing.some((s) => s.date === input.date)) throw new ApiError('conflict', errorMessage('specialShiftExists'));
      const change = { special: { date: input.date, value: { date: input.date, available: input.available, shifts: shift } } };
      await guardScheduleChange(tx, tenantId, employee.id, change, { force: input.force ?? false, now });
      await recordOpenedTime(tx, tenantId, employee.id, change, now);
      return insertSpecialShift(tx, tenantId, employee.id, { date: input.date, available: input.available, shift, notes: input.notes });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('conflict', errorMessage('specialShiftExists'));
    throw err;
  }
}
