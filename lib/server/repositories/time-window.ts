import 'server-only';
import { Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * SQL condition: the row's half-open range `[startCol, endCol)` overlaps `[from, to)` (epoch ms, from < to;
 * or placeholders of a prepared query, executed with ISO instants: `windowParams`).
 *
 * Written as `tstzrange(start_at, end_at, '[)') && tstzrange(from, to, '[)')` on purpose, so the cost does not grow with
 * the salon's history:
 * the equivalent `start_at < to and end_at > from` can use a btree only for one bound, so a salon with a
 * million past appointments reads (and throws away) every one of them. This expression is exactly the one
 * of the GiST indexes `appointments_window`, `leaves_window` and of the exclusion constraint
 * `busy_slots_no_overlap` (0001/0008 migrations), so the planner bounds both ends. Keep it byte-for-byte
 * in line with those indexes; test/schema/plans.test.ts fails when a query stops using them.
 */
export function overlapsWindow(startCol: AnyColumn, endCol: AnyColumn, from: number | Placeholder, to: number | Placeholder): SQL {
  return sql`tstzrange(${startCol}, ${endCol}, '[)') && tstzrange(${instant(from)}::timestamptz, ${instant(to)}::timestamptz, '[)')`;
}

/** An epoch-ms bound as the ISO string the query sends; a placeholder (prepared queries) must be given one. */
const instant = (v: number | Placeholder) => (v instanceof Placeholder ? v : new Date(v).toISOString());

/** The `from`/`to` values of a prepared query built with `overlapsWindow(…, sql.placeholder('from'), sql.placeholder('to'))`. */
export function windowParams(from: number, to: number): { from: string; to: string } {
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * SQL expression: a `timestamptz` column as epoch milliseconds (a `float8`, which both drivers hand over as
 * a JS number; null stays null). The microseconds PostgreSQL may hold (`now()` defaults) are floored, so the
 * value is the one `new Date(<the driver's text>).getTime()` gives. Hundreds of rows per answer are
 * cheaper as numbers (formatted by `isoUtc`) than as driver text parsed into `Date` objects.
 *
 * Computed in `float8` (`date_part`), cheaper than `extract`, whose `numeric` result is a large
 * share of the agenda week's PostgreSQL time (bench/README.md). It is exact: the instant has whole microseconds, so its
 * fraction of a millisecond is a multiple of 0.001, at most 0.999; `float8` errs by under 0.0004 ms at these
 * magnitudes (ulp of 2^41 ms); adding 0.0005 before flooring therefore never crosses a wrong millisecond
 * (test/schema/epoch-ms.test.ts checks it against the `numeric` formula over 100,000 instants, 1938–2065).
 */
export function epochMs(col: AnyColumn | SQL): SQL<number> {
  return sql<number>`floor(date_part('epoch', ${col}) * 1000 + 0.0005)::float8`;
}
