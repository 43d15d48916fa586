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
  const count = await call();
  for (let i = 0; i < 5; i++) await call(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  console.log(
    `agenda week (8 stylists, ${count} appointments) on ${name}: median ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms (${RUNS} runs)`,
  );
  await closeDb();
}

async function main() {
  if (engine === 'pglite' || engine === 'postgres') {
    process.env.SEED_DEMO = '0';
    await runEngine(engine);
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
