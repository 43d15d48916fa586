import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { isPast } from '@/lib/domain/agenda';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { activities, appointments, busySlots, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { queueCancellationEmail, queueVisitCancellationEmail, salonOf } from '@/lib/server/notifications/appointment-emails';
import { queueCancelledPush } from '@/lib/server/notifications/appointment-push';
import { lockAppointment, lockVisitOfAppointment } from '@/lib/server/repositories/locks';
import { touchClientActivity, type UserRow } from '@/lib/server/repositories/users';
import { recordFreedTime } from './waitlist-offers';

type AppointmentRow = typeof appointments.$inferSelect;

/**
 * Cancels an appointment (spec section 7, `PATCH /schedules/cancel/appointment`; decisions
 * "Cancellation"): status `cancelled` with who, when and the reason; its time is freed at once; an
 * `appointment_cancelled` activity and, unless the client is the guest, the cancellation e-mail and a push
 * to the client (when it has a push token) in the outbox — all in one transaction. `origin` (the request's
 * public origin) gives the e-mail its link to the salon's booking page.
 *
 * With `whole_visit` (beyond-the-spec section 2) it cancels, in the same transaction, the appointment and
 * every other service of its visit that is pending and has not ended (ended ones stay as they are): each
 * with its own activity and its time freed, and one e-mail and one push for them all, describing the visit
 * as the confirmation does. An appointment booked alone is a visit of one.
 *
 * Errors (the named appointment, with or without `whole_visit`): 404 unknown, 409 already cancelled, 422 past.
 */
export async function cancelAppointment(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: { appointment_id: string; notes?: string | null; whole_visit?: boolean },
  now: number,
  origin?: string,
): Promise<void> {
  const notes = input.notes?.trim() || null;
  await db.transaction(async (tx) => {
    const rows = input.whole_visit ? await lockVisitOfAppointment(tx, tenantId, input.appointment_id) : [await lockAppointment(tx, tenantId, input.appointment_id)];
    const named = rows.find((r) => r?.a.id === input.appointment_id);
    if (!named) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    if (named.a.status === 'cancelled') throw new ApiError('conflict', errorMessage('alreadyCancelled'));
    if (isPast(named.a.endAt, now)) throw new ApiError('unprocessable', errorMessage('cannotCancelPast'));
    // The named one and, for a whole visit, its other services still to come, by start.
    const cancelled = rows.filter((r): r is NonNullable<typeof r> => r !== undefined && r.a.status === 'pending' && !isPast(r.a.endAt, now));
    const { client } = named;
    const names = await markCancelled(tx, tenantId, staffCanceller(actor), cancelled.map((r) => r.a), notes, now);
    const parts = cancelled.map(({ a }) => ({ ...a, employeeName: names.get(a.id) ?? '' }));
    await touchClientActivity(tx, tenantId, client.id);
    if (client.isGuest) return;
    await queueVisitCancellationEmail(tx, tenantId, client.email, parts, notes, origin);
    // The push to the client: only here, where the salon cancels (not a deletion).
    const first = parts[0]!;
    const salon = await salonOf(tx, tenantId, first.facilityId);
    await queueCancelledPush(tx, tenantId, {
      id: first.id,
      clientId: client.id,
      salon: salon.name,
      serviceName: parts.map((p) => p.serviceName).join(', '),
      startAt: first.startAt,
    });
  });
}

/** Who cancels and how the cancellation is recorded (`markCancelled`). */
export type Canceller = {
  /** The user who cancels (staff, or the client through an action link); null: the system (the cut-off). */
  id: string | null;
  /** The name the activity shows as its author. */
  name: string;
  /** The activity written: a cancellation by staff, a release at the cut-off, or the client's "No puedo ir". */
  activity: 'appointment_cancelled' | 'appointment_released' | 'client_cancelled';
  /** Where a cancellation not made by staff came from. */
  via?: 'client_link' | 'release';
  /** A client's cancellation after the cut-off (it counts against the client's reliability). */
  late?: boolean;
};

/** The canceller of a staff member's (or a client deletion's) cancellation. */
export const staffCanceller = (actor: SessionUser): Canceller => ({ id: actor.id, name: actor.name || actor.email, activity: 'appointment_cancelled' });

/**
 * Marks pending appointments `rows` of a tenant cancelled inside the caller's transaction, in a fixed number
 * of statements however many: status `cancelled` with who (`by`), when (`now`, epoch ms) and the reason
 * (`notes`); their busy parts freed and offered to the waitlist (`recordFreedTime`); one activity of `by` each. Returns each appointment's stylist name by
 * appointment id (for the e-mails).
 */
export async function markCancelled(
  tx: Tx,
  tenantId: number,
  by: Canceller,
  rows: AppointmentRow[],
  notes: string | null,
  now: number,
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const ids = rows.map((a) => a.id);
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: new Date(now), cancelledBy: by.id, notes, cancelledVia: by.via ?? null, lateCancellation: by.late ?? false })
    .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, ids)));
  await tx.update(busySlots).set({ active: false }).where(and(eq(busySlots.tenantId, tenantId), inArray(busySlots.appointmentId, ids)));
  const names = new Map(
    (
      await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(rows.map((a) => a.employeeId))])))
    ).map((u) => [u.id, u.name ?? '']),
  );
  await tx.insert(activities).values(
    rows.map((a) => ({
      tenantId,
      type: by.activity,
      data: {
        id: a.id,
        start_time: a.startAt.toISOString(),
        created_by: by.name,
        service_name: a.serviceName,
        employee_name: names.get(a.employeeId) ?? '',
        client_name: a.clientName,
        notes,
        ...(by.late ? { late: true } : {}),
      },
    })),
  );
  await recordFreedTime(tx, tenantId, rows.map((a) => ({ employeeId: a.employeeId, ranges: [{ start: a.startAt.getTime(), end: a.endAt.getTime() }] })), 'cancellation', now);
  return new Map(rows.map((a) => [a.id, names.get(a.employeeId) ?? '']));
}

/**
 * Writes the cancellation of a pending appointment inside the caller's transaction (a client's deletion;
 * decisions "Cancellation"): status `cancelled` with who (`actor`), when (`now`, epoch ms) and the reason
 * (`notes`); its busy parts freed; the client's `last_activity_at` bumped; an `appointment_cancelled`
 * activity; and, unless the client is the guest, the cancellation e-mail to `client.email` in the outbox
 * (linking to `origin`'s booking page when given). The caller checks that it may be cancelled (and locks the row).
 */
export async function writeCancellation(
  tx: Tx,
  tenantId: number,
  actor: SessionUser,
  row: { a: AppointmentRow; client: UserRow },
  notes: string | null,
  now: number,
  origin?: string,
): Promise<void> {
  const { a, client } = row;
  const employeeName = (await markCancelled(tx, tenantId, staffCanceller(actor), [a], notes, now)).get(a.id) ?? '';
  await touchClientActivity(tx, tenantId, client.id);
  if (!client.isGuest) {
    await queueCancellationEmail(tx, tenantId, client.email, a, employeeName, notes, origin);
  }
}
