/**
 * The waitlist's rules (beyond-the-spec section 4, "Lista de espera"): what an entry may ask for, which freed
 * hours it wants, and how a freed hour is offered by how near it is. Pure: instants in epoch ms, Madrid dates
 * `YYYY-MM-DD`, the Madrid wall clock through ./time.
 */
import { clientWindowEnd, openIntervals } from './availability';
import { piecesByDate, type ScheduleOn } from './orphans';
import { visitDurationMinutes, visitStarts, type VisitService, type VisitStylist } from './visit';
import { addDays, DAY_MS, HOUR_MS, madridDate, madridLocalMs, MINUTE_MS, type Range } from './time';

/** Active entries an account may hold at once. */
export const WAITLIST_MAX_ACTIVE = 3;

/** Part of the day an entry wants: `morning` (starts before 14:00), `afternoon` (from 14:00) or `any`. */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'any'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** Where the afternoon starts, Madrid wall clock in minutes. */
export const AFTERNOON_FROM = 14 * 60;

/** States of an entry: waiting, offered an hour, booked, past its range, removed. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'cancelled'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** What freed the time of an opening: a cancellation or release, a move, an unblocked leave, a schedule change, staff by hand. */
export const FREED_CAUSES = ['cancellation', 'move', 'leave', 'schedule', 'manual'] as const;
export type FreedCause = (typeof FREED_CAUSES)[number];

