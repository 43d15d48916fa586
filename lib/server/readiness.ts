import 'server-only';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { lifecycle } from '@/lib/lifecycle';
import { getDb, MIGRATIONS_FOLDER, rowsOf } from '@/lib/server/db/client';
import { logger } from '@/lib/server/log';
import { errorMessage } from '@/lib/server/messages';

/** How long the database may take to answer the readiness probe, in ms. */
export const READY_DB_TIMEOUT_MS = 1000;

/** `ok`, or why a check failed. */
export type Checks = {
  /** `draining` after SIGTERM. */
  process: 'ok' | 'draining';
  /** `timeout` when `select 1` took over READY_DB_TIMEOUT_MS, `error` when it failed. */
  database: 'ok' | 'timeout' | 'error';
  /** `pending` when a migration of this build is not in the database's `drizzle.__drizzle_migrations`. */
  migrations: 'ok' | 'pending' | 'unknown';
};

type MigrationRow = { created_at: string | number };
let expected: number[] | undefined;

/**
 * The migrations of this build: the `when` of each journal entry (lib/server/db/migrations/meta/_journal.json).
 * Drizzle's migrator records that value as `created_at` of each applied migration and applies every entry
 * newer than the last one recorded, so an entry whose `when` is missing from the table is pending.
 */
function expectedMigrations(): number[] {
  expected ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
  return expected;
}

/** Rejects after `ms` with a marker error, so a hung database reads as `timeout`. */
function deadline(ms: number): { promise: Promise<never>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Runs the readiness checks and answers: 200 `{ status: 'ready', checks }` or 503 with the API error shape,
 * `details.checks` naming the failure (see `Checks`) and `Retry-After: 5`. A database that has not been
 * opened yet is opened here (migrations included), within the same 1 s budget: a first probe on a
 * cold process may answer 503 `timeout` while the opening goes on in the background.
 */
export async function readiness(): Promise<Response> {
  const checks: Checks = { process: lifecycle().draining ? 'draining' : 'ok', database: 'ok', migrations: 'unknown' };
  if (checks.process === 'ok') {
    const limit = deadline(READY_DB_TIMEOUT_MS);
    try {
      const applied = await Promise.race([
        (async () => {
          const db = await getDb();
          await db.execute(sql`select 1`);
          // No migrations table at all (42P01) means nothing is applied: pending, not a database failure.
          return db.execute(sql`select created_at from drizzle.__drizzle_migrations`).then(
            (r) => rowsOf<MigrationRow>(r),
            (e: unknown) => {
              if ((e as { code?: string }).code === '42P01' || (e as { cause?: { code?: string } }).cause?.code === '42P01') return [];
              throw e;
            },
          );
        })(),
        limit.promise,
      ]);
      const have = new Set(applied.map((r) => Number(r.created_at)));
      checks.migrations = expectedMigrations().every((when) => have.has(when)) ? 'ok' : 'pending';
    } catch (err) {
      checks.database = err instanceof Error && err.message === 'timeout' ? 'timeout' : 'error';
      logger().warn({ component: 'ready', checks, err: err instanceof Error ? err.message : String(err) }, 'not ready');
    } finally {
      limit.cancel();
    }
  }
  const headers = { 'cache-control': 'no-store' };
  if (checks.process === 'ok' && checks.database === 'ok' && checks.migrations === 'ok') {
    return Response.json({ status: 'ready', checks }, { headers });
  }
  return Response.json(
    { error: { code: 'not_ready', message: errorMessage('notReady'), details: { checks } } },
    { status: 503, headers: { ...headers, 'retry-after': '5' } },
  );
}
