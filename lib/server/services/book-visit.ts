import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { clientWindowEnd, staffStartError } from '@/lib/domain/availability';
import { isoUtc, madridDate, madridWallClock, overlaps } from '@/lib/domain/time';
import { assignVisit, planWithStylist, visitParts, visitStarts, type VisitPart, type VisitService } from '@/lib/domain/visit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import type { KeyClaim } from '@/lib/server/idempotency';
import { errorMessage } from '@/lib/server/messages';
import { queueBookingConfirmation } from '@/lib/server/notifications/appointment-emails';
import { queueBookedPush } from '@/lib/server/notifications/appointment-push';
import { planConfirmation } from '@/lib/server/notifications/confirmations';
import { busyRangesOf } from '@/lib/server/repositories/busy-slots';
import { findEmployee, teamDayOf, type TeamDay } from '@/lib/server/repositories/employees';
import { visitServicesOf, type VisitServiceRow } from '@/lib/server/repositories/services';
import { findHoldWithEmployee, freeHold, markHoldBooked } from '@/lib/server/repositories/holds';
import { shareEmployee } from '@/lib/server/repositories/locks';
import type { ClientAppointmentInsert, StaffAppointmentInsert } from '@/lib/validation/schedules';
import { visitStylistsOf } from './availability';
import { assertClientWindow, insertAppointment, lockBookableEmployee, lockBookingClient, staffBookingClient } from './book-appointment';

/** The answer of a visit's booking (beyond-the-spec section 2): the first appointment, the visit, every appointment. */
export type VisitBooked = {
  event_id: string;
  visit_id: string;
  appointments: { id: string; employee_id: string; service_id: number; start_time: string; end_time: string }[];
};

type ServiceRow = VisitServiceRow;

/**
 * Books a visit for a signed-in client (beyond-the-spec section 2): `serviceIds` (1–4, any order: the visit
 * takes the salon's order of its services) back to back from `start_time`, by the stylist `employee_id` names
 * or, with `any`, each service by a stylist chosen in the transaction (lib/domain/visit.ts `assignVisit`: the
 * client's last stylist for the service, else the fewest booked minutes that day, else the lowest e-mail).
 * The client rules of one booking hold (ownership, the 30-day window, the allowance counting the visit once,
 * one pending visit per person) and the start must be one the visit's availability offers. All or nothing:
 * one transaction; the exclusion constraint per stylist stays the last judge. "Cualquier estilista"
 * bookings of one date take turns (a transaction advisory lock), so parallel ones assign different stylists.
 * One confirmation e-mail describes the whole visit. `input.hold_id`: the client's live hold of this visit
 * (`POST /holds` with the same services, start and stylist or `any`), found by the account or by `holderHash`
 * (the browser's holder cookie): its time is freed for the booking and the hold marked booked; a hold of
 * another visit is 422; an expired, unknown or someone else's hold changes nothing.
 * Errors: 403 another account; 404 a service or the stylist; 409 `slot_taken` / `allowance_exceeded` /
 * the person's pending visit; 422 past, beyond 30 days, a service the stylist does not offer, not a bookable start.
 */
export async function bookVisitAsClient(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: ClientAppointmentInsert & { service_ids: number[] },
  now: number,
  once?: KeyClaim<VisitBooked>,
  holderHash: string | null = null,
): Promise<VisitBooked> {
  if (input.client_id !== actor.email) throw new ApiError('forbidden', errorMessage('forbidden'));
  const start = Date.parse(input.start_time);
  assertClientWindow(start, now);
  const rows = await visitServiceRows(db, tenantId, input.service_ids);

  return db.transaction(async (tx) => {
    await once?.claim(tx);
    // The lock order of lib/server/repositories/locks.ts: the client's account, then the stylists'.
    const { client, person } = await lockBookingClient(tx, tenantId, actor, input.user_id, now);
    const hold = input.hold_id ? await findHoldWithEmployee(tx, tenantId, input.hold_id, { hash: holderHash, userId: client.id }) : null;
    const usable = hold && hold.appointmentId === null && hold.expiresAt > now ? hold : null;
    if (usable) {
      const sameStylist = input.employee_id === 'any' ? usable.anyStylist : !usable.anyStylist && usable.employeeEmail === input.employee_id;
      if (!sameStylist || usable.start !== start || usable.serviceIds.join() !== rows.map((r) => r.id).join()) {
        throw new ApiError('unprocessable', errorMessage('holdMismatch'));
      }
      await freeHold(tx, tenantId, usable.id);
    }

    const result = await bookClientVisit(tx, tenantId, { client, person }, { rows, employee: input.employee_id, start, facilityId: input.facility_id }, now);
    if (usable) await markHoldBooked(tx, tenantId, usable.id, result.event_id);
    await once?.record(tx, result);
    return result;
  });
}

