/**
 * API access of the staff agenda (spec section 7): the stylists, the agenda days of a date range,
 * and the two staff actions of the agenda dialogs (cancel an appointment, unblock a slot).
 * Built on the one fetcher (`apiFetch`), so errors arrive as `ApiClientError` with the Spanish message.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { AgendaDay } from '@/lib/domain/agenda';
import { apiFetch } from './fetcher';
import { FACILITY_ID } from './hooks';

export type { AgendaAppointment, AgendaDay, AgendaLeave } from '@/lib/domain/agenda';

/** A stylist as `GET /api/v1/facility/1/employees` lists it (assignable to the domain's `AgendaEmployee`). */
export type StaffEmployee = {
  email: string;
  name: string;
  role?: 'employee' | 'admin';
  description: string;
  avatar: string | null;
  color: string;
  tlf: string | null;
  services: { id: number; name: string }[];
  week_shifts: { id: number; label: string; available: boolean; shifts: { id: string; open: string; close: string }[] }[];
  special_shifts: { date: string; available: boolean | number; shift: { id: string; open: string; close: string }[]; notes: string }[];
};

/** Paths (SWR keys) of the staff resources. */
export const staffPaths = {
  employees: () => `/api/v1/facility/${FACILITY_ID}/employees`,
  agenda: (startDate: string, endDate: string) =>
    `/api/v1/facility/${FACILITY_ID}/appointments?startDate=${startDate}&endDate=${endDate}`,
  cancelAppointment: () => '/api/v1/schedules/cancel/appointment',
  deleteLeave: () => '/api/v1/schedules/delete/leave',
};

const getItems = <T>(path: string) => apiFetch<{ items?: T[] }>(path).then((b) => b?.items ?? []);

/** Every stylist of the facility, with weekly and special shifts. */
export function useStaffEmployees(config?: SWRConfiguration<StaffEmployee[]>) {
  return useSWR<StaffEmployee[]>(staffPaths.employees(), getItems<StaffEmployee>, config);
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

export type CancelAppointmentBody = {
  date: string;
  facility_id: typeof FACILITY_ID;
  employee_id: string;
  client_id: string;
  appointment_id: string;
  notes: string | null;
};

/** `PATCH /api/v1/schedules/cancel/appointment` → 200. Throws `ApiClientError`. */
export function cancelAppointment(body: Omit<CancelAppointmentBody, 'facility_id'>): Promise<unknown> {
  return apiFetch(staffPaths.cancelAppointment(), { method: 'PATCH', body: { ...body, facility_id: FACILITY_ID } });
}

export type DeleteLeaveBody = { id: string; employee_id: string; date: string; facility_id: typeof FACILITY_ID };

/** `PATCH /api/v1/schedules/delete/leave` → 201. Throws `ApiClientError`. */
export function deleteLeave(body: Omit<DeleteLeaveBody, 'facility_id'>): Promise<unknown> {
  return apiFetch(staffPaths.deleteLeave(), { method: 'PATCH', body: { ...body, facility_id: FACILITY_ID } });
}

/** `PATCH /api/v1/schedules/insert/leave` → the new leave's id. Throws `ApiClientError`. */
export async function insertLeave(body: { start_time: string; end_time: string; employee_id: string; notes?: string }): Promise<string> {
  const answer = await apiFetch<{ data: { event_id: string } }>('/api/v1/schedules/insert/leave', {
    method: 'PATCH',
    body: { ...body, facility_id: FACILITY_ID },
  });
  return answer.data.event_id;
}
