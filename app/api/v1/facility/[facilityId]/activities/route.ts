import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { listActivities } from '@/lib/server/services/list-activities';
import { ZActivityQuery } from '@/lib/validation/activities';
import { ZFacilityId } from '@/lib/validation/common';
import { ZActivityPage } from '@/lib/validation/dto';

/**
 * `GET /api/v1/facility/1/activities?cursor=&limit=` (spec section 7), staff only: one page of
 * the feed, newest first, `{ items: [{ id, type, data, seen, created_at }], next_cursor, unseen }` with
 * `seen` and `unseen` for the caller. 400 for a bad cursor or a limit outside 1–100.
 */
export const GET = route(
  {
    summary: 'One page of the activity feed, newest first (keyset: cursor = next_cursor); seen and unseen for the caller',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    query: ZActivityQuery,
    response: ZActivityPage,
  },
  async ({ tenant, user, query }) => ({ json: await listActivities(await getDb(), tenant.id, user.id, query) }),
);
