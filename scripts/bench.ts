/**
 * `npm run bench`: load of the staff agenda, `GET /api/v1/facility/1/appointments` for one week with
 * 8 stylists and 600 appointments, through the real route handler (session, tenant, validation, queries),
 * on PGlite (in memory) and on the PostgreSQL server (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, a fresh database dropped afterwards). Prints median and p95 in ms.
 * Run under `--conditions=react-server` (see package.json) so server-only modules load outside Next.
 */
import { spawnSync } from 'node:child_process';
import { DateTime } from 'luxon';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const engine = process.argv[2];

/**
 * One bench row: `call` once (its answer names the row), 5 times to warm up, then RUNS times timed; prints
 * `{row}: median … ms, p95 … ms (RUNS runs)`.
 */
async function measureCalls<A>(call: () => Promise<A>, row: (answer: A) => string) {
  const answer = await call();
  for (let i = 0; i < 5; i++) await call(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  console.log(`${row(answer)}: median ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms (${RUNS} runs)`);
}

async function runEngine(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const schema = await import('../lib/server/db/schema');
  const { seedTenant } = await import('../lib/server/db/seed');
  const { createSession } = await import('../lib/server/auth/session');
  const { busyParts } = await import('../lib/domain/availability');
  const { madridWallClock } = await import('../lib/domain/time');
  const { GET } = await import('../app/api/v1/facility/[facilityId]/appointments/route');

  const db = await getDb();
  const tenantId = await seedTenant(db, 'klok');
  const [service] = await db.select().from(schema.services);
  const [admin] = await db.select().from(schema.users).where((await import('drizzle-orm')).eq(schema.users.role, 'admin'));
  // Five more stylists: eight in all.
  const extra = await db
    .insert(schema.users)
    .values(Array.from({ length: 5 }, (_, i) => ({ tenantId, email: `bench${i}@klok.demo`, name: `Estilista ${i}`, role: 'employee' as const })))
    .returning();
  await db.insert(schema.employeeProfiles).values(extra.map((u, i) => ({ userId: u.id, tenantId, position: 10 + i })));
  const staff = await db.select().from(schema.employeeProfiles);
  const [client] = await db.select().from(schema.users).where((await import('drizzle-orm')).eq(schema.users.email, 'cliente@klok.demo'));
  // 600 appointments next week: 8 stylists × 6 days × 12.5 slots of 30 minutes, from 08:00 Madrid.
  const monday = DateTime.now().setZone('Europe/Madrid').startOf('week').plus({ weeks: 1 });
  const rows: (typeof schema.appointments.$inferInsert)[] = [];
  for (let n = 0; n < 600; n++) {
    const stylist = staff[n % staff.length]!;
    const slot = Math.floor(n / staff.length); // 0..74
    const day = monday.plus({ days: Math.floor(slot / 13) }).toFormat('yyyy-MM-dd');
    const start = madridWallClock(day, 8 * 60 + (slot % 13) * 30);
    rows.push({
      tenantId,
      employeeId: stylist.userId,
      clientId: client!.id,
      userId: client!.id,
      clientName: `Cliente ${n}`,
      serviceId: service!.id,
      serviceName: service!.name,
      servicePriceCents: service!.priceCents,
      startAt: new Date(start),
      endAt: new Date(start + 30 * 60_000),
      createdBy: client!.id,
      createdByRole: 'client',
    });
  }
  const inserted = await db.insert(schema.appointments).values(rows).returning();
  await db.insert(schema.busySlots).values(
    inserted.flatMap((a) =>
      busyParts(a.startAt.getTime(), [{ startMinutes: 0, endMinutes: 30 }]).map((p) => ({
        tenantId,
        employeeId: a.employeeId,
        appointmentId: a.id,
        startAt: new Date(p.start),
        endAt: new Date(p.end),
      })),
    ),
  );
  const { token } = await createSession(tenantId, admin!.id);
  const start = monday.toFormat('yyyy-MM-dd');
  const end = monday.plus({ days: 6 }).toFormat('yyyy-MM-dd');
  const call = async () => {
    const req = new NextRequest(`http://localhost:3000/api/v1/facility/1/appointments?startDate=${start}&endDate=${end}`, {
      headers: { host: 'localhost:3000', cookie: `klok_session=${token}` },
    });
    const res = await GET(req, { params: Promise.resolve({ facilityId: '1' }) });
    const body = (await res.json()) as { items: { appointments: unknown[] }[] };
    return body.items.reduce((n, d) => n + d.appointments.length, 0);
  };
  await measureCalls(call, (count) => `agenda week (8 stylists, ${count} appointments) on ${name}`);
  await closeDb();
}

/**
 * The activity feed (issue 7): `GET /api/v1/facility/1/activities` (first page of 30, through the route
 * handler) over 200,000 activities of one tenant, for a stylist who has seen all but 5 (the usual case),
 * for one who never opened the feed (all 200,000 unseen: the count's worst case), and a page 100,000 items
 * deep (keyset: the same cost as the first). Its own tenant, so it runs after the agenda case on any database.
 */
async function runActivityFeed(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { sql, eq, and } = await import('drizzle-orm');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const schema = await import('../lib/server/db/schema');
  const { seedTenant } = await import('../lib/server/db/seed');
  const { createSession } = await import('../lib/server/auth/session');
  const { GET } = await import('../app/api/v1/facility/[facilityId]/activities/route');
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
    await measureCalls(
      call,
      (answer) => `activity feed, ${label} (${N.toLocaleString('en')} activities, ${answer.items.length} items, unseen ${answer.unseen}) on ${name}`,
    );
  };
  await measure('first page, 5 new', await cookieOf(reader!.id), '');
  await measure('first page, never read', await cookieOf(newcomer!.id), '');
  await measure('page 100,000 items deep', await cookieOf(reader!.id), `?cursor=${top - 100_000}`);
  await closeDb();
}

