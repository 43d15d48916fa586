/**
 * Visits of several services and "Cualquier estilista" (beyond-the-spec section 2). Pure: no I/O, no
 * clock (the caller passes `now`).
 *
 * A visit is up to VISIT_MAX_SERVICES services done back to back, in the salon's order: each service
 * starts where the one before it ends, has its own busy parts (processing gaps stay free for the stylist,
 * as for one service) and its own stylist. With one chosen stylist, that stylist does every service; with
 * "Cualquier estilista" each service may go to anyone who offers it and is free then.
 *
 * Given the visit's start, the services' windows are fixed and never overlap one another, so whether a
 * stylist can do service k does not depend on who does the others: a start is possible with "Cualquier
 * estilista" exactly when every service has some qualified stylist free at its time. The union over every
 * assignment is therefore checked service by service (stopping at the first service nobody can take)
 * instead of enumerating combinations, each stylist-day indexed once.
 */
import { indexDay, serviceFitsAt, SLOT_STEP_MINUTES, type BusySegment, type DayIndex } from './availability';
import { MINUTE_MS, type Range } from './time';

/** Most services in one visit (a zod-free limit: the client wizard reads it too). */
export { VISIT_MAX_SERVICES } from '@/lib/validation/limits';

/** A service of a visit: its id, duration (minutes) and busy segments (minutes from its start). */
export type VisitService = { id: number; durationMinutes: number; segments: BusySegment[] };

/** A stylist on the visit's date: id (the e-mail, as the API names stylists), services offered, open and busy ranges (epoch ms). */
export type VisitStylist = { id: string; offers: readonly number[]; open: Range[]; busy: Range[] };

/** One service of a planned visit: who does it and when (epoch ms), with its busy parts. */
export type VisitPart = { serviceId: number; stylistId: string; start: number; end: number; busy: Range[] };

/** Offsets (ms) of each service from the visit's start: back to back, in the order given. */
export function visitOffsets(services: readonly VisitService[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const s of services) {
    offsets.push(at);
    at += s.durationMinutes * MINUTE_MS;
  }
  return offsets;
}

/** The visit's whole length, minutes. */
export const visitDurationMinutes = (services: readonly VisitService[]) => services.reduce((n, s) => n + s.durationMinutes, 0);

type Indexed = { stylist: VisitStylist; day: DayIndex; offers: Set<number> };

const indexAll = (stylists: readonly VisitStylist[]): Indexed[] =>
  stylists.map((stylist) => ({ stylist, day: indexDay(stylist.open, stylist.busy), offers: new Set(stylist.offers) }));

const fitsService = (s: Indexed, service: VisitService, at: number) => s.offers.has(service.id) && serviceFitsAt(s.day, at, service.durationMinutes, service.segments);

/** The query of `visitStarts`. */
export type VisitQuery = {
  services: readonly VisitService[];
  /** The chosen stylist alone, or every stylist of the salon for "Cualquier estilista". */
  stylists: readonly VisitStylist[];
  /** True: "Cualquier estilista" (each service to anyone free); false: one stylist does the whole visit. */
  anyStylist: boolean;
  /** The current instant, epoch ms: starts at or before it are not offered. */
  now: number;
  /** Latest bookable instant (exclusive), or null for no limit. */
  until: number | null;
};

/**
 * The bookable starts (epoch ms, ascending) of a visit on one date. Candidates are the 15-minute grid of
 * each open interval of the stylists who offer the first service (as for one service); a candidate is
 * offered when, with `anyStylist`, every service has a qualified stylist free at its time (possibly a
 * different one per service), and otherwise when one stylist can do every service. A single service gives
 * exactly the starts `availableStarts` gives.
 */
export function visitStarts(q: VisitQuery): number[] {
  if (q.services.length === 0) return [];
  const offsets = visitOffsets(q.services);
  const all = indexAll(q.stylists);
  const first = q.services[0]!;
  const step = SLOT_STEP_MINUTES * MINUTE_MS;
  const candidates = new Set<number>();
  for (const s of all) {
    if (!s.offers.has(first.id)) continue;
    for (const interval of s.stylist.open) {
      for (let start = interval.start; start + first.durationMinutes * MINUTE_MS <= interval.end; start += step) {
        if (start <= q.now || (q.until !== null && start >= q.until)) continue;
        candidates.add(start);
      }
    }
  }
  // Per service, the stylists who offer it (a stylist who offers none of a service never counts for it).
  const qualified = q.services.map((service) => all.filter((s) => s.offers.has(service.id)));
  const starts: number[] = [];
  for (const start of [...candidates].sort((a, b) => a - b)) {
    if (q.anyStylist ? anyoneForEach(q.services, qualified, offsets, start) : someoneForAll(q.services, all, offsets, start)) starts.push(start);
  }
  return starts;
}

