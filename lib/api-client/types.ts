/**
 * Shapes of the REST API answers as the browser sees them (spec sections 3 and 7).
 * The one definition of the API contract: the server's repositories build these same types.
 */

export type Role = 'client' | 'employee' | 'admin';

/** `GET /api/v1/session` → `data`. */
export type SessionInfo = { email: string; name: string; role: Role; onboarding_completed: boolean };

/** `GET /api/v1/facility/1` → `data`. */
export type Facility = {
  id: number;
  name: string;
  /** URL path of the logo, or null. */
  logo: string | null;
  address: string | null;
  tlf: string | null;
  config: { instagram?: string };
};

/** A sub-user of a client account. */
export type SubUser = { id: string; name: string };

/** One working interval of a day, Madrid wall clock `HH:mm`. */
export type ShiftRange = { id?: string; open: string; close: string };

/** A busy part of an appointment (UTC ISO instants). */
export type BusySlot = { start_time: string; end_time: string };

/** An appointment (spec section 3), as the pending list and the agenda return it. */
export type Appointment = {
  id: string;
  type: 'appointment';
  facility_id: number;
  /** The stylist's e-mail. */
  employee_id: string;
  employee_name: string;
  /** The owning account's e-mail (a client or the guest). */
  client_id: string;
  client_name: string;
  /** The person served: the client's own user id or a sub-user id. */
  user_id: string;
  user_name: string;
  is_guest: boolean;
  service_id: number | null;
  service_name: string;
  /** Euros. */
  service_price: number;
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  /** UTC ISO instant. */
  start_time: string;
  /** UTC ISO instant. */
  end_time: string;
  status: 'pending' | 'cancelled';
  created_at: string;
  created_by: string;
  created_by_role: 'client' | 'staff';
  notes: string | null;
  busy_slots: BusySlot[];
};

/** A leave (blocked slot, spec section 3) as the agenda lists it. */
export type Leave = {
  id: string;
  type: 'leave';
  facility_id: number;
  employee_id: string;
  employee_name: string;
  date: string;
  start_time: string;
  end_time: string;
  notes: string | null;
  created_by: string;
  created_at: string;
};

/** One stylist on one Madrid date (`GET /api/v1/facility/1/appointments`). */
export type AgendaDay = {
  date: string;
  employee_id: string;
  employee_name: string;
  available: boolean;
  special: boolean;
  notes: string;
  shift: ShiftRange[];
  appointments: (Appointment | Leave)[];
};

/** `GET /api/v1/users/{email}` → `data`. */
export type UserDto = {
  /** The account's own user id (used as `user_id` when a client books for itself). */
  id: string;
  email: string;
  name: string;
  tlf: string | null;
  role: Role;
  n_appointments_allowed: number;
  users: SubUser[];
  pending_appointments: Appointment[];
  privacy_policy: boolean;
  onboarding_completed: boolean;
  tutorial: boolean;
  phone_verified: boolean;
  created_at: string;
};

/** A service offered by the facility. */
export type Service = {
  id: number;
  name: string;
  description: string;
  /** Euros. */
  price: number;
  /** Minutes. */
  duration: number;
  busy_slots: { startMinutes: number; endMinutes: number }[];
  employees: { email: string; name: string }[];
};

/** One day of an employee's weekly schedule (0 = Sunday … 6 = Saturday). */
export type WeekShiftDay = {
  id: number;
  label: string;
  available: boolean;
  shifts: { id: string; open: string; close: string }[];
};

/** A dated exception to the weekly schedule. */
export type SpecialShiftDto = {
  date: string;
  available: boolean | number;
  shift: { id: string; open: string; close: string }[];
  notes: string;
};

/** A stylist (the e-mail is the id). */
export type Employee = {
  email: string;
  name: string;
  description: string;
  color: string;
  avatar: string | null;
  week_shifts: WeekShiftDay[];
  special_shifts: SpecialShiftDto[];
  services: { id: number; name: string }[];
};

/** One bookable slot: `id` is `start_end`, times are UTC ISO instants. */
export type AvailableHour = { id: string; start_time: string; end_time: string };

/** Bookable slots grouped by Madrid hour label (`HH:00`). */
export type HourGroup = { hour: string; hours: AvailableHour[] };

/** The error body of every failed call. */
export type ApiErrorBody = { error?: { code?: string; message?: string; details?: unknown } };
