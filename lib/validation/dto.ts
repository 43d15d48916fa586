/**
 * Response shapes of `/api/v1` (spec sections 3 and 7): the one definition of what the API answers.
 * Server DTO mappers build these types, the browser's hooks read them, and the OpenAPI document
 * (`/api/v1/openapi.json`) is generated from the same schemas. Types come from `z.infer`.
 *
 * Units: prices in euros (with cents), durations in minutes, instants as UTC ISO strings,
 * dates as `YYYY-MM-DD` in Europe/Madrid, wall-clock times as `HH:mm` in Madrid.
 */
import { z } from 'zod';
import { ACTIVITY_TYPES } from '@/lib/domain/activity-types';
import { RELIABILITY_TIERS } from '@/lib/domain/reliability';
import { ZWaitlistEntry } from './waitlist';
import { ROLES, STAFF_ROLES } from '@/lib/domain/roles';

export type { Role } from '@/lib/domain/roles';
export const ZRole = z.enum(ROLES);

/** A Madrid date, `YYYY-MM-DD`. */
const date = z.string().meta({ format: 'date', description: 'Madrid date YYYY-MM-DD' });
/** A UTC ISO instant. */
const instant = z.string().meta({ format: 'date-time', description: 'UTC ISO 8601 instant' });
/**
 * The version of an editable resource: opaque, changes whenever what its PATCH writes changes. Send it back
 * in the PATCH body to have a save refused (409 `conflict`, `details.current`) when someone saved in between.
 */
const version = z.string().meta({ description: 'Opaque version of the editable fields; send it back with a PATCH' });

/** `GET /session` → `data`. */
export const ZSessionInfo = z.object({ email: z.string(), name: z.string(), role: ZRole, onboarding_completed: z.boolean() });
export type SessionInfo = z.infer<typeof ZSessionInfo>;

/** `GET /facility/1` → `data`. */
export const ZFacility = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the logo, or null. */
  logo: z.string().nullable(),
  address: z.string().nullable(),
  tlf: z.string().nullable(),
  config: z.object({ instagram: z.string().optional() }),
});
export type Facility = z.infer<typeof ZFacility>;

/** A sub-user of a client account. */
export const ZSubUser = z.object({ id: z.string(), name: z.string() });
export type SubUser = z.infer<typeof ZSubUser>;

/** One working interval of a day, Madrid wall clock `HH:mm`. */
export const ZShiftRange = z.object({ id: z.string(), open: z.string(), close: z.string() });
export type ShiftRange = z.infer<typeof ZShiftRange>;

/** A busy part of an appointment (UTC ISO instants). */
export const ZBusySlot = z.object({ start_time: instant, end_time: instant });
export type BusySlot = z.infer<typeof ZBusySlot>;

/** A busy part of a service, in minutes from the appointment's start. */
export const ZBusySegment = z.object({ startMinutes: z.number().int(), endMinutes: z.number().int() });
export type BusySegment = z.infer<typeof ZBusySegment>;

/** A service of a visit as the agenda lists it beside each of the visit's appointments (beyond-the-spec section 2). */
export const ZVisitPart = z.object({
  /** The appointment's id. */
  id: z.string(),
  service_name: z.string(),
  /** The stylist's e-mail. */
  employee_id: z.string(),
  employee_name: z.string(),
  start_time: instant,
  end_time: instant,
});
export type VisitPart = z.infer<typeof ZVisitPart>;

/**
 * Where an appointment stands in its visit (beyond-the-spec section 2), counting the visit's services that
 * are not cancelled, by start (on any date): `position` of `size`, and those services in order.
 */
export const ZVisitPlace = z.object({
  position: z.number().int().min(1),
  size: z.number().int().min(2),
  parts: z.array(ZVisitPart),
});
export type VisitPlace = z.infer<typeof ZVisitPlace>;

