import 'server-only';
import { and, eq } from 'drizzle-orm';
import { availableStarts, busyParts, clientWindowEnd, openIntervals, segmentsOf, staffStartError, type BusySegment } from '@/lib/domain/availability';
import { bookingOptions } from '@/lib/domain/allowance';
import { isoUtc, madridDate, MINUTE_MS, overlaps } from '@/lib/domain/time';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { activities, appointments, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import type { KeyClaim } from '@/lib/server/idempotency';
import { errorMessage } from '@/lib/server/messages';
import { queueBookingConfirmation } from '@/lib/server/notifications/appointment-emails';
import { queueBookedPush } from '@/lib/server/notifications/appointment-push';
import { planConfirmation } from '@/lib/server/notifications/confirmations';
import { pendingUserIdsOfClient } from '@/lib/server/repositories/appointments';
import { busyRangesOf, insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { findEmployee, scheduleOf } from '@/lib/server/repositories/employees';
import { findHold, freeHold, markHoldBooked } from '@/lib/server/repositories/holds';
import { findService, offersService } from '@/lib/server/repositories/services';
import { lockClient, shareEmployee } from '@/lib/server/repositories/locks';
import { findUserByEmail, touchClientActivity, type UserRow } from '@/lib/server/repositories/users';
import { reliabilityOf } from './reliability';
import type { ClientAppointmentInsert, StaffAppointmentInsert } from '@/lib/validation/schedules';

/** The client flow's booking request of one service by a named stylist (spec section 7, `PATCH /schedules/insert/appointment`). */
export type ClientBookingInput = Omit<ClientAppointmentInsert, 'service_id' | 'service_ids'> & { service_id: number };

/**
 * Books an appointment for a signed-in client (spec sections 4, 5 and 7; decisions "Allowance",
 * "Sub-users", "Busy parts"). Everything is re-checked on the server inside one transaction:
 * ownership (a client books only for itself or its sub-users), the stylist offers the service,
 * the start is a bookable hour (shifts, past, 30-day window, free busy parts), the allowance
 * (pending strictly below `n_appointments_allowed`). The exclusion constraint is the last guard.
 * Returns the new appointment's id. Errors: 403 (another account), 404 (stylist, service),
 * 409 `slot_taken` / `allowance_exceeded`, 422 (not offered, outside window, past, not a bookable hour).
 * `once`: the request's `Idempotency-Key`, claimed first and answered last inside the transaction
 * (lib/server/idempotency.ts). `input.hold_id`: the client's live hold of this hour (beyond-the-spec section 1),
 * found by the account or by `holderHash` (the browser's holder cookie): its time becomes the booking's, and
 * the hold is marked booked; a hold of another hour is 422; an expired, unknown or someone else's hold
 * changes nothing.
 */
export async function bookAsClient(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: ClientBookingInput,
  now: number,
  once?: KeyClaim<{ event_id: string }>,
  holderHash: string | null = null,
): Promise<{ event_id: string }> {
  if (input.client_id !== actor.email) throw new ApiError('forbidden', errorMessage('forbidden'));
  const { employee, service, start } = await resolveBooking(db, tenantId, input);
  assertClientWindow(start, now);
  const segments = segmentsOf(service.durationMinutes, service.busySlots);
  const parts = busyParts(start, segments);

  return db.transaction(async (tx) => {
    // The key first: a second request with it waits here for the first, before any lock of the booking.
    await once?.claim(tx);
    // The lock order of lib/server/repositories/locks.ts: the client's account, then the stylist's.
    const { client, person } = await lockBookingClient(tx, tenantId, actor, input.user_id, now);
    await lockBookableEmployee(tx, tenantId, employee.id, service.id);

    // The client's own hold of this hour gives its time to the booking (a hold of someone else stays in the way).
    const hold = input.hold_id ? await findHold(tx, tenantId, input.hold_id, { hash: holderHash, userId: client.id }) : null;
    const usable = hold && hold.appointmentId === null && hold.expiresAt > now;
    if (usable) {
      if (hold.anyStylist || hold.serviceIds.length > 1 || hold.employeeId !== employee.id || hold.serviceId !== service.id || hold.start !== start) {
        throw new ApiError('unprocessable', errorMessage('holdMismatch'));
      }
      await freeHold(tx, tenantId, hold.id);
    }
    await assertClientStart(tx, tenantId, employee.id, { durationMinutes: service.durationMinutes, segments }, start, now);

    const id = await insertAppointment(tx, {
      tenantId,
      facilityId: input.facility_id,
      employee,
      client: { id: client.id, email: client.email, name: client.name ?? '' },
      person: { id: person.id, name: person.name || client.name },
      service,
      start,
      parts,
      createdBy: client.id,
      createdByRole: 'client',
      now,
    });
    if (usable) await markHoldBooked(tx, tenantId, hold.id, id);
    await queueBookedPush(tx, tenantId, {
      id,
      employeeId: employee.id,
      clientName: person.name || client.name,
      serviceName: service.name,
      start,
    });
    const result = { event_id: id };
    await once?.record(tx, result);
    return result;
  });
}

/**
 * The employee flow's booking request of one service (spec section 7, `PATCH /schedules/insert/appointment`);
 * an empty or absent `client_id` books the tenant's guest.
 */
export type StaffBookingInput = Omit<StaffAppointmentInsert, 'service_id' | 'service_ids'> & { service_id: number };

/**
 * Books an appointment on behalf of a client (staff only; decisions "Staff booking for a client"):
 * an e-mail of a client of the tenant → that client; a new e-mail → a new client (no sign-in yet);
 * no e-mail → the tenant's guest with the typed name. Staff may book outside shifts (walk-ins), off the
 * 15-minute grid (on the 5-minute one) and with no 30-day limit, from the current minute rounded down to
 * 5 (`staffStartError`: a walk-in at 14:02 starts at 14:00) but never earlier (422 `pastDate`), and never
 * over an appointment or a leave (409 `slot_taken`).
 * The allowance limits a client's own bookings only: staff may book a client beyond it (the wizard
 * asks first). Returns `{ event_id }`. `once`: the request's `Idempotency-Key`, as in `bookAsClient`.
 */
export async function bookAsStaff(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: StaffBookingInput,
  now: number,
  once?: KeyClaim<{ event_id: string }>,
): Promise<{ event_id: string }> {
  const { employee, service, start, end } = await resolveBooking(db, tenantId, input);
  const startError = staffStartError(start, now);
  if (startError) throw new ApiError('unprocessable', errorMessage(startError));
  const parts = busyParts(start, segmentsOf(service.durationMinutes, service.busySlots));

  return db.transaction(async (tx) => {
    await once?.claim(tx);
    const client = await staffBookingClient(tx, tenantId, input);
    await lockBookableEmployee(tx, tenantId, employee.id, service.id);
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, end, now);
    if (parts.some((p) => busy.some((b) => overlaps(b, p)))) throw new ApiError('slot_taken', errorMessage('slotTaken'));
    const id = await insertAppointment(tx, {
      tenantId,
      facilityId: input.facility_id,
      employee,
      client: { id: client.id, email: client.email, name: client.name ?? '' },
      person: { id: client.id, name: input.client_name },
      service,
      start,
      parts,
      createdBy: actor.id,
      createdByRole: 'staff',
      now,
    });
    const result = { event_id: id };
    await once?.record(tx, result);
    return result;
  });
}

/**
 * The client of a staff booking, inside its transaction and first in the lock order (decisions "Staff booking
 * for a client"): an e-mail of a client of the tenant → that client (locked); a new e-mail → a new client
 * named `client_name`; no e-mail → the tenant's guest. Errors: 404 no guest, 409 the client was deleted
 * meanwhile, 422 the e-mail is staff's.
 */
export async function staffBookingClient(tx: Tx, tenantId: number, input: Pick<StaffAppointmentInsert, 'client_id' | 'client_name'>): Promise<UserRow> {
  const email = input.client_id || null;
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
    // The client lock serialises this booking with the client's own bookings (whose allowance check
    // counts it) and with the client's deletion, in the lock order of lib/server/repositories/locks.ts:
    // the client's account, then the stylist's. A deletion that committed while this waited leaves
    // nobody to book for: 409, and a retry books the e-mail as a new client.
    const locked = await lockClient(tx, tenantId, client.id);
    if (!locked || locked.deletedAt) throw new ApiError('conflict', errorMessage('conflict'));
    client = locked;
  }
  return client;
}

