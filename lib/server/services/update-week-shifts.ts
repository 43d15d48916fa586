import 'server-only';
import type { SpecialShift, WeekShift } from '@/lib/domain/availability';
import { orphanedBy, type ScheduleOn } from '@/lib/domain/orphans';
import { madridDate, madridWallClock, parseHHmm } from '@/lib/domain/time';
import { openedBySchedule } from '@/lib/domain/waitlist';
import type { ScheduleConflictDetails } from '@/lib/validation/dto';
import type { WeekShiftsInput } from '@/lib/validation/employees';
import type { Tx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import {
  pendingOfEmployee,
  replaceWeekShiftRows,
  specialShiftsOf,
  weekShiftRowsOf,
} from '@/lib/server/repositories/employees';
import { hasActiveEntries } from '@/lib/server/repositories/waitlist-offers';
import { recordFreedTime } from './waitlist-offers';

/**
 * The stored rows of a weekly schedule (spec section 3, Employee.week_shifts): one row per shift of an
 * available day, open/close in Madrid wall-clock minutes (24:00 = 1440); an unavailable day stores none.
 */
export function weekShiftRows(days: WeekShiftsInput): WeekShift[] {
  return days.flatMap((d) =>
    d.available ? d.shifts.map((s) => ({ day: d.id, openMinute: parseHHmm(s.open), closeMinute: parseHHmm(s.close) })) : [],
  );
}

/** A schedule change of one stylist: new weekly rows, and/or the special shift of one date set or removed. */
export type ScheduleChange = {
  week?: WeekShift[];
  special?: { date: string; value: SpecialShift | null };
};

/**
 * The orphan guard (decisions "Schedule changes and booked appointments"; spec sections 3 and 5), inside
 * the caller's transaction: compares the stylist's current schedule with the one after `change` and,
 * unless `force`, throws 409 `schedule_conflict` with `details: { appointments }` (the contract's
 * `Appointment`s) listing the pending appointments (not cancelled, ending after `now`, epoch ms) that the
 * change leaves outside working hours (`orphanedBy`). With `force` nothing is thrown and the
 * appointments are left as they are. A special-shift change only looks at appointments touching its date.
 */
export async function guardScheduleChange(
  tx: Tx,
  tenantId: number,
  userId: string,
  change: ScheduleChange,
  opts: { force: boolean; now: number },
): Promise<void> {
  if (opts.force) return;
  const range = change.special
    ? { from: madridWallClock(change.special.date, 0), to: madridWallClock(change.special.date, 1440) }
    : undefined;
  const pending = await pendingOfEmployee(tx, tenantId, userId, opts.now, range);
  if (pending.length === 0) return;
  const { before, after } = await schedulesAround(tx, tenantId, userId, change);
  const orphans = orphanedBy(pending, before, after, opts.now);
  if (orphans.length > 0) {
    const details: ScheduleConflictDetails = { appointments: orphans };
    throw new ApiError('schedule_conflict', errorMessage('scheduleConflict'), details);
  }
}

/** The stylist's schedule now (`before`) and after `change` (`after`), by Madrid date. */
async function schedulesAround(tx: Tx, tenantId: number, userId: string, change: ScheduleChange): Promise<{ before: ScheduleOn; after: ScheduleOn }> {
  const [week, specials] = await Promise.all([weekShiftRowsOf(tx, tenantId, userId), specialShiftsOf(tx, tenantId, userId)]);
  const specialOf = new Map(specials.map((s) => [s.date, s]));
  return {
    before: (date) => ({ week, special: specialOf.get(date) ?? null }),
    after: (date) => ({
      week: change.week ?? week,
      special: change.special && change.special.date === date ? change.special.value : (specialOf.get(date) ?? null),
    }),
  };
}

/**
 * Offers the waitlist the working time a schedule change of a stylist opens (a longer shift, a new working
 * day, a removed closed special day; lib/domain/waitlist.ts `openedBySchedule`) inside the caller's
 * transaction, before the change is written (it reads the current schedule). Nothing is read when the salon
 * has nobody waiting.
 */
export async function recordOpenedTime(tx: Tx, tenantId: number, userId: string, change: ScheduleChange, now: number): Promise<void> {
  if (!(await hasActiveEntries(tx, tenantId, madridDate(now)))) return;
  const { before, after } = await schedulesAround(tx, tenantId, userId, change);
  await recordFreedTime(tx, tenantId, [{ employeeId: userId, ranges: openedBySchedule(before, after, now) }], 'schedule', now);
}

/**
 * Replaces a stylist's weekly schedule (spec sections 3, 5 and 7, `PATCH /employees/{id}` with
 * `week_shifts`) inside the caller's transaction, after the orphan guard (`guardScheduleChange`):
 * 409 `schedule_conflict` unless `force`. Time it opens goes to the waitlist (`recordOpenedTime`). The caller holds the stylist's lock (`lockEmployee`).
 */
export async function applyWeekShifts(
  tx: Tx,
  tenantId: number,
  userId: string,
  days: WeekShiftsInput,
  opts: { force: boolean; now: number },
): Promise<void> {
  const rows = weekShiftRows(days);
  await guardScheduleChange(tx, tenantId, userId, { week: rows }, opts);
  await recordOpenedTime(tx, tenantId, userId, { week: rows }, opts.now);
  await replaceWeekShiftRows(tx, tenantId, userId, rows);
}
