/**
 * Queues the e-mails about appointments in the caller's transaction, rendered from the
 * templates with the salon's name, address and phone: the booking confirmation (with the `.ics`
 * reminder attached), the move and the cancellation by the salon (of one appointment or a whole visit). Never
 * for the tenant's guest (decisions "Guest").
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointments, facilities, users } from '@/lib/server/db/schema';
import { queueEmail } from './outbox';
import { appointmentCancelledEmail, appointmentConfirmedEmail, appointmentMovedEmail, type AppointmentMovedInput, type Salon } from './templates';

/** The salon (facility) as the e-mails show it; the tenant's name when the facility is missing. */
export async function salonOf(db: DbOrTx, tenantId: number, facilityId = 1): Promise<Salon> {
  const [f] = await db
    .select({ name: facilities.name, address: facilities.address, phone: facilities.tlf })
    .from(facilities)
    .where(and(eq(facilities.tenantId, tenantId), eq(facilities.id, facilityId)));
  return f ?? { name: '', address: null, phone: null };
}

const client = alias(users, 'client');
const employee = alias(users, 'employee');

/**
 * Queues the confirmation of a just-booked appointment to its client's e-mail, with the `.ics` reminder
 * attached; nothing for the guest (walk-ins). An appointment of a visit (beyond-the-spec section 2) confirms
 * the whole visit: its services and stylists in order, one event from the first start to the last end.
 * Returns whether an e-mail was queued.
 */
export async function queueBookingConfirmation(tx: DbOrTx, tenantId: number, appointmentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ a: appointments, email: client.email, isGuest: client.isGuest, employeeName: employee.name })
    .from(appointments)
    .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
    .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)));
  if (!row || row.isGuest || !row.email) return false;
  const parts = row.a.visitId
    ? await tx
        .select({ serviceName: appointments.serviceName, employeeName: employee.name, startAt: appointments.startAt, endAt: appointments.endAt })
        .from(appointments)
        .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.visitId, row.a.visitId)))
        .orderBy(asc(appointments.startAt))
    : [{ serviceName: row.a.serviceName, employeeName: row.employeeName, startAt: row.a.startAt, endAt: row.a.endAt }];
  const mail = appointmentConfirmedEmail({
    salon: await salonOf(tx, tenantId, row.a.facilityId),
    appointmentId: row.a.id,
    clientName: row.a.clientName,
    service: parts.map((p) => p.serviceName).join(', '),
    employee: [...new Set(parts.map((p) => p.employeeName))].join(', '),
    start: parts[0]!.startAt,
    end: parts[parts.length - 1]!.endAt,
  });
  await queueEmail(tx, tenantId, { to: row.email, ...mail }, `confirmation:${row.a.id}`);
  return true;
}

/**
 * Queues the cancellation e-mail of an appointment to `to` (the client's address at the time of the
 * cancellation), with the reason when given. The caller leaves out the guest.
 */
export async function queueCancellationEmail(
  tx: DbOrTx,
  tenantId: number,
  to: string,
  a: { id: string; facilityId: number; clientName: string; serviceName: string; startAt: Date },
  employeeName: string,
  reason: string | null,
  origin?: string | null,
): Promise<void> {
  await queueVisitCancellationEmail(tx, tenantId, to, [{ ...a, employeeName }], reason, origin);
}

/**
 * Queues one cancellation e-mail for the cancelled services `parts` of a visit (beyond-the-spec section 2),
 * in order of start, to `to`, as the confirmation describes a visit: its services and stylists in order,
 * from the first start; with the reason when given. One part reads as the cancellation of one appointment.
 * At most one e-mail per first part (dedupe key). The caller leaves out the guest.
 */
export async function queueVisitCancellationEmail(
  tx: DbOrTx,
  tenantId: number,
  to: string,
  parts: readonly { id: string; facilityId: number; clientName: string; serviceName: string; employeeName: string; startAt: Date }[],
  reason: string | null,
  origin?: string | null,
): Promise<void> {
  const first = parts[0];
  if (!first) return;
  const mail = appointmentCancelledEmail({
    origin,
    salon: await salonOf(tx, tenantId, first.facilityId),
    clientName: first.clientName,
    service: parts.map((p) => p.serviceName).join(', '),
    employee: [...new Set(parts.map((p) => p.employeeName))].join(', '),
    start: first.startAt,
    reason,
  });
  await queueEmail(tx, tenantId, { to, ...mail }, `cancellation:${first.id}`);
}

/**
 * Queues the e-mail of a moved appointment to `to` (the client's address), with the updated `.ics` (same
 * UID as the confirmation, `input.sequence` as its SEQUENCE). No dedupe key: every move is news. The caller
 * leaves out the guest.
 */
export async function queueMovedEmail(
  tx: DbOrTx,
  tenantId: number,
  to: string,
  facilityId: number,
  input: Omit<AppointmentMovedInput, 'salon'>,
): Promise<void> {
  const mail = appointmentMovedEmail({ salon: await salonOf(tx, tenantId, facilityId), ...input });
  await queueEmail(tx, tenantId, { to, ...mail });
}