/** What `insertAppointment` writes. Instants in epoch ms; `parts` are the busy parts. */
export type NewAppointment = {
  tenantId: number;
  facilityId: number;
  employee: { id: string; name: string };
  client: { id: string; email: string; name: string };
  person: { id: string; name: string };
  service: { id: number; name: string; priceCents: number; durationMinutes: number };
  start: number;
  parts: { start: number; end: number }[];
  createdBy: string;
  createdByRole: 'client' | 'staff';
  /** The request's instant (epoch ms): the appointment's `created_at`. */
  now: number;
  /** The visit it is a service of, when booked with others (beyond-the-spec section 2); none for one booked alone. */
  visitId?: string;
  /** Whether to queue its own confirmation e-mail (a visit queues one for all its services). Default true. */
  confirmation?: boolean;
};

/**
 * Writes an appointment, its busy parts (guarded by the exclusion constraint) and its activity
 * (`client_appointment_created` or `employee_appointment_created`) inside the caller's transaction, and
 * bumps the client's `last_activity_at` (the client list's order), and queues the confirmation e-mail to the
 * client (with the `.ics` reminder attached; never for the guest), and, for one booked alone, plans its
 * confirmation (`planConfirmation`). Returns the appointment id.
 */
export async function insertAppointment(tx: Tx, a: NewAppointment): Promise<string> {
  const end = a.start + a.service.durationMinutes * MINUTE_MS;
  const [created] = await tx
    .insert(appointments)
    .values({
      tenantId: a.tenantId,
      facilityId: a.facilityId,
      employeeId: a.employee.id,
      clientId: a.client.id,
      userId: a.person.id,
      clientName: a.person.name,
      serviceId: a.service.id,
      serviceName: a.service.name,
      servicePriceCents: a.service.priceCents,
      startAt: new Date(a.start),
      endAt: new Date(end),
      createdBy: a.createdBy,
      createdByRole: a.createdByRole,
      createdAt: new Date(a.now),
      visitId: a.visitId ?? null,
    })
    .returning({ id: appointments.id });
  const id = created!.id;
  await insertBusySlots(
    tx,
    a.parts.map((p) => ({ tenantId: a.tenantId, employeeId: a.employee.id, appointmentId: id, start: p.start, end: p.end })),
    a.now,
  );
  await touchClientActivity(tx, a.tenantId, a.client.id);
  const [creator] = await tx.select({ email: users.email, name: users.name }).from(users).where(and(eq(users.tenantId, a.tenantId), eq(users.id, a.createdBy)));
  await tx.insert(activities).values({
    tenantId: a.tenantId,
    type: a.createdByRole === 'client' ? 'client_appointment_created' : 'employee_appointment_created',
    data: {
      id,
      start_time: isoUtc(a.start),
      created_by: a.createdByRole === 'client' ? creator?.email : creator?.name || creator?.email,
      service_name: a.service.name,
      employee_name: a.employee.name,
      client_name: a.person.name,
      // Whose account a family member's booking was made from (none when the holder books for themself).
      ...(a.person.id !== a.client.id ? { account_name: a.client.name || a.client.email } : {}),
    },
  });
  // The confirmation e-mail (with the .ics), committed with the booking; none for the guest.
  if (a.confirmation !== false) await queueBookingConfirmation(tx, a.tenantId, id);
  // Confirm or release: a visit plans its services together once they are all written.
  if (!a.visitId) await planConfirmation(tx, a.tenantId, { ids: [id], start: a.start, clientId: a.client.id }, a.now);
  return id;
}

