import { getDb } from '@/lib/server/db/client';
import { items, route } from '@/lib/server/http';
import { listClients } from '@/lib/server/repositories/users';

/**
 * `GET /api/v1/users` (spec section 7), staff only: the tenant's clients `{ items: [{ email, name, tlf,
 * is_guest, n_appointments_allowed, users, visits, last_visit, created_at }] }`, the guest first.
 */
export const GET = route({ access: 'staff' }, async ({ tenant }) => items(await listClients(await getDb(), tenant.id)));
