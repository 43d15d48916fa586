import 'server-only';
import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { lt, sql } from 'drizzle-orm';
import { HOUR_MS, MINUTE_MS } from '@/lib/domain/time';
import { getDb, preparedPerDb, UNNAMED_STATEMENT, type Db, type DbOrTx } from '@/lib/server/db/client';
import { rateLimits } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';

/**
 * The abuse limits of the API, in one table: how many `points` a key may spend per window of
 * `seconds`. Keys are hashed before they are stored (they hold IP addresses and phone numbers).
 * Counters live in PostgreSQL (table `rate_limits`, one atomic upsert per consumption) or in Redis when
 * REDIS_URL is set, so they hold under parallel requests and across instances.
 */
export const LIMITS = {
  /** Every API request of one client IP (the general budget). */
  apiPerIp: { points: 600, seconds: 60 },
  /** Requests presenting an unknown or expired session cookie, per IP (token guessing). */
  badSessionPerIp: { points: 30, seconds: 600 },
  /**
   * Verification codes: per account, per phone number and per IP (every request counts), and per tenant
   * (only codes actually sent count, so one abusive account cannot spend the whole salon's budget).
   */
  phoneCodePerUser: { points: 5, seconds: 3600 },
  phoneCodePerPhone: { points: 5, seconds: 3600 },
  phoneCodePerIp: { points: 10, seconds: 3600 },
  phoneCodePerTenant: { points: 200, seconds: 3600 },
  /** Code checks per account across codes (each code also dies after 5 wrong attempts). */
  phoneVerifyPerUser: { points: 20, seconds: 3600 },
  /**
   * Phone lookups (they reveal whether a number has an account): `GET /users/phone/{phone}` and the
   * `phone_taken` check of a code request spend the same budget.
   */
  phoneLookupPerUser: { points: 30, seconds: 600 },
  phoneLookupPerIp: { points: 60, seconds: 600 },
  /**
   * Reads of visitors without a session (services, stylists, free hours: beyond-the-spec section 1), per IP.
   * One browse of the booking wizard is a few dozen reads (a day's hours per stylist); the budget leaves room
   * for several people behind one mobile carrier's shared address and stops a scraper. Signed-in users are
   * not charged.
   */
  publicReadPerIp: { points: 300, seconds: 600 },
  /** Sign-in starts and callbacks per IP. */
  signInPerIp: { points: 30, seconds: 600 },
  signInCallbackPerIp: { points: 30, seconds: 600 },
  /**
   * Sign-in links by e-mail: requests per IP, and per tenant and address (each sends an e-mail to someone
   * who may not have asked for it); spent by every request, whether or not the address has an account.
   */
  emailLinkPerIp: { points: 20, seconds: 3600 },
  emailLinkPerEmail: { points: 5, seconds: 3600 },
  /**
   * Holds of an hour (beyond-the-spec section 1), per IP: a holder keeps one live hold, so this bounds how
   * many hours one address can keep from others (each for 10 minutes) while leaving room to change one's mind.
   */
  holdPerIp: { points: 20, seconds: 600 },
  /**
   * Action links `/c/{token}` (beyond-the-spec section 3), reads and actions per IP: a client opens one link a
   * few times; a guesser of tokens is stopped long before a 256-bit token could be found.
   */
  actionLinkPerIp: { points: 60, seconds: 600 },
  /** Waitlist entries added (beyond-the-spec section 4), per user: an account holds 3 active at most anyway. */
  waitlistPerUser: { points: 30, seconds: 3600 },
  /** New clients created by staff (invitations), per staff member. */
  clientInvitePerUser: { points: 100, seconds: 3600 },
  /** Bookings per client account, and per staff member. */
  bookingPerClient: { points: 20, seconds: 3600 },
  bookingPerStaff: { points: 600, seconds: 3600 },
  /**
   * Calls of the WhatsApp webhook (beyond-the-spec section 5), per tenant, handshakes and events alike: Meta
   * batches events and retries refused deliveries later, so the budget only stops a flood.
   */
  whatsappWebhookPerTenant: { points: 600, seconds: 60 },
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
      entries().map(([name, l]) => [
        name,
        new PreparedRateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          points: l.points,
          duration: l.seconds,
          // The worker's periodic job `sweepExpiredLimits` deletes expired rows; the library's own timer
          // would outlive the handle it was given.
          clearExpiredByTimeout: false,
        }),
      ]),
    );
    holder.db = { db, limiters: map };
  }
  return holder.db.limiters;
}

