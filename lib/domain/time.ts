/**
 * Madrid time of the booking domain, for the server and the browser alike. All wall-clock reasoning
 * happens in Europe/Madrid (spec section 9); instants travel as UTC ISO strings or epoch milliseconds,
 * dates as `YYYY-MM-DD`. Built on the platform's `Intl` only (no date library), so the client bundles
 * that import it stay small; the zone rules are those of the runtime's ICU.
 */

/** The salon's IANA time zone: every wall clock, date and label of Klok is in it. */
export const ZONE = 'Europe/Madrid';

/** One second, minute, hour and (UTC) day in milliseconds. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** An instant range in epoch milliseconds, half-open: [start, end). */
export type Range = { start: number; end: number };

/** True when two half-open ranges share time; ranges that only touch do not overlap. */
export function overlaps(a: Range, b: Range): boolean {
  return a.start < b.end && b.start < a.end;
}

/** True when `inner` lies entirely within `outer`. */
export function contains(outer: Range, inner: Range): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** A full wall clock (24-hour) in Madrid, for the offset formatters below. */
const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
/** Madrid wall clock of an instant as `M/D/YYYY, HH:mm:ss` (one cached formatter; `format` is cheaper than `formatToParts`). */
const MADRID_CLOCK = new Intl.DateTimeFormat('en-US', CLOCK_OPTIONS);
const CLOCK_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;
/** The same wall clock as parts with the era, for the instants whose text is not the 4-digit form. */
const MADRID_CLOCK_PARTS = new Intl.DateTimeFormat('en-US', { ...CLOCK_OPTIONS, era: 'short' });

/** `Date.UTC` of a wall clock, years 0–99 and before year 0 included (`Date.UTC` maps 0–99 to 1900–1999). */
function utcOfWall(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

/** An instant truncated to its whole second (towards the past). */
const wholeSecond = (instant: number) => instant - (((instant % SECOND_MS) + SECOND_MS) % SECOND_MS);

/**
 * UTC offset of Madrid at an instant (epoch ms), in ms (UTC+1 = 3,600,000): the zone's wall clock read
 * from `Intl` minus the instant truncated to whole seconds. NaN for a non-finite instant.
 */
export function madridOffsetMs(instant: number): number {
  if (!Number.isFinite(instant)) return NaN;
  const m = CLOCK_RE.exec(MADRID_CLOCK.format(instant));
  if (m) {
    const hour = Number(m[4]);
    const wall = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), hour === 24 ? 0 : hour, Number(m[5]), Number(m[6]));
    return wall - wholeSecond(instant);
  }
  // Years before 1000 (or an unusual ICU text): the parts, the era deciding the sign of the year.
  const parts = MADRID_CLOCK_PARTS.formatToParts(instant);
  const text = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(text(type));
  const year = text('era').startsWith('B') ? 1 - value('year') : value('year');
  const hour = value('hour');
  return utcOfWall(year, value('month'), value('day'), hour === 24 ? 0 : hour, value('minute'), value('second')) - wholeSecond(instant);
}

/**
 * The UTC offsets of one Madrid date, computed once so wall-clock minutes and hour labels of that date
 * become plain arithmetic (no time-zone conversion per candidate). Madrid changes offset at most
 * once a day: `offsetBefore` holds from the day's start until `transition` (epoch ms, null on a day
 * without change), `offsetAfter` from then on. Offsets in ms (UTC+1 = 3,600,000).
 */
