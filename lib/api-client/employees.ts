/**
 * API access of the employee screens (spec sections 2 and 7): one stylist, the list (shared with
 * the agenda through `useStaffEmployees`), and the writes — information, weekly schedule, services,
 * special schedules, and adding or removing a stylist (admins only). Every write revalidates the stylist, the lists of stylists and what shows their
 * hours or services (agenda days, services), so every screen reads the new state.
 * Errors arrive as `ApiClientError` with the server's Spanish message.
 */
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import { ZScheduleConflictDetails, type Appointment, type Employee } from '@/lib/validation/dto';
import type { ZEmployeePatch, ZEmployeeServices, ZSpecialShiftCreate } from '@/lib/validation/employees';
import type { ZStaffCreate } from '@/lib/validation/staff';
import { ApiClientError, apiFetch, isNotFoundError } from './fetcher';
import { FACILITY_ID } from './hooks';
import { versionedWrite } from './stale';
import { staffPaths, useStaffEmployees } from './staff';

export { useStaffEmployees };

const enc = encodeURIComponent;

/** Paths (SWR keys for the GETs) of the employee resources. */
export const employeePaths = {
  list: staffPaths.employees,
  employee: (email: string) => `/api/v1/facility/${FACILITY_ID}/employee/${enc(email)}`,
  /** `POST` (add) is the list's path; `DELETE` (remove) is this one. */
  account: (email: string) => `/api/v1/facility/${FACILITY_ID}/employees/${enc(email)}`,
  update: (email: string) => `/api/v1/employees/${enc(email)}`,
  services: (email: string) => `/api/v1/employees/${enc(email)}/services`,
  specialShifts: (email: string) => `/api/v1/facility/${FACILITY_ID}/employees/${enc(email)}/special-shifts`,
  specialShift: (email: string, date: string) =>
    `/api/v1/facility/${FACILITY_ID}/employees/${enc(email)}/special-shifts/${date}`,
};


/**
 * One stylist by e-mail (`GET /facility/1/employee/{email}`; null e-mail: no request). A 404 is not
 * retried: the screen shows Error. No se ha encontrado al empleado.
 */
export function useEmployee(email: string | null, config?: SWRConfiguration<Employee>) {
  return useSWR<Employee>(
    email ? employeePaths.employee(email) : null,
    (path: string) => apiFetch<{ data: Employee }>(path).then((b) => b.data),
    { shouldRetryOnError: (err) => !isNotFoundError(err), ...config },
  );
}

/** True when a load failed because the stylist does not exist. */
export const isEmployeeNotFound = isNotFoundError;

const PREFIX = `/api/v1/facility/${FACILITY_ID}`;

/**
 * Revalidates every cached view of a stylist after a write: the stylist itself (set to `fresh` when the
 * answer carries it), every list of stylists (`/employees`, `?service=`), the agenda days (their hours)
 * and, when `services` is set, the services (their stylist chips).
 */
async function revalidateEmployee(email: string, fresh?: Employee | null, { services = false } = {}): Promise<void> {
  const one = employeePaths.employee(email);
  await Promise.all([
    fresh ? mutate(one, fresh, { revalidate: true }) : mutate(one),
    mutate(
      (key) =>
        typeof key === 'string' &&
        key !== one &&
        (key.startsWith(`${PREFIX}/employees`) ||
          key.startsWith(`${PREFIX}/appointments`) ||
          (services && key.startsWith(`${PREFIX}/services`))),
    ),
  ]);
}

/** The body of `PATCH /employees/{email}`: information, or the weekly schedule (with `force`). */
export type EmployeePatchBody = z.input<typeof ZEmployeePatch>;

/**
 * `PATCH /api/v1/employees/{email}` → 201 with the stylist. Throws `ApiClientError`: 409 `schedule_conflict`,
 * or 409 `conflict` when `patch.version` is stale (the cached stylist then becomes `details.current`).
 */
export async function updateEmployee(email: string, patch: EmployeePatchBody): Promise<Employee | null> {
  const answer = await versionedWrite(employeePaths.employee(email), () =>
    apiFetch<{ data?: Employee } | null>(employeePaths.update(email), { method: 'PATCH', body: patch }),
  );
  const fresh = answer?.data ?? null;
  await revalidateEmployee(email, fresh);
  return fresh;
}

/**
 * `PATCH /api/v1/employees/{email}/services` with the ids of the services the stylist offers → 201. With
 * `version` (the stylist's `services_version` as loaded) a stale save throws 409 `conflict` and the cached
 * stylist becomes `details.current`.
 */
