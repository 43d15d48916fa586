import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { bodyByKind, data, route } from '@/lib/server/http';
import { bookAsClient, bookAsStaff } from '@/lib/server/services/book-appointment';
import { dataOf, ZEventId } from '@/lib/validation/dto';
import { ZClientAppointmentInsert, ZStaffAppointmentInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/appointment` (spec section 7) → 201 `{ data: { event_id } }`.
 * The flow follows the session's role, never the body or the `initiator` header:
 * a client sends `{ start_time, end_time, facility_id, employee_id, service_id, client_id, user_id, user_name }`;
 * staff send `{ start_time, end_time, facility_id, employee_id, service_id, client_id?, client_name }`.
 * Errors: 400 invalid body, 403 another account, 404 stylist/service, 409 `slot_taken` /
 * `allowance_exceeded` (client flow only: staff may book a client beyond its allowance), 422 a rule
 * broken (past, 30 days, not offered…), 429 too many bookings in an hour (20 per client account, 600 per
 * staff member).
 */
export const PATCH = route(
  {
    summary: 'Books an appointment (client flow or staff flow, by the session’s role)',
    access: 'user',
    body: bodyByKind({ client: ZClientAppointmentInsert, staff: ZStaffAppointmentInsert }, (user) => (isStaff(user.role) ? 'staff' : 'client')),
    status: 201,
    response: dataOf(ZEventId),
    errors: { 409: 'slot_taken, or allowance_exceeded (client flow only)', 422: 'a booking rule is broken' },
    limits: [
      ['bookingPerStaff', ({ user, body }) => (body.kind === 'staff' ? user.id : null)],
      ['bookingPerClient', ({ user, body }) => (body.kind === 'client' ? user.id : null)],
    ],
  },
  async ({ tenant, user, body, now }) => {
    const db = await getDb();
    if (body.kind === 'staff') return data(await bookAsStaff(db, tenant.id, user, body.value, now));
    return data(await bookAsClient(db, tenant.id, user, body.value, now));
  },
);
