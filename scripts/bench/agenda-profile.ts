/**
 * Agenda week: the route handler of `GET /api/v1/facility/1/appointments` called in process
 * (no HTTP) against a database seeded by scripts/bench/seed.ts, with per-call wall time and process CPU,
 * and the steps of `agendaBetween` timed one by one. A profiling aid, not a case of the suite.
 *
 *   node --conditions=react-server --import tsx scripts/bench/agenda-profile.ts <seed.json> [--runs=N] [--tenant=klok|viejo]
 *   env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) of the seeded database
 *
 * `<seed.json>` is the `SEED_JSON` object the seed printed. Prints median/p95 of wall and CPU time (ms).
 */
import { readFileSync } from 'node:fs';
import { percentile } from './lib';
import type { BenchTenant } from './seed';

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice(7)) : 300;
const tenantArg = process.argv.find((a) => a.startsWith('--tenant='));
const tenants = tenantArg ? tenantArg.slice(9).split(',') : ['klok'];

async function main() {
  const seed = JSON.parse(readFileSync(process.argv[2]!, 'utf8').replace(/^SEED_JSON /, '')) as Record<string, BenchTenant>;
  const { NextRequest } = await import('next/server');
  const { GET } = await import('../../app/api/v1/facility/[facilityId]/appointments/route');
  const { closeDb } = await import('../../lib/server/db/client');
  for (const slug of tenants) {
    const t = seed[slug]!;
    const host = slug === 'klok' ? 'localhost:3000' : `${slug}.localhost:3000`;
    const url = `http://${host}/api/v1/facility/1/appointments?startDate=${t.weekStart}&endDate=${t.weekEnd}`;
    let bytes = 0;
    const call = async () => {
      const req = new NextRequest(url, { headers: { host, cookie: `klok_session=${t.adminToken}` } });
      const res = await GET(req, { params: Promise.resolve({ facilityId: '1' }) });
      if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
      const text = await res.text();
      bytes = text.length;
      return text;
    };
    for (let i = 0; i < 30; i++) await call();
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await call();
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.error(
      `${slug}: ${bytes} bytes; wall median ${percentile(wall, 50).toFixed(2)} ms p95 ${percentile(wall, 95).toFixed(2)} ms; ` +
        `cpu median ${percentile(cpu, 50).toFixed(2)} ms p95 ${percentile(cpu, 95).toFixed(2)} ms (${RUNS} runs)`,
    );
  }
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
