/**
 * The outbox claim across salons (tenant-keyed writes): `claimDue` reads the due rows of every
 * salon, then claims them salon by salon. What a worker sees must not change: the oldest due messages first
 * whatever their salon, up to `limit`, each row claimed once (a second worker gets the rest, then nothing),
 * and on PostgreSQL two workers claiming at the same time never get the same row.
 */
import { inArray } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { outbox } from '@/lib/server/db/schema';
import { claimDue } from '@/lib/server/notifications/worker';
import { closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT, seedSalon2, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

let db: Db;
let klok: number;
let salon2: number;
const T0 = Date.parse('2031-05-05T10:00:00Z');

beforeAll(async () => {
  await openTestDb();
  db = await getDb();
  await seedSalon2();
  klok = await tenantId('klok');
  salon2 = await tenantId('salon2');
}, DB_TIMEOUT);
afterAll(closeTestDb);
// Whatever the seed or an earlier test queued counts as delivered: only each test's own rows are due.
beforeEach(() => db.update(outbox).set({ status: 'sent', lockedUntil: null }));

/** Queues one due e-mail per (salon, minutes after T0) and returns their ids in that order. */
async function queue(items: [number, number][]): Promise<number[]> {
  const rows = await db
    .insert(outbox)
    .values(items.map(([t, min]) => ({ tenantId: t, kind: 'email' as const, payload: { to: `c${min}@example.com`, subject: 's', text: 't' }, nextAttemptAt: new Date(T0 + min * 60_000) })))
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

test('claims the oldest due messages of every salon, in due order, each once', async () => {
  const ids = await queue([[klok, 1], [salon2, 2], [klok, 3], [salon2, 4], [klok, 5]]);
  const now = new Date(T0 + 60 * 60_000);
  const first = await claimDue(db, { now, limit: 3 });
  expect(first.rows.map((r) => [r.tenant_id, r.id])).toEqual([[klok, ids[0]], [salon2, ids[1]], [klok, ids[2]]]);
  expect(first.rows.every((r) => r.attempts === 1)).toBe(true);
  const second = await claimDue(db, { now, limit: 3 });
  expect(second.rows.map((r) => r.id)).toEqual([ids[3], ids[4]]);
  expect((await claimDue(db, { now, limit: 3 })).rows).toEqual([]);
  const stored = await db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
  expect(stored.map((r) => r.status)).toEqual(['sending', 'sending', 'sending', 'sending', 'sending']);
});

test('a message not yet due is left for later', async () => {
  const [id] = await queue([[salon2, 600]]);
  const now = new Date(T0 + 599 * 60_000);
  expect((await claimDue(db, { now, limit: 10 })).rows.map((r) => r.id)).not.toContain(id);
  expect((await claimDue(db, { now: new Date(T0 + 600 * 60_000), limit: 10 })).rows.map((r) => r.id)).toEqual([id]);
});

test('two workers claiming at the same time never get the same row', async () => {
  const items: [number, number][] = Array.from({ length: 60 }, (_, i) => [i % 2 ? klok : salon2, 1000 + i]);
  const ids = await queue(items);
  const now = new Date(T0 + 2000 * 60_000);
  const [a, b] = await Promise.all([claimDue(db, { now, limit: 40 }), claimDue(db, { now, limit: 40 })]);
  const got = [...a.rows, ...b.rows].map((r) => r.id);
  expect(new Set(got).size).toBe(got.length);
  // Together they claimed every due row (the second run picks up what the first left).
  const rest = await claimDue(db, { now, limit: 100 });
  expect(new Set([...got, ...rest.rows.map((r) => r.id)])).toEqual(new Set(ids));
});
