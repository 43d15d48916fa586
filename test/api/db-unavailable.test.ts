/**
 * A database that accepts connections but never answers, or a statement that runs too long, makes no
 * request hang: the pool's connect and statement timeouts end the wait and the API answers 503
 * `unavailable` with a Spanish message and `Retry-After`.
 */
import { Pool } from 'pg';
import { GET as session } from '@/app/api/v1/session/route';
import { poolConfig } from '@/lib/server/db/client';
import { errorResponse } from '@/lib/server/http';
import { call } from './harness';
import { withSilentDatabase } from './silent-database';

jest.setTimeout(30_000);

const UNAVAILABLE = { code: 'unavailable', message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.' };

describe('a silent database server', () => {
  // Accepts TCP connections and never says a word (not even the startup answer).
  withSilentDatabase(300);

  it('answers 503 with Retry-After instead of hanging', async () => {
    const res = await call(session, { path: '/api/v1/session' });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual(UNAVAILABLE);
    expect(res.res.headers.get('retry-after')).toBe('5');
  });
});

const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;

onServer('a statement over the statement timeout becomes 503 (PostgreSQL server, the pool settings of the app)', async () => {
  const pool = new Pool(poolConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL, DB_CONNECT_TIMEOUT_MS: 1000, DB_STATEMENT_TIMEOUT_MS: 200 }));
  try {
    const err = await pool.query('select pg_sleep(2)').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    const res = errorResponse(err);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual(UNAVAILABLE);
  } finally {
    await pool.end();
  }
});

it('maps a unique violation to 409 conflict and an unknown failure to a 500 without internals', async () => {
  const unique = errorResponse(Object.assign(new Error('duplicate key value violates unique constraint "users_tenant_email"'), { code: '23505' }));
  expect(unique.status).toBe(409);
  expect((await unique.json()).error).toEqual({ code: 'conflict', message: 'Los datos han cambiado mientras se guardaban. Inténtalo de nuevo.' });
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const other = errorResponse(new Error('secret internals'));
  spy.mockRestore();
  expect(other.status).toBe(500);
  expect(JSON.stringify(await other.json())).not.toContain('secret');
});

it('maps a connection lost mid-transaction, a database refusing connections and a terminated backend to 503', async () => {
  const lostRollback = Object.assign(new Error('Failed query: rollback'), {
    cause: new Error('Client has encountered a connection error and is not queryable'),
  });
  const refusing = Object.assign(new Error('database "klok" is not currently accepting connections'), { code: '55000' });
  const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  for (const err of [lostRollback, refusing, terminated]) {
    const res = errorResponse(err);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual(UNAVAILABLE);
    expect(res.headers.get('retry-after')).toBe('5');
  }
});

it('maps a deadlock or a serialization failure to 409 conflict (nothing was written; the caller may retry)', async () => {
  for (const code of ['40P01', '40001']) {
    const res = errorResponse(Object.assign(new Error('deadlock detected'), { code }));
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('conflict');
  }
});
