import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { findUserById } from '@/lib/server/repositories/users';
import { getDb } from '@/lib/server/db/client';
import { dataOf, ZSessionInfo } from '@/lib/validation/dto';

/**
 * `GET /api/v1/session` (spec section 7): the signed-in user `{ data: { email, name, role,
 * onboarding_completed } }`, or 404 when there is no session (and 404 for an unknown tenant).
 */
export const GET = route(
  { summary: 'The signed-in user (404: no session)', access: 'public', response: dataOf(ZSessionInfo), errors: { 404: 'not_found: no session' } },
  async ({ tenant, user }) => {
    if (!user) throw new ApiError('not_found', errorMessage('unauthenticated'));
    const row = await findUserById(await getDb(), tenant.id, user.id);
    if (!row) throw new ApiError('not_found', errorMessage('unauthenticated'));
    return data({ email: row.email, name: row.name, role: row.role, onboarding_completed: row.onboardingCompleted });
  },
);
