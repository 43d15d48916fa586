/**
 * The database schema (spec section 3). Every business row carries `tenant_id`.
 * Times are `timestamptz` (UTC); money is integer euro cents; durations are minutes.
 *
 * Distribution-ready (deploy/citus.sql): every primary key, unique index, exclusion constraint and
 * foreign key of a tenant table includes `tenant_id`, so the tables can be distributed by `tenant_id` and
 * colocated. Primary keys are `(id, tenant_id)`: lookups by `id` alone stay index scans on PostgreSQL 15,
 * and `(tenant_id, x_id)` foreign keys match them (PostgreSQL matches the key's columns as a set).
 * Exceptions: `tenants` (a reference table) and `rate_limits` (keys are per IP/phone, not per tenant).
 * The overlap guard (an exclusion constraint over `busy_slots`) lives in a custom migration,
 * because Drizzle has no EXCLUDE syntax.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type SubUser = { id: string; name: string };
export type ShiftRange = { id: string; open: string; close: string };
// Relative import: drizzle-kit loads this file without the `@/` path alias.
export type { BusySegment } from '../../domain/availability';
import type { BusySegment } from '../../domain/availability';
import { foldSql } from '../../domain/search';
import { ACTIVITY_TYPES } from '../../domain/activity-types';
import { FREED_CAUSES, OFFER_STATUSES, PARTS_OF_DAY, WAITLIST_STATUSES } from '../../domain/waitlist';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Tenant setting: the automatic e-mail reminder 24 hours before each appointment (on by default; decisions "Messages"). */
  automaticReminders: boolean('automatic_reminders').notNull().default(true),
  /**
   * Tenant setting: ISO 3166 countries whose phone numbers may receive verification codes (SMS pumping
   * targets premium foreign ranges): Spain only by default.
   */
  phoneCountries: text('phone_countries').array().notNull().default(sql`'{ES}'::text[]`),
  /**
   * Tenant settings of confirm or release (beyond-the-spec section 3): on by default; the confirmation request
   * `confirmation_request_hours` before the start (25–168) and the cut-off `confirmation_cutoff_hours` before
   * it (2–24). A change applies to appointments booked from then on.
   */
  confirmationEnabled: boolean('confirmation_enabled').notNull().default(true),
  confirmationRequestHours: integer('confirmation_request_hours').notNull().default(48),
  confirmationCutoffHours: integer('confirmation_cutoff_hours').notNull().default(12),
  /**
   * Tenant setting: the Monday e-mail to the admins with the week's figures, "Resumen de la semana"
   * (beyond-the-spec section 6; on by default).
   */
  weeklySummaryEmail: boolean('weekly_summary_email').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  check('tenants_confirmation_hours', sql`${t.confirmationCutoffHours} between 2 and 24 and ${t.confirmationRequestHours} between 25 and 168`),
]);

