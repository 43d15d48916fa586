import { holderHashOf } from '@/lib/server/auth/holder';
import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { bodyByKind, route } from '@/lib/server/http';
import { idempotent } from '@/lib/server/idempotency';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { bookAsClient, bookAsStaff } from '@/lib/server/services/book-appointment';
import { bookVisitAsClient, bookVisitAsStaff } from '@/lib/server/services/book-visit';
import { dataOf, ZEventId } from '@/lib/validation/dto';
import { ZAppointmentInsertHeaders, ZClientAppointmentInsert, ZStaffAppointmentInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/appointment` (spec section 7) → 201 `{ data: { event_id } }`.
 * The flow follows the session's role, never the body or the `initiator` header:
 * a client sends `{ start_time, end_time, facility_id, employee_id, service_id, client_id, user_id, user_name }`;
 * staff send `{ start_time, end_time, facility_id, employee_id, service_id, client_id?, client_name }`.
 * Header `Idempotency-Key` (optional; beyond-the-spec §1): 8–255 characters of letters, digits and `-_.:`
 * (400 otherwise). The same key with the same body within 24 hours answers the first answer's status and
 * body again (with `Idempotent-Replayed: true`) and books nothing, sends nothing, logs no activity; a
 * concurrent request with the key waits for the first and answers the same. The same key with another body:
 * 422 `idempotency_key_reused`. Keys belong to the tenant and the signed-in account; only successful
 * bookings are stored (a refused request may be retried with its key).
 * Client flow, optional `hold_id` (beyond-the-spec §1): the caller's live hold of this very hour (its browser's
 * `klok_holder` cookie, or its account once a sign-in took the hold over) gives its time to the booking; a hold
 * of another hour is 422; someone else's, an expired or an unknown hold changes nothing (another's live hold
 * stands in the way: 409 `slot_taken`).
 * Visits (beyond-the-spec section 2, client flow): `service_ids: [..]` (1–4) beside or instead of `service_id`,
 * and `employee_id: "any"` for "Cualquier estilista", book every service back to back in the salon's order
 * in one transaction and answer `{ data: { event_id, visit_id, appointments: [{ id, employee_id, service_id,
 * start_time, end_time }] } }` (`event_id`: the first appointment). A spec body (one `service_id`, a
 * stylist's e-mail) answers as the spec says. A visit's `hold_id` is a hold of the same services, start and stylist (or `any`).
 * Staff book a visit by one named stylist with `service_ids` (the staff rules of one booking: outside shifts,
 * 5-minute grid) and get the same visit answer.
 * Errors: 400 invalid body or key, 403 another account, 404 stylist/service, 409 `slot_taken` /
 * `allowance_exceeded` (client flow only: staff may book a client beyond its allowance), 422 a rule
 * broken (past, 30 days, not offered…) or a reused key, 429 too many bookings in an hour (20 per client
 * account, 600 per staff member; replays count too).
 */
export const PATCH = route(
  {
    summary: 'Books an appointment (client flow or staff flow, by the session’s role); idempotent with an Idempotency-Key',
    access: 'user',
    headers: ZAppointmentInsertHeaders,
    body: bodyByKind({ client: ZClientAppointmentInsert, staff: ZStaffAppointmentInsert }, (user) => (isStaff(user.role) ? 'staff' : 'client')),
    status: 201,
    response: dataOf(ZEventId),
    errors: {
      409: 'slot_taken, or allowance_exceeded (client flow only)',
      422: 'a booking rule is broken; idempotency_key_reused: the Idempotency-Key was used with another body in the last 24 hours',
    },
    limits: [
      ['bookingPerStaff', ({ user, body }) => (body.kind === 'staff' ? user.id : null)],
      ['bookingPerClient', ({ user, body }) => (body.kind === 'client' ? user.id : null)],
    ],
  },
  async ({ req, tenant, user, body, headers, now }) => {
    const db = await getDb();
    const call = { tenantId: tenant.id, userId: user.id, operation: 'book_appointment', key: headers['idempotency-key'], request: body, now };
    if (body.kind === 'staff') {
      const { service_id, service_ids, ...value } = body.value;
      if (service_ids !== undefined && service_ids.length > 1) {
        // A visit by one stylist (beyond-the-spec section 2).
        return idempotent(db, call, { status: 201, envelope: (result) => ({ data: result }) }, (once) =>
          bookVisitAsStaff(db, tenant.id, user, { ...value, service_ids }, now, once),
        );
      }
      const one = service_id ?? service_ids?.[0];
      if (one === undefined) throw new ApiError('bad_request', errorMessage('invalidRequest'));
      return idempotent(db, call, { status: 201, envelope: (result) => ({ data: result }) }, (once) =>
        bookAsStaff(db, tenant.id, user, { ...value, service_id: one }, now, once),
      );
    }
    const { service_id, service_ids, ...rest } = body.value;
    if (service_ids !== undefined || rest.employee_id === 'any') {
      // A visit (beyond-the-spec section 2): several services, or "Cualquier estilista".
      const ids = service_ids ?? (service_id === undefined ? null : [service_id]);
      if (!ids) throw new ApiError('bad_request', errorMessage('invalidRequest'));
      return idempotent(db, call, { status: 201, envelope: (result) => ({ data: result }) }, (once) =>
        bookVisitAsClient(db, tenant.id, user, { ...rest, service_ids: ids }, now, once, holderHashOf(req)),
      );
    }
    if (service_id === undefined) throw new ApiError('bad_request', errorMessage('invalidRequest'));
    return idempotent(db, call, { status: 201, envelope: (result) => ({ data: result }) }, (once) =>
      bookAsClient(db, tenant.id, user, { ...rest, service_id }, now, once, holderHashOf(req)),
    );
  },
);
