import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { moveAppointment } from '@/lib/server/services/move-appointment';
import { dataOf, ZAppointment } from '@/lib/validation/dto';
import { ZAppointmentMove } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/move/appointment`, staff only: `{ appointment_id, start_time, employee_id }`
 * (start UTC ISO, stylist by e-mail) → 200 `{ data: Appointment }`, the moved appointment (same id). The
 * client is e-mailed the change with the updated `.ics` unless it is the guest (`moveAppointment`). With
 * `whole_visit: true` on a service of a visit (beyond-the-spec section 2) the visit moves as one: its other
 * pending services by the same amount with their own stylists, one e-mail for the visit.
 * Errors: 400 invalid body, 403 a client, 404 unknown appointment or stylist, 409 already cancelled or the
 * time is taken, 422 a past appointment or start, a service the stylist does not offer, 429 too many.
 */
export const PATCH = route(
  {
    summary: 'Moves an appointment to another time and/or stylist (the client is e-mailed unless guest)',
    access: 'staff',
    body: ZAppointmentMove,
    response: dataOf(ZAppointment),
    errors: { 404: 'unknown appointment or stylist', 409: 'already cancelled, or slot_taken', 422: 'a past appointment or start, or a service not offered' },
    limits: [['bookingPerStaff', ({ user }) => user.id]],
  },
  async ({ tenant, user, body, now }) => data(await moveAppointment(await getDb(), tenant.id, user, body, now)),
);
