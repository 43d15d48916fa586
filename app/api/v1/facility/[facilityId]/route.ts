import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { getFacility } from '@/lib/server/repositories/facility';
import { ZId } from '@/lib/validation/common';
import { dataOf, ZFacility } from '@/lib/validation/dto';

/** `GET /api/v1/facility/{id}` (spec section 7): `{ data: Facility }`; 404 when the tenant has no such facility. */
export const GET = route(
  { summary: 'The facility', access: 'user', params: z.object({ facilityId: ZId }), response: dataOf(ZFacility) },
  async ({ tenant, params }) => {
    const facility = await getFacility(await getDb(), tenant, params.facilityId);
    if (!facility) throw new ApiError('not_found', errorMessage('notFound'));
    return data(facility);
  },
);
