import { publicOrigin } from '@/lib/server/auth/origin';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { cancelAppointment } from '@/lib/server/services/cancel-appointment';
import { dataOf, ZIdRef } from '@/lib/validation/dto';
import { ZAppointmentCancel } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/cancel/appointment` (spec section 7), staff only:
 * `{ date, facility_id, employee_id, client_id, appointment_id, notes, whole_visit? }` → 200 `{ data: { id } }`
 * (`id` the appointment named). `whole_visit: true` (beyond-the-spec section 2) also cancels the other
 * services of its visit that are pending and have not ended, all or none, with one e-mail for the visit.
 * Errors (of the appointment named): 400, 403 (clients cannot cancel), 404 unknown, 409 already cancelled, 422 past.
 */
export const PATCH = route(
  {
    summary: 'Cancels an appointment, or with whole_visit every service of its visit still to come (the client is e-mailed once unless guest)',
    access: 'staff',
    body: ZAppointmentCancel,
    response: dataOf(ZIdRef),
    errors: { 409: 'already cancelled', 422: 'a past appointment' },
  },
  async ({ req, tenant, user, body, now }) => {
    await cancelAppointment(await getDb(), tenant.id, user, body, now, publicOrigin(req));
    return data({ id: body.appointment_id });
  },
);
