import { assertSelfOrStaff } from '@/lib/server/access';
import { getDb } from '@/lib/server/db/client';
import { data, items, route } from '@/lib/server/http';
import { joinWaitlist } from '@/lib/server/services/join-waitlist';
import { listClientWaitlist } from '@/lib/server/services/list-waitlist';
import { dataOf, itemsOf } from '@/lib/validation/dto';
import { ZUserParams } from '@/lib/validation/users';
import { ZWaitlistCreate, ZWaitlistEntry } from '@/lib/validation/waitlist';

/**
 * `GET /api/v1/users/{email}/waitlist` (beyond-the-spec section 4): `{ items: WaitlistEntry[] }`, the account's
 * waitlist entries, newest first (an entry past its range reads `expired`). Own account or staff. Errors: 403
 * another client's account, 404 unknown account.
 */
export const GET = route(
  {
    summary: 'Waitlist entries of an account (self or staff)',
    access: 'user',
    params: ZUserParams,
    response: itemsOf(ZWaitlistEntry),
    errors: { 403: 'forbidden: another client’s account' },
  },
  async ({ tenant, user, params, now }) => {
    assertSelfOrStaff(user, params.email);
    return items(await listClientWaitlist(await getDb(), tenant.id, params.email, now));
  },
);

/**
 * `POST /api/v1/users/{email}/waitlist { services, employee_id, from, to, part_of_day, user_id? }`
 * (beyond-the-spec section 4) → 201 `{ data: WaitlistEntry }`: "Avísame si se libera un hueco", by the client
 * itself or staff for it. See `joinWaitlist` for the rules. Errors: 400 invalid body, 403 another client's
 * account or `booking_restricted`, 404 unknown account, service or stylist, 409 three active entries or a
 * pending appointment of the person in the range, 422 a rule of the entry, 429 after 30 in an hour per user.
 */
export const POST = route(
  {
    summary: 'Joins the waitlist for a freed hour (self or staff)',
    access: 'user',
    params: ZUserParams,
    body: ZWaitlistCreate,
    status: 201,
    response: dataOf(ZWaitlistEntry),
    errors: { 403: 'another client’s account, or booking_restricted', 409: 'three active entries, or a pending appointment in the range', 422: 'a rule of the entry' },
    limits: [['waitlistPerUser', ({ user }) => user.id]],
  },
  async ({ tenant, user, params, body, now }) => {
    assertSelfOrStaff(user, params.email);
    return data(await joinWaitlist(await getDb(), tenant.id, user, params.email, body, now), 201);
  },
);
