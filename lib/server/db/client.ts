import 'server-only';
import path from 'node:path';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PoolConfig } from 'pg';
import { env, type Env } from '@/lib/server/env';
import { markDatabaseUnavailable } from '@/lib/net/request-state';
import { isConnectionLost, isDatabaseUnavailable } from '@/lib/server/errors';
import type { SqlClient } from './maintenance';
import * as schema from './schema';

export type Db = PgliteDatabase<typeof schema>;
/** A transaction handle; repositories accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type Holder = { db?: Promise<Db>; close?: () => Promise<void>; memoryTemplate?: Blob };
const holder: Holder = ((globalThis as { __klokDb?: Holder }).__klokDb ??= {});

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

/**
 * The rows of a raw `db.execute(sql…)` answer: node-postgres gives a `QueryResult` (`rows`), PGlite a
 * `Results` (`rows`) — and an array is taken as the rows themselves. Column names as the statement names them.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * Opens the database once per process and applies the migrations. The demo seed is not part of opening:
 * the scripts that want it call `seedDemo` (lib/server/db/seed.ts) themselves.
 * PGlite in `DATA_DIR` by default; a PostgreSQL server through `pg` when `DATABASE_URL` is set.
 * Both share the schema and the migrations; the PostgreSQL driver's type is presented as the PGlite one
 * (the query builder API is the same).
 */
export function getDb(): Promise<Db> {
  holder.db ??= open().catch((err) => {
    holder.db = undefined;
    throw err;
  });
  return holder.db;
}

async function open(): Promise<Db> {
  const { DATABASE_URL, DATA_DIR, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, PGLITE_SHARED_BUFFERS, PGLITE_MAINTENANCE_SECONDS } = env();
  let db: Db;
  /** The embedded database kept on disk (not a test's in-memory one): maintained in place of autovacuum. */
  let embedded: (SqlClient & { close(): Promise<void> }) | undefined;
  if (DATABASE_URL) {
    const { Pool } = await import('pg');
    // Migrations run on their own short-lived connection without a statement timeout (a backfill may be long).
    const migrationPool = new Pool({ connectionString: DATABASE_URL, max: 1, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
    try {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzlePg(migrationPool, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await migrationPool.end();
    }
    // No request hangs on a database that is unreachable or stops answering: the connection attempt, each
    // statement on the server and each query on the client are bounded (the wrapper answers 503).
    const pool = new Pool(poolConfig({ DATABASE_URL, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS }));
    pool.on('error', (err) => console.warn('[db] idle client error', err.message));
    // A client checked out for a transaction carries no listener of the pool's: a connection lost between two
    // of its statements would be an unhandled 'error' event, which ends the process. With this one the
    // transaction's next statement fails instead (503), and the pool drops the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn('[db] client error', err.message));
      reportUnavailability(client);
    });
    reportUnavailability(pool);
    retryReadsOnLostConnection(pool);
    db = drizzlePg(pool, { schema }) as unknown as Db;
    holder.close = () => pool.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    const inMemory = DATA_DIR === 'memory://';
    const loadDataDir = inMemory ? holder.memoryTemplate : undefined;
    const client = await PGlite.create(inMemory ? undefined : path.resolve(DATA_DIR), {
      extensions: { btree_gist },
      loadDataDir,
      startParams: pgliteStartParams(PGlite.defaultStartParams, PGLITE_SHARED_BUFFERS),
    });
    db = drizzlePglite(client, { schema });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    holder.close = () => client.close();
    if (!inMemory) embedded = client;
  }
  if (embedded) holder.close = await startEmbeddedMaintenance(embedded, PGLITE_MAINTENANCE_SECONDS);
  return db;
}

/**
 * The embedded database's stand-in for autovacuum (lib/server/db/maintenance.ts): one pass now (a new
 * database, or one of an older release, gets its statistics before the first request) and one every
 * `everySeconds` (0: only the first). Returns the close function, which waits for a pass in progress.
 * In-memory databases (tests) are not maintained.
 */
async function startEmbeddedMaintenance(client: SqlClient & { close(): Promise<void> }, everySeconds: number): Promise<() => Promise<void>> {
  const { maintainEmbedded } = await import('./maintenance');
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = maintainEmbedded(client).catch((err: unknown) => console.warn('[db] maintenance failed', err instanceof Error ? err.message : err));
    return running;
  };
  await pass();
  const timer = everySeconds > 0 ? setInterval(() => void pass(), everySeconds * 1000) : undefined;
  timer?.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await client.close();
  };
}

