import 'server-only';
import { and, eq } from 'drizzle-orm';
import { busyParts, segmentsOf } from '@/lib/domain/availability';
import { canBook } from '@/lib/domain/allowance';
import { overlaps } from '@/lib/domain/time';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { activities, appointments, busySlots, leaves, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { queueCancellationEmail, salonOf } from '@/lib/server/notifications/appointment-emails';
import { queueCancelledPush } from '@/lib/server/notifications/appointment-push';
import { busyRangesOf, countPendingOfClient, pendingOfClient } from '@/lib/server/repositories/appointments';
import { findEmployee } from '@/lib/server/repositories/employees';
import { lockClient, shareEmployee } from '@/lib/server/repositories/locks';
import { findUserByEmail, touchClientActivity, type UserRow } from '@/lib/server/repositories/users';
import { insertAppointment, lockBookableEmployee, resolveBooking } from './book-appointment';
import type { StaffAppointmentInsert } from '@/lib/validation/schedules';

const FIVE_MINUTES = 5 * 60_000;

/** The employee flow's booking request (spec section 7, `PATCH /schedules/insert/appointment`); an empty or absent `client_id` books the tenant's guest. */
export type StaffBookingInput = StaffAppointmentInsert;

/**
 * Books an appointment on behalf of a client (staff only; decisions "Staff booking for a client"):
 * an e-mail of a client of the tenant → that client; a new e-mail → a new client (no sign-in yet);
 * no e-mail → the tenant's guest with the typed name. Staff may book outside shifts (walk-ins) and
 * with no 30-day limit, but never in the past nor over an appointment or a leave (409 `slot_taken`).
 * A non-guest client at its allowance → 409 `allowance_exceeded` with `details.appointment`, the
 * conflicting pending appointment. Returns `{ event_id }`.
 */
export async function bookAsStaff(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: StaffBookingInput,
  now = Date.now(),
): Promise<{ event_id: string }> {
  const { employee, service, start, end } = await resolveBooking(db, tenantId, input);
  if (start % FIVE_MINUTES !== 0) throw new ApiError('unprocessable', errorMessage('slotUnavailable'));
  if (start <= now) throw new ApiError('unprocessable', errorMessage('pastDate'));
  const parts = busyParts(start, segmentsOf(service.durationMinutes, service.busySlots));
  const email = input.client_id?.trim().toLowerCase() || null;

  return db.transaction(async (tx) => {
    let client: UserRow | null | undefined;
    if (email) {
      client = await findUserByEmail(tx, tenantId, email);
      if (client && (client.role !== 'client' || client.isGuest)) throw new ApiError('unprocessable', errorMessage('notAClient'));
      if (!client) {
        // Parallel bookings for one new e-mail: one creates the client, the others wait for it and use it.
        const [created] = await tx
          .insert(users)
          .values({ tenantId, email, name: input.client_name, role: 'client' })
          .onConflictDoNothing()
          .returning();
        if (created) {
          client = created;
          await tx.insert(activities).values({ tenantId, type: 'user_created', data: { name: input.client_name, email } });
        } else {
          client = await findUserByEmail(tx, tenantId, email);
          if (client && (client.role !== 'client' || client.isGuest)) throw new ApiError('unprocessable', errorMessage('notAClient'));
        }
      }
    } else {
      [client] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.isGuest, true))).limit(1);
    }
    if (!client) throw new ApiError('not_found', errorMessage('userNotFound'));
    if (!client.isGuest) {
      // The lock order of lib/server/repositories/locks.ts: the client's account, then the stylist's.
      // A deletion that committed while this waited leaves nobody to book for: 409, and a retry books
      // the e-mail as a new client.
      const locked = await lockClient(tx, tenantId, client.id);
      if (!locked || locked.deletedAt) throw new ApiError('conflict', errorMessage('conflict'));
      client = locked;
      const pending = await countPendingOfClient(tx, tenantId, client.id, new Date(now));
      if (!canBook(pending, client.nAppointmentsAllowed)) {
        const [first] = await pendingOfClient(tx, tenantId, client.id, new Date(now));
        throw new ApiError('allowance_exceeded', errorMessage('clientHasPending'), { appointment: first });
      }
    }
    await lockBookableEmployee(tx, tenantId, employee.id, service.id);
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, end);
    if (parts.some((p) => busy.some((b) => overlaps(b, p)))) throw new ApiError('slot_taken', errorMessage('slotTaken'));
    const id = await insertAppointment(tx, {
      tenantId,
      facilityId: input.facility_id,
      employee,
      client: { id: client.id, email: client.email },
      person: { id: client.id, name: input.client_name },
      service,
      start,
      parts,
      createdBy: actor.id,
      createdByRole: 'staff',
    });
    return { event_id: id };
  });
}

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
  now = Date.now(),
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
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, end);
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
      })
      .returning({ id: leaves.id });
    await tx.insert(busySlots).values({
      tenantId,
      employeeId: employee.id,
      leaveId: leave!.id,
      startAt: new Date(start),
      endAt: new Date(end),
    });
    return { event_id: leave!.id };
  });
}

