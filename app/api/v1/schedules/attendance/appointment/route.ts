import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { markAttendance } from '@/lib/server/services/mark-attendance';
import { dataOf, ZAppointment } from '@/lib/validation/dto';
import { ZAttendanceMark } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/attendance/appointment { appointment_id, attendance }` (beyond-the-spec section 3),
 * staff only: `attendance` "attended" ("Vino"), "no_show" ("No vino") or null (clears the mark) → 200
 * `{ data: Appointment }` with its `attendance`. Allowed from the appointment's start until 7 days after its
 * end. Errors: 400 invalid body, 403 a client, 404 unknown appointment, 409 before its start, cancelled, or
 * more than 7 days after its end.
 */
export const PATCH = route(
  {
    summary: 'Marks whether the client came to an appointment (Vino / No vino), or clears the mark',
    access: 'staff',
    body: ZAttendanceMark,
    response: dataOf(ZAppointment),
    errors: { 404: 'unknown appointment', 409: 'before its start, cancelled, or more than 7 days after its end' },
  },
  async ({ tenant, user, body, now }) => data(await markAttendance(await getDb(), tenant.id, user, body, now)),
);