/**
 * PGlite's server arguments: its defaults plus `shared_buffers` (the 128MB that PGlite's
 * initdb writes in postgresql.conf are most of the embedded server's resident memory; a `-c` argument
 * overrides the file). Only the buffer cache shrinks: `work_mem` and the planner settings stay PostgreSQL's.
 */
export function pgliteStartParams(defaults: readonly string[], sharedBuffers: string): string[] {
  return [...defaults, '-c', `shared_buffers=${sharedBuffers}`];
}

/**
 * Makes the pool's one-shot reads (a `select` outside a transaction, as pages and most reads run) survive a
 * connection lost under them: a backend terminated, a connection reset. The pool has dropped the broken
 * connection, so the read runs once more on another; a read changes nothing, so running it twice is safe.
 * Writes and statements inside transactions are not repeated (they fail with 503). A second loss,
 * or a database that refuses connections, fails as usual (503).
 */
export function retryReadsOnLostConnection(pool: { query: (...args: never[]) => unknown }): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = query(...args);
    if (typeof args.at(-1) === 'function' || !(first instanceof Promise) || !isRead(args[0])) return first;
    return first.catch((err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      return query(...args);
    });
  }) as typeof pool.query;
}

/**
 * Tells the request's state (lib/net/request-state.ts) when a promise-returning `query` or `connect` of the
 * pool or of one of its clients fails because the database is unavailable, so the edge answers a page that
 * fails to render for that reason with its 503 page. Callback calls are left as they are (the pool's own
 * `query` uses them inside, and its promise is watched here).
 */
function reportUnavailability(target: { query: (...args: never[]) => unknown; connect?: (...args: never[]) => unknown }): void {
  const watch = (name: 'query' | 'connect') => {
    const original = target[name]?.bind(target) as ((...args: unknown[]) => unknown) | undefined;
    if (!original) return;
    target[name] = ((...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (isDatabaseUnavailable(err)) markDatabaseUnavailable();
        });
      }
      return result;
    }) as never;
  };
  watch('query');
  if ('connect' in target) watch('connect');
}

/** Whether a statement (text or `{ text }`) only reads: it starts with `select` (comments and spaces aside). */
function isRead(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*\(?\s*select\b/i.test(text) && !/\bfor\s+(update|share|no key update|key share)\b/i.test(text);
}

/**
 * The `pg` pool settings of the request path: 10 connections; a connection attempt waits at most
 * DB_CONNECT_TIMEOUT_MS; a statement runs at most DB_STATEMENT_TIMEOUT_MS on the server (57014) and the
 * client stops waiting 2 s later (a server that stops answering).
 */
export function poolConfig(e: Pick<Env, 'DATABASE_URL' | 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>): PoolConfig {
  return {
    connectionString: e.DATABASE_URL,
    max: 10,
    connectionTimeoutMillis: e.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: e.DB_STATEMENT_TIMEOUT_MS,
    query_timeout: e.DB_STATEMENT_TIMEOUT_MS + 2000,
  };
}

/**
 * drizzle's own one-shot queries prepare with no statement name (an unnamed statement per execution, which
 * works through PgBouncer in transaction mode); `.prepare()`'s typing asks for a name, so pass this.
 */
export const UNNAMED_STATEMENT = undefined as unknown as string;

/**
 * A query built once per database handle and executed many times with `sql.placeholder` values (the
 * availability hot path builds no SQL per request). `build` returns the `.prepare(UNNAMED_STATEMENT)`d
 * query; the SQL text and the plan are the same as a one-shot query's. Handles are held weakly (a
 * transaction's prepared query goes with it).
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = cache.get(db);
    if (query === undefined) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}

/**
 * Tests: in-memory embedded databases opened from now on in this process start from `dump`, a data
 * directory written by PGlite's `dumpDataDir` after the migrations (test/global-setup.mjs), instead of an
 * empty cluster: that skips initdb (~2 s per test file on a 2-core machine). The migrations still run and
 * find themselves applied, so a stale dump only costs time. `undefined` turns it off.
 */
export function startInMemoryFrom(dump: Blob | undefined): void {
  holder.memoryTemplate = dump;
}

/** Closes the process's database (tests and scripts). */
export async function closeDb(): Promise<void> {
  const close = holder.close;
  holder.db = undefined;
  holder.close = undefined;
  await close?.();
}
