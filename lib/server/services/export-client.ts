import 'server-only';
import { eq } from 'drizzle-orm';
import { isoUtc } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments } from '@/lib/server/repositories/appointments';
import { findUserByEmail, toUserProfile, type UserRow } from '@/lib/server/repositories/users';
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
 * Everything the salon holds about a client (`GET /users/{email}/export`, admin only; the privacy policy's
 * right of access, issue 7): `exported_at` (UTC ISO of `now`, epoch ms), the profile (name, e-mail, phone,
 * allowance, sub-users, flags, created_at) and every appointment of the account — its sub-users' included,
 * pending, past and cancelled, oldest first. Errors as `findDeletableClient`.
 */
export async function exportClient(db: DbOrTx, tenantId: number, email: string, now = Date.now()): Promise<ClientExport> {
  const row = await findDeletableClient(db, tenantId, email);
  const all = await findAppointments(db, tenantId, eq(appointments.clientId, row.id));
  // The edit screens' version is no personal data: the export leaves it out.
  const profile: Omit<ReturnType<typeof toUserProfile>, 'version'> & { version?: string } = toUserProfile(row);
  delete profile.version;
  return { exported_at: isoUtc(now), profile, appointments: all };
}

/** The download's file name: `cliente-<e-mail with anything but letters, digits, dot and hyphen as _>.json`. */
export function exportFileName(email: string): string {
  return `cliente-${email.replace(/[^a-z0-9.-]+/gi, '_')}.json`;
}
