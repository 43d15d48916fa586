/**
 * The in-process cases of `npm run bench`: the activity feed, the client search, the outbox throughput and
 * the reminder scan (informative rows), and the user answer with its reliability (its reliability read with a
 * budget on PostgreSQL), each in its own tenant of a fresh database, through the route handlers or the worker
 * functions called directly (no HTTP).
 *
 *   node --conditions=react-server --import tsx scripts/bench/in-process.ts <pglite|postgres> [--only=activity,search,outbox,reminders,reliability]
 *   env: DATA_DIR=memory:// (PGlite) or DATABASE_URL (a fresh PostgreSQL database); BENCH_RUNS (default 60);
 *   BENCH_REMINDER_N (appointments of the reminder scan, default 1,000,000)
 *
 * Prints `BENCH_ROW` lines on stdout (scripts/bench row contract), progress on stderr.
 */
import { DAY_MS, MINUTE_MS } from '../../lib/domain/time';
import { emitRow, log, percentile, round } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const engine = process.argv[2] as 'pglite' | 'postgres';
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice(7).split(',') : null;

/**
 * One case: `call` once (its answer names the row), 5 times to warm up, then RUNS times timed; emits the
 * median and p95 (ms) as rows `{label}` on the engine, with `note` from the first answer.
 */
async function measureCalls<A>(
  name: 'pglite' | 'postgres',
  call: () => Promise<A>,
  row: (answer: A) => { label: string; note: string },
) {
  const answer = await call();
  for (let i = 0; i < 5; i++) await call(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const { label, note } = row(answer);
  for (const [metric, p] of [['median', 50], ['p95', 95]] as const) {
    emitRow({ case: label, engine: name, metric, value: round(percentile(times, p), 2), unit: 'ms', budget: null, op: null, note: `${note}; ${RUNS} runs, in process` });
  }
  log(`${label} on ${name}: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
}

/** The server modules the in-process cases share, imported once the environment is set (DATA_DIR / DATABASE_URL). */
async function serverModules() {
  const [drizzle, client, schema, seed, session] = await Promise.all([
    import('drizzle-orm'),
    import('../../lib/server/db/client'),
    import('../../lib/server/db/schema'),
    import('../../lib/server/db/seed'),
    import('../../lib/server/auth/session'),
  ]);
  const { sql, eq, and } = drizzle;
  return { sql, eq, and, getDb: client.getDb, closeDb: client.closeDb, schema, seedTenant: seed.seedTenant, createSession: session.createSession };
}

/**
 * The activity feed: `GET /api/v1/facility/1/activities` (first page of 30, through the route
 * handler) over 200,000 activities of one tenant, for a stylist who has seen all but 5 (the usual case),
 * for one who never opened the feed (all 200,000 unseen: the count's worst case), and a page 100,000 items
 * deep (keyset: the same cost as the first). Its own tenant, so it runs after the agenda case on any database.
 */
async function runActivityFeed(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { sql, eq, and, getDb, closeDb, schema, seedTenant, createSession } = await serverModules();
  const { GET } = await import('../../app/api/v1/facility/[facilityId]/activities/route');
  const N = 200_000;

  const db = await getDb();
  const tenantId = await seedTenant(db, 'actividad');
  await db.execute(sql`
    insert into activities (tenant_id, type, data, created_at)
    select ${tenantId}, 'client_appointment_created',
      jsonb_build_object('id', gen_random_uuid(), 'start_time', now(), 'created_by', 'cliente' || g || '@example.com',
        'service_name', 'Corte de pelo', 'employee_name', 'Sara López', 'client_name', 'Cliente ' || g),
      now() - ((${N} - g) * interval '3 minutes')
    from generate_series(1, ${N}) g`);
  await db.execute(sql`analyze activities`);
  const staff = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`));
  const [reader, newcomer] = staff;
  const [{ top } = { top: 0 }] = await db
    .select({ top: sql<number>`max(${schema.activities.id})` })
    .from(schema.activities)
    .where(eq(schema.activities.tenantId, tenantId));
  await db.insert(schema.activityReads).values({ userId: reader!.id, tenantId, lastSeenId: top - 5 });
  const cookieOf = async (userId: string) => `klok_session=${(await createSession(tenantId, userId)).token}`;

  const measure = async (label: string, cookie: string, query: string) => {
    const call = async () => {
      const req = new NextRequest(`http://actividad.localhost:3000/api/v1/facility/1/activities${query}`, {
        headers: { host: 'actividad.localhost:3000', cookie },
      });
      const res = await GET(req, { params: Promise.resolve({ facilityId: '1' }) });
      return (await res.json()) as { items: unknown[]; unseen: number };
    };
    await measureCalls(name, call, (answer) => ({
      label: `activity feed, ${label}`,
      note: `${N.toLocaleString('en')} activities, ${answer.items.length} items, unseen ${answer.unseen}`,
    }));
  };
  await measure('first page, 5 new', await cookieOf(reader!.id), '');
  await measure('first page, never read', await cookieOf(newcomer!.id), '');
  await measure('page 100,000 items deep', await cookieOf(reader!.id), `?cursor=${top - 100_000}`);
  await closeDb();
}