/**
 * Books a client's visit inside the caller's transaction, with the client's account locked and checked
 * (`lockBookingClient`): plans it with the client rules (`planVisit`: the 30-day window, a start the
 * availability offers, "Cualquier estilista" assigned) and writes it (`insertVisit`). Errors as `planVisit`.
 */
export async function bookClientVisit(
  tx: Tx,
  tenantId: number,
  who: { client: { id: string; email: string; name: string | null }; person: { id: string; name: string | null } },
  q: { rows: ServiceRow[]; employee: string; start: number; facilityId: number },
  now: number,
): Promise<VisitBooked> {
  const { client, person } = who;
  const parts = await planVisit(tx, tenantId, { rows: q.rows, employee: q.employee, start: q.start, now, clientId: client.id, until: clientWindowEnd(now) });
  return insertVisit(tx, tenantId, parts, q.rows, {
    facilityId: q.facilityId,
    client: { id: client.id, email: client.email, name: client.name ?? '' },
    person: { id: person.id, name: person.name || client.name || '' },
    createdBy: client.id,
    createdByRole: 'client',
    now,
  });
}

/** The live services of a visit in the salon's order; 404 when one is missing. */
export async function visitServiceRows(db: Db, tenantId: number, ids: number[]): Promise<ServiceRow[]> {
  const rows = await visitServicesOf(db, tenantId, ids);
  if (rows.length !== ids.length) throw new ApiError('not_found', errorMessage('serviceNotFound'));
  return rows;
}

/**
 * The visit's parts at `start`, with the stylists' locks held (shared, as a single booking takes them) and
 * their schedules and busy time read after: one stylist (`employee` an e-mail) or "Cualquier estilista"
 * (`any`, assigned by `assignVisit` with the loads of the day and the last stylists of `clientId`, the
 * client's account; null for a visitor). Errors: 404 the stylist; 409 `slot_taken`; 422 a service the stylist
 * does not offer, or a start the visit's availability never offers.
 */
