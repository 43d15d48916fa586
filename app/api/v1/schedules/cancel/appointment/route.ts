import { publicOrigin } from '@/lib/server/auth/origin';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { cancelAppointment } from '@/lib/server/services/cancel-appointment';
import { dataOf, ZIdRef } from '@/lib/validation/dto';
import { ZAppointmentCancel } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/cancel/appointment` (spec section 7), staff only:
 * `{ date, facility_id, employee_id, client_id, appointment_id, notes }` → 200 `{ data: { id } }`.
 * Errors: 400, 403 (clients cannot cancel), 404 unknown, 409 already cancelled, 422 past.
 */
export const PATCH = route(
  {
    summary: 'Cancels an appointment (the client is e-mailed unless guest)',
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
