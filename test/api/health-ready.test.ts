/**
 * Liveness and readiness: `/api/health` answers without the database;
 * `/api/ready` answers 200 only while the database answers and every migration is applied, and 503 with
 * the failed check while a migration is pending or the process drains after SIGTERM.
 */
import { sql } from 'drizzle-orm';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { lifecycle } from '@/lib/lifecycle';
import { getDb } from '@/lib/server/db/client';
import { call, closeTestDb, openTestDb } from './harness';

beforeAll(async () => {
  await openTestDb();
}, 60_000);
afterAll(closeTestDb);

const NOT_READY = 'El servicio todavía no está listo. Inténtalo de nuevo en unos segundos.';

test('health answers 200 ok without touching the database', async () => {
  const r = await call(health, { path: '/api/health' });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ status: 'ok' });
  expect(r.res.headers.get('cache-control')).toBe('no-store');
});

test('ready answers 200 when the database answers and every migration is applied', async () => {
  const r = await call(ready, { path: '/api/ready' });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ status: 'ready', checks: { process: 'ok', database: 'ok', migrations: 'ok' } });
});

test('ready answers 503 naming the migrations while one is not applied', async () => {
  const db = await getDb();
  const [last] = (await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)).rows as { id: number; hash: string; created_at: string }[];
  expect(last).toBeDefined();
  await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
  try {
    const r = await call(ready, { path: '/api/ready' });
    expect(r.status).toBe(503);
    expect(r.res.headers.get('retry-after')).toBe('5');
    expect(r.body.error).toEqual({ code: 'not_ready', message: NOT_READY, details: { checks: { process: 'ok', database: 'ok', migrations: 'pending' } } });
  } finally {
    await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
  }
  expect((await call(ready, { path: '/api/ready' })).status).toBe(200);
});

test('ready answers 503 while the process drains after SIGTERM; health stays 200', async () => {
  lifecycle().draining = true;
  try {
    const r = await call(ready, { path: '/api/ready' });
    expect(r.status).toBe(503);
    expect(r.body.error.details.checks.process).toBe('draining');
    expect((await call(health, { path: '/api/health' })).status).toBe(200);
  } finally {
    lifecycle().draining = false;
  }
});
