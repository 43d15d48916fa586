import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { normalizePhone } from '@/lib/domain/phone';
import { assertSelfOrStaff } from '@/lib/server/access';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import type { DbOrTx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { parse } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { findUserByEmail, toUserDto, type UserDto } from '@/lib/server/repositories/users';
import { ZClientUserPatch, ZStaffUserPatch } from '@/lib/validation/users';

/**
 * A user of the tenant as the caller may see it (spec section 7, `GET /users/{email}`): a client reads only
 * itself, staff any user. Errors: 403 not yours, 404 unknown.
 */
export async function getUser(db: DbOrTx, tenantId: number, actor: SessionUser, email: string): Promise<UserDto> {
  assertSelfOrStaff(actor, email);
  const row = await findUserByEmail(db, tenantId, email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  return toUserDto(db, row);
}

/**
 * `PATCH /users/{email}` (spec section 7): the body depends on who writes.
 * - A client on itself (`ZClientUserPatch`): name; tlf must equal its verified phone (422
 *   `phone_not_verified` otherwise); onboarding_completed needs a verified phone and the privacy policy;
 *   privacy_policy; tutorial.
 * - Staff on a client (`ZStaffUserPatch`): name, users (sub-users, max 3, new ones get an id),
 *   n_appointments_allowed; the guest and staff accounts cannot be edited (403).
 * Returns the updated user. Errors: 400 invalid body, 403 not yours, 404 unknown.
 */
export async function updateUser(db: DbOrTx, tenantId: number, actor: SessionUser, email: string, raw: unknown): Promise<UserDto> {
  assertSelfOrStaff(actor, email);
  const row = await findUserByEmail(db, tenantId, email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  const patch: Partial<typeof users.$inferInsert> = {};
  if (row.id === actor.id) {
    const b = parse(ZClientUserPatch, raw);
    if (b.tlf !== undefined) {
      const phone = normalizePhone(b.tlf);
      if (!phone || phone !== row.tlf || !row.phoneVerified) throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
    }
    if (b.onboarding_completed && (!row.phoneVerified || !(b.privacy_policy ?? row.privacyPolicy))) {
      throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
    }
    if (b.name !== undefined) patch.name = b.name;
    if (b.privacy_policy !== undefined) patch.privacyPolicy = b.privacy_policy;
    if (b.onboarding_completed !== undefined) patch.onboardingCompleted = b.onboarding_completed;
    if (b.tutorial !== undefined) patch.tutorial = b.tutorial;
  } else {
    if (!isStaff(actor.role) || row.isGuest || row.role !== 'client') throw new ApiError('forbidden', errorMessage('forbidden'));
    const b = parse(ZStaffUserPatch, raw);
    if (b.name !== undefined) patch.name = b.name;
    if (b.users !== undefined) patch.subUsers = b.users.map((u) => ({ id: u.id ?? randomUUID(), name: u.name }));
    if (b.n_appointments_allowed !== undefined) patch.nAppointmentsAllowed = b.n_appointments_allowed;
  }
  if (Object.keys(patch).length > 0) {
    await db.update(users).set(patch).where(and(eq(users.tenantId, tenantId), eq(users.id, row.id)));
  }
  return toUserDto(db, (await findUserByEmail(db, tenantId, email))!);
}
