import { z } from 'zod';
import { DAY_MS } from '@/lib/domain/time';
import { VISIT_MAX_SERVICES } from '@/lib/domain/visit';
import { NAME_MAX, ZBodyId, ZDate, ZEmail, ZIdempotencyKey, ZInstant } from './common';
import { v } from './messages';

/**
 * `services=` of the availability call (beyond-the-spec section 2): a visit's service ids in visit order,
 * comma-separated, 1 to VISIT_MAX_SERVICES, no repeats.
 */
export const ZVisitServiceIds = z
  .string()
  .max(60, v.invalidServices)
  .regex(new RegExp(`^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,${VISIT_MAX_SERVICES - 1}}$`), v.invalidServices)
  .transform((list) => list.split(',').map(Number))
  .refine((ids) => new Set(ids).size === ids.length, v.invalidServices);

/** A visit's services in a body (beyond-the-spec section 2): 1 to VISIT_MAX_SERVICES distinct ids, any order. */
export const ZVisitServiceList = z
  .array(ZBodyId)
  .min(1)
  .max(VISIT_MAX_SERVICES)
  .refine((ids) => new Set(ids).size === ids.length, v.invalidServices);

/** The stylist of the availability call: an e-mail, or `any` for "Cualquier estilista" (beyond-the-spec section 2). */
export const ZStylistOrAny = z.union([z.literal('any'), ZEmail]);

/** `PATCH /schedules/insert/appointment`, client flow (spec section 7). */
export const ZClientAppointmentInsert = z.object({
  start_time: ZInstant,
  end_time: ZInstant.optional(),
  facility_id: z.literal(1),
  /** The stylist's e-mail, or `any` for "Cualquier estilista" (beyond-the-spec section 2). */
  employee_id: ZStylistOrAny,
  /** The spec's one service; or `service_ids` for a visit of several (one of the two is required). */
  service_id: ZBodyId.optional(),
  /** A visit's services (beyond-the-spec section 2): 1–4 distinct ids, booked back to back in the salon's order. */
  service_ids: ZVisitServiceList.optional(),
  client_id: ZEmail,
  user_id: z.string().min(1).max(64),
  user_name: z.string().max(NAME_MAX).optional(),
  /** The client's hold of this hour (`POST /holds`, beyond-the-spec section 1): its time is the booking's. */
  hold_id: z.uuid().optional(),
});
export type ClientAppointmentInsert = z.infer<typeof ZClientAppointmentInsert>;

/**
 * `PATCH /schedules/insert/appointment`, employee flow (spec section 7): client by e-mail or a guest by name;
 * a visit of several services by one stylist with `service_ids` (beyond-the-spec section 2).
 */
export const ZStaffAppointmentInsert = z.object({
  start_time: ZInstant,
  end_time: ZInstant.optional(),
  facility_id: z.literal(1),
  employee_id: ZEmail,
  /** The spec's one service; or `service_ids` for a visit of several by this stylist (one of the two is required). */
  service_id: ZBodyId.optional(),
  /** A visit's services (beyond-the-spec section 2): 1–4 distinct ids, booked back to back in the salon's order. */
  service_ids: ZVisitServiceList.optional(),
  client_id: z.union([ZEmail, z.literal(''), z.null()]).optional(),
  client_name: z.string().trim().min(1).max(NAME_MAX),
});
export type StaffAppointmentInsert = z.infer<typeof ZStaffAppointmentInsert>;

/**
 * The headers `PATCH /schedules/insert/appointment` reads (names lower-case, as HTTP carries them):
 * an optional `Idempotency-Key` (beyond-the-spec §1).
 */
export const ZAppointmentInsertHeaders = z.object({
  'idempotency-key': ZIdempotencyKey.optional().describe(
    'Idempotency-Key: the same key with the same body within 24 hours answers the stored status and body and books nothing new; ' +
      'with another body, 422 idempotency_key_reused. Scoped to the tenant and the signed-in account.',
  ),
});
export type AppointmentInsertHeaders = z.infer<typeof ZAppointmentInsertHeaders>;

/** `PATCH /schedules/insert/leave` (spec section 7). */
export const ZLeaveInsert = z.object({
  start_time: ZInstant,
  end_time: ZInstant,
  facility_id: z.literal(1),
  employee_id: ZEmail,
  notes: z.string().max(500).nullish(),
});

/** `PATCH /schedules/delete/leave` (spec section 7). */
export const ZLeaveDelete = z.object({
  id: z.uuid(),
  employee_id: ZEmail,
  date: ZDate.optional(),
  facility_id: z.literal(1),
});

/**
 * `PATCH /schedules/cancel/appointment` (spec section 7). `whole_visit: true` (beyond-the-spec section 2)
 * cancels the appointment and every other service of its visit that is pending and has not ended.
 */
export const ZAppointmentCancel = z.object({
  appointment_id: z.uuid(),
  date: ZDate.optional(),
  facility_id: z.literal(1),
  employee_id: ZEmail.optional(),
  client_id: z.string().max(254).optional(),
  notes: z.string().max(1000).nullish(),
  whole_visit: z
    .boolean()
    .optional()
    .describe("true: also cancel the other services of the appointment's visit that are pending and have not ended (one e-mail for the visit)"),
});
export type AppointmentCancel = z.infer<typeof ZAppointmentCancel>;

/**
 * `PATCH /schedules/move/appointment` (staff): the appointment, its new start (UTC) and its stylist by
 * e-mail (the same one or another), as the booking identifies stylists.
 */
export const ZAppointmentMove = z.object({
  appointment_id: z.uuid(),
  start_time: ZInstant,
  employee_id: ZEmail,
  facility_id: z.literal(1).optional(),
  /**
   * true on a service of a visit (beyond-the-spec section 2): the visit moves as one, its other pending
   * services by the same amount with their own stylists.
   */
  whole_visit: z.boolean().optional().describe('true: the other pending services of the visit move by the same amount (one e-mail for the visit)'),
});
export type AppointmentMove = z.infer<typeof ZAppointmentMove>;

/**
 * `PATCH /schedules/attendance/appointment` (beyond-the-spec section 3): staff's "Vino" (`attended`), "No vino"
 * (`no_show`), or null to clear the mark.
 */
export const ZAttendanceMark = z.object({
  appointment_id: z.uuid(),
  attendance: z.enum(['attended', 'no_show']).nullable(),
  facility_id: z.literal(1).optional(),
});
export type AttendanceMark = z.infer<typeof ZAttendanceMark>;

/** `GET /facility/{id}/appointments?startDate&endDate` (spec section 7): at most 62 days. */
export const ZAgendaQuery = z
  .object({ startDate: ZDate, endDate: ZDate.optional() })
  .transform((q) => ({ startDate: q.startDate, endDate: q.endDate ?? q.startDate }))
  .refine((q) => q.endDate >= q.startDate, v.endBeforeStart)
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / DAY_MS <= 62, v.rangeTooLong);

/**
 * `POST /holds` (beyond-the-spec sections 1 and 2): a start (UTC), the stylist by e-mail as the booking names
 * it or `any` for "Cualquier estilista", and the services of the visit (1–4 distinct ids).
 */
export const ZHoldCreate = z.object({
  start_time: ZInstant,
  employee_id: ZStylistOrAny,
  service_ids: ZVisitServiceList,
});
export type HoldCreate = z.infer<typeof ZHoldCreate>;
