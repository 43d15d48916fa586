import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { assertSelfOrStaff } from '@/lib/server/access';
import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { data, parse, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { findUserByEmail, toUserDto } from '@/lib/server/repositories/users';
import { normalizePhone } from '@/lib/domain/phone';
import { ZClientUserPatch, ZStaffUserPatch, ZUserParams } from '@/lib/validation/users';

/**
 * `GET /api/v1/users/{email}` (spec section 7): `{ data: User }` with pending appointments.
 * A client reads only itself (403 otherwise); staff read any user of the tenant. 404 when unknown.
 */
export const GET = route({ access: 'user', params: ZUserParams }, async ({ tenant, user, params }) => {
  assertSelfOrStaff(user, params.email);
  const db = await getDb();
  const row = await findUserByEmail(db, tenant.id, params.email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  return data(await toUserDto(db, row));
});

/**
 * `PATCH /api/v1/users/{email}` (spec section 7) → 201 `{ data: User }`.
 * A client on itself: name, tlf (must equal its verified phone: 422 `phone_not_verified` otherwise),
 * onboarding_completed (needs a verified phone and the privacy policy), privacy_policy, tutorial.
 * Staff on a client: name, users (sub-users, max 3), n_appointments_allowed; the guest cannot be edited (403).
 * Errors: 400 invalid body, 403 not yours, 404 unknown.
 */
export const PATCH = route({ access: 'user', params: ZUserParams }, async ({ req, tenant, user, params }) => {
  assertSelfOrStaff(user, params.email);
  const db = await getDb();
  const row = await findUserByEmail(db, tenant.id, params.email);
  if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
  const raw: unknown = await req.json().catch(() => null);
  const self = row.id === user.id;
  const patch: Partial<typeof users.$inferInsert> = {};
  if (self) {
    const b = parse(ZClientUserPatch, raw);
    if (b.tlf !== undefined) {
      const phone = normalizePhone(b.tlf);
      if (!phone || phone !== row.tlf || !row.phoneVerified) {
        throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
      }
    }
    if (b.onboarding_completed && (!row.phoneVerified || !(b.privacy_policy ?? row.privacyPolicy))) {
      throw new ApiError('phone_not_verified', errorMessage('phoneNotVerified'));
    }
    if (b.name !== undefined) patch.name = b.name;
    if (b.privacy_policy !== undefined) patch.privacyPolicy = b.privacy_policy;
    if (b.onboarding_completed !== undefined) patch.onboardingCompleted = b.onboarding_completed;
    if (b.tutorial !== undefined) patch.tutorial = b.tutorial;
  } else {
    if (!isStaff(user.role)) throw new ApiError('forbidden', errorMessage('forbidden'));
    if (row.isGuest || row.role !== 'client') throw new ApiError('forbidden', errorMessage('forbidden'));
    const b = parse(ZStaffUserPatch, raw);
    if (b.name !== undefined) patch.name = b.name;
    if (b.users !== undefined) patch.subUsers = b.users.map((u) => ({ id: u.id ?? randomUUID(), name: u.name }));
    if (b.n_appointments_allowed !== undefined) patch.nAppointmentsAllowed = b.n_appointments_allowed;
  }
  if (Object.keys(patch).length > 0) {
    await db.update(users).set(patch).where(and(eq(users.tenantId, tenant.id), eq(users.id, row.id)));
  }
  const updated = await findUserByEmail(db, tenant.id, params.email);
  return data(await toUserDto(db, updated!), 201);
});
