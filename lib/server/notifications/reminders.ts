/**
 * The automatic reminder 24 hours before each appointment (decisions "Messages"): on by default,
 * a per-tenant setting (`tenants.automatic_reminders`), never for the guest or a cancelled appointment,
 * queued once per appointment even if the worker restarts; a move to more than 24 hours ahead lets it go
 * again (`releaseReminder`).
 *
 * `queueDueReminders` runs every minute from the delivery worker. It picks pending appointments that start
 * within the next 24 hours and were not reminded yet (`appointments.reminded_at` null; the partial index
 * `appointments_reminder_due` on `start_at` holds only those rows, so the scan reads the next 24 hours of
 * not-yet-reminded appointments however large the table). That read takes no locks; then, tenant by tenant
 * (every write names its tenant: Citus), one transaction locks the ones still due (`FOR UPDATE SKIP
 * LOCKED`: two app instances never pick the same one), queues the e-mail with the outbox key
 * `reminder:{id}` and stamps `reminded_at`. An appointment booked less than 24 hours ahead gets no reminder:
 * its confirmation has just gone out. A visit of several services (beyond-the-spec section 2) gets one reminder
 * when its first due service comes up: every pending service of the visit in it, keyed by the first one's id,
 * and all of them stamped. No reminder goes out in the quiet hours (22:00–09:00 Madrid): one due then waits for
 * the first pass after 09:00. An appointment still waiting for its confirmation (beyond-the-spec section 3) gets
 * the request to confirm or cancel with an action link in its reminder.
 */
import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inQuietHours } from '@/lib/domain/confirmation';
import { HOUR_MS, MINUTE_MS } from '@/lib/domain/time';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { appointments, facilities, outbox, tenants, users } from '@/lib/server/db/schema';
import { tenantOrigin } from '@/lib/server/tenancy';
import { issueActionLinks } from './confirmations';
import { queueEmails } from './outbox';
import { appointmentParams, queueWhatsApps } from './whatsapp';
import { appointmentReminderEmail } from './templates';

/** How long before the start the reminder goes (ms). */
export const REMINDER_LEAD_MS = 24 * HOUR_MS;
/** Appointments handled per transaction. */
const BATCH = 200;

const client = alias(users, 'client');
const employee = alias(users, 'employee');

/**
 * Queues the reminders that are due at `now` (epoch ms or Date); returns how many were queued.
 * Works through batches of {@link BATCH} until none is left (at most `maxBatches`).
 */
export async function queueDueReminders(db: Db, now: number | Date = Date.now(), maxBatches = 50): Promise<number> {
  const at = now instanceof Date ? now.getTime() : now;
  if (inQuietHours(at)) return 0;
  let queued = 0;
  for (let i = 0; i < maxBatches; i++) {
    const { picked, sent, stamped } = await queueBatch(db, at);
    queued += sent;
    // Done when the read found less than a batch, or nothing could be stamped (another instance holds them).
    if (picked < BATCH || stamped === 0) break;
  }
  return queued;
}

/** Conditions of a due reminder at `now` (epoch ms), over `appointments`, `tenants` and the `client` alias. */
function dueAt(now: number) {
  return and(
    eq(appointments.status, 'pending'),
    isNull(appointments.remindedAt),
    gt(appointments.startAt, new Date(now)),
    lte(appointments.startAt, new Date(now + REMINDER_LEAD_MS)),
    eq(tenants.automaticReminders, true),
    eq(client.isGuest, false),
    // Booked less than 24 hours ahead: the confirmation is the reminder.
    lte(appointments.createdAt, sql`${appointments.startAt} - interval '24 hours'`),
  );
}

/**
 * One batch: a cross-tenant read (no locks) of up to {@link BATCH} due appointments, oldest start first,
 * then one transaction per tenant that locks those still due (`FOR UPDATE SKIP LOCKED`), queues their
 * e-mails and stamps them. Every write names its tenant (on Citus each statement runs on one
 * tenant's shard; a locking read or an update across tenants would not). `picked` counts the candidates
 * read, `stamped` those this call reminded.
 */
async function queueBatch(db: Db, now: number): Promise<{ picked: number; sent: number; stamped: number }> {
  const candidates = await db
    .select({ id: appointments.id, tenantId: appointments.tenantId })
    .from(appointments)
    .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
    .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
    .where(dueAt(now))
    .orderBy(asc(appointments.startAt))
    .limit(BATCH);
  const byTenant = new Map<number, string[]>();
  for (const c of candidates) byTenant.set(c.tenantId, [...(byTenant.get(c.tenantId) ?? []), c.id]);
  let sent = 0;
  let stamped = 0;
  for (const [tenantId, ids] of byTenant) {
    const r = await queueTenantReminders(db, tenantId, ids, now);
    sent += r.sent;
    stamped += r.stamped;
  }
  return { picked: candidates.length, sent, stamped };
}

