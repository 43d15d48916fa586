/**
 * Bench case "pure availability": the whole pure pipeline the availability service runs for one
 * stylist-day — open intervals from the weekly shifts, the day's bounds, the client window, available
 * starts and the hour groups — for a day with 40 busy ranges and a 3-part service (busy segments
 * [0,15], [30,45], [60,75] of a 75-minute service). Warms up, then times BENCH_PURE_CALLS (default 50,000,
 * at least 20,000) calls one by one and prints the median (budget ≤ 20 µs) and the p95 (informative) as
 * `BENCH_ROW` lines (see the bench row contract); progress goes to stderr.
 *
 * The dates rotate over a whole year (DST days included). The per-date UTC offsets are memoised (as in the
 * server); an informative third row measures the same calls with that memo cleared before each call.
 * A second case times a month of "Cualquier estilista" for a 3-service visit (lib/domain/visit.ts): 8 stylists
 * × 30 days, 40 busy ranges each; median per month (budget ≤ 2 ms).
 * Run: `NODE_OPTIONS=--conditions=react-server node --import tsx scripts/bench/pure-availability.ts`.
 */
import { availableStarts, clientWindowEnd, groupByHour, openIntervals, segmentsOf, type WeekShift } from '../../lib/domain/availability';
import { visitStarts, type VisitService, type VisitStylist } from '../../lib/domain/visit';
import { clearMadridDayCache, HOUR_MS, madridWallClock, MINUTE_MS, type Range } from '../../lib/domain/time';

const CALLS = Math.max(20_000, Number(process.env.BENCH_PURE_CALLS ?? 50_000));
const WARM_UP = 5_000;

/** Every day 08:00–21:00 (one long shift), so 40 busy ranges fit in the day. */
const WEEK: WeekShift[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, openMinute: 8 * 60, closeMinute: 21 * 60 }));
const SEGMENTS = [
  { startMinutes: 0, endMinutes: 15 },
  { startMinutes: 30, endMinutes: 45 },
  { startMinutes: 60, endMinutes: 75 },
];
const DURATION = 75;

/**
 * The 365 dates of 2027 with, for each, 40 busy ranges of 5 minutes: 20 every 10 minutes from 08:00 and 20
 * from 14:00, leaving 11:20–14:00 and 17:20–21:00 free (about 20 bookable starts a day).
 */
const DAYS = Array.from({ length: 365 }, (_, i) => {
  const date = new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
  const busy: Range[] = Array.from({ length: 40 }, (_, k) => {
    const start = madridWallClock(date, (k < 20 ? 8 * 60 : 14 * 60 - 200) + k * 10);
    return { start, end: start + 5 * MINUTE_MS };
  });
  // The repository returns them in start order; shuffle a little so sorting is not free.
  busy.reverse();
  // `now`: 10:00 of the day before, so every start of the date is in the future and in the client window.
  const now = madridWallClock(date, 0) - 14 * HOUR_MS;
  return { date, busy, now };
});

/** One run of the pipeline of `availableHoursFor` (lib/server/services/availability.ts). */
function pipeline(i: number): number {
  const { date, busy, now } = DAYS[i % DAYS.length]!;
  const open = openIntervals(date, WEEK, null);
  if (open.length === 0) return 0;
  // The service reads busy ranges between the day's bounds.
  const bounds = madridWallClock(date, 1440) - madridWallClock(date, 0);
  const starts = availableStarts({
    date,
    open,
    busy,
    durationMinutes: DURATION,
    segments: segmentsOf(DURATION, SEGMENTS),
    now,
    until: clientWindowEnd(now), // the client flow
  });
  return groupByHour(starts, DURATION).length + (bounds > 0 ? 0 : 1);
}

