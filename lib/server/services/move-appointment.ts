import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
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
import { replanConfirmation } from '@/lib/server/notifications/confirmations';
import { recordFreedTime } from './waitlist-offers';
import { releaseReminder, REMINDER_LEAD_MS } from '@/lib/server/notifications/reminders';
import { findAppointments, type AppointmentDto } from '@/lib/server/repositories/appointments';
import { busyRangesOf, insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { findEmployee } from '@/lib/server/repositories/employees';
import { lockAppointment, lockClient, lockVisit, shareEmployee } from '@/lib/server/repositories/locks';
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
 * a fresh automatic reminder; one still waiting for its confirmation gets its cut-off and request planned for the
 * new time (`replanConfirmation`). `now` is the request's instant (epoch ms).
 *
 * With `whole_visit: true` on a service of a visit (beyond-the-spec section 2) the visit moves as one
 * (`moveVisit`). Returns the moved appointment as the agenda shows it. Errors: 404 unknown appointment (or
 * another tenant's) or stylist, 409 already cancelled, 409 `slot_taken` (busy time), 422 a past appointment, a
 * past or off-grid start, a service the stylist does not offer.
 */
export async function moveAppointment(db: Db, tenantId: number, actor: SessionUser, input: AppointmentMove, now: number): Promise<AppointmentDto> {
  if (input.whole_visit) {
    const [visit] = await db
      .select({ visitId: appointments.visitId })
      .from(appointments)
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, input.appointment_id)));
    if (visit?.visitId) return moveVisit(db, tenantId, actor, input, visit.visitId, now);
  }
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
    await replanConfirmation(tx, tenantId, [a.id], start, now);
    await recordFreedTime(tx, tenantId, [{ employeeId: a.employeeId, ranges: [{ start: a.startAt.getTime(), end: a.endAt.getTime() }] }], 'move', now);
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

/**
 * Moves a visit as one (beyond-the-spec section 2, `whole_visit: true`): the named service goes to `start_time`
 * and `employee_id`; every other pending service of the visit that has not ended moves by the same amount with
 * its own stylist, so the visit keeps its order and gaps. The rules of one move hold for every service moved
 * (the earliest new start not before the current minute rounded down to 5; each stylist free, outside shifts
 * allowed; the named stylist offers its service). One transaction in the lock order of
 * lib/server/repositories/locks.ts: the visit's rows (`lockVisit`), the client's account, the stylists by id.
 * One `appointment_moved` activity per service and one "ha cambiado" e-mail describing the whole visit (the
 * `.ics` of the visit's confirmation, updated). Returns the named appointment as the agenda shows it. Errors as
 * `moveAppointment`.
 */