/**
 * The client list (issue 7): `GET /api/v1/users` (pages of 30, through the route handler) over 20,000
 * clients of one tenant with Spanish names (accents included): the first page, a common search typed
 * without accents ("maria"), a surname in capitals ("PEREZ"), a search that matches nobody (every client
 * is looked at: the worst case), and a page 10,000 clients deep (keyset: the cost of the first).
 * Its own tenant, so it runs after the other cases on any database.
 */
async function runClientSearch(name: 'pglite' | 'postgres') {
  const { NextRequest } = await import('next/server');
  const { sql, eq, and } = await import('drizzle-orm');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const schema = await import('../lib/server/db/schema');
  const { seedTenant } = await import('../lib/server/db/seed');
  const { createSession } = await import('../lib/server/auth/session');
  const { encodeCursor } = await import('../lib/domain/keyset');
  const { GET } = await import('../app/api/v1/users/route');
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
    await measureCalls(
      call,
      (answer) => `client list, ${label} (${N.toLocaleString('en')} clients, ${answer.items.length} items, total ${answer.total}) on ${name}`,
    );
  };
  await measure('first page', '?limit=30');
  await measure('search "maria"', '?limit=30&search=maria');
  await measure('search "PEREZ"', '?limit=30&search=PEREZ');
  await measure('search matching nobody', '?limit=30&search=zzzz');
  await measure('page 10,000 clients deep', `?limit=30&cursor=${encodeCursor(deepRow)}`);
  await closeDb();
}

/**
 * Outbox throughput (issue 8): 2,000 queued e-mails delivered by the worker's `deliverDue` (batches of 50,
 * 5 sends at a time over a pooled nodemailer SMTP transport) to a local SMTP server (`smtp-server`, which
 * accepts every message); prints messages per second. Its own tenant, so it runs after the other cases.
 */
async function runOutbox(name: 'pglite' | 'postgres') {
  const { SMTPServer } = await import('smtp-server');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const schema = await import('../lib/server/db/schema');
  const { seedTenant } = await import('../lib/server/db/seed');
  const { deliverDue } = await import('../lib/server/notifications/worker');
  const { smtpTransport } = await import('../lib/server/notifications/mail');
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
  const now = new Date(Date.now() + 365 * 86_400_000); // every row due, whatever else is queued
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
  console.log(`outbox throughput to a local SMTP server (${N.toLocaleString('en')} e-mails) on ${name}: ${(N / seconds).toFixed(0)} messages/s (${(seconds * 1000).toFixed(0)} ms)`);
  transport.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDb();
}

/**
 * The reminder scan (issue 8): `queueDueReminders` over 1,000,000 appointments of one tenant, one a minute
 * from about 500 days ago to 190 days ahead (every tenth cancelled; past ones already reminded), seeded by
 * one `insert … select generate_series` statement. Each timed call is one scan batch (`maxBatches` 1): it
 * picks up to 200 pending, not yet reminded appointments starting within the next 24 hours, queues their
 * e-mails in the outbox and stamps them; every call finds a full batch, the time of the scan advancing a
 * day after each. Prints ms per batch. Its own tenant, so it runs after the other cases.
 */
async function runReminderScan(name: 'pglite' | 'postgres') {
  const { sql, eq, and } = await import('drizzle-orm');
  const { getDb, closeDb } = await import('../lib/server/db/client');
  const schema = await import('../lib/server/db/schema');
  const { seedTenant } = await import('../lib/server/db/seed');
  const { queueDueReminders } = await import('../lib/server/notifications/reminders');
  const N = 1_000_000;
  const PAST_MINUTES = 500 * 24 * 60;

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
  const base = new Date(Math.floor(Date.now() / 60_000) * 60_000);
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
  let at = base.getTime() + 2 * 86_400_000;
  const call = async () => {
    const queued = await queueDueReminders(db, at, 1);
    at += 86_400_000;
    return queued;
  };
  await measureCalls(call, (queued) => `reminder scan over ${N.toLocaleString('en')} appointments, one batch (${queued} reminders queued; seeded in ${seeded} s) on ${name}`);
  await closeDb();
}

async function main() {
  if (engine === 'pglite' || engine === 'postgres') {
    process.env.SEED_DEMO = '0';
    await runEngine(engine);
    await runActivityFeed(engine);
    await runClientSearch(engine);
    await runOutbox(engine);
    await runReminderScan(engine);
    return;
  }
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `klok_bench_${process.pid}`;
  const { Client } = await import('pg');
  const run = (name: string, extraEnv: Record<string, string>) => {
    const r = spawnSync(process.execPath, [...process.execArgv, __filename, name], {
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    });
    if (r.status !== 0) throw new Error(`${name} bench failed`);
  };
  run('pglite', { DATA_DIR: 'memory://', DATABASE_URL: '' });
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    run('postgres', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
