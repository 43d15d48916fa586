/**
 * The owner's summary, "Resumen" (beyond-the-spec section 6): the periods it shows (Hoy, Semana, Mes in
 * Madrid) and the previous equal period of each, and its figures combined from the grouped rows the
 * summary queries return. Pure: no I/O; instants in epoch ms, money in integer euro cents, durations in
 * minutes, dates `YYYY-MM-DD` in Madrid.
 *
 * Every appointment is described by its kind (`AppointmentKind`: status, attendance mark, late
 * cancellation, and whether 48 hours have passed since its end); the queries group rows by the kind's code
 * (`kindCode`) or a visit's set of codes (`kindMask`), and the rules here decide what each kind counts as,
 * through the attendance rule of ./reliability (`attendanceOf`), so the SQL never restates a rule.
 */
import { attendanceOf, type Attendance } from './reliability';
import { addDays, datesBetween, DAY_MS, instantOf, mondayOf, MINUTE_MS, overlaps, type Range } from './time';
import { openIntervals, type SpecialShift, type WeekShift } from './availability';

/** The longest period the summary reads, in days (a year and a few days of slack for a calendar year). */
export const SUMMARY_MAX_DAYS = 370;

/** A period of Madrid dates, both ends included. */
export type Period = { from: string; to: string };

/** The periods of the screen: Hoy, Semana (Monday to Sunday) and Mes (the calendar month). */
export type PeriodKind = 'day' | 'week' | 'month';

/** The Madrid date of the last day of the month holding `date`. */
function lastOfMonth(date: string): string {
  const first = `${date.slice(0, 8)}01`;
  return addDays(`${addDays(first, 31).slice(0, 8)}01`, -1);
}

/** The period of `kind` holding the Madrid date `today`: the day itself, its Monday–Sunday week, or its calendar month. */
export function periodOf(kind: PeriodKind, today: string): Period {
  if (kind === 'day') return { from: today, to: today };
  if (kind === 'week') {
    const monday = mondayOf(today);
    return { from: monday, to: addDays(monday, 6) };
  }
  return { from: `${today.slice(0, 8)}01`, to: lastOfMonth(today) };
}

/** The number of days of a period (both ends included). */
export function periodDays(p: Period): number {
  return datesBetween(p.from, p.to).length;
}

/**
 * The previous equal period, the comparison of the screen:
 * - whole calendar months (from the 1st of a month to the last day of a month) are compared with as many
 *   whole months just before: March 1–31 → February 1–28, the first quarter → the last quarter before;
 * - any other period with as many days just before it: a day → the day before (a month's 1st → the
 *   previous month's last day), a Monday–Sunday week → the week before.
 * Dates are calendar dates, so a day of 23 or 25 hours (the daylight-saving changes of the last Sundays of
 * March and October) is one day like any other; its instants come from `periodWindow`.
 */
