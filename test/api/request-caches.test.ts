/**
 * The per-process caches in front of every handler: tenants by slug (5 s) and sessions (2 s).
 * Revocation through this instance is immediate (logout, settings change); a change made behind the
 * instance's back (another instance, a raw database write) shows within the TTL.
 */
import { eq } from 'drizzle-orm';
import { GET as logout } from '@/app/api/v1/auth/logout/route';
import { PATCH as patchSettings } from '@/app/api/v1/facility/[facilityId]/settings/route';
import { GET as session } from '@/app/api/v1/session/route';
import { SESSION_CACHE_TTL_MS } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { sessions, tenants, users } from '@/lib/server/db/schema';
import { findTenant } from '@/lib/server/tenancy';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, DB_TIMEOUT, LUCIA, SARA } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

beforeAll(async () => {
  await openTestDb();
}, DB_TIMEOUT);
afterAll(closeTestDb);

const who = (cookie: string) => call(session, { path: '/api/v1/session', cookie });
/** Every faked API but Date: what the clock-driven tests leave real. */
const REAL_TIMERS: FakeableAPI[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];

describe('session cache', () => {
  it('logout ends a session at once, though it was just served from the cache', async () => {
    const cookie = await sessionFor(ANA);
    expect((await who(cookie)).status).toBe(200);
    expect((await who(cookie)).status).toBe(200); // now cached
    expect((await call(logout, { path: '/api/v1/auth/logout', cookie })).status).toBe(204);
    expect((await who(cookie)).status).toBe(404);
  });

  it('a session deleted behind the instance’s back is served until the TTL ends, then stops working', async () => {
    const cookie = await sessionFor(SARA);
    // Only the clock is faked: the database drivers keep their real timers.
    jest.useFakeTimers({ now: Date.now(), doNotFake: REAL_TIMERS });
    try {
      expect((await who(cookie)).status).toBe(200); // cached from now on
      const [user] = await (await getDb()).select().from(users).where(eq(users.email, SARA));
      await (await getDb()).delete(sessions).where(eq(sessions.userId, user!.id));
      jest.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS - 1);
      expect((await who(cookie)).status).toBe(200);
      jest.setSystemTime(Date.now() + 1);
      expect((await who(cookie)).status).toBe(404);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an unknown token is never cached as valid', async () => {
    expect((await who('klok_session=not-a-token')).status).toBe(404);
    expect((await who('klok_session=not-a-token')).status).toBe(404);
  });
});

describe('tenant cache', () => {
  it('a settings change through the API is seen at once by the next request', async () => {
    const before = await findTenant('klok'); // cached from here on
    expect(before!.phoneCountries).toEqual(['ES']);
    const admin = await sessionFor(LUCIA);
    const res = await call(patchSettings, {
      method: 'PATCH',
      path: '/api/v1/facility/1/settings',
      params: { facilityId: '1' },
      body: { phone_countries: ['ES', 'PT'] },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect((await findTenant('klok'))!.phoneCountries).toEqual(['ES', 'PT']);
  });

  it('an unknown slug is not cached: a tenant created afterwards is found at once', async () => {
    expect(await findTenant('nuevo-salon')).toBeNull();

    await (await getDb()).insert(tenants).values({ slug: 'nuevo-salon', name: 'Nuevo' });
    expect((await findTenant('nuevo-salon'))?.slug).toBe('nuevo-salon');
  });
});
