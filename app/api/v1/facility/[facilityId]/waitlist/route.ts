import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listSalonWaitlist } from '@/lib/server/services/list-waitlist';
import { ZFacilityId } from '@/lib/validation/common';
import { itemsOf } from '@/lib/validation/dto';
import { ZWaitlistEntry } from '@/lib/validation/waitlist';

/**
 * `GET /api/v1/facility/1/waitlist` (beyond-the-spec section 4), staff only: `{ items: WaitlistEntry[] }`, the
 * salon's active entries (waiting or offered, their range not over), by first date then joining order.
 */
export const GET = route(
  {
    summary: 'The salon’s active waitlist entries (staff)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId }),
    response: itemsOf(ZWaitlistEntry),
  },
  async ({ tenant, now }) => items(await listSalonWaitlist(await getDb(), tenant.id, now)),
);
