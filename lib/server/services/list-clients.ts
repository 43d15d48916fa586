import 'server-only';
import { decodeCursor, encodeCursor, KEYSET_START, type KeysetPosition } from '@/lib/domain/keyset';
import { searchTerms } from '@/lib/domain/search';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { clientsAfter, countClients, findMatchingGuest, toClientListItems } from '@/lib/server/repositories/users';
import type { ClientPage } from '@/lib/validation/dto';
import { reliabilityTiersOf } from './reliability';
import type { ClientsQuery } from '@/lib/validation/users';

/**
 * One page of the staff client list (`GET /users?search=&cursor=&limit=`, spec sections 2 and 7).
 *
 * - Which: the tenant's client accounts (role client, not deleted), the guest included; with `search`,
 *   those whose name or e-mail contains every word typed, case- and accent-insensitive ("maria" finds
 *   "María", "PEREZ" finds "Pérez"; lib/domain/search.ts), and the guest also when a walk-in booked under
 *   it by name matches.
 * - Order: the guest first (on the first page, when it matches), then newest activity first —
 *   `users.last_activity_at`, set at creation and bumped when the client books or has an appointment
 *   cancelled — ties broken by id.
 * - Paging: keyset, never OFFSET. `next_cursor` (opaque) is the position after the page's last client, or
 *   null on the last page; clients active meanwhile move to the top and are not repeated further down.
 * - `total`: how many clients match (the guest left out: it groups walk-ins), for the count badge.
 * - Items: `ClientListItem` with visits (past, not cancelled), the last visit's start and the reliability
 *   tier (beyond-the-spec section 3; null for the guest).
 *
 * `limit` is the page size (1–100, guest included). Errors: 400 `bad_request` for a cursor this API did
 * not issue.
 */
export async function listClientsPage(db: DbOrTx, tenantId: number, query: ClientsQuery, now: number): Promise<ClientPage> {
  let after: KeysetPosition | null = null;
  if (query.cursor) {
    after = decodeCursor(query.cursor);
    if (!after) throw new ApiError('bad_request', errorMessage('invalidCursor'));
  }
  const terms = searchTerms(query.search);
  const guest = after ? null : await findMatchingGuest(db, tenantId, terms);
  const room = query.limit - (guest ? 1 : 0);
  // One more than fits tells whether another page follows.
  const rows = await clientsAfter(db, tenantId, terms, after ?? KEYSET_START, room + 1);
  const page = rows.slice(0, room);
  const more = rows.length > room;
  const last = page.at(-1);
  const total = await countClients(db, tenantId, terms);
  const accounts = page.map((r) => r.user);
  const tiers = await reliabilityTiersOf(db, tenantId, accounts, now);
  const items = await toClientListItems(db, tenantId, [...(guest ? [guest.user] : []), ...accounts], new Date(now), tiers);
  return {
    items,
    next_cursor: more ? encodeCursor(last ? { at: last.at, id: last.user.id } : KEYSET_START) : null,
    total,
  };
}
