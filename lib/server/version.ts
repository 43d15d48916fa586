import 'server-only';
import { createHash } from 'node:crypto';
import type { Employee, Service, TenantSettings, UserDto } from '@/lib/validation/dto';
import { ApiError } from './errors';
import { errorMessage } from './messages';

/**
 * Versions of the editable resources (stylist, service, client account, tenant settings): an opaque string
 * computed from the stored state the resource's edit screen writes, so any write path changes it and no
 * column or migration is needed. An edit screen sends back the version it was loaded with; the write's
 * use case compares it with the current one under the row lock (`assertVersion`) and answers 409 when
 * someone saved in between.
 *
 * Each version covers only the fields its PATCH writes: a special day, the services a stylist offers or a
 * new appointment (edited elsewhere, by their own calls) do not void a draft of the weekly schedule.
 */

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The version of a state: sha256 of its canonical JSON, base64url, first 16 characters. */
export function versionOf(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('base64url').slice(0, 16);
}

/** A stylist's version: the information and the weekly schedule (`PATCH /employees/{id}`). */
export function employeeVersion(e: Pick<Employee, 'name' | 'description' | 'color' | 'week_shifts'>): string {
  return versionOf({ name: e.name, description: e.description, color: e.color, week_shifts: e.week_shifts });
}

/** A service's version: information and timing (`PATCH /facility/1/services/{id}`). */
export function serviceVersion(s: Pick<Service, 'name' | 'description' | 'price' | 'duration' | 'busy_slots'>): string {
  return versionOf({ name: s.name, description: s.description, price: s.price, duration: s.duration, busy_slots: s.busy_slots });
}

/** The version of a service's stylists (`PATCH /facility/1/services/{id}/employees`): their e-mails. */
export function serviceEmployeesVersion(s: Pick<Service, 'employees'>): string {
  return versionOf(s.employees.map((e) => e.email).sort());
}

/** The version of the services a stylist offers (`PATCH /employees/{id}/services`): their ids. */
export function employeeServicesVersion(e: Pick<Employee, 'services'>): string {
  return versionOf(e.services.map((s) => s.id).sort((a, b) => a - b));
}

/**
 * A client account's version: what staff edit on the client detail (`PATCH /users/{email}`): the name, the
 * allowance, the sub-users and "Bloquear reservas online".
 */
export function userVersion(u: Pick<UserDto, 'name' | 'n_appointments_allowed' | 'users'> & { booking_blocked: boolean }): string {
  return versionOf({ name: u.name, n_appointments_allowed: u.n_appointments_allowed, users: u.users, booking_blocked: u.booking_blocked });
}

/**
 * The tenant settings' version (`PATCH /facility/1/settings`): reminders, phone countries, confirm or release
 * and the Monday summary e-mail.
 */
export function settingsVersion(s: Pick<TenantSettings, 'automatic_reminders' | 'phone_countries' | 'confirmation' | 'weekly_summary'>): string {
  return versionOf({ automatic_reminders: s.automatic_reminders, phone_countries: s.phone_countries, confirmation: s.confirmation, weekly_summary: s.weekly_summary });
}

/**
 * The optimistic-concurrency check of a write, called inside its transaction after the row lock: when the
 * caller sent a `given` version and it differs from `current.version`, throws 409 `conflict` with the
 * Spanish "Los datos han cambiado mientras se guardaban" and `details: { current }` (the resource as its GET
 * shows it), so nothing is written. `currentVersion` is the version the write compares with when it is not
 * `current.version` (the stylist assignments: `employees_version`, `services_version`). No version given
 * (older API clients): no check.
 */
export function assertVersion<T extends { version: string }>(given: string | undefined, current: T, currentVersion = current.version): void {
  if (given !== undefined && given !== currentVersion) {
    throw new ApiError('conflict', errorMessage('conflict'), { current });
  }
}
