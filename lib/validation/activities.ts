/**
 * Requests of the activity feed (spec sections 2 "Activities" and 7): the page query of
 * `GET /facility/1/activities` and the body of `PATCH /facility/1/activities/seen`.
 */
import { z } from 'zod';
import { ZId } from './common';

/** Items per page when `limit` is not given, and the most one page may hold. */
export const ACTIVITY_PAGE_DEFAULT = 30;
export const ACTIVITY_PAGE_MAX = 100;

/**
 * `?cursor=&limit=`: `cursor` is the `next_cursor` of the previous page (opaque to callers; absent for the
 * first page), `limit` 1–100 items (30 by default).
 */
export const ZActivityQuery = z.object({
  cursor: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
});
export type ActivityQuery = z.infer<typeof ZActivityQuery>;

/**
 * `{ up_to_id }`: the caller has seen every activity up to this id (the newest one the screen shows).
 * The caller's watermark only moves forward, and never past the tenant's newest activity.
 */
export const ZActivitiesSeen = z.object({ up_to_id: z.number().int().min(0).max(2_147_483_647) });
export type ActivitiesSeen = z.infer<typeof ZActivitiesSeen>;
