import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { markActivitiesSeen } from '@/lib/server/services/mark-activities-seen';
import { ZActivitiesSeen } from '@/lib/validation/activities';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf, ZActivityUnseen } from '@/lib/validation/dto';

/**
 * `PATCH /api/v1/facility/1/activities/seen`, staff only, body `{ up_to_id }`: the caller has
 * seen the feed up to that activity; their watermark moves forward only. 200 `{ data: { unseen } }`.
 */
export const PATCH = route(
  {
    summary: 'The caller has seen the feed up to up_to_id (their watermark only moves forward)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    body: ZActivitiesSeen,
    response: dataOf(ZActivityUnseen),
  },
  async ({ tenant, user, body }) => data(await markActivitiesSeen(await getDb(), tenant.id, user.id, body.up_to_id)),
);
