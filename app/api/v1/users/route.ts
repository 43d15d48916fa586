import { publicOrigin } from '@/lib/server/auth/origin';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { consume } from '@/lib/server/rate-limit';
import { inviteClient } from '@/lib/server/services/invite-client';
import { listClientsPage } from '@/lib/server/services/list-clients';
import { ZClientCreate, ZClientsQuery } from '@/lib/validation/users';

/**
 * `GET /api/v1/users?search=&cursor=&limit=` (spec section 7), staff only → 200 `ClientPage`
 * `{ items: ClientListItem[], next_cursor, total }`: the guest first (first page, when it matches), then
 * newest activity first, keyset-paged; `search` matches name or e-mail, case- and accent-insensitive.
 * 400 for a bad cursor or a limit outside 1–100. See `listClientsPage`.
 */
export const GET = route({ access: 'staff', query: ZClientsQuery }, async ({ tenant, query }) => ({
  json: await listClientsPage(await getDb(), tenant.id, query),
}));

/**
 * `POST /api/v1/users` `{ email }` (spec section 7), staff only → 201 `{ data: User }`: creates the client
 * and queues its invitation e-mail (sign-in link on this host). 409 when the e-mail already has an
 * account in this tenant; 429 after 100 invitations in an hour by one staff member. See `inviteClient`.
 */
export const POST = route({ access: 'staff', body: ZClientCreate }, async ({ req, tenant, user, body }) => {
  await consume('clientInvitePerUser', user.id);
  return data(await inviteClient(await getDb(), tenant.id, body.email, publicOrigin(req)), 201);
});
