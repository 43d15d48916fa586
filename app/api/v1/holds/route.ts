import { NextResponse } from 'next/server';
import { isStaff } from '@/lib/server/auth/session';
import { holderFor } from '@/lib/server/auth/holder';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { holdHour } from '@/lib/server/services/hold-hour';
import { dataOf, ZHold } from '@/lib/validation/dto';
import { ZHoldCreate } from '@/lib/validation/schedules';

/**
 * `POST /api/v1/holds { start_time, employee_id, service_ids }` (beyond-the-spec section 1) → 201
 * `{ data: { hold_id, expires_at } }`: keeps a stylist's hour for 10 minutes while a visitor signs in (or a
 * client confirms). `start_time` UTC; `employee_id` the stylist's e-mail, or `any` for "Cualquier estilista";
 * `service_ids` the visit's 1–4 service ids (beyond-the-spec section 2), each part held with its stylist. The
 * hour must be one the client availability offers. The holder is the browser (httpOnly cookie `klok_holder`,
 * set on the first hold) and, signed in, the account; a new hold releases the holder's earlier one. The
 * holder books it with `hold_id` on `PATCH /schedules/insert/appointment`; availability leaves the holder's
 * own hold out of the taken time. Open to visitors and clients (same origin only); staff book directly (403).
 * Errors: 400 invalid body, 403 staff or cross-origin, 404 stylist or service, 409 `slot_taken` (booked or
 * held by someone else), 422 a booking rule (past, 30 days, not offered, not a bookable hour), 429 after 20
 * holds in 10 minutes from one IP.
 */
export const POST = route(
  {
    summary: 'Holds a stylist’s hour for 10 minutes (visitors and clients)',
    access: 'public',
    body: ZHoldCreate,
    status: 201,
    response: dataOf(ZHold),
    errors: { 409: 'slot_taken: the hour is booked or held by someone else', 422: 'a booking rule is broken' },
    limits: [['holdPerIp', ({ ip }) => ip]],
  },
  async ({ req, tenant, user, body, now }) => {
    if (user && isStaff(user.role)) throw new ApiError('forbidden', errorMessage('forbidden'));
    const holder = holderFor(req);
    const hold = await holdHour(await getDb(), tenant.id, { hash: holder.hash, userId: user?.id ?? null }, body, now);
    const res = NextResponse.json({ data: hold }, { status: 201 });
    holder.set(res);
    return res;
  },
);
