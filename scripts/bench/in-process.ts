/**
 * The in-process cases of `npm run bench`: the activity feed, the client search, the outbox throughput and
 * the reminder scan (informative rows), the user answer with its reliability (its reliability read with a
 * budget on PostgreSQL), the owner's summary of a month (a budget and flatness on PostgreSQL) and the
 * confirm-or-release scan (one pass with a budget on PostgreSQL), each in its
 * own tenant of a fresh database, through the route handlers or the worker functions called directly (no HTTP).
 *
 *   node --conditions=react-server --import tsx scripts/bench/in-process.ts <pglite|postgres> [--only=activity,search,outbox,reminders,reliability,waitlist,summary,confirmations]
 *   env: DATA_DIR=memory:// (PGlite) or DATABASE_URL (a fresh PostgreSQL database); BENCH_RUNS (default 60);
 *   BENCH_REMINDER_N (appointments of the reminder scan, and past appointments of the confirmation scan's
 *   salon; default 1,000,000); BENCH_SUMMARY_N (past appointments of the summary's aged salon; default 1,000,000)
 *
 * Prints `BENCH_ROW` lines on stdout (scripts/bench row contract), progress on stderr.
 */
import { DAY_MS, HOUR_MS, madridDate, madridWallClock, MINUTE_MS } from '../../lib/domain/time';
import { emitRow, log, median, percentile, round } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const engine = process.argv[2] as 'pglite' | 'postgres';
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice(7).split(',') : null;

/**
 * One case: `call` once (its answer names the row), 5 times to warm up, then RUNS times timed; emits the
 * median and p95 (ms) as rows `{label}` on the engine, with `note` from the first answer and the p95's
 * budget (`p95Budget`, null: none).
 */
