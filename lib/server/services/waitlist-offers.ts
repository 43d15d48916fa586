/**
 * The waitlist's offers (beyond-the-spec section 4, "Lista de espera"): freed time becomes offers to the
 * entries that want it, by how near it is.
 *
 * Every change that frees a stylist's time (a cancellation, a release at the cut-off, the client's "No puedo
 * ir", a move, an unblocked leave, a longer shift, a removed special day) calls `recordFreedTime` inside its
 * own transaction: the freed range becomes an opening, due at once, that commits exactly when the change does
 * (a crash cannot lose it). The waitlist job (`offerFreedTime`, a periodic job of the delivery worker) takes
 * each due opening in its own transaction, locked with `SKIP LOCKED` so two workers never offer it twice:
 *
 * 1. offers of the opening whose window ended lapse (their entries wait again);
 * 2. while offers are still open, it waits for the first window to end;
 * 3. otherwise it matches the entries not offered it yet (`matchOpening`) with the booking's own availability
 *    and offers the next ones by the contract's policy (lib/domain/waitlist.ts `nextOffers`): one at a time for
 *    60 minutes more than 24 hours ahead, three at a time for 20 minutes from 3 to 24 hours, everyone under 3
 *    hours, nobody under 45 minutes. Each offer is an e-mail with a claim link (and a push when registered)
 *    and an activity; the opening looks again when their window ends, and closes when nobody is left.
 *
 * A claim (lib/server/services/claim-offer.ts) books in one transaction with every booking rule.
 */
