import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { offerByHand } from '@/lib/server/services/waitlist-offers';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf } from '@/lib/validation/dto';
import { ZWaitlistOffer, ZWaitlistOfferCreate } from '@/lib/validation/waitlist';

/**
 * `POST /api/v1/facility/1/waitlist/{id}/offers { start_time, employee_id }` (beyond-the-spec section 4,
 * "Ofrecer"), staff only: offers the entry's visit at `start_time` (UTC ISO) with the stylist `employee_id` (an
 * e-mail, or `any`) to that entry alone, by e-mail with a claim link (and push), with the contract's window.
 * → 201 `{ data: WaitlistOffer }`. Errors: 404 unknown entry or stylist, 409 `conflict` an entry no longer
 * active, 409 `slot_taken` an hour the visit cannot take, 422 under 45 minutes ahead or outside the entry's
 * dates.
 */
export const POST = route(
  {
    summary: 'Offers a free hour to a waitlist entry (staff)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId, id: z.uuid() }),
    body: ZWaitlistOfferCreate,
    response: dataOf(ZWaitlistOffer),
    status: 201,
    errors: { 404: 'unknown entry or stylist', 409: 'the entry is not active, or the hour is taken', 422: 'under 45 minutes ahead, or outside the entry’s dates' },
  },
  async ({ tenant, params, body, now }) => data(await offerByHand(await getDb(), tenant.id, params.id, body, now)),
);
