import 'server-only';

/** One table's counters from `pg_stat_user_tables`, with its name quoted for SQL (`format('%I.%I')`). */
export type TableStats = {
  name: string;
  liveTuples: number;
  deadTuples: number;
  modifiedSinceAnalyze: number;
  /** The catalog has no row estimate yet (`pg_class.reltuples` -1, which survives restarts). */
  neverAnalyzed: boolean;
};

/** What the maintenance of one table does. */
export type TableWork = { name: string; action: 'vacuum analyze' | 'analyze' };

/**
 * PostgreSQL's autovacuum rules with their default settings (autovacuum_vacuum_threshold 50 and scale factor
 * 0.2; autovacuum_analyze_threshold 50 and scale factor 0.1), for the embedded database, which has no
 * autovacuum (PGlite runs PostgreSQL in single-user mode). A table is vacuumed (and analysed) when its dead
 * rows pass 50 + 20 % of its live rows, analysed when the rows changed since its last analysis pass
 * 50 + 10 % of them, or when it was never analysed at all (a new database, a database of an older release)
 * and holds rows or was changed. Pure: counters in, work out.
 */
export function maintenanceWork(tables: readonly TableStats[]): TableWork[] {
  const work: TableWork[] = [];
  for (const t of tables) {
    if (t.deadTuples > 50 + 0.2 * t.liveTuples) work.push({ name: t.name, action: 'vacuum analyze' });
    else if (t.modifiedSinceAnalyze > 50 + 0.1 * t.liveTuples) work.push({ name: t.name, action: 'analyze' });
    else if (t.neverAnalyzed && (t.liveTuples > 0 || t.modifiedSinceAnalyze > 0)) work.push({ name: t.name, action: 'analyze' });
  }
  return work;
}

/** The part of a PGlite client the maintenance needs. */
export type SqlClient = {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
};

/**
 * One maintenance pass over the embedded database (query plans that stay right as a salon's data
 * grows, and tables with frequent updates — sessions, rate-limit counters — that do not bloat): flushes the
 * statistics counters (PGlite keeps them in memory until asked), reads them, and runs the `maintenanceWork`
 * statements one by one. Returns the work done. Statements run on the database's one connection, between
 * requests' queries (a 1-million-row table is analysed in about a second).
 */
export async function maintainEmbedded(client: SqlClient): Promise<TableWork[]> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; live: number; dead: number; modified: number; never: boolean }>(
    `select format('%I.%I', s.schemaname, s.relname) as name, s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead,
       s.n_mod_since_analyze::float8 as modified, c.reltuples < 0 as never
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
  );
  const work = maintenanceWork(
    rows.map((r) => ({ name: r.name, liveTuples: r.live, deadTuples: r.dead, modifiedSinceAnalyze: r.modified, neverAnalyzed: r.never })),
  );
  for (const w of work) await client.exec(`${w.action} ${w.name}`);
  return work;
}