/**
 * The client list: `GET /api/v1/users` (pages of 30, through the route handler) over 20,000
 * clients of one tenant with Spanish names (accents included): the first page, a common search typed
 * without accents ("maria"), a surname in capitals ("PEREZ"), a search that matches nobody (every client
 * is looked at: the worst case), and a page 10,000 clients deep (keyset: the cost of the first).
 * Its own tenant, so it runs after the other cases on any database.
 */
async function runClientSearch(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { sql, eq, and, getDb, closeDb, schema, seedTenant, createSession } = await serverModules();
  const { encodeCursor } = await import('../../lib/domain/keyset');
  const { GET } = await import('../../app/api/v1/users/route');
  const N = 20_000;

  const db = await getDb();
  const tenantId = await seedTenant(db, 'clientes');
  const first = ['María', 'José', 'Lucía', 'Ángel', 'Sofía', 'Raúl', 'Inés', 'Martín', 'Noelia', 'Iñaki', 'Carmen', 'Óscar'];
  const last = ['Pérez', 'García', 'Martínez', 'López', 'Sánchez', 'Gómez', 'Fernández', 'Díaz', 'Ruiz', 'Muñoz', 'Álvarez', 'Jiménez'];
  const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);
  await db.execute(sql`
    insert into users (tenant_id, email, name, role, created_at, last_activity_at)
    select ${tenantId}, 'cliente' || g || '@correo.es',
      (${arr(first)})[1 + g % 12] || ' ' || (${arr(last)})[1 + (g / 12) % 12] || ' ' || (${arr(last)})[1 + (g / 7) % 12],
      'client', now() - interval '2 years', now() - ((${N} - g) * interval '17 minutes')
    from generate_series(1, ${N}) g`);
  await db.execute(sql`analyze users`);
  const [admin] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'admin')));
  const cookie = `klok_session=${(await createSession(tenantId, admin!.id)).token}`;
  const deep = await db.execute<{ at: string; id: string }>(sql`
    select to_char(last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
    from users where tenant_id = ${tenantId} and role = 'client' and not is_guest
    order by last_activity_at desc, id desc offset 9999 limit 1`);
  const deepRow = ('rows' in deep ? deep.rows : deep)[0] as { at: string; id: string };

  const measure = async (label: string, query: string) => {
    const call = async () => {
      const req = new NextRequest(`http://clientes.localhost:3000/api/v1/users${query}`, {
        headers: { host: 'clientes.localhost:3000', cookie },
      });
      const res = await GET(req, { params: Promise.resolve({}) });
      if (res.status !== 200) throw new Error(`GET /users${query} answered ${res.status}`);
      return (await res.json()) as { items: unknown[]; total: number };
    };
    await measureCalls(name, call, (answer) => ({
      label: `client list, ${label}`,
      note: `${N.toLocaleString('en')} clients, ${answer.items.length} items, total ${answer.total}`,
    }));
  };
  await measure('first page', '?limit=30');
  await measure('search "maria"', '?limit=30&search=maria');
  await measure('search "PEREZ"', '?limit=30&search=PEREZ');
  await measure('search matching nobody', '?limit=30&search=zzzz');
  await measure('page 10,000 clients deep', `?limit=30&cursor=${encodeCursor(deepRow)}`);
  await closeDb();
}