async function moveVisit(db: Db, tenantId: number, actor: SessionUser, input: AppointmentMove, visitId: string, now: number): Promise<AppointmentDto> {
  const start = Date.parse(input.start_time);
  return db.transaction(async (tx) => {
    const rows = await lockVisit(tx, tenantId, visitId);
    const named = rows.find((r) => r.a.id === input.appointment_id);
    if (!named) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    if (named.a.status === 'cancelled') throw new ApiError('conflict', errorMessage('alreadyCancelled'));
    if (isPast(named.a.endAt, now)) throw new ApiError('unprocessable', errorMessage('cannotMovePast'));
    const shift = start - named.a.startAt.getTime();
    const moving = rows.filter((r) => r.a.status === 'pending' && !isPast(r.a.endAt, now)).map((r) => r.a);
    const startError = staffStartError(Math.min(...moving.map((a) => a.startAt.getTime() + shift)), now);
    if (startError) throw new ApiError('unprocessable', errorMessage(startError));

    const employee = await findEmployee(tx, tenantId, input.employee_id);
    if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    let client = named.client;
    if (!client.isGuest) {
      const locked = await lockClient(tx, tenantId, client.id);
      if (!locked || locked.deletedAt) throw new ApiError('conflict', errorMessage('conflict'));
      client = locked;
    }
    const stylistOf = (a: (typeof moving)[number]) => (a.id === named.a.id ? employee.id : a.employeeId);
    for (const id of [...new Set([...moving.map((a) => a.employeeId), employee.id])].sort()) {
      const active = await shareEmployee(tx, tenantId, id);
      if (id === employee.id && !active) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    }
    if (named.a.serviceId === null || !(await offersService(tx, tenantId, employee.id, named.a.serviceId))) {
      throw new ApiError('unprocessable', errorMessage('serviceNotOffered'));
    }

    const ids = moving.map((a) => a.id);
    const oldParts = await tx
      .select({ appointmentId: busySlots.appointmentId, startAt: busySlots.startAt, endAt: busySlots.endAt })
      .from(busySlots)
      .where(and(eq(busySlots.tenantId, tenantId), inArray(busySlots.appointmentId, ids)));
    for (const a of moving) {
      await tx
        .update(appointments)
        .set({ startAt: new Date(a.startAt.getTime() + shift), endAt: new Date(a.endAt.getTime() + shift), employeeId: stylistOf(a) })
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, a.id)));
    }
    await tx.delete(busySlots).where(and(eq(busySlots.tenantId, tenantId), inArray(busySlots.appointmentId, ids)));
    // Read with the stylists' locks held and the visit's old parts gone: only other appointments and leaves remain.
    for (const a of moving) {
      const parts = oldParts.filter((p) => p.appointmentId === a.id).map((p) => ({ start: p.startAt.getTime() + shift, end: p.endAt.getTime() + shift }));
      const busy = await busyRangesOf(tx, tenantId, stylistOf(a), a.startAt.getTime() + shift, a.endAt.getTime() + shift, now);
      if (parts.some((p) => busy.some((b) => overlaps(b, p)))) throw new ApiError('slot_taken', errorMessage('slotTaken'));
      await insertBusySlots(tx, parts.map((p) => ({ tenantId, employeeId: stylistOf(a), appointmentId: a.id, start: p.start, end: p.end })), now);
      if (a.remindedAt && a.startAt.getTime() + shift - now > REMINDER_LEAD_MS) await releaseReminder(tx, tenantId, a.id);
    }
    if (moving.length > 0) await replanConfirmation(tx, tenantId, ids, Math.min(...moving.map((a) => a.startAt.getTime() + shift)), now);
    await recordFreedTime(tx, tenantId, moving.map((a) => ({ employeeId: a.employeeId, ranges: [{ start: a.startAt.getTime(), end: a.endAt.getTime() }] })), 'move', now);
    await touchClientActivity(tx, tenantId, client.id);

    const names = new Map(
      (
        await tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set([...moving.map((a) => a.employeeId), employee.id])])))
      ).map((u) => [u.id, u.name ?? '']),
    );
    for (const a of moving) {
      await tx.insert(activities).values({
        tenantId,
        type: 'appointment_moved',
        data: {
          id: a.id,
          start_time: isoUtc(a.startAt.getTime() + shift),
          previous_start_time: isoUtc(a.startAt),
          created_by: actor.name || actor.email,
          service_name: a.serviceName,
          employee_name: names.get(stylistOf(a)) ?? '',
          previous_employee_name: names.get(a.employeeId) ?? '',
          client_name: a.clientName,
        },
      });
    }
    if (!client.isGuest && moving.length > 0) {
      const joined = (list: string[]) => [...new Set(list)].join(', ');
      const first = moving[0]!;
      const last = moving[moving.length - 1]!;
      await queueMovedEmail(tx, tenantId, client.email, named.a.facilityId, {
        // The visit's confirmation named its first service's appointment: the same calendar event.
        appointmentId: rows[0]!.a.id,
        clientName: named.a.clientName,
        service: moving.map((a) => a.serviceName).join(', '),
        previous: { employee: joined(moving.map((a) => names.get(a.employeeId) ?? '')), start: first.startAt },
        employee: joined(moving.map((a) => names.get(stylistOf(a)) ?? '')),
        start: first.startAt.getTime() + shift,
        end: last.endAt.getTime() + shift,
        sequence: revisionAt(now).sequence,
      });
    }
    const [moved] = await findAppointments(tx, tenantId, eq(appointments.id, named.a.id));
    return moved!;
  });
}
