import { z } from 'zod';
import { assertSelfOrStaff } from '@/lib/server/access';
import { getDb } from '@/lib/server/db/client';
import { data, parse, route } from '@/lib/server/http';
import { deleteClient } from '@/lib/server/services/delete-client';
import { getUser } from '@/lib/server/services/get-user';
import { updateUser, type UserPatch } from '@/lib/server/services/update-user';
import { ZClientUserPatch, ZStaffUserPatch, ZUserParams } from '@/lib/validation/users';

/**
 * `GET /api/v1/users/{email}` (spec section 7): `{ data: UserDetail }` — the user with pending
 * appointments and, for staff reading a client, its `history` (pending, past, cancelled).
 * A client reads only itself (403 otherwise); staff read any user of the tenant. 404 when unknown.
 */
export const GET = route({ access: 'user', params: ZUserParams }, async ({ tenant, user, params }) =>
  data(await getUser(await getDb(), tenant.id, user, params.email)),
);

/**
 * `PATCH /api/v1/users/{email}` (spec section 7) → 201 `{ data: User }`. The body is validated by who
 * writes: an account on itself with `ZClientUserPatch`, staff on another account with `ZStaffUserPatch`
 * (a client on another account gets 403 first); see `updateUser`. Errors: 400 invalid body (or not
 * JSON), 403 not yours or the guest, 404 unknown, 409 a removed sub-user has a pending appointment or
 * (staff) the optional `version` is stale (`details.current`, nothing saved), 422 `phone_not_verified`.
 */
// The body's schema depends on who writes: the wrapper reads JSON (size, type, control characters), the handler validates it.
export const PATCH = route({ access: 'user', onboarding: false, params: ZUserParams, body: z.unknown() }, async ({ tenant, user, params, body }) => {
  // Ownership before the body: another's account answers 403 whatever the body holds.
  assertSelfOrStaff(user, params.email);
  const input: UserPatch =
    params.email === user.email ? { by: 'self', patch: parse(ZClientUserPatch, body) } : { by: 'staff', patch: parse(ZStaffUserPatch, body) };
  return data(await updateUser(await getDb(), tenant.id, user, params.email, input), 201);
});

/**
 * `DELETE /api/v1/users/{email}` (admin only; decisions "Deleting") → 200 `{ data: { email } }`: the
 * client's personal data anonymised, pending appointments cancelled with the usual e-mail, past ones kept
 * under "Cliente eliminado". 403 for employees, 404 unknown, 422 the guest or a staff account.
 * See `deleteClient`.
 */
export const DELETE = route({ access: 'admin', params: ZUserParams }, async ({ tenant, user, params }) =>
  data(await deleteClient(await getDb(), tenant, user, params.email)),
);