/** Times `CALLS` runs; `cold` forgets the memoised date offsets before each run (3 zone look-ups each). */
function measure(cold: boolean): { median: number; p95: number } {
  let sink = 0;
  for (let i = 0; i < WARM_UP; i++) {
    if (cold) clearMadridDayCache();
    sink += pipeline(i);
  }
  const times = new Float64Array(CALLS);
  for (let i = 0; i < CALLS; i++) {
    if (cold) clearMadridDayCache();
    const t0 = process.hrtime.bigint();
    sink += pipeline(i);
    times[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  times.sort();
  const at = (p: number) => times[Math.min(CALLS - 1, Math.ceil((p / 100) * CALLS) - 1)]!;
  process.stderr.write(`pure availability${cold ? ' (cold)' : ''}: ${CALLS} calls, ${sink / (CALLS + WARM_UP)} hour groups a call on average\n`);
  return { median: at(50), p95: at(95) };
}

/** "Cualquier estilista": a 3-service visit (a colour with its processing gap, a cut, a blow-dry). */
const VISIT: VisitService[] = [
  { id: 1, durationMinutes: 60, segments: [{ startMinutes: 0, endMinutes: 20 }, { startMinutes: 50, endMinutes: 60 }] },
  { id: 2, durationMinutes: 30, segments: [{ startMinutes: 0, endMinutes: 30 }] },
  { id: 3, durationMinutes: 20, segments: [{ startMinutes: 0, endMinutes: 20 }] },
];
const STYLISTS = 8;
const MONTH_DAYS = 30;
const MONTH_RUNS = Math.max(50, Number(process.env.BENCH_PURE_MONTHS ?? 200));

/**
 * The stylists of each date of `DAYS` (inputs, built before timing): 8 who all offer the visit's services,
 * each with the date's 40 busy ranges shifted by its index (so their free time differs).
 */
const TEAM_DAYS = DAYS.map(({ date, busy, now }) => {
  const open = openIntervals(date, WEEK, null);
  const stylists: VisitStylist[] = Array.from({ length: STYLISTS }, (_, k) => ({
    id: `estilista${k}@klok.demo`,
    offers: [1, 2, 3],
    open,
    busy: busy.map((r) => ({ start: r.start + k * 15 * MINUTE_MS, end: r.end + k * 15 * MINUTE_MS })),
  }));
  return { stylists, now, until: clientWindowEnd(now) };
});

/** One month of "Cualquier estilista" availability: the visit's starts on 30 dates. Returns the number of starts. */
function anyStylistMonth(firstDay: number): number {
  let n = 0;
  for (let d = 0; d < MONTH_DAYS; d++) {
    const { stylists, now, until } = TEAM_DAYS[(firstDay + d) % TEAM_DAYS.length]!;
    n += visitStarts({ services: VISIT, stylists, anyStylist: true, now, until }).length;
  }
  return n;
}

/** Times MONTH_RUNS months of `anyStylistMonth`, one by one: median and p95 in ms. */
function measureMonths(): { median: number; p95: number; starts: number } {
  let sink = 0;
  for (let i = 0; i < 10; i++) sink += anyStylistMonth(i);
  const times = new Float64Array(MONTH_RUNS);
  for (let i = 0; i < MONTH_RUNS; i++) {
    const t0 = process.hrtime.bigint();
    sink += anyStylistMonth(i * 7);
    times[i] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  times.sort();
  const at = (p: number) => times[Math.min(MONTH_RUNS - 1, Math.ceil((p / 100) * MONTH_RUNS) - 1)]!;
  return { median: at(50), p95: at(95), starts: Math.round(sink / (MONTH_RUNS + 10)) };
}

/** Prints one `BENCH_ROW` line (the bench row contract); a budget is an upper bound. */
function row(o: { case: string; metric: string; value: number; unit: string; budget: number | null; note: string }) {
  console.log(`BENCH_ROW ${JSON.stringify({ ...o, engine: '-', value: Math.round(o.value * 100) / 100, op: o.budget === null ? null : '<=' })}`);
}

function main() {
  const warm = measure(false);
  const cold = measure(true);
  const pure = { case: 'pure availability (40 busy ranges, 3-part service)', unit: 'µs', note: `${CALLS} calls over the 365 dates of 2027 (DST days included)` };
  row({ ...pure, metric: 'median', value: warm.median, budget: 20 });
  row({ ...pure, metric: 'p95', value: warm.p95, budget: null });
  row({ ...pure, metric: 'median (cold date cache)', value: cold.median, budget: null, note: `${pure.note}; the per-date offsets recomputed every call` });

  const month = measureMonths();
  const visits = {
    case: 'pure "Cualquier estilista" month (3-service visit, 8 stylists × 30 days, 40 busy ranges each)',
    unit: 'ms',
    note: `${MONTH_RUNS} months; about ${month.starts} starts offered a month`,
  };
  row({ ...visits, metric: 'median', value: month.median, budget: 2 });
  row({ ...visits, metric: 'p95', value: month.p95, budget: null });
}

main();