export type MadridDay = {
  date: string;
  /** `Date.UTC` of the date's midnight, as if the date were UTC: the base of local (wall-clock) ms. */
  localMidnight: number;
  /** First instant of the date in Madrid (epoch ms). */
  start: number;
  /** First instant of the next date in Madrid (epoch ms). */
  end: number;
  offsetBefore: number;
  offsetAfter: number;
  transition: number | null;
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `Date.UTC` of a `YYYY-MM-DD` date's midnight, or NaN when the text is not a real calendar date. */
function localMidnightOf(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return NaN;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  const ms = check.getTime();
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return NaN;
  return ms;
}

/**
 * The instant of local ms `local` given the offset guess `guess` (ms), luxon's `fixOffset` rule: a time
 * of the skipped hour is read an hour later, one of the repeated hour as its first occurrence.
 */
function fixOffset(local: number, guess: number, offsetAt: (t: number) => number): number {
  let utc = local - guess;
  const o2 = offsetAt(utc);
  if (o2 === guess) return utc;
  utc -= o2 - guess;
  const o3 = offsetAt(utc);
  if (o2 === o3) return utc;
  return local - Math.min(o2, o3);
}

const dayCache = new Map<string, MadridDay>();
const DAY_CACHE_LIMIT = 1024;

/**
 * The offsets of a Madrid date (YYYY-MM-DD), or null when the text is not a real calendar date. Three
 * offset look-ups (day start, next day start, its last ms) and, only on the two change days a year, a
 * bisection to the minute of the change. Memoised per date (a bounded map: zone rules are fixed while the
 * process runs).
 */
export function madridDay(date: string): MadridDay | null {
  const cached = dayCache.get(date);
  if (cached) return cached;
  const localMidnight = localMidnightOf(date);
  if (Number.isNaN(localMidnight)) return null;
  const start = fixOffset(localMidnight, madridOffsetMs(localMidnight), madridOffsetMs);
  const offsetBefore = madridOffsetMs(start);
  const end = fixOffset(localMidnight + DAY_MS, offsetBefore, madridOffsetMs);
  const offsetAfter = madridOffsetMs(end - 1);
  let transition: number | null = null;
  if (offsetAfter !== offsetBefore) {
    // Bisection over the day's minutes (changes happen on whole minutes): minute `lo` has the old offset,
    // minute `hi` the new one.
    let lo = 0;
    let hi = Math.round((end - start) / MINUTE_MS) - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (madridOffsetMs(start + mid * MINUTE_MS) === offsetBefore) lo = mid;
      else hi = mid;
    }
    transition = start + hi * MINUTE_MS;
  }
  const day: MadridDay = { date, localMidnight, start, end, offsetBefore, offsetAfter, transition };
  if (dayCache.size >= DAY_CACHE_LIMIT) dayCache.clear();
  dayCache.set(date, day);
  return day;
}

/** Forgets the memoised dates (benches and tests measure the uncached path with it). */
export function clearMadridDayCache(): void {
  dayCache.clear();
}

/** Offset (ms) at an instant: arithmetic inside the date's bounds, the zone rules outside them. */
export function dayOffsetAt(day: MadridDay, instant: number): number {
  if (instant < day.start || instant >= day.end) return madridOffsetMs(instant);
  return day.transition !== null && instant >= day.transition ? day.offsetAfter : day.offsetBefore;
}

/**
 * The instant (epoch ms) of wall-clock `minutes` after midnight of a Madrid date (1440 and more = the next
 * date's start); a time of the skipped hour is read an hour later, one of the repeated hour as its first
 * (summer-time) occurrence.
 */
export function wallClockOn(day: MadridDay, minutes: number): number {
  if (minutes >= 1440) return day.end;
  if (day.transition === null) return day.localMidnight + minutes * MINUTE_MS - day.offsetBefore;
  return fixOffset(day.localMidnight + minutes * MINUTE_MS, day.offsetBefore, (t) => dayOffsetAt(day, t));
}

/**
 * The Madrid date holding an instant: its UTC date, the next or the previous one (Madrid's offset is
 * within ±1 day), whichever's bounds hold it — memoised dates, so no zone look-up once a date is known.
 */
export function madridDayOf(instant: number): MadridDay {
  const base = instant - (((instant % DAY_MS) + DAY_MS) % DAY_MS);
  for (const delta of [0, DAY_MS, -DAY_MS]) {
    const day = madridDay(utcDateOf(base + delta));
    if (day && instant >= day.start && instant < day.end) return day;
  }
  const local = instant + madridOffsetMs(instant);
  const day = madridDay(new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS)).toISOString().slice(0, 10));
  if (!day) throw new Error(`No Madrid date for instant ${instant}`);
  return day;
}

