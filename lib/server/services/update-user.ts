import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { normalizePhone } from '@/lib/domain/phone';
import { reconcileSubUsers } from '@/lib/domain/sub-users';
import { assertSelfOrStaff } from '@/lib/server/access';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments, pendingAt } from '@/lib/server/repositories/appointments';
import { findUserByEmail, toUserDto, toUserProfile, type UserDto } from '@/lib/server/repositories/users';
import { assertVersion } from '@/lib/server/version';
import type { UserPatch } from '@/lib/validation/users';
import { getUser } from './get-user';

/**
 * `PATCH /users/{email}` (spec section 7): the body, validated by the route, depends on who writes.
 * - A client on itself (`ZClientUserPatch`): name; given_name (the Nombre typed at onboarding, the
 *   greeting's name; the onboarding form sends it with the full name); tlf must equal its verified phone (422
 *   `phone_not_verified` otherwise); onboarding_completed needs a verified phone and the privacy policy;
 *   privacy_policy; tutorial; fcm_token (its push token; null clears it).
 * - Staff on a client (`ZStaffUserPatch`): name (non-empty), users (sub-users: max 3, names non-empty,
 *   ids kept as `reconcileSubUsers` says, new ones get an id), n_appointments_allowed (a whole number
 *   0–99), booking_blocked ("Bloquear reservas online", beyond-the-spec section 3), whatsapp_opt_out (WhatsApp messages
 *   from the salon off or back on, beyond-the-spec section 5; a client turns them off and on only by replying
 *   BAJA or ALTA on WhatsApp); the guest, staff and deleted accounts cannot be edited (403). Removing a sub-user with a
 *   pending appointment (not cancelled, ending after `now`) is refused with 409 `conflict`, a Spanish
 *   message naming it and `details: { user, appointment }`; the account row is locked meanwhile, so a
 *   booking for that sub-user cannot slip in between. With `version` (the client's as loaded), a different
 *   current version answers 409 `conflict` with `details.current` (the client as GET shows it, history
 *   included) and nothing is written.
 * A new `name` without `given_name` keeps the stored given name only while the name still begins with it
 * (else it is cleared and the greeting falls back to the name's first word).
 * Returns the updated user. Errors: 403 not yours (or a body of the other kind), 404 unknown.
 */
export async function updateUser(
  db: DbOrTx,
  tenantId: number,
  actor: SessionUser,
  email: string,
  body: UserPatch,
  now: number,
): Promise<UserDto> {
  assertSelfOrStaff(actor, email);
  const row = await findUserByEmail(db, tenantId, email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  if (row.id !== actor.id) {
    if (!isStaff(actor.role) || row.isGuest || row.role !== 'client' || row.deletedAt || body.kind !== 'staff') {
      throw new ApiError('forbidden', errorMessage('forbidden'));
    }
    const b = body.value;
    await db.transaction(async (tx) => {
      // Serialises with bookings of this account (they lock the same row).
      const [locked] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, row.id))).for('update');
      if (!locked) throw new ApiError('not_found', errorMessage('userNotFound'));
      if (b.version !== undefined && b.version !== toUserProfile(locked).version) {
        assertVersion(b.version, await getUser(tx, tenantId, actor, email, now));
      }
      const patch: Partial<typeof users.$inferInsert> = {};
      if (b.name !== undefined) {
        patch.name = b.name;
        patch.givenName = givenNameKept(b.name, locked.givenName);
      }
      if (b.n_appointments_allowed !== undefined) patch.nAppointmentsAllowed = b.n_appointments_allowed;
      if (b.booking_blocked !== undefined) patch.bookingBlocked = b.booking_blocked;
      if (b.whatsapp_opt_out !== undefined && b.whatsapp_opt_out !== (locked.whatsappOptedOutAt !== null)) {
        // Turning it off keeps the first time; turning it on clears it.
        patch.whatsappOptedOutAt = b.whatsapp_opt_out ? new Date(now) : null;
      }
      if (b.users !== undefined) {
        const { next, removed } = reconcileSubUsers(locked.subUsers, b.users, randomUUID);
        if (removed.length > 0) {
          const [busy] = await findAppointments(
            tx,
            tenantId,
            and(
              eq(appointments.clientId, row.id),
              pendingAt(new Date(now)),
              inArray(appointments.userId, removed.map((u) => u.id)),
            ),
          );
          if (busy) {
            const user = removed.find((u) => u.id === busy.user_id)!;
            throw new ApiError('conflict', errorMessage('subUserHasPending').replace('{name}', user.name), { user, appointment: busy });
          }
        }
        patch.subUsers = next;
      }
      if (Object.keys(patch).length > 0) {
        await tx.update(users).set(patch).where(and(eq(users.tenantId, tenantId), eq(users.id, row.id)));
      }
    });
    return toUserDto(db, (await findUserByEmail(db, tenantId, email))!, new Date(now));
  }
  // A user on itself.
  if (body.kind !== 'self') throw new ApiError('forbidden', errorMessage('forbidden'));
  const b = body.value;
  if (b.tlf !== undefined) {
    const phone = normalizePhone(b.tlf);
    if (!phone || phone !== row.tlf || !row.phoneVerified) throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
  }
  if (b.onboarding_completed && (!row.phoneVerified || !(b.privacy_policy ?? row.privacyPolicy))) {
    throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
  }
  const patch: Partial<typeof users.$inferInsert> = {};
  if (b.name !== undefined) patch.name = b.name;
  if (b.given_name !== undefined) patch.givenName = b.given_name;
  else if (b.name !== undefined) patch.givenName = givenNameKept(b.name, row.givenName);
  if (b.privacy_policy !== undefined) patch.privacyPolicy = b.privacy_policy;
  if (b.onboarding_completed !== undefined) patch.onboardingCompleted = b.onboarding_completed;
  if (b.tutorial !== undefined) patch.tutorial = b.tutorial;
  if (b.fcm_token !== undefined) patch.fcmToken = b.fcm_token;
  if (Object.keys(patch).length > 0) {
    await db.update(users).set(patch).where(and(eq(users.tenantId, tenantId), eq(users.id, row.id)));
  }
  return toUserDto(db, (await findUserByEmail(db, tenantId, email))!, new Date(now));
}

/**
 * The stored given name after the full name changes to `name`: kept when `name` still begins with
 * it as whole words ("María José" in "María José Pérez Gil"), else null. Case-insensitive, blanks tidied.
 */
export function givenNameKept(name: string, given: string | null): string | null {
  if (!given) return null;
  const tidy = (v: string) => v.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  const full = tidy(name);
  const first = tidy(given);
  return full === first || full.startsWith(`${first} `) ? given : null;
}