/**
 * Unblocks a slot (spec section 7, `PATCH /schedules/delete/leave`): deletes the leave and frees its time.
 * Errors: 404 unknown leave (or of another stylist), 422 a past leave.
 */
export async function unblockSlot(
  db: Db,
  tenantId: number,
  input: { id: string; employee_id: string },
  now = Date.now(),
): Promise<void> {
  const employee = await findEmployee(db, tenantId, input.employee_id);
  if (!employee) throw new ApiError('not_found', errorMessage('leaveNotFound'));
  const [leave] = await db
    .select()
    .from(leaves)
    .where(and(eq(leaves.tenantId, tenantId), eq(leaves.id, input.id), eq(leaves.employeeId, employee.id)))
    .limit(1);
  if (!leave) throw new ApiError('not_found', errorMessage('leaveNotFound'));
  if (leave.endAt.getTime() < now) throw new ApiError('unprocessable', errorMessage('cannotUnblockPast'));
  await db.delete(leaves).where(and(eq(leaves.tenantId, tenantId), eq(leaves.id, leave.id)));
}

/**
 * Cancels an appointment (spec section 7, `PATCH /schedules/cancel/appointment`; decisions
 * "Cancellation"): status `cancelled` with who, when and the reason; its time is freed at once; an
 * `appointment_cancelled` activity and, unless the client is the guest, the cancellation e-mail and a push
 * to the client (when it has a push token) in the outbox — all in one transaction. Errors: 404 unknown, 409 already cancelled, 422 past.
 */
export async function cancelAppointment(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: { appointment_id: string; notes?: string | null },
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ a: appointments, client: users })
      .from(appointments)
      .innerJoin(users, and(eq(users.tenantId, appointments.tenantId), eq(users.id, appointments.clientId)))
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, input.appointment_id)))
      .for('update', { of: appointments })
      .limit(1);
    if (!row) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    const { a } = row;
    if (a.status === 'cancelled') throw new ApiError('conflict', errorMessage('alreadyCancelled'));
    if (a.endAt.getTime() < now) throw new ApiError('unprocessable', errorMessage('cannotCancelPast'));
    await writeCancellation(tx, tenantId, actor, row, input.notes?.trim() || null, now);
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
 * `client.email` in the outbox. The caller checks that it may be cancelled (and locks the row).
 */
export async function writeCancellation(
  tx: Tx,
  tenantId: number,
  actor: SessionUser,
  row: { a: typeof appointments.$inferSelect; client: UserRow },
  notes: string | null,
  now: number,
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
    },
  });
  if (!client.isGuest) {
    await queueCancellationEmail(tx, tenantId, client.email, a, employee?.name ?? '', notes);
  }
}
