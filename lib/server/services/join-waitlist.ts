import 'server-only';
import { restrictsOnlineBooking } from '@/lib/domain/reliability';
import { addDays, madridDate, madridWallClock } from '@/lib/domain/time';
import { entryRangeError, WAITLIST_MAX_ACTIVE } from '@/lib/domain/waitlist';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findEmployee } from '@/lib/server/repositories/employees';
import { lockClient } from '@/lib/server/repositories/locks';
import { visitServicesOf } from '@/lib/server/repositories/services';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { countActiveEntries, hasPendingBetween, insertWaitlistEntry, listWaitlistEntries, offeredServiceIds } from '@/lib/server/repositories/waitlist';
import type { WaitlistCreate, WaitlistEntry } from '@/lib/validation/waitlist';
import { reliabilityTiersOf } from './reliability';

/**
 * Puts a person of the client account `email` on the waitlist (beyond-the-spec section 4, `POST
 * /users/{email}/waitlist`): the client itself from the hour step ("Avísame si se libera un hueco"), or staff
 * for it. One transaction under the account's lock (the limit is counted there, so parallel requests cannot
 * pass it). The visit's services are stored in the salon's order. `now` is epoch ms. Returns the entry.
 *
 * Errors: 404 unknown account, service or stylist; 422 the guest or a staff account, a person not of the
 * account, a date range out of order, before today or past the 30-day window, a service the stylist (or, for
 * `any`, nobody) offers; 403 `booking_restricted` for a `restringido` or `bloqueado` client joining online
 * (staff may still add one); 409 `conflict` with 3 active entries already, or when the person has a pending
 * appointment in the range.
 */
export async function joinWaitlist(db: Db, tenantId: number, actor: SessionUser, email: string, input: WaitlistCreate, now: number): Promise<WaitlistEntry> {
  const found = await findUserByEmail(db, tenantId, email);
  if (!found || found.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
  if (found.isGuest || found.role !== 'client') throw new ApiError('unprocessable', errorMessage('waitlistClientOnly'));
  const rangeError = entryRangeError(input, now);
  if (rangeError) throw new ApiError('unprocessable', errorMessage(rangeError));
  const services = await visitServicesOf(db, tenantId, input.services);
  if (services.length !== input.services.length) throw new ApiError('not_found', errorMessage('serviceNotFound'));
  const stylist = input.employee_id === 'any' ? null : await findEmployee(db, tenantId, input.employee_id);
  if (input.employee_id !== 'any' && !stylist) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const offered = await offeredServiceIds(db, tenantId, stylist?.id ?? null, input.services);
  if (input.services.some((id) => !offered.has(id))) throw new ApiError('unprocessable', errorMessage('serviceNotOffered'));

  return db.transaction(async (tx) => {
    const client = await lockClient(tx, tenantId, found.id);
    if (!client || client.deletedAt) throw new ApiError('not_found', errorMessage('userNotFound'));
    const person = [{ id: client.id, name: client.name ?? '' }, ...client.subUsers].find((p) => p.id === (input.user_id ?? client.id));
    if (!person) throw new ApiError('unprocessable', errorMessage('personNotFound'));
    if (!isStaff(actor.role)) {
      const tier = (await reliabilityTiersOf(tx, tenantId, [client], now)).get(client.id);
      if (tier && restrictsOnlineBooking(tier)) throw new ApiError('booking_restricted', errorMessage('bookingRestricted'));
    }
    const today = madridDate(now);
    if ((await countActiveEntries(tx, tenantId, client.id, today)) >= WAITLIST_MAX_ACTIVE) {
      throw new ApiError('conflict', errorMessage('waitlistFull'));
    }
    const from = madridWallClock(input.from, 0);
    const to = madridWallClock(addDays(input.to, 1), 0);
    if (await hasPendingBetween(tx, tenantId, client.id, person.id, from, to)) throw new ApiError('conflict', errorMessage('waitlistPersonBooked'));
    const id = await insertWaitlistEntry(tx, tenantId, {
      clientId: client.id,
      userId: person.id,
      userName: person.name,
      serviceIds: services.map((s) => s.id),
      employeeId: stylist?.id ?? null,
      from: input.from,
      to: input.to,
      partOfDay: input.part_of_day,
      createdBy: actor.id,
      now,
    });
    const [entry] = await listWaitlistEntries(tx, tenantId, { clientId: client.id }, now, [id]);
    return entry!;
  });
}
