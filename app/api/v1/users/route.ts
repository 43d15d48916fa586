import { publicOrigin } from '@/lib/server/auth/origin';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { inviteClient } from '@/lib/server/services/invite-client';
import { listClientsPage } from '@/lib/server/services/list-clients';
import { dataOf, ZClientPage, ZUser } from '@/lib/validation/dto';
import { ZClientCreate, ZClientsQuery } from '@/lib/validation/users';

/**
 * `GET /api/v1/users?search=&cursor=&limit=` (spec section 7), staff only → 200 `ClientPage`
 * `{ items: ClientListItem[], next_cursor, total }`: the guest first (first page, when it matches), then
 * newest activity first, keyset-paged; `search` matches name or e-mail, case- and accent-insensitive.
 * 400 for a bad cursor or a limit outside 1–100. See `listClientsPage`.
 */
export const GET = route(
  {
    summary:
      'One page of the tenant’s clients with visits: the guest first, then newest activity first (keyset: cursor = next_cursor); ' +
      'search matches name or e-mail, case- and accent-insensitive; total counts the matches',
    access: 'staff',
    query: ZClientsQuery,
    response: ZClientPage,
  },
  async ({ tenant, query, now }) => ({ json: await listClientsPage(await getDb(), tenant.id, query, now) }),
);

/**
 * `POST /api/v1/users` `{ email }` (spec section 7), staff only → 201 `{ data: User }`: creates the client
 * and queues its invitation e-mail (sign-in link on this host). 409 when the e-mail already has an
 * account in this tenant; 429 after 100 invitations in an hour by one staff member. See `inviteClient`.
 */
export const POST = route(
  {
    summary: 'Invites a client by e-mail (creates it and queues the invitation e-mail)',
    access: 'staff',
    body: ZClientCreate,
    status: 201,
    response: dataOf(ZUser),
    errors: { 409: 'the e-mail already has an account in this tenant' },
    limits: [['clientInvitePerUser', ({ user }) => user.id]],
  },
  async ({ req, tenant, body, now }) => data(await inviteClient(await getDb(), tenant.id, body.email, publicOrigin(req), now)),
);
