import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isPast } from '@/lib/domain/agenda';
import type { Db } from '@/lib/server/db/client';
import { leaves } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployee } from '@/lib/server/repositories/employees';
import { recordFreedTime } from './waitlist-offers';

/**
 * Unblocks a slot (spec section 7, `PATCH /schedules/delete/leave`): deletes the leave and frees its time, offered
 * to the waitlist (`recordFreedTime`) in the same transaction.
 * Errors: 404 unknown leave (or of another stylist), 422 a past leave.
 */
export async function unblockSlot(
  db: Db,
  tenantId: number,
  input: { id: string; employee_id: string },
  now: number,
): Promise<void> {
  const employee = await findEmployee(db, tenantId, input.employee_id);
  if (!employee) throw new ApiError('not_found', errorMessage('leaveNotFound'));
  const [leave] = await db
    .select()
    .from(leaves)
    .where(and(eq(leaves.tenantId, tenantId), eq(leaves.id, input.id), eq(leaves.employeeId, employee.id)))
    .limit(1);
  if (!leave) throw new ApiError('not_found', errorMessage('leaveNotFound'));
  if (isPast(leave.endAt, now)) throw new ApiError('unprocessable', errorMessage('cannotUnblockPast'));
  await db.transaction(async (tx) => {
    await tx.delete(leaves).where(and(eq(leaves.tenantId, tenantId), eq(leaves.id, leave.id)));
    await recordFreedTime(tx, tenantId, [{ employeeId: employee.id, ranges: [{ start: leave.startAt.getTime(), end: leave.endAt.getTime() }] }], 'leave', now);
  });
}
