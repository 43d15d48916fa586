import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { getDb } from '@/lib/server/db/client';
import { findUserByEmail, toUserDto } from '@/lib/server/repositories/users';
import { verifyPhone } from '@/lib/server/services/phone-verification';
import { dataOf, ZUser } from '@/lib/validation/dto';
import { ZPhoneVerify, ZUserParams } from '@/lib/validation/users';

/**
 * `POST /api/v1/users/{email}/phone/verify` (onboarding): `{ code }` (dev provider) or `{ id_token }`
 * (Firebase) → `{ data: User }` with the verified phone. Errors: 403 another user, 409 `phone_taken`,
 * 422 `code_required` / `code_expired` / `code_invalid`, 429 too many checks.
 */
export const POST = route(
  {
    summary: 'Verifies the phone code or Firebase ID token (self)',
    access: 'user',
    onboarding: false,
    params: ZUserParams,
    body: ZPhoneVerify,
    response: dataOf(ZUser),
    errors: {
      403: 'forbidden: another user',
      409: 'phone_taken',
      422: 'code_invalid, code_expired, code_required or phone_country',
      429: 'too many checks per account',
    },
  },
  async ({ tenant, user, params, body, now }) => {
    if (params.email !== user.email) throw new ApiError('forbidden', errorMessage('forbidden'));
    const db = await getDb();
    await verifyPhone(db, tenant, user.id, body, now);
    return data(await toUserDto(db, (await findUserByEmail(db, tenant.id, user.email))!, new Date(now)));
  },
);