export const facilities = pgTable(
  'facilities',
  {
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    address: text('address'),
    tlf: text('tlf'),
    config: jsonb('config').$type<{ instagram?: string }>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /**
     * The first name (Nombre) as the person typed it at onboarding ("María José" of "María José Pérez Gil"),
     * for the greeting "¡Hola {first name}!" (spec section 2); null for accounts that never onboarded.
     */
    givenName: text('given_name'),
    tlf: text('tlf'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    role: text('role', { enum: ['client', 'employee', 'admin'] }).notNull().default('client'),
    nAppointmentsAllowed: integer('n_appointments_allowed').notNull().default(1),
    subUsers: jsonb('sub_users').$type<SubUser[]>().notNull().default([]),
    privacyPolicy: boolean('privacy_policy').notNull().default(false),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    tutorial: boolean('tutorial').notNull().default(false),
    fcmToken: text('fcm_token'),
    isGuest: boolean('is_guest').notNull().default(false),
    /** Staff's "Bloquear reservas online" (beyond-the-spec section 3): the client's tier is `bloqueado`. */
    bookingBlocked: boolean('booking_blocked').notNull().default(false),
    /**
     * WhatsApp (beyond-the-spec section 5): when the client answered "BAJA" (or staff turned WhatsApp off for
     * them); null while messages may go. "ALTA" or staff set it back to null.
     */
    whatsappOptedOutAt: ts('whatsapp_opted_out_at'),
    /** When the WhatsApp Cloud API refused the client's number as not on WhatsApp; cleared when the phone changes. */
    whatsappInvalidAt: ts('whatsapp_invalid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The client list's order (newest activity first): set when the account is created and bumped
     * (`touchClientActivity`) when it books or gets an appointment cancelled. Keyset-paged with `id`.
     */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    /** When an admin deleted (anonymised) the client; such accounts are left out of the client list. */
    deletedAt: ts('deleted_at'),
    /**
     * `name || ' ' || email` folded for search (lib/domain/search.ts: accents off, lower case), kept by the
     * database itself; matched with `strpos` against the words staff typed, folded the same way.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSql(`"name" || ' ' || "email"`))),
  },
  (t) => [
    primaryKey({ name: 'users_pk', columns: [t.id, t.tenantId] }),
    uniqueIndex('users_tenant_email').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_tlf').on(t.tenantId, t.tlf),
    // The client list: `where tenant_id = ? and role = 'client' and deleted_at is null order by
    // last_activity_at desc, id desc` walks this index backwards and stops after one page (keyset, no OFFSET).
    index('users_clients_activity')
      .on(t.tenantId, t.lastActivityAt, t.id)
      .where(sql`${t.role} = 'client' and ${t.deletedAt} is null`),
    check('users_allowance_nonneg', sql`${t.nAppointmentsAllowed} >= 0`),
    check('users_sub_users_max3', sql`jsonb_array_length(${t.subUsers}) <= 3`),
  ],
);

export const employeeProfiles = pgTable(
  'employee_profiles',
  {
  userId: uuid('user_id').notNull(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  color: text('color').notNull().default('#cccccc'),
  description: text('description').notNull().default(''),
  avatar: text('avatar'),
  position: integer('position').notNull().default(0),
  /**
   * When an admin removed the stylist (null while active). Removed stylists keep their user row (past
   * appointments reference it) but are left out of employee lists, cannot be booked nor sign in.
   */
  removedAt: ts('removed_at'),
  },
  (t) => [
    primaryKey({ name: 'employee_profiles_pk', columns: [t.userId, t.tenantId] }),
    foreignKey({ name: 'employee_profiles_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const weekShifts = pgTable(
  'week_shifts',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    /** 0 = Sunday … 6 = Saturday. */
    day: smallint('day').notNull(),
    /** Wall-clock minutes after midnight, Europe/Madrid. */
    openMinute: integer('open_minute').notNull(),
    closeMinute: integer('close_minute').notNull(),
  },
  (t) => [
    primaryKey({ name: 'week_shifts_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'week_shifts_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('week_shifts_employee').on(t.tenantId, t.employeeId),
    check('week_shifts_day', sql`${t.day} between 0 and 6`),
    check('week_shifts_range', sql`${t.openMinute} >= 0 and ${t.closeMinute} <= 1440 and ${t.openMinute} < ${t.closeMinute}`),
  ],
);

export const specialShifts = pgTable(
  'special_shifts',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    available: boolean('available').notNull(),
    shifts: jsonb('shifts').$type<ShiftRange[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'special_shifts_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'special_shifts_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    uniqueIndex('special_shifts_employee_date').on(t.tenantId, t.employeeId, t.date),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id').notNull().default(1),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    busySlots: jsonb('busy_slots').$type<BusySegment[]>().notNull(),
    /** The salon's order of its services (then by name): the order of a visit's services. */
    position: integer('position').notNull().default(0),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ name: 'services_pk', columns: [t.id, t.tenantId] }),
    index('services_tenant').on(t.tenantId),
    check('services_price', sql`${t.priceCents} >= 0`),
    check('services_duration', sql`${t.durationMinutes} > 0`),
  ],
);

export const employeeServices = pgTable(
  'employee_services',
  {
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    serviceId: integer('service_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'employee_services_pk', columns: [t.tenantId, t.employeeId, t.serviceId] }),
    foreignKey({ name: 'employee_services_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'employee_services_service_fk', columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('cascade'),
    index('employee_services_service').on(t.tenantId, t.serviceId),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id').notNull().default(1),
    employeeId: uuid('employee_id').notNull(),
    /** The account that owns the appointment (a client or the tenant's guest). */
    clientId: uuid('client_id').notNull(),
    /** The person served: the client's own user id or the id of one of its sub-users. */
    userId: text('user_id').notNull(),
    /** Name of the person served (sub-user name, client name or the name typed by staff). */
    clientName: text('client_name').notNull(),
    /** Null once the service is deleted for good (`ON DELETE SET NULL (service_id)` in migration 0008). */
    serviceId: integer('service_id'),
    serviceName: text('service_name').notNull(),
    servicePriceCents: integer('service_price_cents').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    status: text('status', { enum: ['pending', 'cancelled'] }).notNull().default('pending'),
    /**
     * The visit the appointment is a service of (beyond-the-spec section 2): the services booked together share
     * it; null for an appointment booked alone (a visit of one).
     */
    visitId: uuid('visit_id'),
    createdBy: uuid('created_by').notNull(),
    createdByRole: text('created_by_role', { enum: ['client', 'staff'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: uuid('cancelled_by'),
    notes: text('notes'),
    /** When the automatic reminder was queued (once; a move to more than 24 hours ahead clears it); null: not yet. */
    remindedAt: ts('reminded_at'),
    /** Staff's "Vino" / "No vino" (beyond-the-spec section 3); null: not marked (attended 48 hours after its end). */
    attendance: text('attendance', { enum: ['attended', 'no_show'] }),
    /** When and by whom the attendance was last set. */
    attendanceMarkedAt: ts('attendance_marked_at'),
    attendanceMarkedBy: uuid('attendance_marked_by'),
    /** A cancellation by the client after the confirmation cut-off (beyond-the-spec section 3). */
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /**
     * Confirm or release (beyond-the-spec section 3): `pending` until the client confirms through an action
     * link, `confirmed` after, `not_required` for guests, bookings after the cut-off and salons without it. A
     * visit's services carry the same values, planned from its first start.
     */
    confirmation: text('confirmation', { enum: ['pending', 'confirmed', 'not_required'] }).notNull().default('not_required'),
    /** When the confirmation request was queued; null: not yet. */
    confirmationRequestedAt: ts('confirmation_requested_at'),
    /** The cut-off: unconfirmed by then, the appointment is released or marked "Sin confirmar". */
    confirmationCutoffAt: ts('confirmation_cutoff_at'),
    /** When the scan acts next on this appointment (its request, then its cut-off); null: nothing left to do. */
    confirmationStepAt: ts('confirmation_step_at'),
    /** Whom the cancellation came from when not from staff: the client through an action link, or the cut-off. */
    cancelledVia: text('cancelled_via', { enum: ['client_link', 'release'] }),
    /** When staff first opened the appointment's WhatsApp message (click to chat; the visit's services alike). */
    whatsappOpenedAt: ts('whatsapp_opened_at'),
  },
  (t) => [
    primaryKey({ name: 'appointments_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'appointments_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'appointments_client_fk', columns: [t.tenantId, t.clientId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'appointments_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'appointments_cancelled_by_fk', columns: [t.tenantId, t.cancelledBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'appointments_attendance_by_fk', columns: [t.tenantId, t.attendanceMarkedBy], foreignColumns: [users.tenantId, users.id] }),
    // The SQL says `ON DELETE SET NULL (service_id)`: only the service column is cleared, never tenant_id.
    foreignKey({ name: 'appointments_service_fk', columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('set null'),
    index('appointments_range').on(t.tenantId, t.startAt),
    // Time windows (agenda week, a stylist's pending appointments in a range): `tstzrange(start_at, end_at)
    // && window` bounds both ends (repositories/time-window.ts), however many past appointments the salon has.
    index('appointments_window').using('gist', t.tenantId, sql.raw(`tstzrange("start_at", "end_at", '[)')`)),
    // The reminder scan (lib/server/notifications/reminders.ts): pending, not yet reminded, by start, across tenants.
    index('appointments_reminder_due').on(t.startAt).where(sql`${t.status} = 'pending' and ${t.remindedAt} is null`),
    // The confirm-or-release scan (lib/server/notifications/confirmations.ts): only rows with a step still to take.
    index('appointments_confirmation_due')
      .on(t.confirmationStepAt)
      .where(sql`${t.confirmationStepAt} is not null and ${t.status} = 'pending' and ${t.confirmation} = 'pending'`),
    index('appointments_client').on(t.tenantId, t.clientId, t.status),
    // Reliability tiers (beyond-the-spec section 3) of many accounts at once (agenda, client list): whether an
    // account has an attended visit in the window, and its no-shows and late cancellations (a few rows each).
    index('appointments_client_start').on(t.tenantId, t.clientId, t.startAt),
    index('appointments_client_marks')
      .on(t.tenantId, t.clientId, t.startAt)
      .where(sql`${t.attendance} = 'no_show' or ${t.lateCancellation}`),
    index('appointments_visit').on(t.tenantId, t.visitId),
    check('appointments_order', sql`${t.startAt} < ${t.endAt}`),
    check('appointments_confirmation', sql`${t.confirmation} in ('pending', 'confirmed', 'not_required')`),
  ],
);

export const leaves = pgTable(
  'leaves',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id').notNull().default(1),
    employeeId: uuid('employee_id').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'leaves_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'leaves_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'leaves_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    index('leaves_range').on(t.tenantId, t.startAt),
    // The agenda's leaves of a window (see appointments_window).
    index('leaves_window').using('gist', t.tenantId, sql.raw(`tstzrange("start_at", "end_at", '[)')`)),
    check('leaves_order', sql`${t.startAt} < ${t.endAt}`),
  ],
);

/**
 * A visitor's or client's 10-minute hold on an hour (beyond-the-spec section 1): while `expires_at` is
 * ahead, its busy parts (rows of `busy_slots` with its `hold_id`) keep the stylist's time from anyone
 * else. The holder is the browser that made it (`holder_hash`, SHA-256 of its `klok_holder` cookie) and,
 * once signed in, the account (`user_id`). Booking with it sets `appointment_id` and frees its busy parts.
 * Rows outlive their expiry by a day, so a sign-in that returns late still finds the choice it held.
 */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    /** The first service of the held visit (the only one of a visit of one). */
    serviceId: integer('service_id').notNull(),
    /** Every service of the held visit in visit order (beyond-the-spec section 2); null for a visit of one. */
    serviceIds: integer('service_ids').array(),
    /** True when the hold was asked for "Cualquier estilista": its parts may be any qualified stylists'. */
    anyStylist: boolean('any_stylist').notNull().default(false),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    holderHash: text('holder_hash').notNull(),
    userId: uuid('user_id'),
    expiresAt: ts('expires_at').notNull(),
    /** The appointment booked with the hold (its time is then the appointment's). */
    appointmentId: uuid('appointment_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'holds_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'holds_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'holds_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    // A holder's holds (one active at a time: a new one releases the others).
    index('holds_holder').on(t.tenantId, t.holderHash),
    // The purge of a tenant's old holds.
    index('holds_tenant_expires').on(t.tenantId, t.expiresAt),
  ],
);

/**
 * The stylist's busy time: one row per busy part of an appointment, one per leave, one per busy part of
 * an active hold (with the hold's `expires_at`: readers skip expired rows, writers delete them first).
 * The exclusion constraint `busy_slots_no_overlap` (custom migration) refuses two active rows of the
 * same stylist whose `[start_at, end_at)` ranges overlap.
 */
export const busySlots = pgTable(
  'busy_slots',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    appointmentId: uuid('appointment_id'),
    leaveId: uuid('leave_id'),
    holdId: uuid('hold_id'),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    active: boolean('active').notNull().default(true),
    /** A hold's expiry; null for appointments and leaves. */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    primaryKey({ name: 'busy_slots_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'busy_slots_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'busy_slots_appointment_fk', columns: [t.tenantId, t.appointmentId], foreignColumns: [appointments.tenantId, appointments.id] }).onDelete('cascade'),
    foreignKey({ name: 'busy_slots_leave_fk', columns: [t.tenantId, t.leaveId], foreignColumns: [leaves.tenantId, leaves.id] }).onDelete('cascade'),
    foreignKey({ name: 'busy_slots_hold_fk', columns: [t.tenantId, t.holdId], foreignColumns: [holds.tenantId, holds.id] }).onDelete('cascade'),
    index('busy_slots_appointment').on(t.tenantId, t.appointmentId),
    index('busy_slots_leave').on(t.tenantId, t.leaveId),
    index('busy_slots_hold').on(t.tenantId, t.holdId),
    index('busy_slots_employee_range').on(t.tenantId, t.employeeId, t.startAt),
    check('busy_slots_owner', sql`num_nonnulls(${t.appointmentId}, ${t.leaveId}, ${t.holdId}) = 1`),
    check('busy_slots_hold_expiry', sql`(${t.holdId} is null) = (${t.expiresAt} is null)`),
    check('busy_slots_order', sql`${t.startAt} < ${t.endAt}`),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The feed's keyset: newest first by id within a tenant (`id < cursor order by id desc`), and the unseen
  // count (`id > watermark`). Whether an item is seen is per staff member: see `activityReads`.
  (t) => [primaryKey({ name: 'activities_pk', columns: [t.id, t.tenantId] }), index('activities_tenant_id').on(t.tenantId, t.id)],
);

/**
 * What each staff member has seen of the activity feed: one watermark per person. Every activity of the
 * tenant whose id is at most `last_seen_id` is seen by that person; newer ones are new (the badge).
 * Moved forward only (`greatest`), never back.
 */
export const activityReads = pgTable(
  'activity_reads',
  {
    userId: uuid('user_id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    lastSeenId: integer('last_seen_id').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'activity_reads_pk', columns: [t.userId, t.tenantId] }),
    foreignKey({ name: 'activity_reads_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: text('id').notNull(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  /** Absolute expiry (30 days after sign-in). */
  expiresAt: ts('expires_at').notNull(),
  /** Last use, refreshed at most every few minutes; a session idle for 14 days ends. */
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sessions_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'sessions_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Single-use sign-in links sent by e-mail (beyond-the-spec §1 "Recibir un enlace por correo"). One row per
 * link: the SHA-256 of its token (the token itself is never stored), the address it was sent to (the
 * identity the link proves; the account is found or created when it is opened), the same-origin path to
 * return to, and its expiry. Opening the link sets `used_at` in one conditional update, so it works once.
 */
/**
 * The waitlist, "Lista de espera" (beyond-the-spec section 4): a person of a client account (the account
 * itself or a sub-user) waiting for a freed hour of a visit (`service_ids`, 1–4, in the salon's order) with a
 * stylist (`employee_id`; null: "Cualquier estilista") between two Madrid dates, in a part of the day. At most 3
 * active (`waiting` or `offered`) per account, counted under the account's lock.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** The person waiting: the account's own user id or a sub-user's id, with the name it had. */
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    serviceIds: integer('service_ids').array().notNull(),
    employeeId: uuid('employee_id'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    partOfDay: text('part_of_day', { enum: PARTS_OF_DAY }).notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_entries_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'waitlist_entries_client_fk', columns: [t.tenantId, t.clientId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'waitlist_entries_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'waitlist_entries_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    // An account's entries (Mis citas, the limit of 3), and the salon's active entries by date (staff list, matching).
    index('waitlist_entries_client').on(t.tenantId, t.clientId),
    index('waitlist_entries_active').on(t.tenantId, t.fromDate).where(sql`${t.status} in ('waiting', 'offered')`),
    check('waitlist_entries_range', sql`${t.fromDate} <= ${t.toDate}`),
    check('waitlist_entries_services', sql`cardinality(${t.serviceIds}) between 1 and 4`),
    check('waitlist_entries_part_of_day', sql`${t.partOfDay} in ('morning', 'afternoon', 'any')`),
    check('waitlist_entries_status', sql`${t.status} in ('waiting', 'offered', 'booked', 'expired', 'cancelled')`),
  ],
);

/**
 * Freed time of the waitlist (beyond-the-spec section 4): a stylist's range on one Madrid day that a change
 * freed (a cancellation or release, a move, an unblocked leave, a longer shift or a removed special day) or
 * that staff offer by hand, written in the change's own transaction so a crash cannot lose it. The waitlist
 * job (lib/server/notifications/waitlist.ts) offers it to matching entries; `next_step_at` is when it looks
 * again (the current offers lapse), null once nothing is left to offer.
 */
export const waitlistOpenings = pgTable(
  'waitlist_openings',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    cause: text('cause', { enum: FREED_CAUSES }).notNull(),
    nextStepAt: ts('next_step_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_openings_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'waitlist_openings_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    // The job's scan: only openings with a step left.
    index('waitlist_openings_due').on(t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
    check('waitlist_openings_order', sql`${t.startAt} < ${t.endAt}`),
    check('waitlist_openings_cause', sql`${t.cause} in ('cancellation', 'move', 'leave', 'schedule', 'manual')`),
  ],
);

/**
 * An offer of freed time to one waitlist entry: the start offered (the entry's visit from there, with its
 * stylist, or "Cualquier estilista" when `employee_id` is null), until `expires_at`. `open` until claimed
 * (`claimed`, with the booked appointment), lost to someone faster (`taken`) or lapsed (`expired`). An entry
 * is offered an opening at most once.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    startAt: ts('start_at').notNull(),
    employeeId: uuid('employee_id'),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    /** The appointment a claim booked (the visit's first). */
    appointmentId: uuid('appointment_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_offers_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'waitlist_offers_opening_fk', columns: [t.openingId, t.tenantId], foreignColumns: [waitlistOpenings.id, waitlistOpenings.tenantId] }).onDelete('cascade'),
    foreignKey({ name: 'waitlist_offers_entry_fk', columns: [t.entryId, t.tenantId], foreignColumns: [waitlistEntries.id, waitlistEntries.tenantId] }).onDelete('cascade'),
    foreignKey({ name: 'waitlist_offers_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    uniqueIndex('waitlist_offers_opening_entry').on(t.tenantId, t.openingId, t.entryId),
    index('waitlist_offers_entry').on(t.tenantId, t.entryId),
    // The owner's summary ("Huecos recuperados"): a period's claimed offers by the hour they refilled.
    index('waitlist_offers_claimed').on(t.tenantId, t.startAt).where(sql`${t.status} = 'claimed'`),
    check('waitlist_offers_status', sql`${t.status} in ('open', 'claimed', 'taken', 'expired')`),
  ],
);

/**
 * Action links `/c/{token}` (beyond-the-spec sections 3 and 4): a random token, stored only as its SHA-256, for
 * one purpose: `appointment` ("Confirmo" / "No puedo ir" on an appointment and its visit; it expires at the
 * start) or `claim` ("Reservar este hueco" of a waitlist offer; it expires at the offered start).
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    /** SHA-256 (hex) of the token. */
    id: text('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['appointment', 'claim'] }).notNull(),
    appointmentId: uuid('appointment_id'),
    /** A `claim` link's waitlist offer. */
    offerId: uuid('offer_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'action_tokens_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'action_tokens_appointment_fk', columns: [t.appointmentId, t.tenantId], foreignColumns: [appointments.id, appointments.tenantId] }).onDelete('cascade'),
    foreignKey({ name: 'action_tokens_offer_fk', columns: [t.offerId, t.tenantId], foreignColumns: [waitlistOffers.id, waitlistOffers.tenantId] }).onDelete('cascade'),
    check('action_tokens_target', sql`(${t.purpose} = 'appointment') = (${t.appointmentId} is not null) and (${t.purpose} = 'claim') = (${t.offerId} is not null)`),
    // The purge of a tenant's expired tokens when new ones are stored.
    index('action_tokens_tenant_expires').on(t.tenantId, t.expiresAt),
  ],
);

export const signInLinks = pgTable(
  'sign_in_links',
  {
    /** SHA-256 of the link's token. */
    id: text('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Validated same-origin relative path to open after sign-in, or null for the home page. */
    nextPath: text('next_path'),
    /** A hold of the requesting browser that the account takes over when the link is opened (another device). */
    holdId: uuid('hold_id'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sign_in_links_pk', columns: [t.id, t.tenantId] }),
    // The purge of a tenant's expired links when a new one is stored.
    index('sign_in_links_tenant_expires').on(t.tenantId, t.expiresAt),
  ],
);

/**
 * Counters of the rate limiters (rate-limiter-flexible's Drizzle store): one row per limiter and key
 * (`<limiter>:<user|phone|ip|tenant>`), points consumed and when the window ends. Updated atomically
 * with one upsert per request, so limits hold across requests running in parallel and across instances.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: ts('expire'),
});

export const phoneVerifications = pgTable(
  'phone_verifications',
  {
  id: uuid('id').notNull().defaultRandom(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  phone: text('phone').notNull(),
  /** SHA-256 of the code; the code itself is never stored. */
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  verifiedAt: ts('verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'phone_verifications_pk', columns: [t.id, t.tenantId] }),
    foreignKey({ name: 'phone_verifications_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Messages to deliver (e-mail, push), written in the same transaction as the change that causes them.
 * The delivery worker (lib/server/notifications/worker.ts) moves a row pending → sending (claimed until
 * `locked_until`) → sent, or back to pending at `next_attempt_at` after a failed attempt, or failed.
 * `dedupe_key` (unique per tenant when set) lets a message be queued at most once (reminders).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').notNull(),
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'push', 'whatsapp'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    /** The provider's id of a sent message (WhatsApp: the `wamid`), which delivery statuses and replies name. */
    providerMessageId: text('provider_message_id'),
    /** The last delivery status the provider reported (WhatsApp webhook: sent, delivered, read, failed). */
    deliveryStatus: text('delivery_status'),
  },
  (t) => [
    primaryKey({ name: 'outbox_pk', columns: [t.id, t.tenantId] }),
    index('outbox_due').on(t.status, t.nextAttemptAt),
    index('outbox_provider_message').on(t.tenantId, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    uniqueIndex('outbox_tenant_dedupe').on(t.tenantId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Stored answers of idempotent writes (beyond-the-spec §1 "Idempotency"): one row per tenant, account,
 * operation and `Idempotency-Key`, written in the same transaction as the write it answers, so the key and
 * its effect commit together. The primary key makes a second request with the key wait for the first
 * and then read its answer. `request_hash` is the SHA-256 of the request's canonical body (the same key
 * with another body is refused); `status` and `response` are the answer replayed. Rows older than
 * IDEMPOTENCY_TTL_MS (lib/domain/idempotency.ts) are ignored, and purged per tenant when a new key is stored.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The write the key belongs to, e.g. `book_appointment`. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.tenantId, t.userId, t.operation, t.key] }),
    foreignKey({ name: 'idempotency_keys_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    // The purge of a tenant's expired keys (`created_at` before the 24-hour window).
    index('idempotency_keys_tenant_created').on(t.tenantId, t.createdAt),
  ],
);

/**
 * A tenant's WhatsApp Business Platform (Cloud API) connection (beyond-the-spec section 5), set by admins:
 * the phone number id, the access token and the app secret (both encrypted with SECRETS_KEY,
 * lib/server/secrets.ts; never returned whole), and the verify token of the webhook's handshake (generated).
 * `version` guards concurrent edits. No row: nothing is sent through the Cloud API.
 */
export const whatsappAccounts = pgTable('whatsapp_accounts', {
  tenantId: integer('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
  phoneNumberId: text('phone_number_id').notNull(),
  accessToken: text('access_token').notNull(),
  appSecret: text('app_secret').notNull(),
  verifyToken: text('verify_token').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * WhatsApp webhook events already acted on, by the provider's id (an incoming message's `wamid`, or a
 * status's `wamid:status`): Meta retries deliveries, and each event acts once. Written in the transaction of
 * the action it causes.
 */
export const whatsappWebhookEvents = pgTable(
  'whatsapp_webhook_events',
  {
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'whatsapp_webhook_events_pk', columns: [t.tenantId, t.eventId] })],
);

/**
 * The owner's summary by day (beyond-the-spec section 6): one row per tenant and Madrid day (`starts_at` to
 * `ends_at`, its midnights) holding the day's grouped appointments (lib/domain/summary.ts `DayRows`, in the
 * short form of lib/server/repositories/reports.ts) once the day is closed (no appointment of it still waits
 * for its 48 hours). A trigger on `appointments` (migration 0024) empties `rows` and bumps `version` of every
 * day a change can alter: the appointment's own day, and the days of its client's appointments from the
 * earlier of its start and its creation on (a client's first attended visit, and whether a visit was
 * followed by a next one booked that day). `created_at`: when the row was made, for the store's grace.
 */
export const summaryDays = pgTable(
  'summary_days',
  {
    tenantId: integer('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    version: integer('version').notNull().default(0),
    rows: json('rows'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'summary_days_pk', columns: [t.tenantId, t.startsAt] }), check('summary_days_order', sql`${t.startsAt} < ${t.endsAt}`)],
);
