import 'server-only';
import { MINUTE_MS, overlaps } from '@/lib/domain/time';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { leaves } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { busyRangesOf, insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { findEmployee } from '@/lib/server/repositories/employees';
import { shareEmployee } from '@/lib/server/repositories/locks';

const FIVE_MINUTES = 5 * MINUTE_MS;

/**
 * Blocks a slot of a stylist (spec section 7, `PATCH /schedules/insert/leave`): `[start, end)` in UTC
 * instants. Errors: 404 stylist, 422 end not after start or start in the past, 409 `conflict` when the
 * range overlaps an appointment or another leave (also guarded by the exclusion constraint).
 * Returns `{ event_id }`.
 */
export async function blockSlot(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: { start_time: string; end_time: string; facility_id: number; employee_id: string; notes?: string | null },
  now: number,
): Promise<{ event_id: string }> {
  const employee = await findEmployee(db, tenantId, input.employee_id);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const start = Date.parse(input.start_time);
  const end = Date.parse(input.end_time);
  if (!(start < end)) throw new ApiError('unprocessable', errorMessage('invalidRange'));
  if (start < now - FIVE_MINUTES) throw new ApiError('unprocessable', errorMessage('pastSlot'));
  return db.transaction(async (tx) => {
    // A leave takes the stylist's shared lock (lib/server/repositories/locks.ts), as a booking does, so it
    // cannot outlive the stylist's removal.
    if (!(await shareEmployee(tx, tenantId, employee.id))) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, end, now);
    if (busy.some((b) => overlaps(b, { start, end }))) throw new ApiError('conflict', errorMessage('overlapsEvent'));
    const [leave] = await tx
      .insert(leaves)
      .values({
        tenantId,
        facilityId: input.facility_id,
        employeeId: employee.id,
        startAt: new Date(start),
        endAt: new Date(end),
        notes: input.notes ?? null,
        createdBy: actor.id,
        createdAt: new Date(now),
      })
      .returning({ id: leaves.id });
    await insertBusySlots(tx, [{ tenantId, employeeId: employee.id, leaveId: leave!.id, start, end }], now);
    return { event_id: leave!.id };
  });
}
