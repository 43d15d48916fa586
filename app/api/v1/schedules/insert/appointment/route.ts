import { z } from 'zod';
import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { data, parse, route } from '@/lib/server/http';
import { consume } from '@/lib/server/rate-limit';
import { bookAsClient, bookAsStaff } from '@/lib/server/services/book-appointment';
import { ZClientAppointmentInsert, ZStaffAppointmentInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/appointment` (spec section 7) → 201 `{ data: { event_id } }`.
 * The flow follows the session's role, never the body or the `initiator` header:
 * a client sends `{ start_time, end_time, facility_id, employee_id, service_id, client_id, user_id, user_name }`;
 * staff send `{ start_time, end_time, facility_id, employee_id, service_id, client_id?, client_name }`.
 * Errors: 400 invalid body, 403 another account, 404 stylist/service, 409 `slot_taken` /
 * `allowance_exceeded` (staff: with `details.appointment`), 422 a rule broken (past, 30 days, not offered…),
 * 429 too many bookings in an hour (20 per client account, 600 per staff member).
 */
export const PATCH = route({ access: 'user', body: z.unknown() }, async ({ tenant, user, body }) => {
  const db = await getDb();
  if (isStaff(user.role)) {
    const input = parse(ZStaffAppointmentInsert, body);
    await consume('bookingPerStaff', user.id);
    return data(await bookAsStaff(db, tenant.id, user, input), 201);
  }
  const input = parse(ZClientAppointmentInsert, body);
  await consume('bookingPerClient', user.id);
  return data(await bookAsClient(db, tenant.id, user, input), 201);
});