async function measureCalls<A>(
  name: 'pglite' | 'postgres',
  call: () => Promise<A>,
  row: (answer: A) => { label: string; note: string },
  p95Budget: number | null = null,
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
    const budget = metric === 'p95' ? p95Budget : null;
    emitRow({ case: label, engine: name, metric, value: round(percentile(times, p), 2), unit: 'ms', budget, op: budget === null ? null : '<=', note: `${note}; ${RUNS} runs, in process` });
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

/**
 * The confirm-or-release scan (beyond-the-spec section 3): one pass of `queueDueConfirmations`, the worker's
 * periodic job, over a salon with 1,000,000 past appointments (BENCH_REMINDER_N; one a minute up to 90
 * minutes before the pass; every fifth a walk-in of the guest, the others over 20,000 client accounts; every
 * tenth cancelled; confirmed, not requiring it or left "Sin confirmar", none with a step left) and 3,000
 * ahead still waiting for their confirmation (one every 15 minutes from 13 hours on), whose next step comes
 * after the pass: the scan must not read them. Both seeded by `insert … select generate_series` and
 * ANALYZEd. The history is spread over many accounts as a salon's is: the reliability tier read of a step
 * looks up its client's appointments by index only when the statistics give each account a small share.
 *
 * Each pass finds 20 steps due, each of a fresh client account (tier `nuevo`, with a push token): 10
 * confirmation requests (e-mail with an action link, push) and 10 cut-offs (released: cancelled, its busy
 * part freed, e-mail, push, `appointment_released` activity). Between passes, outside the timed part, those
 * rows are put back due and the tenant's outbox, action tokens and release activities are cleared, so that
 * every pass does the same work. Passes on the aged salon alternate with passes on a fresh salon that has
 * only its 20 due rows (the pass must not grow with a salon's history: the ratio of their medians); then the
 * empty pass (nothing due: what the worker runs every minute). Also the CPU time of this process per pass
 * (the worker's side of it). The passes run at 12:00 in Madrid today, outside the quiet hours that hold a
 * request back. Budget: one pass on the aged salon p95 ≤ 50 ms on PostgreSQL. Its own tenants.
 */
async function runConfirmationScan(name: 'pglite' | 'postgres') {
  const { sql, eq, and, getDb, closeDb, schema, seedTenant } = await serverModules();
  const { queueDueConfirmations } = await import('../../lib/server/notifications/confirmations');
  const N = Number(process.env.BENCH_REMINDER_N ?? 1_000_000);
  const AHEAD = 3_000;
  // Client accounts of the aged salon's history (20,000 for 1,000,000 appointments: 40 each over two years).
  const CLIENTS = Math.max(1_000, Math.round(N / 50));
  // Due rows of each kind per pass (requests, cut-offs).
  const DUE = 10;
  const now = madridWallClock(madridDate(Date.now()), 12 * 60);
  const at = new Date(now);
  const db = await getDb();
  const uuids = (ids: string[]) => `{${ids.join(',')}}`;

  /**
   * A salon `slug` with 2×DUE appointments due at `now`, and with `history` the past and ahead rows above.
   * The due rows lie where the seed's sample agenda never does (this evening, and at night), so that their
   * busy parts overlap nothing. Returns the tenant and the due rows' ids.
   */
  const seedSalon = async (slug: string, history: boolean) => {
    const tenantId = await seedTenant(db, slug);
    const stylists = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`));
    if (history) {
      await db.execute(sql`
        insert into users (tenant_id, email, name, role, created_at, last_activity_at, privacy_policy, onboarding_completed)
        select ${tenantId}, 'historia' || k || '@correo.es', 'Cliente ' || k, 'client', ${at}::timestamptz - interval '3 years',
          ${at}::timestamptz - k * interval '1 minute', true, true
        from generate_series(0, ${CLIENTS - 1}) k`);
      const ids = sql.raw(`array[${stylists.map((s) => `'${s.id}'::uuid`).join(',')}]`);
      // The accounts by number, the guest last (walk-ins: no confirmation asked).
      const accounts = sql`
        select row_number() over (order by id) - 1 as k, id, name, false as guest from users
          where tenant_id = ${tenantId} and email like 'historia%@correo.es'
        union all
        select ${CLIENTS}, id, name, true from users where tenant_id = ${tenantId} and is_guest`;
      await db.execute(sql`
        with c as (${accounts})
        insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
          start_at, end_at, status, created_by, created_by_role, created_at, reminded_at,
          confirmation, confirmation_requested_at, confirmation_cutoff_at)
        select ${tenantId}, (${ids})[1 + g % ${stylists.length}], c.id, c.id::text, case when c.guest then 'Cliente de paso' else c.name end,
          'Corte de pelo', 1500, s, s + interval '30 minutes', case when g % 10 = 0 then 'cancelled' else 'pending' end,
          case when c.guest then (${ids})[1 + g % ${stylists.length}] else c.id end, case when c.guest then 'staff' else 'client' end,
          s - interval '7 days', s - interval '1 day',
          case when c.guest or g % 3 = 1 then 'not_required' when g % 3 = 0 then 'confirmed' else 'pending' end,
          case when not c.guest and g % 3 <> 1 then s - interval '48 hours' end,
          case when not c.guest and g % 3 <> 1 then s - interval '12 hours' end
        from (select g, ${at}::timestamptz - (${N} - g + 90) * interval '1 minute' as s,
                case when g % 5 = 0 then ${CLIENTS} else (g / 5) % ${CLIENTS} end as k
              from generate_series(1, ${N}) g) h
        join c using (k)`);
      await db.execute(sql`
        with c as (${accounts})
        insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
          start_at, end_at, status, created_by, created_by_role, created_at,
          confirmation, confirmation_requested_at, confirmation_cutoff_at, confirmation_step_at)
        select ${tenantId}, (${ids})[1 + g % ${stylists.length}], c.id, c.id::text, c.name, 'Corte de pelo', 1500,
          s, s + interval '30 minutes', 'pending', c.id, 'client', ${at}::timestamptz - interval '1 day',
          'pending', case when s - interval '48 hours' <= ${at}::timestamptz then ${at}::timestamptz - interval '1 hour' end,
          s - interval '12 hours',
          case when s - interval '48 hours' <= ${at}::timestamptz then s - interval '12 hours' else s - interval '48 hours' end
        from (select g, ${at}::timestamptz + interval '13 hours' + g * interval '15 minutes' as s, g % ${CLIENTS} as k
              from generate_series(1, ${AHEAD}) g) h
        join c using (k)`);
    }
    const clients = await db
      .insert(schema.users)
      .values(
        Array.from({ length: 2 * DUE }, (_, i) => ({
          tenantId,
          email: `nuevo${i}@correo.es`,
          name: `Cliente nuevo ${i}`,
          role: 'client' as const,
          fcmToken: `bench-token-${i}`,
          privacyPolicy: true,
          onboardingCompleted: true,
        })),
      )
      .returning({ id: schema.users.id, name: schema.users.name });
    const due = await db
      .insert(schema.appointments)
      .values(
        clients.map((c, i) => {
          const request = i < DUE;
          // Requests: starting between 00:30 and 05:00 the day after tomorrow, cut-off ahead, step due a minute
          // ago. Cut-offs: starting between 19:00 and 23:30 today, requested 36 hours before their cut-off,
          // which passed this morning.
          const start = request ? now + 36 * HOUR_MS + (i + 1) * 30 * MINUTE_MS : now + 12 * HOUR_MS - (i - DUE + 1) * 30 * MINUTE_MS;
          const cutoff = start - 12 * HOUR_MS;
          return {
            tenantId,
            employeeId: stylists[i % stylists.length]!.id,
            clientId: c.id,
            userId: c.id,
            clientName: c.name,
            serviceName: 'Corte de pelo',
            servicePriceCents: 1500,
            startAt: new Date(start),
            endAt: new Date(start + 30 * MINUTE_MS),
            createdBy: c.id,
            createdByRole: 'client' as const,
            createdAt: new Date(now - 3 * DAY_MS),
            confirmation: 'pending' as const,
            confirmationRequestedAt: request ? null : new Date(cutoff - 36 * HOUR_MS),
            confirmationCutoffAt: new Date(cutoff),
            confirmationStepAt: new Date(request ? now - MINUTE_MS : cutoff),
          };
        }),
      )
      .returning({ id: schema.appointments.id, employeeId: schema.appointments.employeeId, startAt: schema.appointments.startAt, endAt: schema.appointments.endAt });
    await db.insert(schema.busySlots).values(due.map((a) => ({ tenantId, employeeId: a.employeeId, appointmentId: a.id, startAt: a.startAt, endAt: a.endAt })));
    return { tenantId, ids: due.map((a) => a.id) };
  };

  const t0 = performance.now();
  const aged = await seedSalon('confirmaciones', true);
  await db.execute(sql`analyze appointments`);
  const seeded = ((performance.now() - t0) / 1000).toFixed(0);
  const fresh = await seedSalon('confirmaciones-nuevo', false);
  await db.execute(sql`analyze`);

  /** Puts a salon's due rows back as they were seeded, and clears what their last pass left. */
  const reset = async (s: { tenantId: number; ids: string[] }) => {
    const ids = uuids(s.ids);
    await db.execute(sql`
      update appointments set status = 'pending', cancelled_at = null, cancelled_by = null, cancelled_via = null, notes = null,
        confirmation = 'pending',
        confirmation_requested_at = case when confirmation_cutoff_at > ${at}::timestamptz then null else confirmation_cutoff_at - interval '36 hours' end,
        confirmation_step_at = case when confirmation_cutoff_at > ${at}::timestamptz then ${at}::timestamptz - interval '1 minute' else confirmation_cutoff_at end
      where tenant_id = ${s.tenantId} and id = any(${ids}::uuid[])`);
    await db.execute(sql`update busy_slots set active = true where tenant_id = ${s.tenantId} and appointment_id = any(${ids}::uuid[]) and not active`);
    await db.execute(sql`delete from outbox where tenant_id = ${s.tenantId}`);
    await db.execute(sql`delete from action_tokens where tenant_id = ${s.tenantId}`);
    await db.execute(sql`delete from activities where tenant_id = ${s.tenantId} and type = 'appointment_released'`);
  };
  /** CPU time of this process (the worker's side: query building, templates, the driver) per timed pass. */
  const cpu = new Map<{ tenantId: number; ids: string[] } | null, number[]>();
  /** One timed pass after `s`'s rows are put back due (none: the empty pass); checks what it did. */
  const pass = async (s: { tenantId: number; ids: string[] } | null) => {
    if (s) await reset(s);
    const c = process.cpuUsage();
    const t = performance.now();
    const r = await queueDueConfirmations(db, now);
    const ms = performance.now() - t;
    const used = process.cpuUsage(c);
    cpu.set(s, [...(cpu.get(s) ?? []), (used.user + used.system) / 1000]);
    const want = s ? DUE : 0;
    if (r.requested !== want || r.released !== want || r.marked + r.lapsed !== 0) {
      throw new Error(`confirmation scan: a pass did ${JSON.stringify(r)}, expected ${want} requests and ${want} releases`);
    }
    return ms;
  };

  const first = await queueDueConfirmations(db, now); // both salons' seeded steps
  if (first.requested !== 2 * DUE || first.released !== 2 * DUE) throw new Error(`confirmation scan: the first pass did ${JSON.stringify(first)}`);
  for (let i = 0; i < 5; i++) {
    await pass(aged);
    await pass(fresh);
  }
  cpu.clear();
  const agedTimes: number[] = [];
  const freshTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    agedTimes.push(await pass(aged));
    freshTimes.push(await pass(fresh));
  }
  for (let i = 0; i < 5; i++) await pass(null);
  cpu.delete(null);
  const emptyTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) emptyTimes.push(await pass(null));
  for (const t of [agedTimes, freshTimes, emptyTimes]) t.sort((a, b) => a - b);

  const history = `${N.toLocaleString('en')} past appointments and ${AHEAD.toLocaleString('en')} waiting ahead`;
  const steps = `${DUE} requests and ${DUE} releases per pass`;
  const rowsOf = (label: string, times: number[], note: string, budget: number | null) => {
    for (const [metric, p] of [['median', 50], ['p95', 95]] as const) {
      const b = metric === 'p95' ? budget : null;
      emitRow({ case: label, engine: name, metric, value: round(percentile(times, p), 2), unit: 'ms', budget: b, op: b === null ? null : '<=', note: `${note}; ${RUNS} runs, in process` });
    }
    log(`${label} on ${name}: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  };
  rowsOf('confirmation scan, one pass', agedTimes, `${history}; ${steps}; seeded in ${seeded} s`, name === 'postgres' ? 50 : null);
  emitRow({
    case: 'confirmation scan, one pass',
    engine: name,
    metric: 'CPU per pass',
    value: round(median(cpu.get(aged) ?? []), 2),
    unit: 'ms',
    budget: null,
    op: null,
    note: `median user+system CPU of the worker's process per pass (${name === 'pglite' ? 'the embedded database included' : 'PostgreSQL not included'}); ${RUNS} runs`,
  });
  rowsOf('confirmation scan, one pass, fresh salon', freshTimes, `only the due rows; ${steps}; alternated with the aged salon's passes`, null);
  const ratio = percentile(agedTimes, 50) / percentile(freshTimes, 50);
  emitRow({
    case: 'confirmation scan, aged/fresh',
    engine: name,
    metric: 'median ratio',
    value: round(ratio, 2),
    unit: '×',
    budget: null,
    op: null,
    note: `one pass over ${history} against a salon without history; ${RUNS} alternated runs, in process`,
  });
  log(`confirmation scan aged/fresh on ${name}: ${ratio.toFixed(2)}×`);
  rowsOf('confirmation scan, empty pass', emptyTimes, `nothing due (the pass of every minute); ${history}`, null);
  await closeDb();
}