/** Madrid hour (0–23) of an instant, using the date's offsets when the instant lies in that date. */
export function madridHourOn(day: MadridDay, instant: number): number {
  const local = instant + dayOffsetAt(day, instant);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
}

/**
 * The instant (epoch ms) of a Madrid wall-clock time `minutes` after midnight of `date` (YYYY-MM-DD);
 * 1440 and more give the next date's start. A time of the skipped hour (last Sunday of March) is read an
 * hour later, one of the repeated hour (last Sunday of October) as its first, summer-time occurrence.
 * NaN when `date` is not a real calendar date.
 */
export function madridWallClock(date: string, minutes: number): number {
  const day = madridDay(date);
  return day ? wallClockOn(day, minutes) : NaN;
}

/**
 * The instant (epoch ms) of a Madrid wall clock given as local ms (`Date.UTC` of its fields, as if the
 * wall clock were UTC), with `madridWallClock`'s reading of the skipped and repeated hours. NaN outside
 * years 0–9999.
 */
export function instantOfMadridLocal(local: number): number {
  if (!(local >= MIN_LOCAL && local < MAX_LOCAL)) return NaN;
  const day = madridDay(utcDateOf(local));
  return day ? wallClockOn(day, (local - day.localMidnight) / MINUTE_MS) : NaN;
}
/** Years 0–9999 as local ms: the dates `utcDateOf` writes. */
const MIN_LOCAL = -62_167_219_200_000;
const MAX_LOCAL = 253_402_300_800_000;

/** The fast range (years 1900–9998): inside it every Madrid date has the 4-digit form and is memoised. */
const MADRID_FAST_MIN = Date.UTC(1900, 0, 2);
const MADRID_FAST_MAX = Date.UTC(9998, 11, 31);

/**
 * The Madrid wall clock of an instant (epoch ms) as local ms (`Date.UTC` of its fields): read it with the
 * `getUTC*` methods of a Date. Memoised per-date offsets inside years 1900–9998, `Intl` outside them.
 */
export function madridLocalMs(instant: number): number {
  if (instant >= MADRID_FAST_MIN && instant < MADRID_FAST_MAX) return instant + dayOffsetAt(madridDayOf(instant), instant);
  return instant + madridOffsetMs(instant);
}

/** An ISO instant with an explicit zone (`Z` or `±hh:mm`), which `Date.parse` reads exactly. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A Madrid date or local time without a zone: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss[.SSS]]`. */
const LOCAL_ISO = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Epoch ms of an instant given as epoch ms, a Date or an ISO string. A string with a zone (`Z`, `±hh:mm`)
 * is that instant; a bare date or a local time without a zone is read as Madrid's wall clock (a bare date
 * as its midnight). NaN for text that is neither.
 */
export function instantOf(value: number | Date | string): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (ZONED_ISO.test(value)) return Date.parse(value);
  const m = LOCAL_ISO.exec(value);
  if (!m) return NaN;
  const midnight = localMidnightOf(m[1]!);
  const hour = Number(m[2] ?? 0);
  const minute = Number(m[3] ?? 0);
  if (hour > 24 || minute > 59 || Number(m[4] ?? 0) > 59) return NaN;
  const ms = Number(m[4] ?? 0) * SECOND_MS + Number((m[5] ?? '0').padEnd(3, '0'));
  return instantOfMadridLocal(midnight + hour * HOUR_MS + minute * MINUTE_MS) + ms;
}

/**
 * The Madrid calendar date (YYYY-MM-DD) of an instant (epoch ms, Date, or ISO string read by `instantOf`).
 * Inside years 1900–9998 the memoised per-date offsets answer (no zone conversion once a date is known —
 * the agenda dates every one of its hundreds of events). Throws a RangeError for an unreadable instant.
 */
