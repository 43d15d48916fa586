import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { data, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { bookAsClient } from '@/lib/server/services/book-appointment';
import { ZClientAppointmentInsert } from '@/lib/validation/schedules';

/**
 * `PATCH /api/v1/schedules/insert/appointment` (spec section 7), client flow: `{ start_time, end_time,
 * facility_id, employee_id, service_id, client_id, user_id, user_name }` → 201 `{ data: { event_id } }`.
 * Errors: 400 invalid body, 403 another account, 404 stylist/service, 409 `slot_taken` /
 * `allowance_exceeded`, 422 rule broken (past, beyond 30 days, not offered, not a bookable hour).
 */
export const PATCH = route({ access: 'user' }, async ({ req, tenant, user }) => {
  const raw: unknown = await req.json().catch(() => null);
  if (user.role !== 'client') throw new ApiError('forbidden', errorMessage('forbidden'));
  const body = ZClientAppointmentInsert.safeParse(raw);
  if (!body.success) throw new ApiError('bad_request', errorMessage('invalidRequest'), body.error.issues);
  return data(await bookAsClient(await getDb(), tenant.id, user, body.data), 201);
});