/**
 * Takes the booking's shared lock on the stylist (`shareEmployee`) and checks again, with it held, what
 * a stylist's removal or a change of the services offered may have changed since `resolveBooking`:
 * 404 `not_found` when the stylist was removed, 422 when it no longer offers the service. Bookings of one
 * stylist take this lock side by side; removal and schedule changes take it exclusively.
 */
export async function lockBookableEmployee(tx: Tx, tenantId: number, employeeId: string, serviceId: number): Promise<void> {
  if (!(await shareEmployee(tx, tenantId, employeeId))) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  if (!(await offersService(tx, tenantId, employeeId, serviceId))) {
    throw new ApiError('unprocessable', errorMessage('serviceNotOffered'));
  }
}

/**
 * The common front of both booking flows: the stylist (404), the service (404), that the stylist offers
 * it (422), and the instants: `start` from `start_time`, `end` = start + duration, which a given
 * `end_time` must match (422). Instants in epoch ms.
 */
export async function resolveBooking(
  db: Db,
  tenantId: number,
  input: { employee_id: string; service_id: number; start_time: string; end_time?: string },
) {
  const employee = await findEmployee(db, tenantId, input.employee_id);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const service = await findService(db, tenantId, input.service_id);
  if (!service) throw new ApiError('not_found', errorMessage('serviceNotFound'));
  if (!(await offersService(db, tenantId, employee.id, service.id))) {
    throw new ApiError('unprocessable', errorMessage('serviceNotOffered'));
  }
  const start = Date.parse(input.start_time);
  const end = start + service.durationMinutes * MINUTE_MS;
  if (input.end_time !== undefined && Date.parse(input.end_time) !== end) {
    throw new ApiError('unprocessable', errorMessage('slotUnavailable'));
  }
  return { employee, service, start, end };
}