/** An appointment (spec section 3), as the pending list, the agenda and the client history return it. */
export const ZAppointment = z.object({
  id: z.string(),
  /**
   * The visit the appointment is a service of (beyond-the-spec section 2): shared by the services booked
   * together; an appointment booked alone is a visit of one, whose visit id is its own id.
   */
  visit_id: z.string(),
  type: z.literal('appointment'),
  facility_id: z.number().int(),
  /** The stylist's e-mail. */
  employee_id: z.string(),
  employee_name: z.string(),
  /** The owning account's e-mail (a client or the guest). */
  client_id: z.string(),
  client_name: z.string(),
  /** The person served: the client's own user id or a sub-user id. */
  user_id: z.string(),
  user_name: z.string(),
  is_guest: z.boolean(),
  service_id: z.number().int().nullable(),
  service_name: z.string(),
  /** Euros. */
  service_price: z.number(),
  date,
  start_time: instant,
  end_time: instant,
  status: z.enum(['pending', 'cancelled']),
  created_at: instant,
  created_by: z.string(),
  created_by_role: z.enum(['client', 'staff']),
  /** The leave note, or for a cancelled appointment the reason given (optional). */
  notes: z.string().nullable(),
  /** When a cancelled appointment was cancelled (UTC ISO), else null. */
  cancelled_at: instant.nullable().optional(),
  /** Who cancelled it (the staff member's name), else null. */
  cancelled_by: z.string().nullable().optional(),
  /**
   * Staff's mark after the start (beyond-the-spec section 3): "Vino" (`attended`) or "No vino" (`no_show`);
   * null while unmarked (an unmarked appointment counts as attended 48 hours after its end).
   */
  attendance: z.enum(['attended', 'no_show']).nullable(),
  /**
   * Confirm or release (beyond-the-spec section 3): `pending` until the client confirms through an action link,
   * `confirmed` after; `not_required` for guests, bookings after the cut-off and salons without it.
   */
  confirmation: z.enum(['pending', 'confirmed', 'not_required']),
  /** The confirmation cut-off (UTC ISO) of a `pending` one: still pending from then on, it shows "Sin confirmar". */
  confirmation_cutoff_time: instant.nullable(),
  busy_slots: z.array(ZBusySlot),
  /**
   * In the agenda (`GET /facility/1/appointments`) only, on a pending appointment of a client account (not the
   * guest): the account's reliability tier (beyond-the-spec section 3), the event's mark.
   */
  client_tier: z.enum(RELIABILITY_TIERS).optional(),
  /**
   * In the agenda (`GET /facility/1/appointments`) only, on a pending appointment of a visit of two or more
   * services that are not cancelled: its place in the visit and the visit's services. Absent otherwise.
   */
  visit: ZVisitPlace.optional(),
});
export type Appointment = z.infer<typeof ZAppointment>;

/** A leave (blocked slot, spec section 3) as the agenda lists it. */
export const ZLeave = z.object({
  id: z.string(),
  type: z.literal('leave'),
  facility_id: z.number().int(),
  employee_id: z.string(),
  employee_name: z.string(),
  date,
  start_time: instant,
  end_time: instant,
  notes: z.string().nullable(),
  created_by: z.string(),
  created_at: instant,
});
export type Leave = z.infer<typeof ZLeave>;

/** One stylist on one Madrid date (`GET /facility/1/appointments`). */
export const ZAgendaDay = z.object({
  date,
  employee_id: z.string(),
  employee_name: z.string(),
  available: z.boolean(),
  special: z.boolean(),
  notes: z.string(),
  shift: z.array(ZShiftRange),
  appointments: z.array(z.discriminatedUnion('type', [ZAppointment, ZLeave])),
});
export type AgendaDay = z.infer<typeof ZAgendaDay>;

/** `GET /users/{email}` → `data` (spec section 3, User). */
export const ZUser = z.object({
  /** The account's own user id (used as `user_id` when a client books for itself). */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** The first name typed at onboarding (the greeting), null when the account never gave one. */
  given_name: z.string().nullable(),
  tlf: z.string().nullable(),
  phone_verified: z.boolean(),
  role: ZRole,
  n_appointments_allowed: z.number().int(),
  users: z.array(ZSubUser),
  pending_appointments: z.array(ZAppointment),
  privacy_policy: z.boolean(),
  onboarding_completed: z.boolean(),
  tutorial: z.boolean(),
  is_guest: z.boolean(),
  created_at: instant,
  /** Version of name, allowance and sub-users (what staff edit). */
  version,
});
export type UserDto = z.infer<typeof ZUser>;

