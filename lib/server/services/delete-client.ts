import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { redactDeep, redactor, type Redaction } from '@/lib/domain/redact';
import messages from '@/lib/i18n/messages/es.json';
import { forgetSessionsOf, type SessionUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db/client';
import { actionTokens, activities, appointments, holds, outbox, phoneVerifications, sessions, signInLinks, users, waitlistEntries } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { pendingAt } from '@/lib/server/repositories/appointments';
import { aboutClient, addressedTo, findDeletableClient } from './export-client';
import { writeCancellation } from './cancel-appointment';

/** The name a deleted client's account and appointments keep (Spanish, es.json `clientDeletion`). */
export const ANONYMOUS_NAME = messages.clientDeletion.anonymousName;

/** The unique, undeliverable e-mail a deleted client's account gets (`.invalid` never resolves). */
export const anonymousEmail = (slug: string) => `eliminado-${randomUUID()}@${slug}.invalid`;

/**
 * Deletes a client (`DELETE /users/{email}`, admin only; decisions "Deleting" and "Admin-only actions";
 * the privacy policy's right to erasure). In one transaction:
 * 1. the messages already in the outbox lose the person's identifiers (`anonymiseOutbox`): those addressed
 *    to them get the anonymous address and no body, and the unsent ones among them are withdrawn (failed,
 *    never sent); others naming them (e.g. a stylist's push "Ana García ha reservado") name "Cliente
 *    eliminado" instead;
 * 2. its pending appointments (not cancelled, ending after `now`) are cancelled as staff cancellation does
 *    (`writeCancellation`: cancelled by the admin, reason "Cuenta eliminada", time freed, activity) and the
 *    usual cancellation e-mail is queued to the ORIGINAL address — these are the only rows left holding it:
 *    they go out, and once delivered (or given up) the worker leaves them the anonymous address and no body;
 * 3. every appointment of the account (past ones stay for the salon's books) shows "Cliente eliminado"
 *    as the person's name and its notes lose the person's identifiers, and so do the activities about
 *    them and its `user_created` activity; their action links (`/c/{token}`), the account's waitlist entries
 *    and its holds are deleted;
 * 4. the account is anonymised: name "Cliente eliminado", no first name, e-mail
 *    `eliminado-<uuid>@<slug>.invalid`, no phone, no sub-users, no push token, flags off, allowance 0,
 *    `deleted_at` set (left out of the client list; it cannot be edited, exported or deleted again); its
 *    sessions, phone verification records and unexpired sign-in links sent to its address are deleted;
 * 5. a `user_deleted` activity `{ name: 'Cliente eliminado', email: <anonymous e-mail>, deleted_by: admin's
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
  now: number,
): Promise<{ email: string }> {
  const tenantId = tenant.id;
  return db.transaction(async (tx) => {
    const found = await findDeletableClient(tx, tenantId, email);
    const at = new Date(now);
    const pendingWhere = and(
      eq(appointments.tenantId, tenantId),
      eq(appointments.clientId, found.id),
      pendingAt(at),
    );
    await tx.select({ id: appointments.id }).from(appointments).where(pendingWhere).for('update');
    const [client] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, found.id))).for('update');
    if (!client || client.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
    const pending = await tx.select().from(appointments).where(pendingWhere).for('update');
    const anonymous = anonymousEmail(tenant.slug);
    const redactions = redactionsOf(client, anonymous);
    await anonymiseOutbox(tx, tenantId, client, redactions, anonymous, at);
    for (const a of pending) {
      await writeCancellation(tx, tenantId, actor, { a, client }, messages.clientDeletion.cancelReason, now);
    }
    // Those cancellation e-mails keep the original address only until they are delivered or given up: the
    // worker then leaves the anonymous address and the subject (`eraseAfterSend`).
    await tx
      .update(outbox)
      .set({ payload: sql`${outbox.payload} || jsonb_build_object('eraseAfterSend', ${anonymous}::text)` })
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.kind, 'email'), eq(outbox.status, 'pending'), sql`${outbox.payload}->>'to' = ${client.email}`));

    const mine = await tx
      .update(appointments)
      .set({ clientName: ANONYMOUS_NAME })
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.clientId, client.id)))
      .returning({ id: appointments.id, notes: appointments.notes });
    const redact = redactor(redactions);
    for (const m of mine) {
      if (m.notes && redact(m.notes) !== m.notes) {
        await tx.update(appointments).set({ notes: redact(m.notes) }).where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, m.id)));
      }
    }
    await anonymiseActivities(tx, tenantId, client.email, anonymous, mine.map((m) => m.id), redactions);
    // Its waitlist entries name the people of the account, and its holds keep an hour for it: they go with it.
    await tx.delete(waitlistEntries).where(and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.clientId, client.id)));
    await tx.delete(holds).where(and(eq(holds.tenantId, tenantId), eq(holds.userId, client.id)));
    // Its action links showed the appointments to whoever holds them: they go with the account.
    if (mine.length > 0) {
      await tx.delete(actionTokens).where(and(eq(actionTokens.tenantId, tenantId), inArray(actionTokens.appointmentId, mine.map((m) => m.id))));
    }

    await tx
      .update(users)
      .set({
        name: ANONYMOUS_NAME,
        givenName: null,
        email: anonymous,
        tlf: null,
        phoneVerified: false,
        whatsappInvalidAt: null,
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
    await tx.delete(signInLinks).where(and(eq(signInLinks.tenantId, tenantId), eq(signInLinks.email, client.email)));
    await tx.insert(activities).values({
      tenantId,
      type: 'user_deleted',
      data: { name: ANONYMOUS_NAME, email: anonymous, deleted_by: actor.name || actor.email },
    });
    return { email: client.email };
  });
}

/**
 * The identifiers of a client and what replaces each: the e-mail by the anonymous address; the name, the
 * first name and the sub-users' names by "Cliente eliminado"; the phone by nothing.
 */
function redactionsOf(client: typeof users.$inferSelect, anonymous: string): Redaction[] {
  return [
    { from: client.email, to: anonymous },
    { from: client.name, to: ANONYMOUS_NAME },
    { from: client.givenName ?? '', to: ANONYMOUS_NAME },
    { from: client.tlf ?? '', to: '' },
    ...client.subUsers.map((s) => ({ from: s.name, to: ANONYMOUS_NAME })),
  ];
}

/**
 * Removes a deleted client from the outbox rows queued so far. Rows addressed to them (e-mails to their
 * address, pushes to their account) keep only the anonymous recipient and a subject without identifiers
 * (no body, no attachments, no error text); those not yet sent (`pending`) are withdrawn: `failed` with
 * `recipient deleted`, so nothing goes to the anonymous address. Other rows naming them (a stylist's push
 * or e-mail about their booking) get their identifiers replaced (`redactions`) and still go out.
 */
async function anonymiseOutbox(
  tx: Tx,
  tenantId: number,
  client: { id: string; email: string },
  redactions: Redaction[],
  anonymous: string,
  at: Date,
): Promise<void> {
  const redact = redactor(redactions);
  const named = redactions.filter((r) => r.from.trim() !== '').map((r) => sql`strpos(lower(${outbox.payload}::text), lower(${r.from.trim()})) > 0`);
  const rows = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), or(addressedTo(client), ...named)));
  for (const row of rows) {
    const payload = row.payload as Record<string, unknown>;
    const mine = row.kind === 'email' ? payload.to === client.email : payload.userId === client.id;
    if (!mine) {
      await tx
        .update(outbox)
        .set({ payload: redactDeep(payload, redact), lastError: row.lastError && redact(row.lastError) })
        .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, row.id)));
      continue;
    }
    const subject = redact(String(payload.subject ?? payload.title ?? ''));
    const stripped =
      row.kind === 'email'
        ? { to: anonymous, subject, text: '' }
        : row.kind === 'whatsapp'
          ? { userId: client.id, template: payload.template, params: [] }
          : { userId: client.id, title: subject, body: '' };
    const withdrawn = row.status === 'pending';
    await tx
      .update(outbox)
      .set({
        payload: stripped,
        lastError: withdrawn ? 'recipient deleted' : null,
        ...(withdrawn ? { status: 'failed' as const, failedAt: at, lockedUntil: null } : {}),
      })
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, row.id)));
  }
}

