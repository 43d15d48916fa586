/**
 * Readiness with a database that accepts connections and never answers: `/api/ready` answers
 * 503 `not_ready` naming the database within about its 1 s budget, and `/api/health` stays 200.
 */
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { call } from './harness';
import { withSilentDatabase } from './silent-database';

jest.setTimeout(30_000);

withSilentDatabase(5000);

test('ready answers 503 database timeout within ~1 s; health stays 200', async () => {
  const started = Date.now();
  const r = await call(ready, { path: '/api/ready' });
  const elapsed = Date.now() - started;
  expect(r.status).toBe(503);
  expect(r.body.error.code).toBe('not_ready');
  expect(r.body.error.details.checks).toEqual({ process: 'ok', database: 'timeout', migrations: 'unknown' });
  expect(elapsed).toBeGreaterThanOrEqual(900);
  expect(elapsed).toBeLessThan(3000);
  expect((await call(health, { path: '/api/health' })).status).toBe(200);
});
