/**
 * The waitlist, "Lista de espera" (beyond-the-spec section 4): the body of `POST /users/{email}/waitlist`, the
 * entry as the API answers it, and the path of one entry; shared by the route handlers and the screens.
 */
import { z } from 'zod';
import { PARTS_OF_DAY, WAITLIST_STATUSES } from '@/lib/domain/waitlist';
import { ZDate, ZInstant } from './common';
import { ZStylistOrAny, ZVisitServiceList } from './schedules';
import { ZUserParams } from './users';

/**
 * A new entry: the visit's services (1–4 ids), the stylist's e-mail or `any`, a Madrid date range within the
 * client's 30-day window, the part of the day (`morning` before 14:00, `afternoon` from 14:00, `any`) and the
 * person waiting (`user_id`: the account's own id or a sub-user's; the account's own when absent).
 */
export const ZWaitlistCreate = z
  .object({
    services: ZVisitServiceList,
    employee_id: ZStylistOrAny,
    from: ZDate,
    to: ZDate,
    part_of_day: z.enum(PARTS_OF_DAY),
    user_id: z.string().min(1).max(64).optional(),
  })
  .strict();
export type WaitlistCreate = z.infer<typeof ZWaitlistCreate>;

/** An entry as the API answers it. `employee_id`: the stylist's e-mail, or `any`. */
export const ZWaitlistEntry = z.object({
  id: z.string(),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  employee_id: z.string(),
  employee_name: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  part_of_day: z.enum(PARTS_OF_DAY),
  /** The account's e-mail, and the person waiting (its id and name). */
  client_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** While `offered`: the hour offered (UTC ISO start) and when the offer lapses (UTC ISO); null otherwise. */
  offer: z.object({ start_time: z.string(), expires_at: z.string() }).nullable(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** The path of one entry: `/users/{email}/waitlist/{id}`. */
export const ZWaitlistEntryParams = ZUserParams.extend({ id: z.uuid() });

/**
 * An hour staff offer an entry by hand (`POST /facility/1/waitlist/{id}/offers`): the visit's start (UTC ISO)
 * and the stylist's e-mail, or `any` for "Cualquier estilista".
 */
export const ZWaitlistOfferCreate = z.object({ start_time: ZInstant, employee_id: ZStylistOrAny }).strict();
export type WaitlistOfferCreate = z.infer<typeof ZWaitlistOfferCreate>;

/** The offer made: the entry, the start offered (UTC ISO), the stylist's e-mail or `any`, and when it lapses (UTC ISO). */
export const ZWaitlistOffer = z.object({
  entry_id: z.string(),
  start_time: z.string(),
  employee_id: z.string(),
  expires_at: z.string(),
});
export type WaitlistOffer = z.infer<typeof ZWaitlistOffer>;
