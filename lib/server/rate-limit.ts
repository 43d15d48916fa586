import 'server-only';
import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getDb, type Db } from '@/lib/server/db/client';
import { rateLimits } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';

/**
 * The abuse limits of the API (issue 9), in one table: how many `points` a key may spend per window of
 * `seconds`. Keys are hashed before they are stored (they hold IP addresses and phone numbers).
 * Counters live in PostgreSQL (table `rate_limits`, one atomic upsert per consumption) or in Redis when
 * REDIS_URL is set, so they hold under parallel requests and across instances.
 */
export const LIMITS = {
  /** Every API request of one client IP (the general budget). */
  apiPerIp: { points: 600, seconds: 60 },
  /** Requests presenting an unknown or expired session cookie, per IP (token guessing). */
  badSessionPerIp: { points: 30, seconds: 600 },
  /** Verification codes sent: per account, per phone number, per IP and per tenant. */
  phoneCodePerUser: { points: 5, seconds: 3600 },
  phoneCodePerPhone: { points: 5, seconds: 3600 },
  phoneCodePerIp: { points: 10, seconds: 3600 },
  phoneCodePerTenant: { points: 200, seconds: 3600 },
  /** Code checks per account across codes (each code also dies after 5 wrong attempts). */
  phoneVerifyPerUser: { points: 20, seconds: 3600 },
  /** Phone lookups (they reveal whether a number has an account). */
  phoneLookupPerUser: { points: 30, seconds: 600 },
  phoneLookupPerIp: { points: 60, seconds: 600 },
  /** Sign-in starts and callbacks per IP. */
  signInPerIp: { points: 30, seconds: 600 },
  signInCallbackPerIp: { points: 30, seconds: 600 },
  /** New clients created by staff (invitations), per staff member. */
  clientInvitePerUser: { points: 100, seconds: 3600 },
  /** Bookings per client account, and per staff member. */
  bookingPerClient: { points: 20, seconds: 3600 },
  bookingPerStaff: { points: 600, seconds: 3600 },
} as const satisfies Record<string, { points: number; seconds: number }>;

export type LimitName = keyof typeof LIMITS;

type Limiters = Map<LimitName, RateLimiterAbstract>;
type Holder = { redis?: Promise<Limiters>; closeRedis?: () => Promise<void>; db?: { db: Db; limiters: Limiters } };
const holder: Holder = ((globalThis as { __klokRateLimits?: Holder }).__klokRateLimits ??= {});

/** The limits with RATE_LIMIT_IP_FACTOR applied to the per-IP ones. */
const entries = () =>
  (Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]).map(
    ([name, l]) => [name, name.endsWith('PerIp') ? { ...l, points: l.points * env().RATE_LIMIT_IP_FACTOR } : l] as const,
  );

/** The limiters on the current store: Redis when REDIS_URL is set, else the current database handle. */
async function limiters(): Promise<Limiters> {
  const { REDIS_URL } = env();
  if (REDIS_URL) {
    holder.redis ??= (async () => {
      const { default: Redis } = await import('ioredis');
      const client = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
      client.on('error', (err) => console.warn('[rate-limit] redis', err.message));
      await client.connect();
      holder.closeRedis = () => client.quit().then(() => undefined);
      return new Map(
        entries().map(([name, l]) => [
          name,
          new RateLimiterRedis({ storeClient: client, keyPrefix: `klok:${name}`, points: l.points, duration: l.seconds }),
        ]),
      );
    })().catch((err) => {
      holder.redis = undefined;
      throw err;
    });
    return holder.redis;
  }
  const db = await getDb();
  if (holder.db?.db !== db) {
    const map: Limiters = new Map(
      entries().map(([name, l], i) => [
        name,
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          points: l.points,
          duration: l.seconds,
          // One limiter sweeps the expired rows of the whole table every five minutes.
          clearExpiredByTimeout: i === 0,
        }),
      ]),
    );
    holder.db = { db, limiters: map };
  }
  return holder.db.limiters;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/**
 * Spends `points` (default 1) of limit `name` for `key` (a user id, phone number, IP address or tenant id).
 * Resolves when within the limit; throws ApiError 429 `too_many_requests` with a Spanish message and
 * `retryAfter` (seconds, for the `Retry-After` header) when the limit is spent. Store failures propagate
 * (a database failure becomes 503 in the route wrapper). No-op when RATE_LIMITS=off (benchmarks only).
 */
export async function consume(name: LimitName, key: string, points = 1): Promise<void> {
  if (env().RATE_LIMITS === 'off') return;
  const limiter = (await limiters()).get(name)!;
  try {
    await limiter.consume(hashKey(key), points);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      throw new ApiError('too_many_requests', errorMessage('tooManyRequests'), undefined, {
        retryAfter: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
      });
    }
    throw err;
  }
}

/** Spends one point of each listed limit (all are charged, so a refused request still counts everywhere). */
export async function consumeAll(checks: [LimitName, string][]): Promise<void> {
  const results = await Promise.allSettled(checks.map(([name, key]) => consume(name, key)));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Closes the Redis connection of the limiters, if one is open (tests and shutdown). */
export async function closeRateLimits(): Promise<void> {
  const close = holder.closeRedis;
  holder.redis = undefined;
  holder.closeRedis = undefined;
  await close?.();
}