/**
 * Outbox throughput: 2,000 queued e-mails delivered by the worker's `deliverDue` (batches of 50,
 * 5 sends at a time over a pooled nodemailer SMTP transport) to a local SMTP server (`smtp-server`, which
 * accepts every message); prints messages per second. Its own tenant, so it runs after the other cases.
 */
async function runOutbox(name: 'pglite' | 'postgres') {
  const { SMTPServer } = await import('smtp-server');
  const { getDb, closeDb, schema, seedTenant } = await serverModules();
  const { deliverDue } = await import('../../lib/server/notifications/worker');
  const { smtpTransport } = await import('../../lib/server/notifications/mail');
  const N = 2_000;

  const db = await getDb();
  const tenantId = await seedTenant(db, 'correo');
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
  const now = new Date(Date.now() + 365 * DAY_MS); // every row due, whatever else is queued
  await deliverDue(db, { now, limit: 1_000_000, transport }); // the seed's own e-mails, if any
  received = 0;
  await db.insert(schema.outbox).values(
    Array.from({ length: N }, (_, i) => ({
      tenantId,
      kind: 'email' as const,
      payload: { to: `cliente${i}@example.com`, subject: `Tu cita ${i}`, text: `Hola, tu cita ${i} está confirmada.\n`.repeat(10) },
    })),
  );
  const t0 = performance.now();
  for (;;) {
    const r = await deliverDue(db, { now, limit: 50, transport });
    if (r.claimed === 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (received !== N) throw new Error(`outbox bench: the SMTP server received ${received} of ${N}`);
  emitRow({
    case: 'outbox to a local SMTP server',
    engine: name,
    metric: 'throughput',
    value: round(N / seconds, 0),
    unit: 'msg/s',
    budget: null,
    op: null,
    note: `${N.toLocaleString('en')} e-mails in ${(seconds * 1000).toFixed(0)} ms, in process`,
  });
  transport.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDb();
}

/**
 * The reminder scan: `queueDueReminders` over 1,000,000 appointments of one tenant, one a minute
 * from about 500 days ago to 190 days ahead (every tenth cancelled; past ones already reminded), seeded by
 * one `insert … select generate_series` statement. Each timed call is one scan batch (`maxBatches` 1): it
 * picks up to 200 pending, not yet reminded appointments starting within the next 24 hours, queues their
 * e-mails in the outbox and stamps them; every call finds a full batch, the time of the scan advancing a
 * day after each. With BENCH_REMINDER_N below 1,000,000 (PGlite) every appointment lies ahead and the scan
 * advances by a share of that span instead. Emits ms per batch. Its own tenant, so it runs after the others.
 */
async function runReminderScan(name: 'pglite' | 'postgres') {
  const { sql, eq, and, getDb, closeDb, schema, seedTenant } = await serverModules();
  const { queueDueReminders } = await import('../../lib/server/notifications/reminders');
  const N = Number(process.env.BENCH_REMINDER_N ?? 1_000_000);
  // A smaller N (PGlite) is all ahead, and the scan's clock advances by a fraction of the span per call,
  // so every timed call still finds a full batch.
  const big = N >= 1_000_000;
  const PAST_MINUTES = big ? 500 * 24 * 60 : 0;
  const STEP_MS = big ? DAY_MS : Math.floor(((N - PAST_MINUTES) * MINUTE_MS - DAY_MS) / (RUNS + 8));

  const db = await getDb();
  const tenantId = await seedTenant(db, 'recordatorios');
  const stylists = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`));
  const [client] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'client'), eq(schema.users.isGuest, false)))
    .limit(1);
  const ids = sql.raw(`array[${stylists.map((s) => `'${s.id}'::uuid`).join(',')}]`);
  const base = new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  const t0 = performance.now();
  await db.execute(sql`
    insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
      start_at, end_at, status, created_by, created_by_role, created_at, reminded_at)
    select ${tenantId}, (${ids})[1 + g % ${stylists.length}], ${client!.id}::uuid, ${client!.id}, ${client!.name}, 'Corte de pelo', 1500,
      ${base}::timestamptz + (g - ${PAST_MINUTES}) * interval '1 minute',
      ${base}::timestamptz + (g - ${PAST_MINUTES} + 30) * interval '1 minute',
      case when g % 10 = 0 then 'cancelled' else 'pending' end, ${client!.id}::uuid, 'client',
      ${base}::timestamptz + (g - ${PAST_MINUTES}) * interval '1 minute' - interval '7 days',
      case when g < ${PAST_MINUTES} then ${base}::timestamptz + (g - ${PAST_MINUTES} - 1440) * interval '1 minute' end
    from generate_series(1, ${N}) g`);
  await db.execute(sql`analyze appointments`);
  const seeded = ((performance.now() - t0) / 1000).toFixed(0);
  let at = base.getTime() + (big ? 2 * DAY_MS : MINUTE_MS);
  const call = async () => {
    const queued = await queueDueReminders(db, at, 1);
    at += STEP_MS;
    return queued;
  };
  await measureCalls(name, call, (queued) => ({
    label: 'reminder scan, one batch',
    note: `${N.toLocaleString('en')} appointments, ${queued} reminders queued per batch (first call); seeded in ${seeded} s`,
  }));
  await closeDb();
}

/**
 * The user answer with its reliability (beyond-the-spec section 3): `GET /api/v1/users/{email}` (through the
 * route handler, staff reading the client) for a client with 500 past appointments over the last 18 months
 * (every 20th marked "No vino", every 10th cancelled), and alone the reliability read it adds
 * (`reliabilityOf`, one aggregate): budget p95 ≤ 5 ms on PostgreSQL. Its own tenant.
 */
async function runReliability(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { sql, eq, and, getDb, closeDb, schema, seedTenant, createSession } = await serverModules();
  const { GET } = await import('../../app/api/v1/users/[email]/route');
  const { reliabilityOf } = await import('../../lib/server/services/reliability');
  const N = 500;
  const db = await getDb();
  const tenantId = await seedTenant(db, 'fiabilidad');
  const [stylist] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`))
    .limit(1);
  const [client] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'client'), eq(schema.users.isGuest, false)))
    .limit(1);
  await db.execute(sql`
    insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
      start_at, end_at, status, attendance, created_by, created_by_role, created_at)
    select ${tenantId}, ${stylist!.id}::uuid, ${client!.id}::uuid, ${client!.id}, ${client!.name}, 'Corte de pelo', 1500,
      now() - g * interval '1 day' - interval '3 hours', now() - g * interval '1 day' - interval '150 minutes',
      case when g % 10 = 0 then 'cancelled' else 'pending' end, case when g % 20 = 1 then 'no_show' end,
      ${stylist!.id}::uuid, 'staff', now() - g * interval '1 day' - interval '10 days'
    from generate_series(1, ${N}) g`);
  await db.execute(sql`analyze appointments`);
  const cookie = `klok_session=${(await createSession(tenantId, stylist!.id)).token}`;
  const email = client!.email;
  await measureCalls(
    name,
    async () => {
      const req = new NextRequest(`http://fiabilidad.localhost:3000/api/v1/users/${email}`, { headers: { host: 'fiabilidad.localhost:3000', cookie } });
      const res = await GET(req, { params: Promise.resolve({ email }) });
      return (await res.json()) as { data: { reliability?: { tier: string } } };
    },
    (answer) => ({ label: 'user answer with reliability', note: `a client with ${N} past appointments, tier ${answer.data.reliability?.tier}` }),
  );
  const times: number[] = [];
  for (let i = 0; i < 5; i++) await reliabilityOf(db, tenantId, client!, Date.now());
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await reliabilityOf(db, tenantId, client!, Date.now());
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  emitRow({
    case: 'reliability read of the user answer',
    engine: name,
    metric: 'p95',
    value: round(percentile(times, 95), 2),
    unit: 'ms',
    budget: name === 'postgres' ? 5 : null,
    op: name === 'postgres' ? '<=' : null,
    note: `what the reliability adds to the user answer: one aggregate over ${N} past appointments; ${RUNS} runs, in process`,
  });
  log(`reliability read on ${name}: p95 ${percentile(times, 95).toFixed(2)} ms`);
  await closeDb();
}

const CASES = {
  activity: runActivityFeed,
  search: runClientSearch,
  outbox: runOutbox,
  reminders: runReminderScan,
  reliability: runReliability,
} as const;

async function main() {
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error('usage: in-process.ts <pglite|postgres> [--only=...]');
  process.env.SEED_DEMO = '0';
  for (const [name, run] of Object.entries(CASES)) {
    if (only && !only.includes(name)) continue;
    log(`in-process case ${name} on ${engine}`);
    await run(engine);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
