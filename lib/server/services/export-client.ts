import 'server-only';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { maskLinkTokens, maskToken } from '@/lib/domain/redact';
import { WHATSAPP_TEMPLATES, type WhatsAppTemplate } from '@/lib/domain/whatsapp-cloud';
import { isoUtc } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { activities, appointments, outbox, phoneVerifications, sessions } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments } from '@/lib/server/repositories/appointments';
import { findUserByEmail, toUserProfile, type UserRow } from '@/lib/server/repositories/users';
import { listWaitlistEntries } from '@/lib/server/repositories/waitlist';
import { templateText } from '@/lib/server/notifications/whatsapp';
import type { ClientExport } from '@/lib/validation/dto';

/**
 * A client account an admin may export or delete (decisions "Admin-only actions" and "Deleting"): a
 * client of the tenant, not the guest, not already deleted. Errors: 404 `not_found` unknown (or deleted),
 * 422 `unprocessable` (`clientOnly`) for the guest or a staff account.
 */
export async function findDeletableClient(db: DbOrTx, tenantId: number, email: string): Promise<UserRow> {
  const row = await findUserByEmail(db, tenantId, email);
  if (!row || row.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
  if (row.role !== 'client' || row.isGuest) throw new ApiError('unprocessable', errorMessage('clientOnly'));
  return row;
}

/**
 * The activities about a client (condition on `activities`): those naming its e-mail (`data.email`,
 * `data.client_id`, e.g. `user_created`) and those of its appointments (`data.id` in `appointmentIds`).
 */
export function aboutClient(email: string, appointmentIds: string[]): SQL | undefined {
  return or(
    sql`${activities.data}->>'email' = ${email}`,
    sql`${activities.data}->>'client_id' = ${email}`,
    appointmentIds.length > 0 ? inArray(sql`${activities.data}->>'id'`, appointmentIds) : undefined,
  );
}

/** The outbox rows addressed to a client (condition on `outbox`): e-mails to its address, pushes and WhatsApp messages to its account. */
export function addressedTo(client: { id: string; email: string }): SQL | undefined {
  return or(
    and(eq(outbox.kind, 'email'), sql`${outbox.payload}->>'to' = ${client.email}`),
    and(inArray(outbox.kind, ['push', 'whatsapp']), sql`${outbox.payload}->>'userId' = ${client.id}`),
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A WhatsApp row's text as the client read it (empty once a deletion stripped its parameters). */
function whatsappText(p: Record<string, unknown>): string {
  const template = str(p.template);
  const params = Array.isArray(p.params) ? p.params.map(str) : [];
  return template in WHATSAPP_TEMPLATES && params.length > 0 ? templateText(template as WhatsAppTemplate, params) : '';
}
const isoOrNull = (d: Date | null) => (d ? isoUtc(d.getTime()) : null);

/**
 * Everything the salon holds about a client (`GET /users/{email}/export`, admin only; the privacy policy's
 * right of access), as `ZClientExport`: `exported_at` (UTC ISO of `now`, epoch ms); the profile
 * (name, first name, e-mail, phone, allowance, sub-users, flags, created_at, last activity, the push token
 * masked); every appointment of the account — its sub-users' included, pending, past and cancelled,
 * oldest first; the activities about them (`aboutClient`), the outbox messages addressed to them
 * (`addressedTo`), their phone verification records and their sessions (ids masked), oldest first; their
 * waitlist entries, newest first.
 * Errors as `findDeletableClient`.
 */
export async function exportClient(db: DbOrTx, tenantId: number, email: string, now: number): Promise<ClientExport> {
  const row = await findDeletableClient(db, tenantId, email);
  const all = await findAppointments(db, tenantId, eq(appointments.clientId, row.id));
  const [feed, messages, verifications, open, waitlist] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, tenantId), aboutClient(row.email, all.map((a) => a.id))))
      .orderBy(asc(activities.id)),
    db.select().from(outbox).where(and(eq(outbox.tenantId, tenantId), addressedTo(row))).orderBy(asc(outbox.id)),
    db
      .select()
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.tenantId, tenantId), eq(phoneVerifications.userId, row.id)))
      .orderBy(asc(phoneVerifications.createdAt)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, row.id)))
      .orderBy(asc(sessions.createdAt)),
    listWaitlistEntries(db, tenantId, { clientId: row.id }, now),
  ]);
  return {
    exported_at: isoUtc(now),
    profile: { ...profileWithoutVersion(row), push_token: maskToken(row.fcmToken), last_activity_at: isoUtc(row.lastActivityAt.getTime()) },
    appointments: all,
    activities: feed.map((a) => ({ id: a.id, type: a.type, data: a.data, created_at: isoUtc(a.createdAt.getTime()) })),
    messages: messages.map((m) => {
      const p = m.payload;
      const attachments = Array.isArray(p.attachments) ? (p.attachments as { filename?: unknown }[]).map((a) => str(a.filename)) : [];
      return {
        id: m.id,
        kind: m.kind,
        status: m.status,
        to: m.kind === 'email' ? str(p.to) : null,
        subject: str(p.subject ?? p.title ?? p.template),
        text: maskLinkTokens(m.kind === 'whatsapp' ? whatsappText(p) : str(p.text ?? p.body)),
        attachments,
        created_at: isoUtc(m.createdAt.getTime()),
        sent_at: isoOrNull(m.sentAt),
      };
    }),
    phone_verifications: verifications.map((v) => ({
      phone: v.phone,
      attempts: v.attempts,
      created_at: isoUtc(v.createdAt.getTime()),
      expires_at: isoUtc(v.expiresAt.getTime()),
      verified_at: isoOrNull(v.verifiedAt),
    })),
    sessions: open.map((x) => ({
      id: maskToken(x.id)!,
      created_at: isoUtc(x.createdAt.getTime()),
      last_used_at: isoUtc(x.lastUsedAt.getTime()),
      expires_at: isoUtc(x.expiresAt.getTime()),
    })),
    waitlist,
  };
}

/** The download's file name: `cliente-<e-mail with anything but letters, digits, dot and hyphen as _>.json`. */
export function exportFileName(email: string): string {
  return `cliente-${email.replace(/[^a-z0-9.-]+/gi, '_')}.json`;
}

/** The account as the export shows it: the user profile without the edit screens' `version` (no personal data). */
function profileWithoutVersion(row: UserRow) {
  const { version, ...profile } = toUserProfile(row);
  void version;
  return profile;
}
