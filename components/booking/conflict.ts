/**
 * The pending appointment a failed staff booking may return (spec section 8: the Error modal shows
 * its date, time, employee and service with Ver en la agenda). Pure.
 */

/** What the Error modal shows of the conflicting appointment. */
export type ConflictAppointment = {
  id: string;
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  /** UTC ISO instant. */
  start_time: string;
  employee_name: string;
  service_name: string;
};

const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The `details.appointment` of an error answer when it looks like an appointment, else null. */
export function conflictingAppointment(details: unknown): ConflictAppointment | null {
  if (!details || typeof details !== 'object') return null;
  const a = (details as { appointment?: unknown }).appointment;
  if (!a || typeof a !== 'object') return null;
  const { id, date, start_time, employee_name, service_name } = a as Record<string, unknown>;
  if (!str(id) || !str(date) || !str(start_time)) return null;
  return {
    id,
    date,
    start_time,
    employee_name: typeof employee_name === 'string' ? employee_name : '',
    service_name: typeof service_name === 'string' ? service_name : '',
  };
}

/** The agenda address that opens a date and highlights an event (`/?date=YYYY-MM-DD&eventId=…`). */
export function agendaHref(date: string, eventId: string): string {
  return `/?${new URLSearchParams({ date, eventId }).toString()}`;
}
