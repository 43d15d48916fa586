/**
 * Request bodies of the service endpoints (spec sections 5 and 7), shared by the route handlers and the
 * service forms. Prices in euros with at most two decimals; durations and busy parts in minutes.
 */
import { z } from 'zod';
import { isValidDuration, segmentsError, type SegmentsError } from '@/lib/domain/service';
import { ZBodyId, ZEmail, ZFacilityId, ZId, ZVersion } from './common';
import { v } from './messages';

const SEGMENT_MESSAGES: Record<SegmentsError, string> = {
  empty: v.segmentsEmpty,
  off_grid: v.segmentsOffGrid,
  empty_part: v.segmentsEmptyPart,
  overlap: v.segmentsOverlap,
  outside: v.segmentsOutside,
};

/** A busy part of a service, minutes from its start (whole minutes; the grid is checked with the duration). */
const ZMinute = z.number(v.segmentsOffGrid).int(v.segmentsOffGrid);
export const ZBusySegmentInput = z.object({ startMinutes: ZMinute, endMinutes: ZMinute });

/** Euros, ≥ 0, at most two decimals (stored as cents). */
export const ZPrice = z
  .number(v.priceInvalid)
  .min(0, v.priceInvalid)
  .max(100_000, v.priceInvalid)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, v.priceInvalid);

/** Minutes, > 0, ≤ 4 h 55 min, multiple of 5. */
export const ZDuration = z.number(v.durationInvalid).int(v.durationInvalid).refine(isValidDuration, v.durationInvalid);

const ZServiceInfo = z.object({
  name: z.string(v.nameRequired).trim().min(1, v.nameRequired).max(120),
  description: z.string(v.descriptionRequired).trim().min(1, v.descriptionRequired).max(1000),
  price: ZPrice,
  duration: ZDuration,
  busy_slots: z.array(ZBusySegmentInput).max(12),
});

/** `employees`: the stylists' e-mails, at least one, no repeats. */
export const ZServiceEmployeeList = z
  .array(ZEmail)
  .min(1, v.employeesRequired)
  .max(100)
  .transform((list) => [...new Set(list)]);

/**
 * The busy parts against the duration. No parts at all is reported even when the duration is invalid;
 * the other rules need a valid duration (an invalid one is reported on `duration`).
 */
function checkSegments(s: { duration: number; busy_slots: z.infer<typeof ZBusySegmentInput>[] }, ctx: z.RefinementCtx) {
  const error = s.busy_slots.length === 0 ? 'empty' : isValidDuration(s.duration) ? segmentsError(s.duration, s.busy_slots) : null;
  if (error) ctx.addIssue({ code: 'custom', path: ['busy_slots'], message: SEGMENT_MESSAGES[error] });
}

/**
 * Zod skips refinements once any field fails its type; the segment check runs whenever the body is an
 * object and `busy_slots` itself parsed, so the form's missing-fields list names every problem at once.
 */
const SEGMENTS_PARSED = {
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || i.path[0] === 'busy_slots'),
};

/** `POST /facility/1/services` (spec section 7): a new service with its stylists. */
export const ZServiceCreate = ZServiceInfo.extend({ employees: ZServiceEmployeeList })
  .strict()
  .superRefine(checkSegments, SEGMENTS_PARSED);
export type ServiceCreate = z.infer<typeof ZServiceCreate>;

/** `PATCH /facility/1/services/{id}` (spec section 7): the information and timing (all fields). */
export const ZServiceUpdate = ZServiceInfo.extend({
  /** The service's `version` as loaded: a different current one answers 409 `conflict` (nothing saved). */
  version: ZVersion.optional(),
})
  .strict().superRefine(checkSegments, SEGMENTS_PARSED);
export type ServiceUpdate = z.infer<typeof ZServiceUpdate>;

/** `PATCH /facility/1/services/{id}/employees` (spec section 7). */
export const ZServiceEmployees = z
  .object({
    employees: ZServiceEmployeeList,
    /** The service's `employees_version` as loaded: a different current one answers 409 `conflict`. */
    version: ZVersion.optional(),
  })
  .strict();
export type ServiceEmployees = z.infer<typeof ZServiceEmployees>;

/** Path params of `/facility/{facilityId}/services/{serviceId}`. */
export const ZServiceParams = z.object({ facilityId: ZFacilityId, serviceId: ZId });

/**
 * The form's "Faltan campos por rellenar" list (spec section 5): which top-level fields of a new-service
 * form fail `ZServiceCreate`, in the spec's order. The screen maps each key to its Spanish label.
 */
export const SERVICE_FORM_FIELDS = ['name', 'description', 'price', 'employees', 'duration', 'busy_slots'] as const;
export type ServiceFormField = (typeof SERVICE_FORM_FIELDS)[number];

/** The fields of `value` that `schema` rejects, in the order of `SERVICE_FORM_FIELDS`. */
export function missingServiceFields(schema: z.ZodType, value: unknown): ServiceFormField[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const bad = new Set(result.error.issues.map((i) => String(i.path[0])));
  return SERVICE_FORM_FIELDS.filter((f) => bad.has(f));
}

/**
 * `PUT /facility/1/services/order` (beyond-the-spec section 2): every live service's id once, first to last
 * (the salon's order, which a visit's services follow).
 */
export const ZServiceOrder = z.object({
  ids: z
    .array(ZBodyId)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, v.invalidServices),
});
export type ServiceOrder = z.infer<typeof ZServiceOrder>;
