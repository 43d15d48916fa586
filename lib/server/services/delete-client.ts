import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import messages from '@/lib/i18n/messages/es.json';
import { forgetSessionsOf, type SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { activities, appointments, phoneVerifications, sessions, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findDeletableClient } from './export-client';
import { writeCancellation } from './staff-schedule';

/** The name a deleted client's account and appointments keep (Spanish, es.json `clientDeletion`). */
export const ANONYMOUS_NAME = messages.clientDeletion.anonymousName;

/** The unique, undeliverable e-mail a deleted client's account gets (`.invalid` never resolves). */
export const anonymousEmail = (slug: string) => `eliminado-${randomUUID()}@${slug}.invalid`;

/**
 * Deletes a client (`DELETE /users/{email}`, admin only; decisions "Deleting" and "Admin-only actions";
 * the privacy policy's right to erasure). In one transaction:
 * 1. its pending appointments (not cancelled, ending after `now`) are cancelled as staff cancellation does
 *    (`writeCancellation`: cancelled by the admin, reason "Cuenta eliminada", time freed, activity) and the
 *    usual cancellation e-mail is queued to the ORIGINAL address — before anything is anonymised;
 * 2. every appointment of the account (past ones stay for the salon's books) shows "Cliente eliminado"
 *    as the person's name, and so do the activities about them and its `user_created` activity;
 * 3. the account is anonymised: name "Cliente eliminado", e-mail `eliminado-<uuid>@<slug>.invalid`, no
 *    phone, no sub-users, no push token, flags off, allowance 0, `deleted_at` set (left out of the client
 *    list; it cannot be edited, exported or deleted again); its sessions and phone codes are deleted;
 * 4. a `user_deleted` activity `{ name: 'Cliente eliminado', email: <anonymous e-mail>, deleted_by: admin's
 *    name }` — no personal data of the client.
 * Someone signing in later with the original e-mail starts as a new client.
 *
 * Locks: the pending appointments first, then the account (the order of staff cancellation), then the
 * pending ones again, so a booking that committed meanwhile is cancelled too.
 * Returns `{ email }` (the original e-mail). Errors: 404 unknown, 422 `clientOnly` for the guest or staff.
 */
export async function deleteClient(
  db: Db,
  tenant: { id: number; slug: string },
  actor: SessionUser,
  email: string,
  now = Date.now(),
): Promise<{ email: string }> {
  const tenantId = tenant.id;
  return db.transaction(async (tx) => {
    const found = await findDeletableClient(tx, tenantId, email);
    const at = new Date(now);
    const pendingWhere = and(
      eq(appointments.tenantId, tenantId),
      eq(appointments.clientId, found.id),
      eq(appointments.status, 'pending'),
      gt(appointments.endAt, at),
    );
    await tx.select({ id: appointments.id }).from(appointments).where(pendingWhere).for('update');
    const [client] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, found.id))).for('update');
    if (!client || client.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
    const pending = await tx.select().from(appointments).where(pendingWhere).for('update');
    for (const a of pending) {
      await writeCancellation(tx, tenantId, actor, { a, client }, messages.clientDeletion.cancelReason, now);
    }

    const anonymous = anonymousEmail(tenant.slug);
    const mine = await tx
      .update(appointments)
      .set({ clientName: ANONYMOUS_NAME })
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.clientId, client.id)))
      .returning({ id: appointments.id });
    await anonymiseActivities(tx, tenantId, client.email, anonymous, mine.map((m) => m.id));

    await tx
      .update(users)
      .set({
        name: ANONYMOUS_NAME,
        email: anonymous,
        tlf: null,
        phoneVerified: false,
        subUsers: [],
        fcmToken: null,
        privacyPolicy: false,
        onboardingCompleted: false,
        tutorial: false,
        nAppointmentsAllowed: 0,
        deletedAt: at,
        lastActivityAt: at,
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, client.id)));
    await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, client.id)));
    forgetSessionsOf(client.id); // this process's session cache (lib/server/auth/session.ts)
    await tx.delete(phoneVerifications).where(and(eq(phoneVerifications.tenantId, tenantId), eq(phoneVerifications.userId, client.id)));
    await tx.insert(activities).values({
      tenantId,
      type: 'user_deleted',
      data: { name: ANONYMOUS_NAME, email: anonymous, deleted_by: actor.name || actor.email },
    });
    return { email: client.email };
  });
}

/**
 * Rewrites the feed's entries about a deleted client: those of its appointments (`data.id`) and those
 * naming its e-mail (`data.email` or `data.client_id`, e.g. `user_created`) get the anonymous name in
 * `client_name`, `user_name` and `name` (and as `created_by` where the client booked itself), and the
 * anonymous e-mail in place of the original one.
 */
async function anonymiseActivities(tx: Tx, tenantId: number, email: string, anonymous: string, appointmentIds: string[]): Promise<void> {
  const about = or(
    sql`${activities.data}->>'email' = ${email}`,
    sql`${activities.data}->>'client_id' = ${email}`,
    appointmentIds.length > 0 ? inArray(sql`${activities.data}->>'id'`, appointmentIds) : undefined,
  );
  const rows = await tx
    .select({ id: activities.id, data: activities.data })
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), about));
  for (const row of rows) {
    const data: Record<string, unknown> = { ...row.data };
    for (const key of ['client_name', 'user_name', 'name']) if (key in data) data[key] = ANONYMOUS_NAME;
    for (const key of ['email', 'client_id']) if (data[key] === email) data[key] = anonymous;
    // A client's own booking names it by e-mail as its creator.
    if (data.created_by === email) data.created_by = ANONYMOUS_NAME;
    await tx.update(activities).set({ data }).where(eq(activities.id, row.id));
  }
}