export function previousPeriod(p: Period): Period {
  if (p.from.endsWith('-01') && p.to === lastOfMonth(p.to)) {
    const months = monthIndex(p.to) - monthIndex(p.from) + 1;
    const from = monthStart(monthIndex(p.from) - months);
    return { from, to: addDays(p.from, -1) };
  }
  const days = periodDays(p);
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/** Months since year 0 of a `YYYY-MM-DD` date (January 2027 → 2027 × 12). */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
/** The first day of a month given as `monthIndex`. */
const monthStart = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;

/** The instants of a period: from the Madrid midnight starting `from` to the one ending `to` (epoch ms, half-open). */
export function periodWindow(p: Period): Range {
  return { start: instantOf(p.from), end: instantOf(addDays(p.to, 1)) };
}

/**
 * The Madrid midnights of a period's days and the one ending it (epoch ms, ascending; one more than its
 * days): the day a row falls on is the last of these at or before its instant.
 */
export function dayStartsOf(p: Period): number[] {
  return datesBetween(p.from, addDays(p.to, 1)).map((d) => instantOf(d));
}

/* ------------------------------------------------------------------------------------------------ */
/* Kinds of appointment                                                                              */
/* ------------------------------------------------------------------------------------------------ */

/**
 * What the summary needs to know of an appointment: its status, staff's mark, whether it was cancelled
 * late, and whether ATTENDED_AFTER_MS (48 hours) have passed since its end (`settled`).
 */
export type AppointmentKind = { status: 'pending' | 'cancelled'; attendance: Attendance; late: boolean; settled: boolean };

/**
 * The code of a kind, as the summary queries compute it in SQL: bit 1 cancelled, 2 marked "Vino", 4 marked
 * "No vino", 8 cancelled late, 16 settled (0 for a pending, unmarked appointment still inside its 48 hours).
 */
export function kindCode(k: AppointmentKind): number {
  return (k.status === 'cancelled' ? 1 : 0) | (k.attendance === 'attended' ? 2 : k.attendance === 'no_show' ? 4 : 0) | (k.late ? 8 : 0) | (k.settled ? 16 : 0);
}

/** Every kind an appointment may have (24), in a fixed order. */
export const APPOINTMENT_KINDS: readonly AppointmentKind[] = (['pending', 'cancelled'] as const).flatMap((status) =>
  ([null, 'attended', 'no_show'] as const).flatMap((attendance) =>
    [false, true].flatMap((late) => [false, true].map((settled) => ({ status, attendance, late, settled }))),
  ),
);

const KIND_BY_CODE = new Map(APPOINTMENT_KINDS.map((k) => [kindCode(k), k]));

/** The kind of a code built by `kindCode` (or by the queries); throws on an unknown code. */
export function parseKind(code: number): AppointmentKind {
  const kind = KIND_BY_CODE.get(code);
  if (!kind) throw new Error(`Unknown appointment kind ${code}`);
  return kind;
}

/**
 * The set of kinds a visit's services have, as the queries aggregate it: bit `kindCode` set for each
 * (`bit_or(1 << code)`), at most 2^32 - 1.
 */
export function kindMask(kinds: readonly AppointmentKind[]): number {
  return kinds.reduce((m, k) => m + (hasKind(m, k) ? 0 : 2 ** kindCode(k)), 0);
}

/** The kinds of a mask built by `kindMask` (or by the queries), in the order of APPOINTMENT_KINDS. */
export function kindsOfMask(mask: number): AppointmentKind[] {
  return APPOINTMENT_KINDS.filter((k) => hasKind(mask, k));
}

const hasKind = (mask: number, k: AppointmentKind) => Math.floor(mask / 2 ** kindCode(k)) % 2 === 1;

/**
 * How an appointment of a kind ends up: `attended` (marked "Vino", or unmarked 48 hours after its end),
 * `no_show` (marked "No vino"), `cancelled`, or `upcoming` (still to come, or ended without a mark less
 * than 48 hours ago). The attendance rule is ./reliability's `attendanceOf`.
 */
export type Outcome = 'attended' | 'no_show' | 'cancelled' | 'upcoming';

export function outcomeOf(k: AppointmentKind): Outcome {
  const attendance = attendanceOf(k);
  if (attendance === null) return 'cancelled';
  return attendance === 'unknown' ? 'upcoming' : attendance;
}

/** True when the kind's price is revenue ("Ingresos estimados"): attended only. */
export const countsAsRevenue = (k: AppointmentKind): boolean => outcomeOf(k) === 'attended';
/** True when the kind's busy parts are booked time ("Ocupación"): neither cancelled nor a no-show. */
export const countsAsBooked = (k: AppointmentKind): boolean => outcomeOf(k) === 'attended' || outcomeOf(k) === 'upcoming';
/** True when an appointment of the kind is a next visit for "% con próxima cita": not cancelled. */
export const countsAsNextVisit = (k: AppointmentKind): boolean => k.status === 'pending';

/** The mask of the kinds a predicate accepts, for a query's `(1 << code) & mask <> 0`. */
export function kindsWhere(accept: (k: AppointmentKind) => boolean): number {
  return kindMask(APPOINTMENT_KINDS.filter(accept));
}

/**
 * The outcome of a visit (the services booked together, or one appointment alone) from the kinds of its
 * services: the best of them, in the order attended, upcoming, no-show, cancelled; so a visit counts once,
 * under one outcome, and a visit with one service cancelled and the others attended is an attended visit.
 */
export function visitOutcome(kinds: readonly AppointmentKind[]): Outcome {
  const outcomes = new Set(kinds.map(outcomeOf));
  for (const o of ['attended', 'upcoming', 'no_show'] as const) if (outcomes.has(o)) return o;
  return 'cancelled';
}

/** A cancelled visit is a late cancellation when any of its services was cancelled after the confirmation cut-off. */
export function isLateCancelledVisit(kinds: readonly AppointmentKind[]): boolean {
  return visitOutcome(kinds) === 'cancelled' && kinds.some((k) => k.late);
}

/* ------------------------------------------------------------------------------------------------ */
/* Scheduled time                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A stylist's scheduled minutes over Madrid dates: the shifts of each date (a special day replaces the
 * weekly shifts of its date; ./schedule `resolveDay` through `openIntervals`) minus the time of leaves
 * ("Bloquear hueco", instant ranges) inside them. Overlapping leaves are counted once.
 */
export function scheduledMinutes(dates: readonly string[], week: WeekShift[], specials: readonly SpecialShift[], leaves: readonly Range[]): number {
  const specialOf = new Map(specials.map((s) => [s.date, s]));
  const off = mergeRanges(leaves);
  let ms = 0;
  for (const date of dates) {
    for (const open of openIntervals(date, week, specialOf.get(date) ?? null)) {
      ms += open.end - open.start;
      for (const leave of off) if (overlaps(open, leave)) ms -= Math.min(open.end, leave.end) - Math.max(open.start, leave.start);
    }
  }
  return Math.round(ms / MINUTE_MS);
}

/** Ranges sorted and merged where they overlap or touch. */
function mergeRanges(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------ */
/* The figures                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

/**
 * One Madrid day's appointments grouped as the summary queries return them (kinds as `kindCode`, sets of kinds
 * as `kindMask`); a period is the sum of its days (`combineDays`), and a closed day's rows are stored.
 */
export type DayRows = {
  /** The day's appointments (by start) grouped by kind: the sum of their prices (cents). */
  prices: readonly { kind: number; priceCents: number }[];
  /** The day's visits (by their first service's start) grouped by the set of their services' kinds: how many. */
  visits: readonly { kinds: number; visits: number }[];
  /** The busy parts of the day's appointments grouped by stylist and kind: their minutes. */
  busy: readonly { employeeId: string; kind: number; minutes: number }[];
  /**
   * Each client account (not the guest) with an attended visit on the day, and whether its first attended
   * appointment ever starts on that day (`isNew`).
   */
  clients: readonly { clientId: string; isNew: boolean }[];
  /** The day's attended visits of client accounts (not the guest), grouped by whether a next visit was booked by the end of the day. */
  rebooking: readonly { rebooked: boolean; visits: number }[];
};

/** A day with no appointment. */
export const EMPTY_DAY: DayRows = { prices: [], visits: [], busy: [], clients: [], rebooking: [] };

/**
 * Whether a day's rows change only through writes, not with time: every appointment starting before the
 * day's end (`dayEnd`, epoch ms) has ended (a service lasts less than a day) before `settledEndAt`, the line
 * 48 hours back from now past which an unmarked appointment counts as attended.
 */
export function isClosedDay(dayEnd: number, settledEndAt: number): boolean {
  return dayEnd + DAY_MS <= settledEndAt;
}

/** Sums of `n` by `key`, as rows of `make(key, sum)`. */
function sumBy<T, K>(rows: readonly T[], key: (r: T) => K, n: (r: T) => number, make: (k: K, sum: number) => T): T[] {
  const sums = new Map<K, number>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + n(r));
  return [...sums].map(([k, sum]) => make(k, sum));
}

/**
 * The rows of several days as one period's: prices, visits, busy minutes and rebooked visits summed by their
 * keys; clients once each, new when new on any of the days (a client is new on the day of its first attended
 * appointment ever, so on at most one).
 */
export function combineDays(days: readonly DayRows[]): DayRows {
  const clients = new Map<string, boolean>();
  for (const d of days) for (const c of d.clients) clients.set(c.clientId, c.isNew || (clients.get(c.clientId) ?? false));
  return {
    prices: sumBy(days.flatMap((d) => d.prices), (p) => p.kind, (p) => p.priceCents, (kind, priceCents) => ({ kind, priceCents })),
    visits: sumBy(days.flatMap((d) => d.visits), (v) => v.kinds, (v) => v.visits, (kinds, visits) => ({ kinds, visits })),
    busy: sumBy(
      days.flatMap((d) => d.busy),
      (b) => `${b.employeeId} ${b.kind}`,
      (b) => b.minutes,
      (key, minutes) => ({ employeeId: key.slice(0, key.indexOf(' ')), kind: Number(key.slice(key.indexOf(' ') + 1)), minutes }),
    ),
    clients: [...clients].map(([clientId, isNew]) => ({ clientId, isNew })),
    rebooking: sumBy(days.flatMap((d) => d.rebooking), (r) => r.rebooked, (r) => r.visits, (rebooked, visits) => ({ rebooked, visits })),
  };
}

/** What the figures of a period are computed from: its days' rows combined, the stylists' schedules and the waitlist refills. */
export type SummaryRows = DayRows & {
  /** Each stylist listed (by id, in the salon's order) with its scheduled minutes over the period. */
  schedules: readonly { employeeId: string; scheduledMinutes: number }[];
  /** Claimed waitlist offers whose hour starts in the period. */
  waitlistRefills: number;
};

/** The summary's figures; money in cents, time in minutes, `rebookedShare` 0–1 (null without attended visits). */
export type SummaryFigures = {
  revenueEstimatedCents: number;
  attended: number;
  noShows: number;
  cancelled: number;
  lateCancellations: number;
  noShowLossCents: number;
  occupancy: { employeeId: string; bookedMinutes: number; scheduledMinutes: number }[];
  newClients: number;
  returningClients: number;
  rebookedShare: number | null;
  waitlistRefills: number;
};

/** Booked minutes by stylist from busy rows: the busy parts of appointments neither cancelled nor no-shows. */
export function bookedMinutesOf(busy: DayRows['busy']): Map<string, number> {
  const booked = new Map<string, number>();
  for (const b of busy) {
    if (countsAsBooked(parseKind(b.kind))) booked.set(b.employeeId, (booked.get(b.employeeId) ?? 0) + b.minutes);
  }
  return booked;
}

/**
 * The figures of a period from its combined rows:
 * - revenue: the prices of attended appointments (marked "Vino", or unmarked 48 hours after their end);
 *   no-show loss: the prices of appointments marked "No vino";
 * - attended, no-shows, cancelled: visits by `visitOutcome` (a visit once); late cancellations: cancelled
 *   visits with a service cancelled after the confirmation cut-off (also counted in cancelled);
 * - occupancy per stylist: booked minutes (`bookedMinutesOf`; a processing gap is not a busy part) and
 *   scheduled minutes. Booked minutes are not clipped to the schedule: time booked outside the shifts
 *   counts, so a share may exceed 100 %. A stylist with busy time but no schedule row (removed since) is
 *   listed after the others;
 * - new clients: accounts whose first attended appointment ever starts in the period (however many visits
 *   they had in it); returning: the other accounts with an attended appointment in it;
 * - rebooked share: attended visits with a next visit booked by the end of their day ÷ attended visits;
 * - waitlist refills: as given.
 */
export function summarize(rows: SummaryRows): SummaryFigures {
  let revenue = 0;
  let loss = 0;
  for (const p of rows.prices) {
    const kind = parseKind(p.kind);
    if (countsAsRevenue(kind)) revenue += p.priceCents;
    if (outcomeOf(kind) === 'no_show') loss += p.priceCents;
  }
  const visits = { attended: 0, no_show: 0, cancelled: 0, upcoming: 0, late: 0 };
  for (const v of rows.visits) {
    const kinds = kindsOfMask(v.kinds);
    visits[visitOutcome(kinds)] += v.visits;
    if (isLateCancelledVisit(kinds)) visits.late += v.visits;
  }
  const booked = bookedMinutesOf(rows.busy);
  const occupancy = rows.schedules.map((s) => ({ employeeId: s.employeeId, bookedMinutes: booked.get(s.employeeId) ?? 0, scheduledMinutes: s.scheduledMinutes }));
  const listed = new Set(rows.schedules.map((s) => s.employeeId));
  for (const [employeeId, minutes] of booked) if (!listed.has(employeeId) && minutes > 0) occupancy.push({ employeeId, bookedMinutes: minutes, scheduledMinutes: 0 });
  const newClients = rows.clients.filter((c) => c.isNew).length;
  const rebooked = rows.rebooking.filter((r) => r.rebooked).reduce((n, r) => n + r.visits, 0);
  const attendedVisits = rows.rebooking.reduce((n, r) => n + r.visits, 0);
  return {
    revenueEstimatedCents: revenue,
    attended: visits.attended,
    noShows: visits.no_show,
    cancelled: visits.cancelled,
    lateCancellations: visits.late,
    noShowLossCents: loss,
    occupancy,
    newClients,
    returningClients: rows.clients.length - newClients,
    rebookedShare: attendedVisits === 0 ? null : rebooked / attendedVisits,
    waitlistRefills: rows.waitlistRefills,
  };
}

/**
 * Occupancy by day and stylist, for the chart: for each of `dates` (the period's, in order, `days` their rows)
 * and each of `stylists` (user ids, in the order of the figures' occupancy), the booked minutes
 * (`bookedMinutesOf`) and the scheduled minutes `scheduledOn` gives for that stylist and date.
 */
export function occupancyByDay(
  dates: readonly string[],
  days: readonly DayRows[],
  stylists: readonly string[],
  scheduledOn: (employeeId: string, date: string) => number,
): { date: string; employeeId: string; bookedMinutes: number; scheduledMinutes: number }[] {
  return dates.flatMap((date, i) => {
    const booked = bookedMinutesOf(days[i]?.busy ?? []);
    return stylists.map((employeeId) => ({ date, employeeId, bookedMinutes: booked.get(employeeId) ?? 0, scheduledMinutes: scheduledOn(employeeId, date) }));
  });
}

/** A stylist's occupancy as a share 0–1 (null without scheduled time), for the screen and the e-mail. */
export function occupancyShare(o: { bookedMinutes: number; scheduledMinutes: number }): number | null {
  return o.scheduledMinutes > 0 ? o.bookedMinutes / o.scheduledMinutes : null;
}
