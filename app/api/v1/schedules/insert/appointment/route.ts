import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { data, parse, route } from '@/lib/server/http';
import { bookAsClient } from '@/lib/server/services/book-appointment';
import { bookAsStaff } from '@/lib/server/services/staff-schedule';
import { ZClientAppointmentInsert, ZStaffAppointmentInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/appointment` (spec section 7) → 201 `{ data: { event_id } }`.
 * The flow follows the session's role, never the body or the `initiator` header:
 * a client sends `{ start_time, end_time, facility_id, employee_id, service_id, client_id, user_id, user_name }`;
 * staff send `{ start_time, end_time, facility_id, employee_id, service_id, client_id?, client_name }`.
 * Errors: 400 invalid body, 403 another account, 404 stylist/service, 409 `slot_taken` /
 * `allowance_exceeded` (staff: with `details.appointment`), 422 a rule broken (past, 30 days, not offered…).
 */
export const PATCH = route({ access: 'user' }, async ({ req, tenant, user }) => {
  const raw: unknown = await req.json().catch(() => null);
  const db = await getDb();
  if (isStaff(user.role)) {
    return data(await bookAsStaff(db, tenant.id, user, parse(ZStaffAppointmentInsert, raw)), 201);
  }
  return data(await bookAsClient(db, tenant.id, user, parse(ZClientAppointmentInsert, raw)), 201);
});
