import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { getDb } from '@/lib/server/db/client';
import { requestPhoneCode } from '@/lib/server/services/phone-verification';
import { dataOf, ZPhoneCodeAnswer } from '@/lib/validation/dto';
import { ZPhoneCodeRequest, ZUserParams } from '@/lib/validation/users';

/**
 * `POST /api/v1/users/{email}/phone/code` (onboarding, spec section 4): starts verification of `{ tlf }`
 * for the signed-in user itself → `{ data: { provider: 'dev' | 'firebase', expires_at } }`.
 * Errors: 403 another user, 409 `phone_taken`, 422 invalid phone or a country the tenant does not allow (`phone_country`),
 * 429 too many codes (per account, phone number, IP and tenant) or too many phone lookups (the budget of
 * `GET /users/phone/{phone}`: every request spends one before `phone_taken` is decided); with Retry-After.
 */
export const POST = route(
  {
    summary: 'Sends a phone verification code (self)',
    access: 'user',
    onboarding: false,
    params: ZUserParams,
    body: ZPhoneCodeRequest,
    response: dataOf(ZPhoneCodeAnswer),
    errors: {
      403: 'forbidden: another user',
      409: 'phone_taken',
      422: 'an invalid phone, or phone_country (a country the tenant does not allow)',
      429: 'too many codes (per account, phone number, IP and tenant) or phone lookups',
    },
  },
  async ({ tenant, user, params, body, ip, now }) => {
    if (params.email !== user.email) throw new ApiError('forbidden', errorMessage('forbidden'));
    return data(await requestPhoneCode(await getDb(), tenant, user.id, body.tlf, ip, now));
  },
);
