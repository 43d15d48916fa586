import { getDb } from '@/lib/server/db/client';
import { assertSelfOrStaff } from '@/lib/server/access';
import { bodyByKind, data, route } from '@/lib/server/http';
import { deleteClient } from '@/lib/server/services/delete-client';
import { getUser } from '@/lib/server/services/get-user';
import { updateUser } from '@/lib/server/services/update-user';
import { dataOf, ZEmailRef, ZUser, ZUserDetail } from '@/lib/validation/dto';
import { STALE_VERSION } from '@/lib/validation/openapi';
import { ZClientUserPatch, ZStaffUserPatch, ZUserParams, type UserParams } from '@/lib/validation/users';

/**
 * `GET /api/v1/users/{email}` (spec section 7): `{ data: UserDetail }` — the user with pending
 * appointments and, for staff reading a client, its `history` (pending, past, cancelled).
 * A client reads only itself (403 otherwise); staff read any user of the tenant. 404 when unknown.
 */
export const GET = route(
  {
    summary: 'A user with pending appointments (self or staff); for staff reading a client, its history (pending, past, cancelled)',
    access: 'user',
    params: ZUserParams,
    response: dataOf(ZUserDetail),
    errors: { 403: 'forbidden: another client’s account' },
  },
  async ({ tenant, user, params, now }) => data(await getUser(await getDb(), tenant.id, user, params.email, now)),
);

/**
 * `PATCH /api/v1/users/{email}` (spec section 7) → 201 `{ data: User }`. The body's contract follows who
 * writes on whom: a user on itself sends `ZClientUserPatch` (kind `self`), staff on a client
 * `ZStaffUserPatch` (kind `staff`); a client on anyone else is refused (403) before the body is read. See
 * `updateUser`. Errors: 400 invalid body (or not JSON), 403 not yours or the guest, 404 unknown, 409 a
 * removed sub-user has a pending appointment or (staff) the optional `version` is stale (`details.current`,
 * nothing saved), 422 `phone_not_verified`.
 */
export const PATCH = route(
  {
    summary: 'A client updates itself, or staff update a client',
    access: 'user',
    onboarding: false,
    params: ZUserParams,
    body: bodyByKind({ self: ZClientUserPatch, staff: ZStaffUserPatch }, (user, params: UserParams) => {
      assertSelfOrStaff(user, params.email);
      return params.email === user.email ? 'self' : 'staff';
    }),
    status: 201,
    response: dataOf(ZUser),
    errors: {
      403: 'forbidden: another client’s account, the guest or a staff account',
      409: `a removed sub-user has a pending appointment; or (staff) ${STALE_VERSION}`,
      422: 'phone_not_verified',
    },
  },
  async ({ tenant, user, params, body, now }) => data(await updateUser(await getDb(), tenant.id, user, params.email, body, now)),
);

/**
 * `DELETE /api/v1/users/{email}` (admin only; decisions "Deleting") → 200 `{ data: { email } }`: the
 * client's personal data anonymised, pending appointments cancelled with the usual e-mail, past ones kept
 * under "Cliente eliminado". 403 for employees, 404 unknown, 422 the guest or a staff account.
 * See `deleteClient`.
 */
export const DELETE = route(
  {
    summary: 'Deletes a client (admin): anonymised, pending appointments cancelled with the usual e-mail, past ones kept',
    access: 'admin',
    params: ZUserParams,
    response: dataOf(ZEmailRef),
    errors: { 422: 'the guest or a staff account' },
  },
  async ({ tenant, user, params, now }) => data(await deleteClient(await getDb(), tenant, user, params.email, now)),
);
