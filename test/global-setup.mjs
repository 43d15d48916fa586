/**
 * Jest global setup: one migrated embedded PostgreSQL cluster for the whole run. Each API test file that
 * opens an in-memory database (test/api/harness.ts) loads this dump instead of running initdb and the
 * migrations again, which took ~2.5 s per file. Not used when the suites run against TEST_DATABASE_URL.
 * The dump is written under the OS temp folder and its path handed to the workers in KLOK_PGLITE_TEMPLATE.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create(undefined, { extensions: { btree_gist } });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'lib/server/db/migrations') });
    const dump = await client.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `klok-pglite-template-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env.KLOK_PGLITE_TEMPLATE = file;
    globalThis.__klokPgliteTemplate = file; // for test/global-teardown.mjs

  } finally {
    await client.close();
  }
}