/** States of an offer: open to claim, claimed, taken by someone faster, lapsed unclaimed. */
export const OFFER_STATUSES = ['open', 'claimed', 'taken', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Whether an entry still counts against the account's limit and may be offered hours. */
export const isActiveEntry = (status: WaitlistStatus): boolean => status === 'waiting' || status === 'offered';

/** Minutes after Madrid midnight of an instant. */
const madridMinutes = (at: number) => Math.floor((((madridLocalMs(at) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);

/** Whether a start (epoch ms) lies in the part of the day (`morning` before 14:00 Madrid, `afternoon` from it). */
export function inPartOfDay(start: number, part: PartOfDay): boolean {
  if (part === 'any') return true;
  return (madridMinutes(start) < AFTERNOON_FROM) === (part === 'morning');
}

/**
 * Why a new entry's dates cannot be accepted at `now` (epoch ms), or null: `from` after `to`, `from` before
 * today (Madrid), or `to` past the client's 30-day window (the message keys of the API's 422).
 */
export function entryRangeError(range: { from: string; to: string }, now: number): 'waitlistRangeOrder' | 'waitlistRangePast' | 'waitlistRangeWindow' | null {
  if (range.from > range.to) return 'waitlistRangeOrder';
  if (range.from < madridDate(now)) return 'waitlistRangePast';
  if (range.to > madridDate(clientWindowEnd(now) - 1)) return 'waitlistRangeWindow';
  return null;
}

/**
 * What an entry asks for: its services (the visit, by id), a stylist (its id as `VisitStylist` names it; null:
 * any), a Madrid date range and a part of the day.
 */
export type WaitlistWish = { serviceIds: number[]; employeeId: string | null; from: string; to: string; partOfDay: PartOfDay };

/**
 * Whether a freed start suits an entry: its Madrid date inside the entry's range and its time in the entry's
 * part of the day. (Whether the entry's whole visit fits there, with its stylist or any, is the booking's own
 * availability, checked by the caller.)
 */
export function wishWantsStart(wish: WaitlistWish, start: number): boolean {
  const date = madridDate(start);
  return date >= wish.from && date <= wish.to && inPartOfDay(start, wish.partOfDay);
}

/**
 * How a freed hour starting at `start` is offered at `now` (epoch ms): more than 24 hours ahead, to one entry
 * at a time (in joining order) with 60 minutes to claim; from 3 to 24 hours, three at a time with 20 minutes;
 * under 3 hours, to every match at once, claimable until 45 minutes before the start; under 45 minutes, not
 * at all.
 */
export type OfferPolicy = { kind: 'none' } | { kind: 'batch'; size: number; windowMs: number } | { kind: 'all'; windowMs: number };

export const OFFER_NONE_UNDER_MS = 45 * MINUTE_MS;
/** The most entries offered one hour at a time (from 3 to 24 hours ahead). */
export const OFFER_BATCH_MAX = 3;
const ALL_UNDER_MS = 3 * HOUR_MS;
const BATCHES_UNDER_MS = 24 * HOUR_MS;

/** The offer policy of a freed hour starting at `start` at `now` (epoch ms). */
export function offerPolicy(start: number, now: number): OfferPolicy {
  const lead = start - now;
  if (lead < OFFER_NONE_UNDER_MS) return { kind: 'none' };
  if (lead < ALL_UNDER_MS) return { kind: 'all', windowMs: lead - OFFER_NONE_UNDER_MS };
  if (lead <= BATCHES_UNDER_MS) return { kind: 'batch', size: OFFER_BATCH_MAX, windowMs: 20 * MINUTE_MS };
  return { kind: 'batch', size: 1, windowMs: 60 * MINUTE_MS };
}

/**
 * The entries to offer a freed hour to next, from the candidates that want it (each with `joinedAt`, epoch ms;
 * any order), at `now`: none under 45 minutes; under 3 hours every one; else the first `size` in joining order
 * (ties by id). Returns them with the instant their offer expires.
 */
export function nextOffers<E extends { id: string; joinedAt: number }>(
  candidates: readonly E[],
  start: number,
  now: number,
): { offers: E[]; expiresAt: number | null } {
  const policy = offerPolicy(start, now);
  if (policy.kind === 'none' || candidates.length === 0) return { offers: [], expiresAt: null };
  const ordered = [...candidates].sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const offers = policy.kind === 'all' ? ordered : ordered.slice(0, policy.size);
  return { offers, expiresAt: now + policy.windowMs };
}

/**
 * The starts a waiting entry could take in a freed time (a cancellation, a release, an unblocked leave, a
 * longer shift: `freed`, the stylist's id and its range in epoch ms), with the booking's own availability:
 * the visit's starts on that date (`visitStarts` over `stylists`, the day's team with their open and busy time
 * after the change; the entry's stylist alone, or everyone for "Cualquier estilista"), that the entry wants
 * (its range and part of the day), whose visit overlaps the freed range, and that lie at least 45 minutes after
 * `now` (no offer comes later than that). An entry for another stylist than the freed one gets none.
 */
export function startsForWish(
  wish: WaitlistWish,
  q: { services: readonly VisitService[]; stylists: readonly VisitStylist[]; freed: { stylistId: string; start: number; end: number }; now: number },
): number[] {
  if (wish.employeeId !== null && wish.employeeId !== q.freed.stylistId) return [];
  const stylists = wish.employeeId === null ? q.stylists : q.stylists.filter((s) => s.id === wish.employeeId);
  if (stylists.length === 0) return [];
  const length = visitDurationMinutes(q.services) * MINUTE_MS;
  return visitStarts({ services: q.services, stylists, anyStylist: wish.employeeId === null, now: q.now + OFFER_NONE_UNDER_MS - 1, until: null }).filter(
    (start) => start < q.freed.end && start + length > q.freed.start && wishWantsStart(wish, start),
  );
}

/** An entry as the staff screens count it: its Madrid date range and its state. */
export type RangedEntry = { from: string; to: string; status: WaitlistStatus };

/**
 * How many active entries (waiting or offered) want some date of the Madrid range `start`–`end` inclusive
 * (`from` ≤ `end` and `to` ≥ `start`): the agenda's "N en espera" of the dates it shows.
 */
export function waitingBetween(entries: readonly RangedEntry[], start: string, end: string): number {
  return entries.filter((e) => isActiveEntry(e.status) && e.from <= end && e.to >= start).length;
}

/** How many active entries (waiting or offered) want the Madrid date `date` (`from` ≤ `date` ≤ `to`). */
export function waitingOn(entries: readonly RangedEntry[], date: string): number {
  return waitingBetween(entries, date, date);
}

/**
 * Whether staff may offer an entry an hour starting at `start` at `now` (epoch ms): in the entry's part of the
 * day and at least 45 minutes ahead (no offer comes later than that).
 */
export function offerableStart(start: number, part: PartOfDay, now: number): boolean {
  return start - now >= OFFER_NONE_UNDER_MS && inPartOfDay(start, part);
}

/**
 * The pieces of freed ranges (epoch ms) worth offering at `now`: each cut at Madrid midnights, its start
 * moved to `now` when already begun, and kept only while a visit could still start in it 45 minutes from now
 * (its end later than that). A piece per Madrid date, in order.
 */
export function offerableFreed(ranges: readonly Range[], now: number): Range[] {
  return ranges
    .flatMap((r) => piecesByDate({ start: Math.max(r.start, now), end: r.end }))
    .map((p) => p.range)
    .filter((r) => r.end > now + OFFER_NONE_UNDER_MS)
    .sort((a, b) => a.start - b.start);
}

/** `ranges` less `minus` (both epoch-ms ranges); the pieces left, in order. */
export function subtractRanges(ranges: readonly Range[], minus: readonly Range[]): Range[] {
  let left = [...ranges];
  for (const m of minus) {
    left = left.flatMap((r) => {
      if (m.end <= r.start || m.start >= r.end) return [r];
      return [
        ...(m.start > r.start ? [{ start: r.start, end: m.start }] : []),
        ...(m.end < r.end ? [{ start: m.end, end: r.end }] : []),
      ];
    });
  }
  return left.sort((a, b) => a.start - b.start);
}

/**
 * The working time a schedule change opens (a longer or new shift, a removed closed special day): per Madrid
 * date from today to the end of the client's 30-day window at `now`, the open intervals `after` has and
 * `before` had not (`openIntervals`: a special shift replaces the weekly shifts). Epoch-ms ranges, in order.
 */
export function openedBySchedule(before: ScheduleOn, after: ScheduleOn, now: number): Range[] {
  const last = madridDate(clientWindowEnd(now) - 1);
  const opened: Range[] = [];
  for (let date = madridDate(now); date <= last; date = addDays(date, 1)) {
    const b = before(date);
    const a = after(date);
    opened.push(...subtractRanges(openIntervals(date, a.week, a.special), openIntervals(date, b.week, b.special)));
  }
  return opened;
}
