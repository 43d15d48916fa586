import { z } from 'zod';
import { normalizePhone } from '@/lib/domain/phone';
import { isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { findUserByPhone } from '@/lib/server/repositories/users';

/**
 * `GET /api/v1/users/phone/{phone}` (spec section 7): `{ data: {} }` when the number is free (or is the
 * caller's own), `{ data: { email } }` when taken. A client learns only that it is taken, not by whom
 * (the e-mail is masked); staff see the e-mail. 422 for a malformed number.
 */
export const GET = route({ access: 'user', params: z.object({ phone: z.string().max(32) }) }, async ({ tenant, user, params }) => {
  const phone = normalizePhone(params.phone);
  if (!phone) throw new ApiError('unprocessable', errorMessage('phoneInvalid'));
  const owner = await findUserByPhone(await getDb(), tenant.id, phone);
  if (!owner || owner.id === user.id) return data({});
  return data({ email: isStaff(user.role) ? owner.email : maskEmail(owner.email) });
});

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
