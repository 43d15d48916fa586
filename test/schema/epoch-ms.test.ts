/**
 * `epochMs` (lib/server/repositories/time-window.ts) hands instants over as epoch ms numbers, and
 * the appointment DTOs format them with `isoUtc`. It must give the instant a `Date` parsed from the driver's
 * text would have held: PostgreSQL keeps microseconds (`now()` defaults), which are cut to the millisecond
 * below, before 1970 too; null stays null. PGlite by default, the PostgreSQL server with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { epochMs } from '@/lib/server/repositories/time-window';
import { closeTestDb, openTestDb } from '../api/harness';
import { DB_TIMEOUT } from '../api/fixtures';

jest.setTimeout(DB_TIMEOUT);

beforeAll(() => openTestDb());
afterAll(closeTestDb);

test.each([
  ['2026-11-26T03:35:39.123456Z', Date.UTC(2026, 10, 26, 3, 35, 39, 123)],
  ['2026-11-26T03:35:39.999999Z', Date.UTC(2026, 10, 26, 3, 35, 39, 999)],
  ['2026-03-29T01:00:00+00:00', Date.UTC(2026, 2, 29, 1, 0, 0, 0)],
  ['2026-10-25T02:30:00.5+01:00', Date.UTC(2026, 9, 25, 1, 30, 0, 500)],
  ['1969-12-31T23:59:59.999500Z', -1],
])('epochMs(%s) = %d', async (text, expected) => {
  const db = await getDb();
  const [row] = rowsOf<{ ms: number }>(await db.execute(sql`select ${epochMs(sql`${text}::timestamptz`)} as ms`));
  expect(row!.ms).toBe(expected);
  expect(row!.ms).toBe(new Date(text).getTime());
});

test('epochMs of null is null', async () => {
  const db = await getDb();
  const [row] = rowsOf<{ ms: number | null }>(await db.execute(sql`select ${epochMs(sql`null::timestamptz`)} as ms`));
  expect(row!.ms).toBeNull();
});

test('equals the exact numeric formula over 100,000 instants with microseconds, 1938–2065', async () => {
  const db = await getDb();
  // Spread pseudo-randomly (hashes of i) over ±2·10^15 µs around 2001.
  const [row] = rowsOf<{ checked: number; bad: number }>(
    await db.execute(sql`select count(*)::int as checked,
        count(*) filter (where ${epochMs(sql`s.ts`)} <> floor(extract(epoch from s.ts) * 1000)::float8)::int as bad
      from (select to_timestamp(0) + (((hashint8(i)::int8 << 31) # hashint8(-i)::int8) % 2000000000000000 + 1000000000000000)
              * interval '1 microsecond' as ts
            from generate_series(1::int8, 100000::int8) i) s`),
  );
  expect(row).toEqual({ checked: 100000, bad: 0 });
});
