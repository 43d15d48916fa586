import 'server-only';
import { Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * SQL condition: the row's half-open range `[startCol, endCol)` overlaps `[from, to)` (epoch ms, from < to;
 * or placeholders of a prepared query, executed with ISO instants: `windowParams`).
 *
 * Written as `tstzrange(start_at, end_at, '[)') && tstzrange(from, to, '[)')` on purpose (issue 11, growth):
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
 * value is the one `new Date(<the driver's text>).getTime()` gives. Issue 11: hundreds of rows per answer are
 * cheaper as numbers (formatted by `isoUtc`) than as driver text parsed into `Date` objects.
 */
export function epochMs(col: AnyColumn | SQL): SQL<number> {
  return sql<number>`floor(extract(epoch from ${col}) * 1000)::float8`;
}
