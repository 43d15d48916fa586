import 'server-only';
import { eq } from 'drizzle-orm';
import { classifyHistory } from '@/lib/domain/client-history';
import { isoUtc } from '@/lib/domain/time';
import { assertSelfOrStaff } from '@/lib/server/access';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import { getDb, type DbOrTx } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments } from '@/lib/server/repositories/appointments';
import { findUserByEmail, toUserDto } from '@/lib/server/repositories/users';
import { reliabilityOf } from './reliability';
import type { UserDetail } from '@/lib/validation/dto';

/**
 * A user of the tenant as the caller may see it (spec section 7, `GET /users/{email}` → `UserDetail`):
 * a client reads only itself, staff any user. For staff reading a client account (the guest included),
 * `history` holds all its appointments in the three sub-tabs of the detail screen (lib/domain/client-history:
 * Pendientes soonest first, Antiguas latest first — one ending exactly at `now` is past —, Canceladas
 * latest first with `cancelled_at`, `cancelled_by` and the reason in `notes`). `pending_appointments` is
 * there as always (the client home reads it). A client account but the guest carries its `reliability`
 * (beyond-the-spec section 3), for staff and for the client itself; staff also read its `whatsapp` state
 * (beyond-the-spec section 5: opted out, number refused). `now` is epoch ms. Errors: 403 not
 * yours, 404 unknown.
 */
export async function getUser(db: DbOrTx, tenantId: number, actor: SessionUser, email: string, now: number): Promise<UserDetail> {
  assertSelfOrStaff(actor, email);
  const row = await findUserByEmail(db, tenantId, email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  const user = await toUserDto(db, row, new Date(now));
  if (row.role !== 'client') return user;
  const reliability = row.isGuest ? undefined : await reliabilityOf(db, tenantId, row, now);
  if (!isStaff(actor.role)) return { ...user, reliability };
  const all = await findAppointments(db, tenantId, eq(appointments.clientId, row.id));
  const whatsapp = row.isGuest ? undefined : { opted_out_at: isoOrNull(row.whatsappOptedOutAt), invalid_at: isoOrNull(row.whatsappInvalidAt) };
  return { ...user, reliability, history: classifyHistory(all, now), whatsapp };
}

const isoOrNull = (at: Date | null): string | null => (at ? isoUtc(at) : null);

/**
 * Server pages: a user of the tenant by e-mail at `now` (epoch ms: which appointments are pending) as the user
 * itself reads it on `GET /users/{email}` (a client account with its `reliability`), or null.
 */
export async function getUserDto(tenantId: number, email: string, now: number): Promise<UserDetail | null> {
  const db = await getDb();
  const row = await findUserByEmail(db, tenantId, email);
  if (!row) return null;
  const user = await toUserDto(db, row, new Date(now));
  return row.role === 'client' && !row.isGuest ? { ...user, reliability: await reliabilityOf(db, tenantId, row, now) } : user;
}