export async function planVisit(
  tx: Tx,
  tenantId: number,
  q: { rows: ServiceRow[]; employee: string; start: number; now: number; clientId: string | null; until: number | null },
): Promise<(VisitPart & { employeeUserId: string; employeeName: string })[]> {
  const any = q.employee === 'any';
  const date = madridDate(q.start);
  const ids = q.rows.map((r) => r.id);
  if (any) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`klok:visit-any:${tenantId}:${date}`}))`);
  const team: TeamDay[] = await teamDayOf(tx, tenantId, date, ids, any ? undefined : q.employee);
  if (!any && team.length === 0) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const locked: TeamDay[] = [];
  for (const member of [...team].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (await shareEmployee(tx, tenantId, member.id)) locked.push(member);
  }
  if (!any && (locked.length === 0 || ids.some((id) => !locked[0]!.offers.includes(id)))) {
    throw new ApiError(locked.length === 0 ? 'not_found' : 'unprocessable', errorMessage(locked.length === 0 ? 'employeeNotFound' : 'serviceNotOffered'));
  }
  // Read after the locks: a schedule change or a booking that committed first is seen.
  const fresh = await teamDayOf(tx, tenantId, date, ids, any ? undefined : q.employee);
  const stylists = await visitStylistsOf(tx, tenantId, date, fresh.filter((m) => locked.some((l) => l.id === m.id)), q.now);
  const visit: VisitService[] = q.rows.map((r) => ({ id: r.id, durationMinutes: r.durationMinutes, segments: r.segments }));
  const offered = (withBusy: boolean) =>
    visitStarts({ services: visit, stylists: withBusy ? stylists : stylists.map((s) => ({ ...s, busy: [] })), anyStylist: any, now: q.now, until: q.until }).includes(q.start);
  if (!offered(true)) throw new ApiError(offered(false) ? 'slot_taken' : 'unprocessable', errorMessage(offered(false) ? 'slotTaken' : 'slotUnavailable'));

  let parts: VisitPart[] | null;
  if (any) {
    const [loads, last] = await Promise.all([
      bookedMinutesOf(tx, tenantId, date),
      q.clientId ? lastStylistsOf(tx, tenantId, q.clientId, ids) : new Map<number, string>(),
    ]);
    parts = assignVisit({
      services: visit,
      start: q.start,
      stylists: stylists.map((s) => ({ ...s, bookedMinutes: loads.get(s.userId) ?? 0 })),
      lastStylistByService: new Map([...last].flatMap(([service, userId]) => {
        const who = stylists.find((s) => s.userId === userId);
        return who ? [[service, who.id] as [number, string]] : [];
      })),
    });
  } else {
    parts = planWithStylist(visit, q.start, stylists[0]!);
  }
  if (!parts) throw new ApiError('slot_taken', errorMessage('slotTaken'));
  return parts.map((p) => {
    const who = stylists.find((s) => s.id === p.stylistId)!;
    return { ...p, employeeUserId: who.userId, employeeName: who.name };
  });
}

/** Booked minutes per stylist (user id) on a Madrid date: every appointment starting that day but the cancelled ones. */
async function bookedMinutesOf(tx: Tx, tenantId: number, date: string): Promise<Map<string, number>> {
  const from = new Date(madridWallClock(date, 0));
  const to = new Date(madridWallClock(date, 1440));
  const rows = await tx
    .select({ employeeId: appointments.employeeId, minutes: sql<number>`coalesce(sum(extract(epoch from ${appointments.endAt} - ${appointments.startAt}) / 60), 0)::float8` })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), ne(appointments.status, 'cancelled'), sql`${appointments.startAt} >= ${from.toISOString()}::timestamptz and ${appointments.startAt} < ${to.toISOString()}::timestamptz`))
    .groupBy(appointments.employeeId);
  return new Map(rows.map((r) => [r.employeeId, Number(r.minutes)]));
}

/** The stylist (user id) of the account's latest appointment of each service among `serviceIds` (pending included, cancelled not). */
async function lastStylistsOf(tx: Tx, tenantId: number, clientId: string, serviceIds: number[]): Promise<Map<number, string>> {
  const rows = await tx
    .select({ serviceId: appointments.serviceId, employeeId: appointments.employeeId })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.clientId, clientId), ne(appointments.status, 'cancelled'), inArray(appointments.serviceId, serviceIds)))
    .orderBy(desc(appointments.startAt));
  const last = new Map<number, string>();
  for (const r of rows) if (r.serviceId !== null && !last.has(r.serviceId)) last.set(r.serviceId, r.employeeId);
  return last;
}

/**
 * Writes every part of a visit under one new `visit_id`, then one confirmation e-mail (none for the guest),
 * for a client's own booking one push per stylist-part, and the visit's confirm-or-release schedule.
 */
async function insertVisit(
  tx: Tx,
  tenantId: number,
  parts: (VisitPart & { employeeUserId: string; employeeName: string })[],
  rows: ServiceRow[],
  who: {
    facilityId: number;
    client: { id: string; email: string; name: string };
    person: { id: string; name: string };
    createdBy: string;
    createdByRole: 'client' | 'staff';
    now: number;
  },
): Promise<VisitBooked> {
  const visitId = randomUUID();
  const booked: VisitBooked['appointments'] = [];
  for (const part of parts) {
    const service = rows.find((r) => r.id === part.serviceId)!;
    const id = await insertAppointment(tx, {
      tenantId,
      facilityId: who.facilityId,
      employee: { id: part.employeeUserId, name: part.employeeName },
      client: who.client,
      person: who.person,
      service: { id: service.id, name: service.name, priceCents: service.priceCents, durationMinutes: service.durationMinutes },
      start: part.start,
      parts: part.busy,
      createdBy: who.createdBy,
      createdByRole: who.createdByRole,
      now: who.now,
      visitId,
      confirmation: false,
    });
    if (who.createdByRole === 'client') {
      await queueBookedPush(tx, tenantId, { id, employeeId: part.employeeUserId, clientName: who.person.name, serviceName: service.name, start: part.start });
    }
    booked.push({ id, employee_id: part.stylistId, service_id: service.id, start_time: isoUtc(part.start), end_time: isoUtc(part.end) });
  }
  await queueBookingConfirmation(tx, tenantId, booked[0]!.id);
  await planConfirmation(tx, tenantId, { ids: booked.map((b) => b.id), start: Math.min(...parts.map((p) => p.start)), clientId: who.client.id }, who.now);
  return { event_id: booked[0]!.id, visit_id: visitId, appointments: booked };
}

/**
 * Books a visit on behalf of a client (staff; beyond-the-spec section 2 with decisions "Staff booking for a
 * client"): `service_ids` (1–4, any order: the salon's order is taken) back to back from `start_time` by the
 * stylist `employee_id`, for the client `client_id` names (a new e-mail makes a new client; none, the guest).
 * Staff rules of one booking: outside shifts and off the 15-minute grid allowed, from the current minute
 * rounded down to 5, never over an appointment, a leave or a hold (409 `slot_taken`); the allowance is the
 * wizard's to confirm. All or nothing in one transaction; one confirmation e-mail for the visit.
 * Errors: 404 stylist or service; 409 `slot_taken` or the client deleted meanwhile; 422 past, a service the
 * stylist does not offer, an e-mail of staff.
 */
export async function bookVisitAsStaff(
  db: Db,
  tenantId: number,
  actor: SessionUser,
  input: StaffAppointmentInsert & { service_ids: number[] },
  now: number,
  once?: KeyClaim<VisitBooked>,
): Promise<VisitBooked> {
  const start = Date.parse(input.start_time);
  const startError = staffStartError(start, now);
  if (startError) throw new ApiError('unprocessable', errorMessage(startError));
  const rows = await visitServiceRows(db, tenantId, input.service_ids);
  const employee = await findEmployee(db, tenantId, input.employee_id);
  if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const visit: VisitService[] = rows.map((r) => ({ id: r.id, durationMinutes: r.durationMinutes, segments: r.segments }));
  const parts = visitParts(visit, start, input.employee_id);

  return db.transaction(async (tx) => {
    await once?.claim(tx);
    // The lock order of lib/server/repositories/locks.ts: the client's account, then the stylist's.
    const client = await staffBookingClient(tx, tenantId, input);
    for (const r of rows) await lockBookableEmployee(tx, tenantId, employee.id, r.id);
    const busy = await busyRangesOf(tx, tenantId, employee.id, start, parts[parts.length - 1]!.end, now);
    if (parts.some((p) => p.busy.some((b) => busy.some((x) => overlaps(x, b))))) throw new ApiError('slot_taken', errorMessage('slotTaken'));
    const result = await insertVisit(
      tx,
      tenantId,
      parts.map((p) => ({ ...p, employeeUserId: employee.id, employeeName: employee.name })),
      rows,
      {
        facilityId: input.facility_id,
        client: { id: client.id, email: client.email, name: client.name ?? '' },
        person: { id: client.id, name: input.client_name },
        createdBy: actor.id,
        createdByRole: 'staff',
        now,
      },
    );
    await once?.record(tx, result);
    return result;
  });
}