/**
 * A client account's reliability (beyond-the-spec section 3, "Fiabilidad") over the last 12 months, sub-users
 * included: the tier and the visits it comes from.
 */
export const ZReliability = z.object({
  tier: z.enum(RELIABILITY_TIERS),
  attended: z.number().int(),
  no_shows: z.number().int(),
  late_cancellations: z.number().int(),
});
export type Reliability = z.infer<typeof ZReliability>;

/**
 * A client's WhatsApp state (beyond-the-spec section 5) as staff read it: when it opted out of WhatsApp
 * messages (its "BAJA" reply, or staff) and when the Cloud API refused its number as not on WhatsApp (cleared
 * when the phone changes); null when not. Messages reach a client with a verified phone and both null.
 */
export const ZWhatsAppConsent = z.object({ opted_out_at: instant.nullable(), invalid_at: instant.nullable() });
export type WhatsAppConsent = z.infer<typeof ZWhatsAppConsent>;

/**
 * `GET /users/{email}` → `data`: the user; for a client account (not the guest) its `reliability`; for staff
 * reading a client, its history and, but for the guest, its `whatsapp` state.
 */
export const ZUserDetail = ZUser.extend({
  reliability: ZReliability.optional(),
  history: z.lazy(() => ZClientHistory).optional(),
  whatsapp: ZWhatsAppConsent.optional(),
});
export type UserDetail = z.infer<typeof ZUserDetail>;

/** A client in the staff list (`GET /users`): visits are past, non-cancelled appointments. */
export const ZClientListItem = z.object({
  email: z.string(),
  name: z.string(),
  tlf: z.string().nullable(),
  is_guest: z.boolean(),
  n_appointments_allowed: z.number().int(),
  users: z.array(ZSubUser),
  visits: z.number().int(),
  last_visit: instant.nullable(),
  /** The account's reliability tier (beyond-the-spec section 3); null for the guest. */
  reliability_tier: z.enum(RELIABILITY_TIERS).nullable(),
  created_at: instant,
});
export type ClientListItem = z.infer<typeof ZClientListItem>;

/** `GET /users?search=&cursor=` (staff): one page of clients, newest activity first. */
export const ZClientPage = z.object({
  items: z.array(ZClientListItem),
  /** Opaque cursor of the next page, or null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many clients match the search (the list's count badge). */
  total: z.number().int(),
});
export type ClientPage = z.infer<typeof ZClientPage>;

/**
 * A client's history (spec section 2, Clients detail; states of section 4): Pendientes (not cancelled,
 * ending in the future; soonest first), Antiguas (not cancelled, ended; latest first), Canceladas
 * (latest first, with who cancelled and the reason in `notes`).
 */
export const ZClientHistory = z.object({
  pending: z.array(ZAppointment),
  past: z.array(ZAppointment),
  cancelled: z.array(ZAppointment),
});
export type ClientHistory = z.infer<typeof ZClientHistory>;

/** A message of the outbox addressed to a client, as the export shows it (e-mail, push or WhatsApp). */
export const ZExportedMessage = z.object({
  id: z.number().int(),
  kind: z.enum(['email', 'push', 'whatsapp']),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  /** The e-mail address it goes to; null for a push or WhatsApp message (they go to the account's device or phone). */
  to: z.string().nullable(),
  /** The e-mail's subject, the push's title, or the WhatsApp template's name. */
  subject: z.string(),
  /** The e-mail's plain text, the push's body, or the WhatsApp message's text. */
  text: z.string(),
  /** File names of the e-mail's attachments (e.g. the appointment's `.ics`). */
  attachments: z.array(z.string()),
  created_at: instant,
  sent_at: instant.nullable(),
});

/**
 * `GET /users/{email}/export` (admin): everything the salon holds about a client (the privacy policy's
 * right of access): the account (with its sub-users in `profile.users`, the push token masked, its last
 * activity), every appointment of the account, the activities about them, the messages addressed to them,
 * the phone verification records (the code itself is never stored) and the open sessions (masked ids).
 */