/**
 * The upsert of rate-limiter-flexible's Drizzle store (one atomic `insert … on conflict do update … returning`
 * per consumption, same SQL and same rules) as a query built once per database handle instead of per call
 * (every API request spends a point, and building the statement cost more CPU than running it).
 */
const upsertQuery = preparedPerDb((db: DbOrTx) => {
  const now = sql.param(sql.placeholder('now'), rateLimits.expire);
  const expire = sql.placeholder('expire');
  const points = sql.placeholder('points');
  const expired = sql`${rateLimits.expire} <= ${now}`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), points, expire })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${expired} THEN ${sql.param(points, rateLimits.points)} ELSE ${rateLimits.points} + ${sql.param(points, rateLimits.points)} END`,
        expire: sql`CASE WHEN ${expired} THEN ${sql.param(expire, rateLimits.expire)} ELSE ${rateLimits.expire} END`,
      },
    })
    .returning()
    .prepare(UNNAMED_STATEMENT);
});

/** `forceExpire` of the same store (`set`, `block`): the row becomes exactly `points` until `expire`. */
const setQuery = preparedPerDb((db: DbOrTx) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), points: sql.placeholder('points'), expire: sql.placeholder('expire') })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { points: sql`excluded.points`, expire: sql`excluded.expire` },
    })
    .returning()
    .prepare(UNNAMED_STATEMENT),
);

/** The library's own `_upsert` (not in its typings). */
const libraryUpsert = (RateLimiterDrizzle.prototype as unknown as {
  _upsert: (this: RateLimiterDrizzle, key: string, points: number, msDuration: number, forceExpire: boolean) => Promise<unknown>;
})._upsert;

/** RateLimiterDrizzle with its upsert prepared once (`upsertQuery`); reads and deletes are the library's. */
class PreparedRateLimiterDrizzle extends RateLimiterDrizzle {
  private readonly db: Db;
  constructor(opts: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Db }) {
    super(opts);
    this.db = opts.storeClient;
  }

  /** rate-limiter-flexible's store hook: spend (or, with `forceExpire`, set) `points` of `key`. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<unknown> {
    // A limit without a window (never one of LIMITS) keeps the library's own path: the prepared bounds are dates.
    if (msDuration <= 0) return libraryUpsert.call(this, key, points, msDuration, forceExpire);
    const now = new Date();
    const expire = new Date(now.getTime() + msDuration);
    const [row] = forceExpire
      ? await setQuery(this.db).execute({ key, points, expire })
      : await upsertQuery(this.db).execute({ key, points, expire, now });
    return row;
  }
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

/**
 * Gives back `points` (default 1) of limit `name` for `key`, spent by a request that then did not do what
 * the limit counts (e.g. a verification code that was never sent). No-op when RATE_LIMITS=off.
 */
export async function refund(name: LimitName, key: string, points = 1): Promise<void> {
  if (env().RATE_LIMITS === 'off') return;
  await (await limiters()).get(name)!.reward(hashKey(key), points);
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

/** How often the worker sweeps expired counters (ms), and how long a counter outlives its window (ms). */
export const RATE_LIMIT_SWEEP_MS = 5 * MINUTE_MS;
const SWEEP_AFTER_EXPIRY_MS = HOUR_MS;

/**
 * The periodic job of the delivery worker (instrumentation.ts registers it): deletes the database counters
 * whose window ended more than an hour before `now` (ms since the epoch), so the table holds only live keys.
 * Returns how many rows went. Counters in Redis expire by themselves; this is a no-op then.
 */
export async function sweepExpiredLimits(now = Date.now()): Promise<number> {
  if (env().REDIS_URL) return 0;
  const db = await getDb();
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, new Date(now - SWEEP_AFTER_EXPIRY_MS)))
    .returning({ key: rateLimits.key });
  return gone.length;
}