/** Every service has a qualified stylist free at its time (stops at the first service nobody can take). */
function anyoneForEach(services: readonly VisitService[], qualified: Indexed[][], offsets: number[], start: number): boolean {
  for (let k = 0; k < services.length; k++) {
    const service = services[k]!;
    const at = start + offsets[k]!;
    let found = false;
    for (const s of qualified[k]!) {
      if (serviceFitsAt(s.day, at, service.durationMinutes, service.segments)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** One stylist offers and is free for every service. */
function someoneForAll(services: readonly VisitService[], all: Indexed[], offsets: number[], start: number): boolean {
  return all.some((s) => services.every((service, k) => fitsService(s, service, start + offsets[k]!)));
}

/** What the booking knows of the stylists when it assigns "Cualquier estilista". */
export type AssignInput = {
  services: readonly VisitService[];
  /** The visit's start, epoch ms. */
  start: number;
  /** The salon's stylists on the visit's date, with their busy time as the booking transaction reads it. */
  stylists: readonly (VisitStylist & { bookedMinutes: number })[];
  /** The client's last stylist (id) for a service (the account's latest appointment of it, pending included). */
  lastStylistByService: ReadonlyMap<number, string>;
};

/**
 * Assigns each service of a "Cualquier estilista" visit to a stylist free for it (beyond-the-spec section
 * 2): among those who offer it and are free at its time, the client's last stylist for that service, else
 * the fewest booked minutes that day (`bookedMinutes`: cancelled and no-show appointments not counted by
 * the caller; the visit's own earlier services not added, so with equal loads one stylist keeps the whole
 * visit), else the lowest id. Deterministic. Null when some service has nobody free.
 */
export function assignVisit(input: AssignInput): VisitPart[] | null {
  const offsets = visitOffsets(input.services);
  const all = indexAll(input.stylists);
  const load = new Map(input.stylists.map((s) => [s.id, s.bookedMinutes]));
  const parts: VisitPart[] = [];
  for (const [k, service] of input.services.entries()) {
    const at = input.start + offsets[k]!;
    const free = all.filter((s) => fitsService(s, service, at)).map((s) => s.stylist.id);
    if (free.length === 0) return null;
    const last = input.lastStylistByService.get(service.id);
    const chosen = last !== undefined && free.includes(last) ? last : free.sort((a, b) => load.get(a)! - load.get(b)! || (a < b ? -1 : a > b ? 1 : 0))[0]!;
    parts.push(partOf(service, chosen, at));
  }
  return parts;
}

/**
 * The visit done by one stylist from `start` (epoch ms): its parts when that stylist offers every service
 * and is free for each, else null.
 */
export function planWithStylist(services: readonly VisitService[], start: number, stylist: VisitStylist): VisitPart[] | null {
  const offsets = visitOffsets(services);
  const [s] = indexAll([stylist]);
  if (!services.every((service, k) => fitsService(s!, service, start + offsets[k]!))) return null;
  return visitParts(services, start, stylist.id);
}

/**
 * The parts of a visit done by `stylistId` from `start` (epoch ms), back to back, whatever its shifts and busy
 * time (a staff booking, which may fall outside shifts, checks the busy time itself).
 */
export function visitParts(services: readonly VisitService[], start: number, stylistId: string): VisitPart[] {
  const offsets = visitOffsets(services);
  return services.map((service, k) => partOf(service, stylistId, start + offsets[k]!));
}

function partOf(service: VisitService, stylistId: string, start: number): VisitPart {
  return {
    serviceId: service.id,
    stylistId,
    start,
    end: start + service.durationMinutes * MINUTE_MS,
    busy: service.segments.map((seg) => ({ start: start + seg.startMinutes * MINUTE_MS, end: start + seg.endMinutes * MINUTE_MS })),
  };
}
