import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { lookupPhone } from '@/lib/server/services/lookup-phone';
import { dataOf, ZPhoneLookup } from '@/lib/validation/dto';

/**
 * `GET /api/v1/users/phone/{phone}` (spec section 7): `{ data: {} }` when the number is free (or is the
 * caller's own), `{ data: { email } }` when taken (a placeholder for clients). 422 for a malformed number, 429 too many lookups.
 */
export const GET = route(
  {
    summary: 'Whether a phone is taken',
    access: 'user',
    params: z.object({ phone: z.string().max(32) }),
    response: dataOf(ZPhoneLookup),
    errors: { 422: 'a malformed number' },
    limits: [
      ['phoneLookupPerUser', ({ user }) => user.id],
      ['phoneLookupPerIp', ({ ip }) => ip],
    ],
  },
  async ({ tenant, user, params }) => data(await lookupPhone(await getDb(), tenant.id, user, params.phone)),
);
