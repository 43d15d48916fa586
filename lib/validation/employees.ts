/**
 * Request bodies of the employee endpoints (spec sections 5 and 7), shared by the route handlers and the
 * employee forms (information, weekly schedule, special schedules, services).
 */
import { z } from 'zod';
import { shiftListError, type ShiftListError } from '@/lib/domain/schedule';
import { ZDate, ZEmail, ZFacilityId, ZId, ZVersion } from './common';
import { v } from './messages';

/** The five avatar swatches of spec section 9. */
export const EMPLOYEE_COLORS = ['#2FB8AC', '#F9A825', '#4CAF50', '#607D8B', '#D16BA5'] as const;

const SHIFT_MESSAGES: Record<ShiftListError, string> = {
  missing_time: v.shiftMissingTime,
  off_grid: v.shiftOffGrid,
  end_before_start: v.shiftEndBeforeStart,
  starts_before_previous_end: v.shiftStartsBeforePreviousEnd,
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** One shift `{ id?, open, close }` in Madrid `HH:mm`. */
export const ZShiftInput = z.object({
  id: z.string().max(64).optional(),
  open: z.string().max(5, { error: v.shiftMissingTime, abort: true }).regex(HHMM, v.shiftMissingTime),
  close: z.string().max(5, { error: v.shiftMissingTime, abort: true }).regex(HHMM, v.shiftMissingTime),
});
export type ShiftInput = z.infer<typeof ZShiftInput>;

/** A list of shifts following the rules of spec section 5 (see `shiftListError`). */
export const ZShiftList = z
  .array(ZShiftInput)
  .max(6)
  .superRefine((shifts, ctx) => {
    const e = shiftListError(shifts);
    if (e) ctx.addIssue({ code: 'custom', path: [e.index], message: SHIFT_MESSAGES[e.error] });
  });

/** One weekday of the weekly schedule (0 = Sunday … 6 = Saturday). */
export const ZWeekShiftDayInput = z.object({
  id: z.number().int().min(0).max(6),
  label: z.string().max(20).optional(),
  available: z.boolean(),
  shifts: ZShiftList,
});

/** The seven days, each once. An unavailable day's shifts are discarded. */
export const ZWeekShifts = z
  .array(ZWeekShiftDayInput)
  .length(7, v.weekDaysInvalid)
  // Only when there are seven, so a wrong count is reported once.
  .refine((days) => days.length !== 7 || new Set(days.map((d) => d.id)).size === 7, v.weekDaysInvalid);
export type WeekShiftsInput = z.infer<typeof ZWeekShifts>;

/**
 * `PATCH /employees/{employeeId}` (spec section 7): information (name, description, colour), the weekly
 * schedule, or the push token. `force: true` keeps a schedule change that leaves pending appointments
 * outside working hours (decisions "Schedule changes").
 */
export const ZEmployeePatch = z
  .object({
    name: z.string().trim().min(1, v.nameRequired).max(120).optional(),
    description: z.string().trim().max(1000).optional(),
    color: z.enum(EMPLOYEE_COLORS, v.colorInvalid).optional(),
    week_shifts: ZWeekShifts.optional(),
    fcm_token: z.string().max(4096).nullable().optional(),
    force: z.boolean().optional(),
    /** The stylist's `version` as loaded: a different current one answers 409 `conflict` (nothing saved). */
    version: ZVersion.optional(),
  })
  .strict();
export type EmployeePatch = z.infer<typeof ZEmployeePatch>;

/** `PATCH /employees/{employeeId}/services` (spec section 7): `items` are the service ids offered. */
export const ZEmployeeServices = z
  .object({
    items: z.array(ZId).max(200).transform((ids) => [...new Set(ids)]),
    /** The stylist's `services_version` as loaded: a different current one answers 409 `conflict`. */
    version: ZVersion.optional(),
  })
  .strict();
export type EmployeeServices = z.infer<typeof ZEmployeeServices>;

/**
 * `POST /facility/1/employees/{employeeId}/special-shifts` (spec sections 5 and 7): a date (not past, one
 * per date), available (boolean or 1/0) with at least one shift, or closed; optional notes.
 */
export const ZSpecialShiftCreate = z
  .object({
    date: ZDate,
    available: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean),
    shift: ZShiftList.default([]),
    notes: z.string().trim().max(500).nullish().transform((n) => n ?? ''),
    force: z.boolean().optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.available && s.shift.length === 0) ctx.addIssue({ code: 'custom', path: ['shift'], message: v.specialShiftNeedsShift });
  })
  .transform((s) => ({ ...s, shift: s.available ? s.shift : [] }));
export type SpecialShiftCreate = z.infer<typeof ZSpecialShiftCreate>;

/** Path params `/employees/{employeeId}` (the e-mail). */
export const ZEmployeeParams = z.object({ employeeId: ZEmail });
/** Path params `/facility/{facilityId}/employee/{employeeId}` and `/facility/{facilityId}/employees/{employeeId}/…`. */
export const ZFacilityEmployeeParams = z.object({ facilityId: ZFacilityId, employeeId: ZEmail });
/** Path params `/facility/{facilityId}/employees/{employeeId}/special-shifts/{date}`. */
export const ZSpecialShiftParams = ZFacilityEmployeeParams.extend({ date: ZDate });
/**
 * Query of `DELETE …/special-shifts/{date}`: `force=true` deletes a special shift even when the weekly
 * hours that return would leave pending appointments outside working hours (decisions "Schedule changes").
 */
export const ZSpecialShiftDeleteQuery = z.object({ force: z.enum(['true', 'false']).optional().transform((f) => f === 'true') });
