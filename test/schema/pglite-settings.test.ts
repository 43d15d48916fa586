/**
 * PGlite's server settings: the embedded database opens with a 16MB buffer cache
 * (PGLITE_SHARED_BUFFERS) instead of the 128MB its initdb writes, and keeps PGlite's own start arguments.
 * The database check runs on PGlite only (a PostgreSQL server's settings are its administrator's).
 */
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams, type Db } from '@/lib/server/db/client';
import { closeTestDb, openTestDb } from '../api/harness';
import { DB_TIMEOUT } from '../api/fixtures';

jest.setTimeout(DB_TIMEOUT);

test('the start arguments are PGlite\u2019s defaults plus shared_buffers', () => {
  const params = pgliteStartParams(PGlite.defaultStartParams, '16MB');
  expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
  expect(params.slice(PGlite.defaultStartParams.length)).toEqual(['-c', 'shared_buffers=16MB']);
});

const onPglite = process.env.TEST_DATABASE_URL ? test.skip : test;

describe('the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) db = await openTestDb();
  });
  afterAll(async () => {
    if (!process.env.TEST_DATABASE_URL) await closeTestDb();
  });

  onPglite('opens with a 16MB buffer cache and the usual work_mem', async () => {
    const rows = (await db.execute(sql`select name, current_setting(name) as value from pg_settings where name in ('shared_buffers', 'work_mem') order by name`)) as unknown as { rows: { name: string; value: string }[] };
    expect(rows.rows).toEqual([
      { name: 'shared_buffers', value: '16MB' },
      { name: 'work_mem', value: '4MB' },
    ]);
  });
});
