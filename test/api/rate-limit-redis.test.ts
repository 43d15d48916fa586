/**
 * The rate limits on Redis (REDIS_URL set): the same limits hold under parallel requests with the
 * counters in Redis instead of the database. Runs when REDIS_TEST_URL names a Redis server (.ci/run sets
 * it when one answers at 127.0.0.1:6379).
 */
import { randomUUID } from 'node:crypto';

const url = process.env.REDIS_TEST_URL;
if (url) process.env.REDIS_URL = url;

import { closeRateLimits, consume, LIMITS } from '@/lib/server/rate-limit';

afterAll(() => closeRateLimits());

const withRedis = url ? it : it.skip;

withRedis('lets exactly the limit through 40 parallel consumptions of one key', async () => {
  const key = `test-${randomUUID()}`;
  const results = await Promise.allSettled(Array.from({ length: 40 }, () => consume('phoneCodePerUser', key)));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.phoneCodePerUser.points);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused).toHaveLength(40 - LIMITS.phoneCodePerUser.points);
  for (const r of refused) {
    expect(r.reason.code).toBe('too_many_requests');
    expect(r.reason.options.retryAfter).toBeGreaterThan(0);
  }
});
