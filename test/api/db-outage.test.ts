/**
 * A PostgreSQL server that fails under load: a database that refuses new connections, backends
 * terminated between and in the middle of transactions. Every failure of the database is a 503
 * `unavailable` with `Retry-After`, never a 500, nothing acknowledged is lost, and the API recovers
 * without a restart once the database is back; a read whose connection is lost under it runs again on
 * another. Only on the server (TEST_DATABASE_URL).
 */
import { Client } from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { isDatabaseUnavailable } from '@/lib/server/errors';
import { closeTestDb, openTestDb } from './harness';
import { availability, book, bookingBody, createClient, DB_TIMEOUT, madridDates, madridInstant, SARA, MARCOS, LUCIA, serviceId, tenantId, pinTestClock } from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onServer('the database fails under load', () => {
  let side: Client;
  let database: string;
  let corte: number;
  let client: Awaited<ReturnType<typeof createClient>>;
  let days: string[];

  /** Ends every connection of the app's database but the side one. */
  const terminateAll = () =>
    side.query('select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);

  beforeAll(async () => {
    await openTestDb();
    database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    side = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await side.connect();
    corte = await serviceId('Corte de pelo');
    client = await createClient('apagon@example.com', { name: 'Cliente Apagón', allowance: 200, onboarded: true });
    days = madridDates(2, 25);
  }, DB_TIMEOUT);

  afterAll(async () => {
    await side.query(`alter database ${database} allow_connections true`);
    await side.end();
    await closeTestDb();
  });

  /** A mix of reads and writes as a busy salon sends them; `i` picks the request. */
  function request(i: number) {
    const date = days[i % days.length]!;
    if (i % 3 === 0) return availability(client.cookie, date, [SARA, MARCOS, LUCIA][i % 3]!, { serviceDuration: 30 });
    const hh = String(9 + (i % 5)).padStart(2, '0');
    const start = madridInstant(date, `${hh}:${i % 2 === 0 ? '00' : '30'}`);
    return book(client.cookie, bookingBody(client.user, { start, employee: [SARA, MARCOS][i % 2]!, serviceId: corte }));
  }

  /** Runs `statement` and terminates its backend while it sleeps; resolves with its outcome. */
  async function killedWhileRunning(statement: () => Promise<unknown>): Promise<{ ok: boolean; err?: unknown }> {
    const running = statement().then(
      () => ({ ok: true }),
      (err: unknown) => ({ ok: false, err }),
    );
    for (let i = 0; i < 200; i++) {
      const { rows } = await side.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and state = 'active' and query like '%pg_sleep(0.4)%'`,
        [database],
      );
      if (rows[0]!.n > 0) break;
      await new Promise((r) => setImmediate(r));
    }
    return running;
  }

  it('runs a read again on another connection when its backend is terminated under it; a transaction fails with 503', async () => {
    const db = await getDb();
    const read = await killedWhileRunning(() => db.execute(sql`select pg_sleep(0.4), 1 as one`));
    expect(read).toEqual({ ok: true });
    const inTransaction = await killedWhileRunning(() => db.transaction((tx) => tx.execute(sql`select pg_sleep(0.4), 1 as one`)));
    expect(inTransaction.ok).toBe(false);
    expect(isDatabaseUnavailable(inTransaction.err)).toBe(true);
  });

  it('answers 503 with Retry-After, never 500, while the database refuses connections', async () => {
    await side.query(`alter database ${database} allow_connections false`);
    await terminateAll();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => request(i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([503]));
    expect(answers[0]!.body.error.code).toBe('unavailable');
    expect(answers[0]!.res.headers.get('retry-after')).toBe('5');
  });

  it('recovers without a restart once the database accepts connections again', async () => {
    await side.query(`alter database ${database} allow_connections true`);
    const r = await availability(client.cookie, days[0]!, SARA, { serviceDuration: 30 });
    expect(r.status).toBe(200);
  });

  it('never answers 500 when backends are terminated in the middle of requests, and keeps every 201', async () => {
    const statuses: number[] = [];
    const booked: string[] = [];
    let settled = false;
    const load = Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const r = await request(i + 1000);
        statuses.push(r.status);
        if (r.status === 201) booked.push(r.body.data.event_id);
      }),
    ).finally(() => {
      settled = true;
    });
    let kills = 0;
    while (!settled) {
      await terminateAll();
      kills += 1;
    }
    await load;
    expect(kills).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    expect(statuses.every((s) => [200, 201, 409, 422, 503].includes(s))).toBe(true);
    // What was acknowledged is stored.
    const db = await getDb();
    const stored = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.tenantId, await tenantId()), eq(appointments.clientId, client.user.id)));
    const ids = new Set(stored.map((s) => s.id));
    expect(booked.filter((id) => !ids.has(id))).toEqual([]);
  });
});