export const ZClientExport = z.object({
  exported_at: instant,
  profile: ZUser.omit({ pending_appointments: true, version: true }).extend({
    /** The registered push token, masked: its last 4 characters only (`••••abcd`); null when none. */
    push_token: z.string().nullable(),
    last_activity_at: instant,
  }),
  appointments: z.array(ZAppointment),
  activities: z.array(z.object({ id: z.number().int(), type: z.string(), data: z.record(z.string(), z.unknown()), created_at: instant })),
  messages: z.array(ZExportedMessage),
  phone_verifications: z.array(
    z.object({ phone: z.string(), attempts: z.number().int(), created_at: instant, expires_at: instant, verified_at: instant.nullable() }),
  ),
  /** Sign-in sessions: the stored id (a hash of the cookie token) masked to its last 4 characters. */
  sessions: z.array(z.object({ id: z.string(), created_at: instant, last_used_at: instant, expires_at: instant })),
  /** Its waitlist entries (beyond-the-spec section 4), newest first. */
  waitlist: z.array(z.lazy(() => ZWaitlistEntry)),
});
export type ClientExport = z.infer<typeof ZClientExport>;

/** `GET /users/phone/{phone}` → `data`: empty when the phone is free, a masked e-mail when taken. */
export const ZPhoneLookup = z.object({ email: z.string().optional() });

/** A stylist as a chip (`Service.employees`). */
export const ZEmployeeRef = z.object({ email: z.string(), name: z.string() });
/** A service as a chip (`Employee.services`). */
export const ZServiceRef = z.object({ id: z.number().int(), name: z.string() });

/** A service offered by the facility (spec section 3, Service). */
export const ZService = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Euros. */
  price: z.number(),
  /** Minutes. */
  duration: z.number().int(),
  busy_slots: z.array(ZBusySegment),
  employees: z.array(ZEmployeeRef),
  /** Version of the information and timing (not of the stylists, assigned by their own call). */
  version,
  /** Version of the stylists (what `PATCH …/services/{id}/employees` writes). */
  employees_version: version,
});
export type Service = z.infer<typeof ZService>;

/** One day of a weekly schedule (0 = Sunday … 6 = Saturday). */
export const ZWeekShiftDay = z.object({
  id: z.number().int().min(0).max(6),
  label: z.string(),
  available: z.boolean(),
  shifts: z.array(ZShiftRange),
});
export type WeekShiftDay = z.infer<typeof ZWeekShiftDay>;

/** A dated exception to the weekly schedule (spec section 3, special_shifts). */
export const ZSpecialShift = z.object({
  date,
  available: z.boolean(),
  shift: z.array(ZShiftRange),
  /** Staff-only note about the day (e.g. the reason of a closed day); left out of the answers to clients. */
  notes: z.string().optional(),
});
export type SpecialShift = z.infer<typeof ZSpecialShift>;

/** A stylist (spec section 3, Employee); the e-mail is the id. */
export const ZEmployee = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  description: z.string(),
  color: z.string(),
  avatar: z.string().nullable(),
  /** Hidden (null) for clients. */
  tlf: z.string().nullable(),
  services: z.array(ZServiceRef),
  week_shifts: z.array(ZWeekShiftDay),
  special_shifts: z.array(ZSpecialShift),
  /** Version of name, description, colour and weekly schedule (what `PATCH /employees/{id}` writes). */
  version,
  /** Version of the services offered (what `PATCH /employees/{id}/services` writes). */
  services_version: version,
});
export type Employee = z.infer<typeof ZEmployee>;

/**
 * `details` of a 409 `schedule_conflict` (decisions "Schedule changes and booked appointments"): the
 * pending appointments a weekly or special schedule change would leave outside working hours.
 */
export const ZScheduleConflictDetails = z.object({ appointments: z.array(ZAppointment) });
export type ScheduleConflictDetails = z.infer<typeof ZScheduleConflictDetails>;

