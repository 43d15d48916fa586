import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { forgetSessionsOf, type SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { appointments, employeeProfiles, employeeServices, leaves, sessions, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments, pendingAt } from '@/lib/server/repositories/appointments';
import { findEmployee } from '@/lib/server/repositories/employees';
import { lockEmployee } from '@/lib/server/repositories/locks';

/**
 * Removes a stylist (`DELETE /facility/1/employees/{employeeId}`, admin only; decisions "Admin-only
 * actions" and "Deleting"). A soft removal: the user row stays, because past appointments (and the
 * appointments and leaves the stylist created) reference it and keep showing the stylist's name in the
 * clients' history. In one transaction the employee profile gets `removed_at`, so the stylist
 * - is left out of the employee lists and the agenda columns, and cannot be booked nor get leaves
 *   (`findEmployee` no longer finds them: 404);
 * - cannot sign in again (`findOrCreateByIdentity` refuses the e-mail) and every open session ends now;
 * - no longer offers services, has no future leaves and no push token.
 * Adding the same e-mail again (`addEmployee`) brings the account back.
 *
 * `email` is the stylist's e-mail (case-insensitive); `now` is epoch ms. Returns `{ email }`.
 * Errors: 404 `not_found` for an unknown (or already removed) stylist; 422 `unprocessable` when the admin
 * removes themself; 409 `conflict` with `details.appointments` (`Appointment[]`) when the stylist has
 * pending appointments (not cancelled, ending after `now`), which staff must cancel or move first.
 */
export async function removeEmployee(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  email: string,
  now: number,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const target = await findEmployee(tx, tenantId, email);
    if (!target) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    if (target.id === actor.id) throw new ApiError('unprocessable', errorMessage('cannotRemoveSelf'));
    // Waits for the stylist's bookings and leaves in progress (lib/server/repositories/locks.ts) and
    // serialises concurrent removals; the pending appointments are read with the lock held.
    await lockEmployee(tx, tenantId, target.id);
    const at = new Date(now);
    const pending = await findAppointments(
      tx,
      tenantId,
      and(eq(appointments.employeeId, target.id), pendingAt(at)),
    );
    if (pending.length > 0) {
      throw new ApiError('conflict', errorMessage('employeeHasPending'), { appointments: pending });
    }
    await tx
      .insert(employeeProfiles)
      .values({ userId: target.id, tenantId, removedAt: at })
      .onConflictDoUpdate({ target: [employeeProfiles.userId, employeeProfiles.tenantId], set: { removedAt: at } });
    await tx.update(users).set({ fcmToken: null }).where(and(eq(users.tenantId, tenantId), eq(users.id, target.id)));
    await tx.delete(employeeServices).where(and(eq(employeeServices.tenantId, tenantId), eq(employeeServices.employeeId, target.id)));
    await tx.delete(leaves).where(and(eq(leaves.tenantId, tenantId), eq(leaves.employeeId, target.id), gt(leaves.endAt, at)));
    await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, target.id)));
    forgetSessionsOf(target.id); // this process's session cache (lib/server/auth/session.ts)
    return { email: target.email };
  });
}
