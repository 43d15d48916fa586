import { NextResponse } from 'next/server';
import { assertSelfOrStaff } from '@/lib/server/access';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { leaveWaitlist } from '@/lib/server/services/leave-waitlist';
import { ZWaitlistEntryParams } from '@/lib/validation/waitlist';

/**
 * `DELETE /api/v1/users/{email}/waitlist/{id}` (beyond-the-spec section 4) → 204: takes the entry off the
 * waitlist (`cancelled`). Own account or staff. Errors: 403 another client's account, 404 no such entry of the
 * account, 409 an entry that is not active (booked, expired or taken off).
 */
export const DELETE = route(
  {
    summary: 'Takes an entry off the waitlist (self or staff)',
    access: 'user',
    params: ZWaitlistEntryParams,
    status: 204,
    errors: { 403: 'forbidden: another client’s account', 409: 'the entry is not active' },
  },
  async ({ tenant, user, params, now }) => {
    assertSelfOrStaff(user, params.email);
    await leaveWaitlist(await getDb(), tenant.id, params.email, params.id, now);
    return new NextResponse(null, { status: 204 });
  },
);