/** Queues and stamps the reminders of one tenant's appointments `ids` that are still due (one transaction). */
async function queueTenantReminders(db: Db, tenantId: number, ids: string[], now: number): Promise<{ sent: number; stamped: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: appointments.id,
        visitId: appointments.visitId,
        startAt: appointments.startAt,
        clientName: appointments.clientName,
        serviceName: appointments.serviceName,
        email: client.email,
        clientId: appointments.clientId,
        employeeName: employee.name,
        salonName: facilities.name,
        address: facilities.address,
        phone: facilities.tlf,
        confirmation: appointments.confirmation,
        slug: tenants.slug,
      })
      .from(appointments)
      .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
      .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
      .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
      .leftJoin(facilities, and(eq(facilities.tenantId, appointments.tenantId), eq(facilities.id, appointments.facilityId)))
      .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, ids), dueAt(now)))
      .orderBy(asc(appointments.startAt))
      .for('update', { of: appointments, skipLocked: true });
    // A visit (beyond-the-spec section 2) gets one reminder, for its pending services from the first one on.
    const visits = await visitPartsOf(tx, tenantId, [...new Set(due.flatMap((a) => (a.visitId ? [a.visitId] : [])))]);
    const reminders = new Map<string, { a: (typeof due)[number]; parts: { id: string; startAt: Date; serviceName: string; employeeName: string }[] }>();
    for (const a of due) {
      const key = a.visitId ?? a.id;
      if (!reminders.has(key)) reminders.set(key, { a, parts: (a.visitId && visits.get(a.visitId)) || [a] });
    }
    // Still waiting for its confirmation: the reminder carries an action link of its own.
    const waiting = [...reminders.values()].filter(({ a }) => a.confirmation === 'pending');
    const issued = waiting.length === 0 ? [] : await issueActionLinks(tx, tenantId, waiting.map(({ parts }) => ({ target: { purpose: 'appointment' as const, appointmentId: parts[0]!.id }, expiresAt: parts[0]!.startAt })), tenantOrigin(waiting[0]!.a.slug), now);
    const links = new Map(waiting.map(({ a }, i) => [a.id, issued[i]!]));
    const messages = [];
    for (const { a, parts } of reminders.values()) {
      const link = links.get(a.id) ?? null;
      messages.push({
        tenantId,
        message: {
          to: a.email,
          ...appointmentReminderEmail({
            salon: { name: a.salonName ?? '', address: a.address, phone: a.phone },
            clientName: a.clientName,
            service: parts.map((p) => p.serviceName).join(', '),
            employee: [...new Set(parts.map((p) => p.employeeName))].join(', '),
            start: parts[0]!.startAt,
            link,
          }),
        },
        // The visit's first pending service names its reminder (a move releases that key again).
        dedupeKey: `reminder:${parts[0]!.id}`,
      });
    }
    const sent = await queueEmails(tx, messages);
    // WhatsApp beside the e-mail, to clients who may receive it.
    await queueWhatsApps(
      tx,
      tenantId,
      [...reminders.values()].map(({ a, parts }) => ({
        userId: a.clientId,
        template: 'recordatorio_cita' as const,
        params: appointmentParams(
          { client: a.clientName, salon: a.salonName ?? '', services: parts.map((p) => p.serviceName).join(', '), start: parts[0]!.startAt },
          [...new Set(parts.map((p) => p.employeeName))].join(', '),
        ),
        dedupeKey: `wa-reminder:${parts[0]!.id}`,
      })),
    );
    const stamp = [...new Set([...due.map((a) => a.id), ...[...reminders.values()].flatMap((r) => r.parts.map((p) => p.id))])];
    if (stamp.length > 0) {
      await tx
        .update(appointments)
        .set({ remindedAt: new Date(now) })
        .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, stamp)));
    }
    return { sent, stamped: due.length };
  });
}

/** The pending services of each visit of `visitIds` (by start, with their stylist's name), inside the caller's transaction. */
async function visitPartsOf(tx: Tx, tenantId: number, visitIds: string[]) {
  const parts = new Map<string, { id: string; startAt: Date; serviceName: string; employeeName: string }[]>();
  if (visitIds.length === 0) return parts;
  const rows = await tx
    .select({ id: appointments.id, visitId: appointments.visitId, startAt: appointments.startAt, serviceName: appointments.serviceName, employeeName: employee.name })
    .from(appointments)
    .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
    .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.visitId, visitIds), eq(appointments.status, 'pending')))
    .orderBy(asc(appointments.startAt));
  for (const r of rows) parts.set(r.visitId!, [...(parts.get(r.visitId!) ?? []), r]);
  return parts;
}

/** How often the worker runs the scan (ms). */
export const REMINDER_SCAN_MS = MINUTE_MS;

/** The periodic job of the delivery worker (instrumentation.ts registers it): queues the reminders due now. */
export async function scanReminders(): Promise<void> {
  const queued = await queueDueReminders(await getDb());
  if (queued > 0) console.log(`[klok] reminders queued: ${queued}`);
}

/**
 * Lets an appointment be reminded again (a move to more than {@link REMINDER_LEAD_MS} ahead), inside the
 * caller's transaction: clears `reminded_at`, drops its reminder still waiting in the outbox (it names the
 * old time) and frees the `reminder:{id}` and `wa-reminder:{id}` keys of the ones already sent (e-mail and
 * WhatsApp), so the scan queues new ones.
 */
export async function releaseReminder(tx: Tx, tenantId: number, appointmentId: string): Promise<void> {
  const keys = [`reminder:${appointmentId}`, `wa-reminder:${appointmentId}`];
  await tx.update(appointments).set({ remindedAt: null }).where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)));
  await tx.delete(outbox).where(and(eq(outbox.tenantId, tenantId), inArray(outbox.dedupeKey, keys), eq(outbox.status, 'pending')));
  await tx.update(outbox).set({ dedupeKey: null }).where(and(eq(outbox.tenantId, tenantId), inArray(outbox.dedupeKey, keys)));
}
