import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isPast } from '@/lib/domain/agenda';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { activities, appointments, busySlots, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { queueCancellationEmail, salonOf } from '@/lib/server/notifications/appointment-emails';
import { queueCancelledPush } from '@/lib/server/notifications/appointment-push';
import { lockAppointment } from '@/lib/server/repositories/locks';
import { touchClientActivity, type UserRow } from '@/lib/server/repositories/users';

/**
 * Cancels an appointment (spec section 7, `PATCH /schedules/cancel/appointment`; decisions
 * "Cancellation"): status `cancelled` with who, when and the reason; its time is freed at once; an
 * `appointment_cancelled` activity and, unless the client is the guest, the cancellation e-mail and a push
 * to the client (when it has a push token) in the outbox — all in one transaction. `origin` (the request's
 * public origin) gives the e-mail its link to the salon's booking page. Errors: 404 unknown, 409 already cancelled, 422 past.
 */
export async function cancelAppointment(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: { appointment_id: string; notes?: string | null },
  now: number,
  origin?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAppointment(tx, tenantId, input.appointment_id);
    if (!row) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    const { a } = row;
    if (a.status === 'cancelled') throw new ApiError('conflict', errorMessage('alreadyCancelled'));
    if (isPast(a.endAt, now)) throw new ApiError('unprocessable', errorMessage('cannotCancelPast'));
    await writeCancellation(tx, tenantId, actor, row, input.notes?.trim() || null, now, origin);
    // The push to the client: only here, where the salon cancels (not a deletion).
    if (!row.client.isGuest) {
      const salon = await salonOf(tx, tenantId, a.facilityId);
      await queueCancelledPush(tx, tenantId, { id: a.id, clientId: row.client.id, salon: salon.name, serviceName: a.serviceName, startAt: a.startAt });
    }
  });
}

/**
 * Writes the cancellation of a pending appointment inside the caller's transaction (staff cancellation
 * and a client's deletion; decisions "Cancellation"): status `cancelled` with who (`actor`), when (`now`,
 * epoch ms) and the reason (`notes`); its busy parts freed; the client's `last_activity_at` bumped; an
 * `appointment_cancelled` activity; and, unless the client is the guest, the cancellation e-mail to
 * `client.email` in the outbox (linking to `origin`'s booking page when given). The caller checks that it may be cancelled (and locks the row).
 */
export async function writeCancellation(
  tx: Tx,
  tenantId: number,
  actor: SessionUser,
  row: { a: typeof appointments.$inferSelect; client: UserRow },
  notes: string | null,
  now: number,
  origin?: string,
): Promise<void> {
  const { a, client } = row;
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: new Date(now), cancelledBy: actor.id, notes })
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, a.id)));
  await tx.update(busySlots).set({ active: false }).where(and(eq(busySlots.tenantId, tenantId), eq(busySlots.appointmentId, a.id)));
  await touchClientActivity(tx, tenantId, client.id);
  const [employee] = await tx.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, a.employeeId)));
  await tx.insert(activities).values({
    tenantId,
    type: 'appointment_cancelled',
    data: {
      id: a.id,
      start_time: a.startAt.toISOString(),
      created_by: actor.name || actor.email,
      service_name: a.serviceName,
      employee_name: employee?.name ?? '',
      client_name: a.clientName,
      notes,
    },
  });
  if (!client.isGuest) {
    await queueCancellationEmail(tx, tenantId, client.email, a, employee?.name ?? '', notes, origin);
  }
}