import 'server-only';
import { clientWindowEnd } from '@/lib/domain/availability';
import { isoUtc, madridDate, type Range } from '@/lib/domain/time';
import { timeOf } from '@/lib/format';
import { visitDurationMinutes, type VisitService } from '@/lib/domain/visit';
import { inPartOfDay, nextOffers, offerableFreed, offerPolicy, startsForWish, type FreedCause } from '@/lib/domain/waitlist';
import { serverNow } from '@/lib/server/clock';
import { getDb, type Db, type DbOrTx, type Tx } from '@/lib/server/db/client';
import { activities } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { logger } from '@/lib/server/log';
import { emailText, errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { issueActionLinks } from '@/lib/server/notifications/confirmations';
import { queueEmails } from '@/lib/server/notifications/outbox';
import { queuePushes } from '@/lib/server/notifications/push';
import { appointmentParams, queueWhatsApps } from '@/lib/server/notifications/whatsapp';
import { waitlistOfferEmail, whenOf } from '@/lib/server/notifications/templates';
import { findEmployee, teamDayOf } from '@/lib/server/repositories/employees';
import { visitServicesOf } from '@/lib/server/repositories/services';
import {
  candidateEntries,
  candidateEntriesByIds,
  candidateWishes,
  dueOpenings,
  hasActiveEntries,
  insertOffers,
  insertOpenings,
  lapseOffers,
  lockOpening,
  openOffersUntil,
  setOpeningStep,
  type CandidateEntry,
  type OpeningRow,
  type WishKey,
} from '@/lib/server/repositories/waitlist-offers';
import { listWaitlistEntries } from '@/lib/server/repositories/waitlist';
import { tenantOriginOf } from '@/lib/server/tenancy';
import type { WaitlistOffer } from '@/lib/validation/waitlist';
import { visitStylistsOf } from './availability';

/** How often the worker runs the waitlist job (ms): each tick of the worker. */
export const WAITLIST_SCAN_MS = 5_000;
/** Openings taken per pass. */
const BATCH = 50;

/**
 * Records time a change freed for the stylist `employeeId` (user id; ranges in epoch ms) inside the change's
 * transaction: one opening per Madrid day of each range still worth offering at `now` (a visit could start in it
 * 45 minutes from now), due at once. Nothing when the salon has nobody waiting. Returns how many were recorded.
 */
export async function recordFreedTime(tx: Tx, tenantId: number, freed: { employeeId: string; ranges: Range[] }[], cause: FreedCause, now: number): Promise<number> {
  const rows = freed.flatMap((f) => offerableFreed(f.ranges, now).map((r) => ({ employeeId: f.employeeId, start: r.start, end: r.end, cause })));
  if (rows.length === 0 || !(await hasActiveEntries(tx, tenantId, madridDate(now)))) return 0;
  return (await insertOpenings(tx, tenantId, rows, now)).length;
}

/** What a pass of the waitlist job did. */
export type WaitlistReport = { openings: number; offered: number; lapsed: number };

/**
 * Takes every opening due at `now` (epoch ms), in passes of {@link BATCH} (at most `maxBatches`): lapses
 * the offers whose window ended and offers the opening to the next entries. Returns what it did.
 */
export async function offerFreedTime(db: Db, now: number, maxBatches = 20): Promise<WaitlistReport> {
  const report: WaitlistReport = { openings: 0, offered: 0, lapsed: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const due = await dueOpenings(db, now, BATCH);
    let taken = 0;
    for (const o of due) if (await advanceOpening(db, o.tenantId, o.id, now, report)) taken++;
    if (due.length < BATCH || taken === 0) break;
  }
  return report;
}

/** The periodic job of the delivery worker (instrumentation.ts registers it). */
export async function scanWaitlist(): Promise<void> {
  const r = await offerFreedTime(await getDb(), serverNow());
  if (r.offered + r.lapsed > 0) logger().info({ component: 'waitlist', ...r }, 'waitlist offers');
}

/** One opening's step in its own transaction; false when another worker holds it or it is no longer due. */
async function advanceOpening(db: Db, tenantId: number, id: string, now: number, report: WaitlistReport): Promise<boolean> {
  return db.transaction(async (tx) => {
    const opening = await lockOpening(tx, tenantId, id, { skipLocked: true, dueAt: now });
    if (!opening) return false;
    report.openings++;
    report.lapsed += await lapseOffers(tx, tenantId, opening.id, now);
    const openUntil = await openOffersUntil(tx, tenantId, opening.id);
    if (openUntil !== null) {
      await setOpeningStep(tx, tenantId, opening.id, openUntil);
      return true;
    }
    // Time staff offered by hand goes to the entry they chose alone.
    const match = opening.cause === 'manual' ? { offers: [], expiresAt: now } : await matchOpening(tx, tenantId, opening, now);
    if (match.offers.length === 0) {
      await setOpeningStep(tx, tenantId, opening.id, null);
      return true;
    }
    await sendOffers(tx, tenantId, opening.id, match.offers, match.expiresAt, now);
    report.offered += match.offers.length;
    await setOpeningStep(tx, tenantId, opening.id, match.expiresAt);
    return true;
  });
}

/** An entry to offer an opening to, with the start it gets and the stylist (user id; null: any). */
export type Match = { entry: CandidateEntry; start: number; employeeId: string | null; serviceNames: string; employeeName: string | null };

/**
 * The next offers of an opening at `now` (the matching the bench measures): the wishes of the entries it may
 * go to (one grouped read), each wish's starts in the freed time with the booking's own availability (the
 * day's team and busy time read once; `startsForWish`), the policy of the earliest such start, and the next
 * entries in joining order with a start (a second read, of the batch's size over the wishes that began first,
 * or of everyone under 3 hours). Empty when nobody fits or the hour is under 45 minutes away.
 */
export async function matchOpening(db: DbOrTx, tenantId: number, opening: OpeningRow, now: number): Promise<{ offers: Match[]; expiresAt: number }> {
  const none = { offers: [], expiresAt: now };
  const date = madridDate(opening.start);
  const wishes = await candidateWishes(db, tenantId, opening, date);
  if (wishes.length === 0) return none;
  const serviceIds = [...new Set(wishes.flatMap((w) => w.serviceIds))];
  const [rows, team] = await Promise.all([visitServicesOf(db, tenantId, serviceIds), teamDayOf(db, tenantId, date, serviceIds)]);
  const freedStylist = team.find((m) => m.id === opening.employeeId);
  if (!freedStylist) return none;
  const stylists = await visitStylistsOf(db, tenantId, date, team, now);
  const emailOf = new Map(team.map((m) => [m.id, m.email]));
  const nameOf = new Map(team.map((m) => [m.id, m.name]));
  const until = clientWindowEnd(now);
  // The starts of each visit and stylist, whatever the part of the day (wishes differing only in it share them).
  const startsOf = new Map<string, number[]>();
  const visitStartsOf = (w: WishKey, employee: string | null): number[] => {
    const key = `${w.serviceIds.join(',')}|${employee ?? ''}`;
    let starts = startsOf.get(key);
    if (!starts) {
      const services = w.serviceIds.map((sid) => rows.find((r) => r.id === sid));
      starts = services.some((s) => s === undefined)
        ? []
        : startsForWish(
            { serviceIds: w.serviceIds, employeeId: employee, from: date, to: date, partOfDay: 'any' },
            { services: services as VisitService[], stylists, freed: { stylistId: freedStylist.email, start: opening.start, end: opening.end }, now },
          ).filter((s) => s < until);
      startsOf.set(key, starts);
    }
    return starts;
  };
  const startOf = new Map<string, number>();
  for (const w of wishes) {
    const employee = w.employeeId === null ? null : emailOf.get(w.employeeId);
    if (employee === undefined) continue;
    const starts = visitStartsOf(w, employee).filter((s) => inPartOfDay(s, w.partOfDay));
    // The freed start itself when the visit fits there, else the first start that reaches into the freed time.
    if (starts.length > 0) startOf.set(keyOf(w), starts.find((s) => s >= opening.start) ?? starts[0]!);
  }
  if (startOf.size === 0) return none;
  const earliest = Math.min(...startOf.values());
  const policy = offerPolicy(earliest, now);
  if (policy.kind === 'none') return none;
  const fitting = wishes.filter((w) => startOf.has(keyOf(w)));
  // The first `size` entries in joining order all belong to the `size` wishes whose first entry joined first
  // (each such entry's wish began no later than it): the read looks at those wishes alone.
  const candidates =
    policy.kind === 'batch'
      ? await candidateEntries(db, tenantId, opening, date, [...fitting].sort((a, b) => a.firstJoinedAt - b.firstJoinedAt).slice(0, policy.size), policy.size)
      : await candidateEntries(db, tenantId, opening, date, fitting, null);
  const { offers, expiresAt } = nextOffers(candidates, earliest, now);
  return {
    offers: offers.map((entry) => {
      const names = entry.serviceIds.map((sid) => rows.find((r) => r.id === sid)?.name ?? '').join(', ');
      return {
        entry,
        start: startOf.get(keyOf(entry))!,
        employeeId: entry.employeeId,
        serviceNames: names,
        employeeName: entry.employeeId === null ? null : (nameOf.get(entry.employeeId) ?? ''),
      };
    }),
    expiresAt: expiresAt ?? now,
  };
}

const keyOf = (w: Pick<WishKey, 'serviceIds' | 'employeeId' | 'partOfDay'>) => `${w.serviceIds.join(',')}|${w.employeeId ?? ''}|${w.partOfDay}`;

/**
 * Stores the offers of an opening with their claim links (expiring at the offered start), and queues for each
 * the offer e-mail, a push when the client registered one, and a `waitlist_offered` activity.
 */
async function sendOffers(tx: Tx, tenantId: number, openingId: string, offers: Match[], expiresAt: number, now: number): Promise<string[]> {
  const ids = await insertOffers(tx, tenantId, openingId, offers.map((m) => ({ entryId: m.entry.id, start: m.start, employeeId: m.employeeId, expiresAt })), now);
  const origin = await tenantOriginOf(tx, tenantId);
  const links = await issueActionLinks(tx, tenantId, ids.map((offerId, i) => ({ target: { purpose: 'claim' as const, offerId }, expiresAt: new Date(offers[i]!.start) })), origin, now);
  const salon = await salonOf(tx, tenantId, 1);
  const shared = offers.length > 1;
  await queueEmails(
    tx,
    offers.map((m, i) => ({
      tenantId,
      message: {
        to: m.entry.email,
        ...waitlistOfferEmail({ salon, clientName: m.entry.userName, service: m.serviceNames, employee: m.employeeName, start: m.start, link: links[i]!, expiresAt, shared }),
      },
      dedupeKey: `waitlist-offer:${ids[i]}`,
    })),
  );
  await queuePushes(
    tx,
    tenantId,
    offers.flatMap((m, i) =>
      m.entry.pushable
        ? [
            {
              userId: m.entry.clientId,
              title: emailText('pushOfferTitle', {}),
              body: emailText('pushOfferBody', { salon: salon.name || emailText('pushSalonFallback', {}), service: m.serviceNames, when: whenOf(m.start) }),
              data: { url: links[i]!.slice(origin.length) },
            },
          ]
        : [],
    ),
    { known: true },
  );
  await queueWhatsApps(
    tx,
    tenantId,
    offers.map((m, i) => ({
      userId: m.entry.clientId,
      template: 'hueco_disponible' as const,
      params: appointmentParams(
        { client: m.entry.userName, salon: salon.name, services: m.serviceNames, start: m.start },
        m.employeeName ?? emailText('offerAnyStylist', {}),
        timeOf(expiresAt),
        links[i]!,
      ),
      dedupeKey: `wa-waitlist-offer:${ids[i]}`,
    })),
  );
  await tx.insert(activities).values(
    offers.map((m) => ({
      tenantId,
      type: 'waitlist_offered' as const,
      data: { start_time: isoUtc(m.start), client_name: m.entry.userName, service_name: m.serviceNames, employee_name: m.employeeName ?? '', expires_at: isoUtc(expiresAt) },
    })),
  );
  return ids;
}

/**
 * Staff offer a free hour to one entry by hand (beyond-the-spec section 4, "Ofrecer"; `POST
 * /facility/1/waitlist/{id}/offers`): the entry's visit from `start_time` with its stylist or `employee_id`
 * (an e-mail, or `any`), checked against the booking's own availability at `now` (epoch ms), becomes an opening
 * of that time offered to this entry alone, with the window of the contract's policy (until 45 minutes before
 * under 3 hours). One transaction. Returns the offer.
 *
 * Errors: 404 unknown entry or stylist; 409 `conflict` an entry not active, 409 `slot_taken` an hour the visit
 * cannot take; 422 less than 45 minutes ahead, a day outside the entry's dates.
 */
export async function offerByHand(db: Db, tenantId: number, entryId: string, input: { start_time: string; employee_id: string }, now: number): Promise<WaitlistOffer> {
  const start = Date.parse(input.start_time);
  const policy = offerPolicy(start, now);
  if (policy.kind === 'none') throw new ApiError('unprocessable', errorMessage('waitlistOfferTooLate'));
  const stylist = input.employee_id === 'any' ? null : await findEmployee(db, tenantId, input.employee_id);
  if (input.employee_id !== 'any' && !stylist) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  return db.transaction(async (tx) => {
    const [entry] = await listWaitlistEntries(tx, tenantId, 'salon', now, [entryId]);
    if (!entry) throw new ApiError('not_found', errorMessage('waitlistEntryNotFound'));
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw new ApiError('conflict', errorMessage('waitlistEntryClosed'));
    const date = madridDate(start);
    if (date < entry.from || date > entry.to) throw new ApiError('unprocessable', errorMessage('waitlistOfferOutsideDates'));
    const ids = entry.services.map((s) => s.id);
    const [rows, team] = await Promise.all([visitServicesOf(tx, tenantId, ids), teamDayOf(tx, tenantId, date, ids)]);
    const services: VisitService[] = ids.flatMap((sid) => rows.filter((r) => r.id === sid));
    if (services.length !== ids.length) throw new ApiError('not_found', errorMessage('serviceNotFound'));
    const wanted = stylist?.email ?? (entry.employee_id === 'any' ? null : entry.employee_id);
    const stylists = await visitStylistsOf(tx, tenantId, date, team, now);
    const end = start + visitDurationMinutes(services) * 60_000;
    const doer = wanted === null ? stylists[0] : stylists.find((s) => s.id === wanted);
    const fits =
      doer !== undefined &&
      startsForWish(
        { serviceIds: ids, employeeId: wanted, from: date, to: date, partOfDay: 'any' },
        { services, stylists, freed: { stylistId: wanted ?? doer.id, start, end }, now },
      ).includes(start);
    if (!fits) throw new ApiError('slot_taken', errorMessage('slotTaken'));
    const employeeUserId = wanted === null ? null : team.find((m) => m.email === wanted)!.id;
    const [openingId] = await insertOpenings(tx, tenantId, [{ employeeId: team.find((m) => m.email === doer.id)!.id, start, end, cause: 'manual' }], now);
    const expiresAt = now + policy.windowMs;
    const [candidate] = await candidateEntriesByIds(tx, tenantId, [entryId]);
    if (!candidate) throw new ApiError('not_found', errorMessage('waitlistEntryNotFound'));
    await sendOffers(
      tx,
      tenantId,
      openingId!,
      [
        {
          entry: candidate,
          start,
          employeeId: employeeUserId,
          serviceNames: entry.services.map((s) => s.name).join(', '),
          employeeName: employeeUserId === null ? null : (team.find((m) => m.id === employeeUserId)?.name ?? ''),
        },
      ],
      expiresAt,
      now,
    );
    // Offered by hand to this entry alone: the opening looks again only to lapse the offer.
    await setOpeningStep(tx, tenantId, openingId!, expiresAt);
    return { entry_id: entryId, start_time: isoUtc(start), employee_id: wanted ?? 'any', expires_at: isoUtc(expiresAt) };
  });
}
