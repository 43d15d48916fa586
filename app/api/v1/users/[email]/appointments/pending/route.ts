import { assertSelfOrStaff } from '@/lib/server/access';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { items, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { pendingOfClient } from '@/lib/server/repositories/appointments';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { itemsOf, ZAppointment } from '@/lib/validation/dto';
import { ZUserParams } from '@/lib/validation/users';

/**
 * `GET /api/v1/users/{email}/appointments/pending` (spec section 7): `{ items: Appointment[] }`, the
 * account's appointments that are not cancelled and not ended, by start. Own account or staff only.
 */
export const GET = route(
  {
    summary: 'Pending appointments of an account (self or staff)',
    access: 'user',
    params: ZUserParams,
    response: itemsOf(ZAppointment),
    errors: { 403: 'forbidden: another client’s account' },
  },
  async ({ tenant, user, params, now }) => {
    assertSelfOrStaff(user, params.email);
    const db = await getDb();
    const row = await findUserByEmail(db, tenant.id, params.email);
    if (!row) throw new ApiError('not_found', errorMessage('userNotFound'));
    return items(await pendingOfClient(db, tenant.id, row.id, new Date(now)));
  },
);
