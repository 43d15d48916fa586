/**
 * API paths of the SWR hooks (spec section 7): the cache key of each resource. A module of its own, free of
 * SWR and React, so server components can key the `fallback` of an `SWRConfig` exactly as the hooks key
 * their requests (first view rendered on the server), and callers can revalidate a resource with
 * SWR's `mutate(key)`.
 */

/** The facility id of every path (spec section 9). */
export const FACILITY_ID = 1;

export const apiPaths = {
  session: () => '/api/v1/session',
  facility: (id = FACILITY_ID) => `/api/v1/facility/${id}`,
  user: (email: string) => `/api/v1/users/${encodeURIComponent(email)}`,
  pending: (email: string) => `/api/v1/users/${encodeURIComponent(email)}/appointments/pending`,
  /** The waitlist entries of an account (beyond-the-spec section 4); `POST` joins at the same path. */
  waitlist: (email: string) => `/api/v1/users/${encodeURIComponent(email)}/waitlist`,
  /** One waitlist entry of an account (`DELETE` takes it off). */
  waitlistEntry: (email: string, id: string) => `/api/v1/users/${encodeURIComponent(email)}/waitlist/${encodeURIComponent(id)}`,
  services: (associated: boolean) =>
    `/api/v1/facility/${FACILITY_ID}/services${associated ? '?associated=true' : ''}`,
  /** The salon's active waitlist entries (staff, beyond-the-spec section 4). */
  salonWaitlist: () => `/api/v1/facility/${FACILITY_ID}/waitlist`,
  /** The owner's summary of a period of Madrid dates, both included (staff, beyond-the-spec section 6). */
  summary: (from: string, to: string) => `/api/v1/facility/${FACILITY_ID}/reports/summary?from=${from}&to=${to}`,
  /** The period's appointments as CSV for the accountant (admins, beyond-the-spec section 6). */
  appointmentsCsv: (from: string, to: string) => `/api/v1/facility/${FACILITY_ID}/reports/appointments.csv?from=${from}&to=${to}`,
  /** Every stylist of the facility (the staff's list, no service filter). */
  staffEmployees: () => `/api/v1/facility/${FACILITY_ID}/employees`,
  /** The staff agenda between two Madrid dates inclusive. */
  agenda: (startDate: string, endDate: string) =>
    `/api/v1/facility/${FACILITY_ID}/appointments?startDate=${startDate}&endDate=${endDate}`,
  employees: (serviceId: number) => `/api/v1/facility/${FACILITY_ID}/employees?service=${serviceId}`,
  /**
   * Bookable hours of a stylist on a Madrid date for a service (duration in minutes). With `appointmentId`
   * (staff moving that appointment), its own busy parts do not count as taken.
   */
  availableHours: (date: string, employeeEmail: string, duration: number, serviceId: number, appointmentId?: string) =>
    `/api/v1/facility/${FACILITY_ID}/${date}/${encodeURIComponent(employeeEmail)}/appointments/available` +
    `?serviceDuration=${duration}&serviceId=${serviceId}` +
    (appointmentId === undefined ? '' : `&appointmentId=${encodeURIComponent(appointmentId)}`),
  /**
   * Bookable hours of a visit (beyond-the-spec section 2) on a Madrid date: its services back to back in visit
   * order, by a stylist (e-mail) or `any` ("Cualquier estilista").
   */
  visitHours: (date: string, employeeEmail: string, serviceIds: readonly number[]) =>
    `/api/v1/facility/${FACILITY_ID}/${date}/${encodeURIComponent(employeeEmail)}/appointments/available?services=${serviceIds.join(',')}`,
};
