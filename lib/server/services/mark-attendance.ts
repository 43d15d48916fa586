import 'server-only';
import { and, eq } from 'drizzle-orm';
import { attendanceMarkError } from '@/lib/domain/reliability';
import { isoUtc } from '@/lib/domain/time';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { activities, appointments } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findAppointments, type AppointmentDto } from '@/lib/server/repositories/appointments';
import { lockAppointment } from '@/lib/server/repositories/locks';
import type { AttendanceMark } from '@/lib/validation/schedules';

const MARK_ERRORS = { notStarted: 'attendanceNotStarted', cancelled: 'attendanceCancelled', markClosed: 'attendanceClosed' } as const;

/**
 * Sets, changes or clears staff's attendance mark of an appointment (beyond-the-spec section 3,
 * `PATCH /schedules/attendance/appointment`): "Vino" (`attended`), "No vino" (`no_show`) or null, from its start
 * until 7 days after its end (lib/domain/reliability.ts `attendanceMarkError`), with who and when; a "No vino"
 * writes a `no_show_marked` activity. One transaction with the appointment's row locked. `now` is epoch ms.
 * Returns the appointment as the agenda shows it. Errors: 404 unknown (or another tenant's); 409 before its
 * start, on a cancelled one, or more than 7 days after its end.
 */
export async function markAttendance(db: Db, tenantId: number, actor: SessionUser, input: AttendanceMark, now: number): Promise<AppointmentDto> {
  return db.transaction(async (tx) => {
    const row = await lockAppointment(tx, tenantId, input.appointment_id);
    if (!row) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    const { a } = row;
    const problem = attendanceMarkError({ status: a.status, start: a.startAt.getTime(), end: a.endAt.getTime() }, now);
    if (problem) throw new ApiError('conflict', errorMessage(MARK_ERRORS[problem]));
    await tx
      .update(appointments)
      .set({ attendance: input.attendance, attendanceMarkedAt: new Date(now), attendanceMarkedBy: actor.id })
      .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, a.id)));
    if (input.attendance === 'no_show' && a.attendance !== 'no_show') {
      await tx.insert(activities).values({
        tenantId,
        type: 'no_show_marked',
        data: {
          id: a.id,
          start_time: isoUtc(a.startAt),
          created_by: actor.name || actor.email,
          service_name: a.serviceName,
          client_name: a.clientName,
        },
      });
    }
    const [marked] = await findAppointments(tx, tenantId, eq(appointments.id, a.id));
    return marked!;
  });
}