export function madridDate(instant: number | Date | string): string {
  const ms = instantOf(instant);
  if (ms >= MADRID_FAST_MIN && ms < MADRID_FAST_MAX) return madridDayOf(ms).date;
  const local = madridLocalMs(ms);
  if (!Number.isFinite(local)) throw new RangeError(`Invalid instant ${String(instant)}`);
  const wall = new Date(local);
  const year = wall.getUTCFullYear();
  const yyyy = `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}`;
  return `${yyyy}-${PAD2[wall.getUTCMonth() + 1]!}-${PAD2[wall.getUTCDate()]!}`;
}

/** The date `days` calendar days after `date` (YYYY-MM-DD; negative days go back); '' for an unreal date. */
export function addDays(date: string, days: number): string {
  const ms = localMidnightOf(date);
  return Number.isNaN(ms) ? '' : utcDateOf(ms + days * DAY_MS);
}

/** The Monday of the ISO week (Monday to Sunday) holding `date` (YYYY-MM-DD); '' for an unreal date. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Weekday number of a Madrid date as stored in shifts: 0 = Sunday … 6 = Saturday; NaN for an unreal date. */
export function weekdayOf(date: string): number {
  const ms = localMidnightOf(date);
  return Number.isNaN(ms) ? NaN : new Date(ms).getUTCDay();
}

/** `HH:mm` → minutes after midnight; throws on a malformed value. */
export function parseHHmm(value: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) throw new Error(`Invalid time ${value}`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 1440 || Number(m[2]) > 59) throw new Error(`Invalid time ${value}`);
  return minutes;
}

/** Minutes after midnight → `HH:mm`. */
export function formatHHmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * `YYYY-MM-DD` of the UTC day holding epoch ms `ms` (years 0–9999), by arithmetic (H. Hinnant's
 * civil-from-days), without a Date object.
 */
export function utcDateOf(ms: number): string {
  const z = Math.floor(ms / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${PAD2[m]!}-${PAD2[d]!}`;
}

const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** The `YYYY-MM-DDT` prefix of the last UTC day formatted, and that day's first ms. */
let isoDayStart = NaN;
let isoDayPrefix = '';
/** Years 0000–9999: `toISOString` uses the 4-digit form there. */
const ISO_MAX = 253_402_300_800_000;

/**
 * Epoch ms → UTC ISO string with milliseconds (`2026-11-23T09:00:00.000Z`), the same text as
 * `Date#toISOString`. Numbers take a fast path (the date prefix is reused within a UTC day, the time is
 * arithmetic): the availability answer formats two per start, so `toISOString`'s cost adds up.
 * Throws a RangeError on an invalid time value, as `toISOString` does.
 */
export function isoUtc(ms: number | Date): string {
  if (typeof ms !== 'number' || !(ms >= 0 && ms < ISO_MAX) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const rem = ms % DAY_MS;
  const dayStart = ms - rem;
  if (dayStart !== isoDayStart) {
    isoDayPrefix = `${utcDateOf(dayStart)}T`;
    isoDayStart = dayStart;
  }
  const h = Math.floor(rem / HOUR_MS);
  const m = Math.floor((rem % HOUR_MS) / MINUTE_MS);
  const sec = Math.floor((rem % MINUTE_MS) / 1000);
  return `${isoDayPrefix}${PAD2[h]!}:${PAD2[m]!}:${PAD2[sec]!}.${PAD3[rem % 1000]!}Z`;
}

/** True when `date` (YYYY-MM-DD) is a real calendar date. */
export function isValidDate(date: string): boolean {
  return !Number.isNaN(localMidnightOf(date));
}

/** Madrid dates (YYYY-MM-DD) from `from` to `to` inclusive (empty when inverted; at most 400). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  // Calendar arithmetic on the dates themselves (a Madrid date is a calendar date: no zone involved).
  const first = localMidnightOf(from);
  const last = localMidnightOf(to);
  if (Number.isNaN(first) || Number.isNaN(last)) return out;
  for (let d = first; d <= last && out.length < 400; d += DAY_MS) out.push(utcDateOf(d));
  return out;
}