/**
 * Matching a freed hour against the waitlist (beyond-the-spec section 4): a salon with 5,000 waiting entries,
 * one per client account (the salon's services alone and in pairs, a stylist or "Cualquier estilista", the
 * three parts of the day, ranges of one to seven days over the 30-day window, joined over the past weeks), and
 * an opening: a stylist's 30-minute cancellation at 17:00 on the first weekday two or more days ahead, the rest
 * of that stylist's day blocked. One call of `matchOpening` is timed: the grouped read of the wishes, the
 * services, the day's team and busy time, the availability of each distinct wish, and the next entries in
 * joining order. It writes nothing, so every call does the same work. Budget: p95 ≤ 20 ms on PostgreSQL. Then
 * the same with every entry's range over the whole window (all 5,000 want the freed date), without a budget.
 */
async function runWaitlistMatch(name: 'pglite' | 'postgres') {
  const { sql, eq, and, getDb, closeDb, schema, seedTenant } = await serverModules();
  const { matchOpening } = await import('../../lib/server/services/waitlist-offers');
  const ENTRIES = 5_000;
  const db = await getDb();
  const tenantId = await seedTenant(db, 'lista-de-espera');
  const now = madridWallClock(madridDate(Date.now()), 10 * 60);
  let date = madridDate(now + 2 * DAY_MS);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = madridDate(madridWallClock(date, 12 * 60) + DAY_MS);
  const stylists = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`, sql`exists (select 1 from employee_services es where es.tenant_id = ${tenantId} and es.employee_id = ${schema.users.id})`));
  const services = await db.select({ id: schema.services.id }).from(schema.services).where(eq(schema.services.tenantId, tenantId));
  const [stylist] = stylists;
  if (!stylist || services.length < 2) throw new Error('waitlist bench: the seeded salon has no stylist or too few services');
  const [admin] = await db.select({ id: schema.users.id }).from(schema.users).where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'admin')));
  // The stylist's day blocked but for 17:00–17:30, the freed half hour.
  for (const [from, to] of [[0, 17 * 60], [17 * 60 + 30, 24 * 60]] as const) {
    const [leave] = await db
      .insert(schema.leaves)
      .values({ tenantId, employeeId: stylist.id, startAt: new Date(madridWallClock(date, from)), endAt: new Date(madridWallClock(date, to)), createdBy: admin!.id })
      .returning({ id: schema.leaves.id, startAt: schema.leaves.startAt, endAt: schema.leaves.endAt });
    await db.insert(schema.busySlots).values({ tenantId, employeeId: stylist.id, leaveId: leave!.id, startAt: leave!.startAt, endAt: leave!.endAt });
  }
  const ids = services.map((x) => x.id);
  const wishes = [...ids.map((id) => [id]), ...ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b]))];
  const staffIds = stylists.map((x) => x.id);
  await db.execute(sql`
    insert into users (tenant_id, email, name, role, created_at, last_activity_at, privacy_policy, onboarding_completed)
    select ${tenantId}, 'espera' || k || '@correo.es', 'Cliente ' || k, 'client', ${new Date(now - 90 * DAY_MS)}::timestamptz,
      ${new Date(now)}::timestamptz, true, true
    from generate_series(0, ${ENTRIES - 1}) k`);
  const today = madridDate(now);
  await db.execute(sql`
    insert into waitlist_entries (tenant_id, client_id, user_id, user_name, service_ids, employee_id, from_date, to_date, part_of_day,
      status, created_by, created_at, updated_at)
    select ${tenantId}, u.id, u.id::text, u.name,
      array(select jsonb_array_elements_text(${JSON.stringify(wishes)}::jsonb -> ((k / 7) % ${wishes.length}))::int),
      case when k % 4 = 0 then null else (${`{${staffIds.join(',')}}`}::uuid[])[1 + (k / 4) % ${staffIds.length}] end,
      ${today}::date + (k * 13) % 24, ${today}::date + (k * 13) % 24 + (k / 3) % 7,
      (array['morning', 'afternoon', 'any'])[1 + (k / 2) % 3], 'waiting', u.id,
      ${new Date(now)}::timestamptz - (${ENTRIES} - k) * interval '5 minutes', ${new Date(now)}::timestamptz
    from (select (row_number() over (order by id) - 1)::int as k, id, name from users where tenant_id = ${tenantId} and email like 'espera%@correo.es') u`);
  const start = madridWallClock(date, 17 * 60);
  const opening = { id: '00000000-0000-4000-8000-000000000000', employeeId: stylist.id, start, end: start + 30 * MINUTE_MS, cause: 'cancellation' as const };
  /** Times the matching as the entries stand; `budget`: the p95's. */
  const measure = async (label: string, budget: number | null) => {
    await db.execute(sql`analyze`);
    const covering = await db.execute(sql`select count(*)::int as n from waitlist_entries where tenant_id = ${tenantId} and from_date <= ${date}::date and to_date >= ${date}::date`);
    const n = Number((('rows' in covering ? covering.rows : covering) as { n: number }[])[0]!.n);
    await measureCalls(
      name,
      () => matchOpening(db, tenantId, opening, now),
      (answer) => {
        if (answer.offers.length !== 1) throw new Error(`waitlist bench: expected one offer (more than 24 hours ahead), got ${answer.offers.length}`);
        return { label, note: `${ENTRIES.toLocaleString('en')} waiting entries, ${n.toLocaleString('en')} covering the date, ${wishes.length * 2 * 3} kinds of wish; one offer (FIFO)` };
      },
      budget,
    );
  };
  await measure('waitlist match, one freed hour', name === 'postgres' ? 20 : null);
  // The worst case: every entry wants the whole window, the freed date included.
  await db.execute(sql`update waitlist_entries set from_date = ${today}::date, to_date = ${today}::date + 29 where tenant_id = ${tenantId}`);
  await measure('waitlist match, one freed hour, every entry covering it', null);
  await closeDb();
}

/**
 * The owner's summary (beyond-the-spec section 6): `summaryOf` (the use case of `GET /facility/1/reports/summary`)
 * for last calendar month, in a salon with 1,000,000 past appointments (BENCH_SUMMARY_N) over ~2.9 years
 * before that month's end, one every 90 seconds in turn across the seeded salon's stylists, each lasting until
 * just before that stylist's next (about 29,000 in the month), over 20,000 client accounts; every tenth cancelled (every thirtieth of those late), every twentieth marked
 * "No vino", every third marked "Vino", the others unmarked (attended after 48 hours); one busy part each
 * but the cancelled ones. A fresh salon holds only that month's rows of the same series (its own accounts).
 * The first read of a month groups its appointments and makes its days' rows in `summary_days`, the second
 * keeps the closed days (no grace: nothing changes meanwhile), and the measured reads answer from them (both
 * first reads are reported once). Calls alternate aged and fresh. Budget: the aged month's p95 ≤ 100 ms on PostgreSQL, and flatness: the
 * fresh salon's median over the aged one's ≥ 0.9 (an aged salon answers at least 0.9× as fast).
 */
async function runSummary(name: 'pglite' | 'postgres') {
  const { sql, eq, and, getDb, closeDb, schema, seedTenant } = await serverModules();
  const { summaryOf } = await import('../../lib/server/services/summary-report');
  const { periodOf, periodWindow } = await import('../../lib/domain/summary');
  const N = Number(process.env.BENCH_SUMMARY_N ?? 1_000_000);
  const CLIENTS = Math.max(1_000, Math.round(N / 50));
  const STEP_S = 90;
  const db = await getDb();
  const now = madridWallClock(madridDate(Date.now()), 12 * 60);
  const month = periodOf('month', madridDate(periodWindow(periodOf('month', madridDate(now))).start - HOUR_MS));
  const end = new Date(periodWindow(month).end);
  const inMonth = Math.floor((periodWindow(month).end - periodWindow(month).start) / (STEP_S * 1000));

  /** A salon `slug` with the series' rows 1…`rows` (row g starts g × 90 s before the month's end). */
  const seedSalon = async (slug: string, rows: number) => {
    const tenantId = await seedTenant(db, slug);
    const stylists = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.tenantId, tenantId), sql`${schema.users.role} <> 'client'`));
    const ids = sql.raw(`array[${stylists.map((x) => `'${x.id}'::uuid`).join(',')}]`);
    // Each stylist's appointments follow one another without overlapping (the busy parts' exclusion constraint).
    const length = `${stylists.length * STEP_S - 30} seconds`;
    await db.execute(sql`
      insert into users (tenant_id, email, name, role, created_at, last_activity_at, privacy_policy, onboarding_completed)
      select ${tenantId}, 'resumen' || k || '@correo.es', 'Cliente ' || k, 'client', ${end}::timestamptz - interval '4 years',
        ${end}::timestamptz, true, true
      from generate_series(0, ${CLIENTS - 1}) k`);
    await db.execute(sql`
      with c as (select (row_number() over (order by id) - 1)::int as k, id, name from users where tenant_id = ${tenantId} and email like 'resumen%@correo.es')
      insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
        start_at, end_at, status, attendance, late_cancellation, created_by, created_by_role, created_at)
      select ${tenantId}, (${ids})[1 + g % ${stylists.length}], c.id, c.id::text, c.name, 'Corte de pelo', 1800,
        s, s + ${length}::interval, case when g % 10 = 0 then 'cancelled' else 'pending' end,
        case when g % 10 = 0 then null when g % 20 = 1 then 'no_show' when g % 3 = 0 then 'attended' end,
        g % 30 = 0, c.id, 'client', s - interval '7 days'
      from (select g, ${end}::timestamptz - g * interval '${sql.raw(String(STEP_S))} seconds' as s, g % ${CLIENTS} as k
            from generate_series(1, ${rows}) g) h
      join c using (k)`);
    // Fresh statistics first: the busy parts' trigger joins its new rows to appointments (migration 0010), and a
    // plan made on an empty table's estimates rescans the million new rows per appointment.
    await db.execute(sql`analyze appointments`);
    await db.execute(sql`
      insert into busy_slots (tenant_id, employee_id, appointment_id, start_at, end_at)
      select a.tenant_id, a.employee_id, a.id, a.start_at, a.end_at from appointments a
      where a.tenant_id = ${tenantId} and a.status = 'pending' and a.start_at < ${end}::timestamptz
        and not exists (select 1 from busy_slots b where b.tenant_id = a.tenant_id and b.appointment_id = a.id)`);
    return tenantId;
  };

  const t0 = performance.now();
  const aged = await seedSalon('resumen', N);
  const seeded = ((performance.now() - t0) / 1000).toFixed(0);
  const fresh = await seedSalon('resumen-nuevo', inMonth);
  await db.execute(sql`analyze`);
  log(`summary: seeded ${N.toLocaleString('en')} + ${inMonth.toLocaleString('en')} appointments in ${seeded} s (aged)`);

  // No change runs meanwhile: the days computed by a read are kept at once (no grace).
  const read = (id: number) => summaryOf(db, id, month, now, 0);
  let t = performance.now();
  const first = await read(aged);
  const cold = performance.now() - t;
  const firstFresh = await read(fresh);
  if (first.attended !== firstFresh.attended || first.revenue_estimated !== firstFresh.revenue_estimated) {
    throw new Error(`summary bench: the aged and fresh salons disagree on the month (${first.attended} / ${firstFresh.attended} attended)`);
  }
  // The second read keeps the month's days; the later ones read them.
  t = performance.now();
  await read(aged);
  const keeping = performance.now() - t;
  await read(fresh);
  const kept = await read(aged);
  if (JSON.stringify(kept) !== JSON.stringify(first)) throw new Error('summary bench: the kept days answer other figures than the appointments');
  for (let i = 0; i < 5; i++) {
    await read(aged);
    await read(fresh);
  }
  const agedTimes: number[] = [];
  const freshTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [id, times] of [[aged, agedTimes], [fresh, freshTimes]] as const) {
      t = performance.now();
      await read(id);
      times.push(performance.now() - t);
    }
  }
  for (const [label, ms] of [
    ['summary, month, first read (nothing kept)', cold],
    ['summary, month, second read (keeps the days)', keeping],
  ] as const) {
    emitRow({ case: label, engine: name, metric: 'once', value: round(ms, 1), unit: 'ms', budget: null, op: null, note: 'aged salon, in process' });
    log(`${label} on ${name}: ${ms.toFixed(0)} ms`);
  }
  for (const t of [agedTimes, freshTimes]) t.sort((a, b) => a - b);
  const what = `${month.from}–${month.to}: ${first.attended.toLocaleString('en')} attended visits, ${(first.new_clients + first.returning_clients).toLocaleString('en')} clients`;
  const rowsOf = (label: string, times: number[], note: string, budget: number | null) => {
    for (const [metric, p] of [['median', 50], ['p95', 95]] as const) {
      const b = metric === 'p95' ? budget : null;
      emitRow({ case: label, engine: name, metric, value: round(percentile(times, p), 2), unit: 'ms', budget: b, op: b === null ? null : '<=', note: `${note}; ${RUNS} runs, in process` });
    }
    log(`${label} on ${name}: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  };
  rowsOf('summary, month', agedTimes, `${N.toLocaleString('en')} past appointments; ${what}; seeded in ${seeded} s`, name === 'postgres' ? 100 : null);
  rowsOf('summary, month, fresh salon', freshTimes, `only the month's ${inMonth.toLocaleString('en')} appointments; alternated with the aged salon's calls`, null);
  const ratio = percentile(freshTimes, 50) / percentile(agedTimes, 50);
  emitRow({
    case: 'summary, aged/fresh',
    engine: name,
    metric: 'speed ratio',
    value: round(ratio, 2),
    unit: '×',
    budget: name === 'postgres' ? 0.9 : null,
    op: name === 'postgres' ? '>=' : null,
    note: `fresh median ÷ aged median (the aged salon's speed against a fresh one's); ${RUNS} alternated runs, in process`,
  });
  log(`summary aged/fresh speed on ${name}: ${ratio.toFixed(2)}×`);
  await closeDb();
}

const CASES = {
  activity: runActivityFeed,
  search: runClientSearch,
  outbox: runOutbox,
  reminders: runReminderScan,
  reliability: runReliability,
  waitlist: runWaitlistMatch,
  summary: runSummary,
  // Last: its appointments ahead would be due in the reminder case's scan, which reads every tenant, were it to run first.
  confirmations: runConfirmationScan,
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