/** `DELETE /facility/1/employees/{employeeId}/special-shifts/{date}` → `data`: the date freed. */
export const ZSpecialShiftDeleted = z.object({ date });
export type SpecialShiftDeleted = z.infer<typeof ZSpecialShiftDeleted>;

/** One bookable slot: `id` is `start_end`, times are UTC ISO instants. */
export const ZAvailableHour = z.object({ id: z.string(), start_time: instant, end_time: instant });
export type AvailableHour = z.infer<typeof ZAvailableHour>;

/** Bookable slots grouped by Madrid hour label (`HH:00`). */
export const ZHourGroup = z.object({ hour: z.string(), hours: z.array(ZAvailableHour) });
export type HourGroup = z.infer<typeof ZHourGroup>;

/** An entry of the activity feed (spec section 3, Activity). */
export const ZActivity = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  /** The activity's details (e.g. id, start_time, service_name, employee_name, client_name; or name, email). */
  data: z.record(z.string(), z.unknown()),
  seen: z.boolean(),
  created_at: instant,
});
export type Activity = z.infer<typeof ZActivity>;

/**
 * `GET /facility/1/activities?cursor=` (staff): one page, newest first; `seen` is per staff member (the
 * caller); `unseen` counts the caller's new items in the whole feed (the menu badge).
 */
export const ZActivityPage = z.object({
  items: z.array(ZActivity),
  /** Pass as `cursor` to get the next (older) page; null on the last page. Opaque. */
  next_cursor: z.string().nullable(),
  /** How many activities are newer than the caller's watermark (not seen by the caller). */
  unseen: z.number().int(),
});
export type ActivityPage = z.infer<typeof ZActivityPage>;

/** `PATCH /facility/1/activities/seen` → `data`: the caller's new items left after moving the watermark. */
export const ZActivityUnseen = z.object({ unseen: z.number().int() });
export type ActivityUnseen = z.infer<typeof ZActivityUnseen>;

/** `{ data: { event_id } }` of the insert calls. */
export const ZEventId = z.object({ event_id: z.string() });
/** A hold of an hour (beyond-the-spec section 1): its id and when it ends (UTC ISO). */
export const ZHold = z.object({ hold_id: z.uuid(), expires_at: z.string() });
export type Hold = z.infer<typeof ZHold>;

/** `{ data: { id } }` of the calls that unblock a slot or cancel an appointment: the event's id. */
export const ZIdRef = z.object({ id: z.string() });

/** `{ data: { email } }` of the calls that remove a stylist or delete a client: the account's e-mail as it was. */
export const ZEmailRef = z.object({ email: z.string() });

/** `POST /users/{email}/phone/code` → `data`: who sends the code, and when it expires (null: Firebase decides). */
export const ZPhoneCodeAnswer = z.object({ provider: z.enum(['dev', 'firebase']), expires_at: z.string().nullable() });

/** The error body of every failed call. */
export const ZApiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional(), request_id: z.string().optional() }),
});
export type ApiErrorBody = z.infer<typeof ZApiErrorBody>;

/** `{ data: T }` envelope of one resource. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/** `{ items: T[] }` envelope of a list. */
export const itemsOf = <T extends z.ZodType>(schema: T) => z.object({ items: z.array(schema) });

/** `GET|PATCH /facility/1/settings` → `data`: the tenant's settings (decisions "Admin-only actions"). */
export const ZTenantSettings = z.object({
  /** The e-mail reminder 24 hours before each appointment (on by default). */
  automatic_reminders: z.boolean(),
  /** ISO countries whose phone numbers may receive verification codes (Spain only by default). */
  phone_countries: z.array(z.string()),
  /**
   * Confirm or release (beyond-the-spec section 3): on by default; the confirmation request `request_hours`
   * before the start (48 by default) and the cut-off `cutoff_hours` before it (12 by default).
   */
  confirmation: z.object({ enabled: z.boolean(), request_hours: z.number().int(), cutoff_hours: z.number().int() }),
  /** The Monday e-mail to the admins with the week's figures, "Resumen de la semana" (on by default). */
  weekly_summary: z.boolean(),
  version,
});
export type TenantSettings = z.infer<typeof ZTenantSettings>;