/**
 * The client's side of a client's booking, first in the lock order: locks the client's account (it
 * serialises the account's bookings, for the allowance, and its deletion: a deletion that committed first
 * shows here, and the session it ended answers as it would now), finds the person booked for (`userId`: the
 * client or a sub-user; 422 otherwise) and applies the rules Mis citas and the wizard read too
 * (`bookingOptions`): the client's reliability (403 `booking_restricted` for `restringido` and `bloqueado`,
 * beyond-the-spec section 3), the allowance counting pending visits (409 `allowance_exceeded`), then one
 * pending visit per person (409). 401 when the account is gone. With `restrictedAllowed` (a waitlist entry
 * staff added for the client) the reliability does not refuse.
 */
export async function lockBookingClient(tx: Tx, tenantId: number, actor: Pick<SessionUser, 'id' | 'email'>, userId: string, now: number, opts: { restrictedAllowed?: boolean } = {}) {
  const client = await lockClient(tx, tenantId, actor.id);
  if (!client || client.deletedAt || client.email !== actor.email) throw new ApiError('unauthenticated', errorMessage('unauthenticated'));
  const person = [{ id: client.id, name: client.name }, ...client.subUsers].find((p) => p.id === userId);
  if (!person) throw new ApiError('unprocessable', errorMessage('personNotFound'));
  const pendingUserIds = await pendingUserIdsOfClient(tx, tenantId, client.id, new Date(now));
  const { tier } = await reliabilityOf(tx, tenantId, client, now);
  const options = bookingOptions({ id: client.id, name: client.name ?? '' }, client.subUsers, pendingUserIds, client.nAppointmentsAllowed, opts.restrictedAllowed ? undefined : tier);
  if (options.blocked === 'restricted') throw new ApiError('booking_restricted', errorMessage('bookingRestricted'));
  if (options.blocked === 'allowanceReached') throw new ApiError('allowance_exceeded', errorMessage('allowanceExceeded'));
  if (!options.people.some((p) => p.id === person.id)) throw new ApiError('conflict', errorMessage('personBusy'));
  return { client, person };
}

/** 422 unless `start` (epoch ms) lies after `now` and inside the client's 30-day window (spec section 5). */
export function assertClientWindow(start: number, now: number): void {
  if (start <= now) throw new ApiError('unprocessable', errorMessage('pastDate'));
  if (start >= clientWindowEnd(now)) throw new ApiError('unprocessable', errorMessage('outsideWindow'));
}

/**
 * Checks, inside the caller's transaction and with the stylist's lock held (a schedule change that committed
 * first is seen), that `start` (epoch ms) is an hour the client availability offers for a service of
 * `durationMinutes` with busy `segments`: every busy part free at `now` (409 `slot_taken` otherwise) and the
 * start on the 15-minute grid of an open interval with the whole service inside it (422 `slotUnavailable`).
 */
export async function assertClientStart(
  tx: Tx,
  tenantId: number,
  employeeId: string,
  service: { durationMinutes: number; segments: BusySegment[] },
  start: number,
  now: number,
): Promise<void> {
  const date = madridDate(start);
  const { week, special } = await scheduleOf(tx, tenantId, employeeId, date);
  const open = openIntervals(date, week, special);
  const end = start + service.durationMinutes * MINUTE_MS;
  const busy = await busyRangesOf(tx, tenantId, employeeId, start, end, now);
  if (busyParts(start, service.segments).some((p) => busy.some((b) => overlaps(b, p)))) {
    throw new ApiError('slot_taken', errorMessage('slotTaken'));
  }
  const offered = availableStarts({ date, open, busy, durationMinutes: service.durationMinutes, segments: service.segments, now, until: null });
  if (!offered.includes(start)) throw new ApiError('unprocessable', errorMessage('slotUnavailable'));
}