export async function setEmployeeServices(email: string, items: z.input<typeof ZEmployeeServices>['items'], version?: string): Promise<void> {
  const answer = await versionedWrite(employeePaths.employee(email), () =>
    apiFetch<{ data?: Employee } | null>(employeePaths.services(email), { method: 'PATCH', body: { items, version } }),
  );
  await revalidateEmployee(email, answer?.data ?? null, { services: true });
}

/** The body of `POST …/special-shifts`. */
export type SpecialShiftBody = z.input<typeof ZSpecialShiftCreate>;

/**
 * `POST /api/v1/facility/1/employees/{email}/special-shifts` → 201. Throws `ApiClientError`: 409 for a date
 * that already has one or `schedule_conflict`, 422 for a past date.
 */
export async function createSpecialShift(email: string, body: SpecialShiftBody): Promise<void> {
  await apiFetch(employeePaths.specialShifts(email), { method: 'POST', body });
  await revalidateEmployee(email);
}

/**
 * `DELETE /api/v1/facility/1/employees/{email}/special-shifts/{date}[?force=true]` → 200. Throws
 * `ApiClientError`: 409 `schedule_conflict` when the weekly hours that return would leave pending
 * appointments outside working hours (resend with `force`).
 */
export async function deleteSpecialShift(email: string, date: string, { force = false } = {}): Promise<void> {
  await apiFetch(employeePaths.specialShift(email, date) + (force ? '?force=true' : ''), { method: 'DELETE' });
  await revalidateEmployee(email);
}

/** The body of `POST /facility/1/employees`: `{ name, email }`. */
export type AddEmployeeBody = z.input<typeof ZStaffCreate>;

/**
 * `POST /api/v1/facility/1/employees` (admins only; decisions "Admin-only actions") → 201 with the new
 * stylist, who then signs in with that e-mail. Throws `ApiClientError`: 403 for non-admins, 409 `conflict`
 * when the e-mail is a client's or an active staff member's (the Spanish message says which).
 */
export async function addEmployee(body: AddEmployeeBody): Promise<Employee> {
  const answer = await apiFetch<{ data: Employee }>(employeePaths.list(), { method: 'POST', body });
  await revalidateEmployee(answer.data.email, answer.data);
  return answer.data;
}

/**
 * `DELETE /api/v1/facility/1/employees/{email}` (admins only; decisions "Admin-only actions" and
 * "Deleting") → 200 `{ data: { email } }`. Revalidates the lists of stylists, the agenda and the services
 * (their stylist chips), and drops the stylist from the cache without fetching it again (it is gone: a
 * later visit loads it and shows not found). Throws `ApiClientError`: 409 `conflict` with the pending
 * appointments (`removalConflictOf`), 422 when admins remove themselves, 403 for non-admins.
 */
export async function removeEmployee(email: string): Promise<void> {
  await apiFetch(employeePaths.account(email), { method: 'DELETE' });
  const one = employeePaths.employee(email);
  await mutate(
    (key) =>
      typeof key === 'string' &&
      key !== one &&
      (key.startsWith(`${PREFIX}/employees`) || key.startsWith(`${PREFIX}/appointments`) || key.startsWith(`${PREFIX}/services`)),
  );
  await mutate(one, undefined, { revalidate: false });
}

/**
 * The pending appointments that keep a stylist from being removed, when `err` is the 409 `conflict`
 * answer of `removeEmployee` (decisions "Deleting"); null for any other error.
 */
export function removalConflictOf(err: unknown): Appointment[] | null {
  if (!(err instanceof ApiClientError) || err.status !== 409 || err.code !== 'conflict') return null;
  const parsed = ZScheduleConflictDetails.safeParse(err.details);
  return parsed.success ? parsed.data.appointments : null;
}

/** An appointment a schedule change would leave outside working hours. */
export type ConflictAppointment = Appointment;

/**
 * The pending appointments a schedule change would leave outside working hours, when `err` is the 409
 * `schedule_conflict` answer (decisions "Schedule changes and booked appointments"); null for any other error.
 */
export function scheduleConflictOf(err: unknown): ConflictAppointment[] | null {
  if (!(err instanceof ApiClientError) || err.status !== 409 || err.code !== 'schedule_conflict') return null;
  const parsed = ZScheduleConflictDetails.safeParse(err.details);
  return parsed.success ? parsed.data.appointments : [];
}
