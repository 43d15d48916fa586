import 'server-only';
import { and, eq } from 'drizzle-orm';
import { revisionAt } from '@/lib/domain/reminder';
import { isPast } from '@/lib/domain/agenda';
import { staffStartError } from '@/lib/domain/availability';
import { isoUtc, overlaps } from '@/lib/domain/time';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { activities, appointments, busySlots, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { queueMovedEmail } from '@/lib/server/notifications/appointment-emails';
import { releaseReminder, REMINDER_LEAD_MS } from '@/lib/server/notifications/reminders';
import { findAppointments, type AppointmentDto } from '@/lib/server/repositories/appointments';
import { busyRangesOf, insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { findEmployee } from '@/lib/server/repositories/employees';
import { lockAppointment, lockClient, shareEmployee } from '@/lib/server/repositories/locks';
import { offersService } from '@/lib/server/repositories/services';
import { touchClientActivity } from '@/lib/server/repositories/users';
import type { AppointmentMove } from '@/lib/validation/schedules';

/**
 * Moves a pending appointment to another start and/or stylist (staff only; spec section 7, decisions "Staff
 * booking for a client"): the new time follows the staff booking's rules (`bookAsStaff`): a start on the
 * 5-minute grid, not before the current minute rounded down to 5 (`staffStartError`), an active stylist
 * who offers the service, outside shifts allowed, never over another appointment or a leave. The
 * appointment keeps its id and its service snapshot (name, price, duration); its busy parts move with it,
 * at the same offsets from the start.
 *
 * One transaction, in the lock order of lib/server/repositories/locks.ts: the appointment row (`for
 * update`), the client's account (not the guest's), then the old and the new stylist (`shareEmployee`, by
 * id order when they differ). The old busy parts are deleted and the new ones inserted; the exclusion
 * constraint stays the last judge (route() answers its violation with 409 `conflict`). With the move come
 * an `appointment_moved` activity, the "ha cambiado" e-mail with the updated `.ics` to the client (never the
 * guest; no cancellation, no new confirmation), and, when the new start is more than 24 hours after `now`,
 * a fresh automatic reminder. `now` is the request's instant (epoch ms).
 *
 * Returns the moved appointment as the agenda shows it. Errors: 404 unknown appointment (or another
 * tenant's) or stylist, 409 already cancelled, 409 `slot_taken` (busy time), 422 a past appointment, a past
 * or off-grid start, a service the stylist does not offer.
 */
export async function moveAppointment(db: Db, tenantId: number, actor: SessionUser, input: AppointmentMove, now: number): Promise<AppointmentDto> {
  const start = Date.parse(input.start_time);
  return db.transaction(async (tx) => {
    const row = await lockAppointment(tx, tenantId, input.appointment_id);
    if (!row) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    const { a } = row;
    if (a.status === 'cancelled') throw new ApiError('conflict', errorMessage('alreadyCancelled'));
    if (isPast(a.endAt, now)) throw new ApiError('unprocessable', errorMessage('cannotMovePast'));
    const startError = staffStartError(start, now);
    if (startError) throw new ApiError('unprocessable', errorMessage(startError));

    const employee = await findEmployee(tx, tenantId, input.employee_id);
    if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));

    let client = row.client;
    if (!client.isGuest) {
      const locked = await lockClient(tx, tenantId, client.id);
      if (!locked || locked.deletedAt) throw new ApiError('conflict', errorMessage('conflict'));
      client = locked;
    }
    // Both stylists, in one fixed order, so two moves between the same two stylists cannot deadlock.
    const stylists = [...new Set([a.employeeId, employee.id])].sort();
    for (const id of stylists) {
      const active = await shareEmployee(tx, tenantId, id);
      if (id === employee.id && !active) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    }
    // The service snapshot stays; the (new) stylist must offer the service, which a deleted service fails.
    if (a.serviceId === null || !(await offersService(tx, tenantId, employee.id, a.serviceId))) {
      throw new ApiError('unprocessable', errorMessage('serviceNotOffered'));
    }

    const shift = start - a.startAt.getTime();
    const end = a.endAt.getTime() + shift;
    const oldParts = await tx
      .select({ startAt: busySlots.startAt, endAt: busySlots.endAt })
      .from(busySlots)
      .where(and(eq(busySlots.tenantId, tenantId), eq(busySlots.appointmentId, a.id)));
    const parts = oldParts.map((p) => ({ start: p.startAt.getTime() + shift, end: p.endAt.getTime() + shift }));

    // The appointment first, then its parts: the parts must lie inside it (migration 0010).
    await tx
      .update(appointments)
      .set({ startAt: new Date(start), endAt: new Date(end), employeeId: employee.id })
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, a.id)));
    await tx.delete(busySlots).where(and(eq(busySlots.tenantId, tenantId), eq(busySlots.appointmentId, a.id)));
    // Read with the stylists' locks held and the old parts gone: only other appointments and leaves remain.
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, end, now);
    if (parts.some((p) => busy.some((b) => overlaps(b, p)))) throw new ApiError('slot_taken', errorMessage('slotTaken'));
    await insertBusySlots(tx, parts.map((p) => ({ tenantId, employeeId: employee.id, appointmentId: a.id, start: p.start, end: p.end })), now);
    if (a.remindedAt && start - now > REMINDER_LEAD_MS) await releaseReminder(tx, tenantId, a.id);
    await touchClientActivity(tx, tenantId, client.id);

    const [previous] = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, a.employeeId)));
    const previousEmployee = previous?.name ?? '';
    await tx.insert(activities).values({
      tenantId,
      type: 'appointment_moved',
      data: {
        id: a.id,
        start_time: isoUtc(start),
        previous_start_time: isoUtc(a.startAt),
        created_by: actor.name || actor.email,
        service_name: a.serviceName,
        employee_name: employee.name,
        previous_employee_name: previousEmployee,
        client_name: a.clientName,
      },
    });
    if (!client.isGuest) {
      await queueMovedEmail(tx, tenantId, client.email, a.facilityId, {
        appointmentId: a.id,
        clientName: a.clientName,
        service: a.serviceName,
        previous: { employee: previousEmployee, start: a.startAt },
        employee: employee.name,
        start,
        end,
        sequence: revisionAt(now).sequence,
      });
    }
    const [moved] = await findAppointments(tx, tenantId, eq(appointments.id, a.id));
    return moved!;
  });
}
