/**
 * Pure helpers of the staff waitlist screen (beyond-the-spec section 4): the entries grouped by the first date
 * they still want, the dates and hours an entry may be offered, and the message key of a failed offer.
 */
import { ApiClientError, isNetworkError } from '@/lib/api-client/fetcher';
import { addDays } from '@/lib/domain/time';
import { offerableStart, type PartOfDay } from '@/lib/domain/waitlist';
import type { AvailableHour, HourGroup } from '@/lib/validation/dto';

/** The first date an entry still wants on `today` (Madrid): its `from`, or today once its range has begun. */
export const firstDateOf = (entry: { from: string }, today: string): string => (entry.from < today ? today : entry.from);

/**
 * The entries by the first date they still want (see `firstDateOf`), dates ascending; each group keeps the
 * entries' own order (the API's joining order).
 */
export function groupByFirstDate<E extends { from: string }>(entries: readonly E[], today: string): { date: string; entries: E[] }[] {
  const groups = new Map<string, E[]>();
  for (const e of entries) {
    const date = firstDateOf(e, today);
    const group = groups.get(date);
    if (group) group.push(e);
    else groups.set(date, [e]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, list]) => ({ date, entries: list }));
}

/** The Madrid dates an entry may be offered on `today`: from its first date still ahead to its `to`, inclusive. */
export function offerDates(entry: { from: string; to: string }, today: string): string[] {
  const dates: string[] = [];
  for (let d = firstDateOf(entry, today); d !== '' && d <= entry.to && dates.length < 62; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * The free hours of the visit's availability (`groups`) that staff may offer an entry at `now` (epoch ms): in
 * its part of the day and at least 45 minutes ahead, in time order.
 */
export function offerableHours(groups: readonly HourGroup[], part: PartOfDay, now: number): AvailableHour[] {
  return groups
    .flatMap((g) => g.hours)
    .filter((h) => offerableStart(Date.parse(h.start_time), part, now))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}

/** Why an offer failed, as a message key of `staffWaitlist.errors` (the text when the answer brings none). */
export type OfferErrorKey = 'slotTaken' | 'notActive' | 'notFound' | 'tooSoon' | 'network';

/**
 * The message key of a failed offer (see the API's errors of `POST /facility/1/waitlist/{id}/offers`); null for
 * other failures (the generic message).
 */
export function offerErrorKey(err: unknown): OfferErrorKey | null {
  if (!(err instanceof ApiClientError)) return null;
  if (isNetworkError(err)) return 'network';
  if (err.status === 409) return err.code === 'slot_taken' ? 'slotTaken' : 'notActive';
  if (err.status === 404) return 'notFound';
  if (err.status === 422) return 'tooSoon';
  return null;
}

/** The stylists offering every one of `serviceIds` (all of them for none), in the list's order. */
export function stylistsForAll<E extends { services: readonly { id: number }[] }>(employees: readonly E[], serviceIds: readonly number[]): E[] {
  return employees.filter((e) => serviceIds.every((id) => e.services.some((s) => s.id === id)));
}