/**
 * Rewrites the feed's entries about a deleted client: those of its appointments (`data.id`) and those
 * naming its e-mail (`data.email` or `data.client_id`, e.g. `user_created`) get the anonymous name in
 * `client_name`, `user_name` and `name` (and as `created_by` where the client booked itself), the
 * anonymous e-mail in place of the original one, and no other identifier of `redactions` in any value.
 */
async function anonymiseActivities(
  tx: Tx,
  tenantId: number,
  email: string,
  anonymous: string,
  appointmentIds: string[],
  redactions: Redaction[],
): Promise<void> {
  const redact = redactor(redactions);
  const rows = await tx
    .select({ id: activities.id, data: activities.data })
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), aboutClient(email, appointmentIds)));
  for (const row of rows) {
    const data: Record<string, unknown> = { ...row.data };
    for (const key of ['client_name', 'user_name', 'name']) if (key in data) data[key] = ANONYMOUS_NAME;
    for (const key of ['email', 'client_id']) if (data[key] === email) data[key] = anonymous;
    // A client's own booking names it by e-mail as its creator.
    if (data.created_by === email) data.created_by = ANONYMOUS_NAME;
    await tx.update(activities).set({ data: redactDeep(data, redact) }).where(and(eq(activities.tenantId, tenantId), eq(activities.id, row.id)));
  }
}
