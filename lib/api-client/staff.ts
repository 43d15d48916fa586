/**
 * API access of the staff agenda (spec section 7): the stylists, the agenda days of a date range,
 * and the staff actions of the agenda (cancel or move an appointment, block or unblock a slot).
 * Built on the one fetcher (`apiFetch`), so errors arrive as `ApiClientError` with the Spanish message.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import type { AgendaDay, Appointment, Employee } from '@/lib/validation/dto';
import type { ZAppointmentCancel, ZAppointmentMove, ZAttendanceMark, ZLeaveDelete, ZLeaveInsert } from '@/lib/validation/schedules';
import { apiFetch } from './fetcher';
import { FACILITY_ID } from './hooks';
import { apiPaths } from './paths';

/** Paths (SWR keys) of the staff resources. */
export const staffPaths = {
  employees: apiPaths.staffEmployees,
  agenda: apiPaths.agenda,
  cancelAppointment: () => '/api/v1/schedules/cancel/appointment',
  moveAppointment: () => '/api/v1/schedules/move/appointment',
  markAttendance: () => '/api/v1/schedules/attendance/appointment',
  deleteLeave: () => '/api/v1/schedules/delete/leave',
};

const getItems = <T>(path: string) => apiFetch<{ items?: T[] }>(path).then((b) => b?.items ?? []);

/** Every stylist of the facility, with weekly and special shifts. */
export function useStaffEmployees(config?: SWRConfiguration<Employee[]>) {
  return useSWR<Employee[]>(staffPaths.employees(), getItems<Employee>, config);
}

/**
 * The agenda days (one per Madrid date and stylist) between two dates inclusive (at most 62 days);
 * a failed load is only logged (spec section 7) and exposed as `error`.
 */
export function useAgendaDays(range: { start: string; end: string } | null, config?: SWRConfiguration<AgendaDay[]>) {
  return useSWR<AgendaDay[]>(range ? staffPaths.agenda(range.start, range.end) : null, getItems<AgendaDay>, {
    onError: (err) => console.error('Agenda could not be loaded', err),
    ...config,
  });
}

export type CancelAppointmentBody = z.input<typeof ZAppointmentCancel>;

/** `PATCH /api/v1/schedules/cancel/appointment` → 200. Throws `ApiClientError`. */
export function cancelAppointment(body: Omit<CancelAppointmentBody, 'facility_id'>): Promise<unknown> {
  return apiFetch(staffPaths.cancelAppointment(), { method: 'PATCH', body: { ...body, facility_id: FACILITY_ID } });
}

/**
 * `PATCH /api/v1/schedules/attendance/appointment` (beyond-the-spec section 3): "Vino" (`attended`), "No vino"
 * (`no_show`) or null to clear → the appointment. Throws `ApiClientError` (409 before its start, cancelled,
 * or more than 7 days after its end).
 */
export async function markAttendance(body: Omit<z.input<typeof ZAttendanceMark>, 'facility_id'>): Promise<Appointment> {
  const answer = await apiFetch<{ data: Appointment }>(staffPaths.markAttendance(), { method: 'PATCH', body: { ...body, facility_id: FACILITY_ID } });
  return answer.data;
}

export type MoveAppointmentBody = z.input<typeof ZAppointmentMove>;

/**
 * `PATCH /api/v1/schedules/move/appointment` → the moved appointment (new start as a UTC ISO instant,
 * `employee_id` the target stylist's e-mail). Throws `ApiClientError` (409 `slot_taken` with the
 * conflicting appointments in `details`, 422 a past start).
 */
export async function moveAppointment(body: Omit<MoveAppointmentBody, 'facility_id'>): Promise<Appointment> {
  const answer = await apiFetch<{ data: Appointment }>(staffPaths.moveAppointment(), {
    method: 'PATCH',
    body: { ...body, facility_id: FACILITY_ID },
  });
  return answer.data;
}

export type DeleteLeaveBody = z.input<typeof ZLeaveDelete>;

/** `PATCH /api/v1/schedules/delete/leave` → 201. Throws `ApiClientError`. */
export function deleteLeave(body: Omit<DeleteLeaveBody, 'facility_id'>): Promise<unknown> {
  return apiFetch(staffPaths.deleteLeave(), { method: 'PATCH', body: { ...body, facility_id: FACILITY_ID } });
}

/** `PATCH /api/v1/schedules/insert/leave` → the new leave's id. Throws `ApiClientError`. */
export async function insertLeave(body: Omit<z.input<typeof ZLeaveInsert>, 'facility_id'>): Promise<string> {
  const answer = await apiFetch<{ data: { event_id: string } }>('/api/v1/schedules/insert/leave', {
    method: 'PATCH',
    body: { ...body, facility_id: FACILITY_ID },
  });
  return answer.data.event_id;
}
