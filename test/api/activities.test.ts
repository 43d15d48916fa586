/**
 * The activity feed: `GET /facility/1/activities?cursor=&limit=` pages newest first by keyset,
 * `seen`/`unseen` are per staff member (a watermark each), `PATCH /facility/1/activities/seen` moves the
 * caller's watermark forward only. Staff only; tenants see only their own feed. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where the concurrent PATCHes really run in parallel).
 */
import { eq } from 'drizzle-orm';
import { GET as getActivities } from '@/app/api/v1/facility/[facilityId]/activities/route';
import { PATCH as patchSeen } from '@/app/api/v1/facility/[facilityId]/activities/seen/route';
import { getDb } from '@/lib/server/db/client';
import { activities, activityReads } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  book,
  cancelAppointment,
  DB_TIMEOUT,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  SALON2,
  salon2StaffSession,
  SARA,
  seedSalon2,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

type Item = { id: number; type: string; data: Record<string, unknown>; seen: boolean; created_at: string };
type Page = { items: Item[]; next_cursor: string | null; unseen: number };

let lucia: string;
let marcos: string;
let sara: string;
let ana: string;
let salon2Staff: string;
let klok: number;
let salon2: number;

/** `GET /facility/1/activities` with an optional query; the raw answer. */
function get(cookie: string | undefined, query: Record<string, string | number> = {}, host?: { host: string }) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const q = qs.size > 0 ? `?${qs}` : '';
  return call(getActivities, { path: `/api/v1/facility/1/activities${q}`, params: { facilityId: '1' }, cookie, ...host });
}

/** One page (asserting 200). */
async function page(cookie: string, query: Record<string, string | number> = {}, host?: { host: string }): Promise<Page> {
  const r = await get(cookie, query, host);
  expect(r.status).toBe(200);
  return r.body as Page;
}

/** `PATCH /facility/1/activities/seen`. */
function seen(cookie: string | undefined, body: unknown, host?: { host: string }) {
  return call(patchSeen, { method: 'PATCH', path: '/api/v1/facility/1/activities/seen', params: { facilityId: '1' }, body, cookie, ...host });
}

/** Writes `n` activities of a tenant straight into the table (as the booking use cases do); their ids, ascending. */
async function addActivities(tenant: number, n: number, label = 'x'): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .insert(activities)
    .values(Array.from({ length: n }, (_, i) => ({ tenantId: tenant, type: 'user_created' as const, data: { name: `${label} ${i}`, email: `${label}${i}@example.com` } })))
    .returning({ id: activities.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The caller's current unseen count. */
const unseenOf = async (cookie: string, host?: { host: string }) => (await page(cookie, { limit: 1 }, host)).unseen;

/** The newest activity id of the klok feed. */
const newestId = async (cookie: string) => (await page(cookie, { limit: 1 })).items[0]!.id;

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  klok = await tenantId();
  salon2 = await tenantId('salon2');
  [lucia, marcos, sara, ana] = await Promise.all([sessionFor(LUCIA), sessionFor(MARCOS), sessionFor(SARA), sessionFor(ANA)]);
  salon2Staff = await salon2StaffSession();
  await addActivities(klok, 5, 'inicio');
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('access', () => {
  it('answers 401 without a session and 403 to a client, for both calls', async () => {
    expect((await get(undefined)).status).toBe(401);
    expect((await seen(undefined, { up_to_id: 1 })).status).toBe(401);
    const g = await get(ana);
    expect(g.status).toBe(403);
    expect(g.body.error.code).toBe('forbidden');
    const p = await seen(ana, { up_to_id: 1 });
    expect(p.status).toBe(403);
  });

  it('lets employees and admins read the feed', async () => {
    for (const cookie of [lucia, marcos, sara]) expect((await get(cookie)).status).toBe(200);
  });
});

describe('validation', () => {
  it.each([
    [{ limit: 0 }],
    [{ limit: 101 }],
    [{ limit: 'diez' }],
    [{ cursor: 'abc' }],
    [{ cursor: -3 }],
    [{ cursor: 0 }],
  ])('refuses the query %j with 400', async (query) => {
    const r = await get(marcos, query);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
  });

  it.each([[{}], [{ up_to_id: -1 }], [{ up_to_id: 'todo' }], [{ up_to_id: 1.5 }]])('refuses the body %j with 400', async (body) => {
    expect((await seen(marcos, body)).status).toBe(400);
  });

  it('answers 400 for another facility id', async () => {
    const r = await call(getActivities, { path: '/api/v1/facility/2/activities', params: { facilityId: '2' }, cookie: marcos });
    expect(r.status).toBe(400);
  });
});

describe('paging', () => {
  it('gives 30 items by default and at most 100, newest first, each in the spec shape', async () => {
    await addActivities(klok, 120, 'lote');
    const first = await page(marcos);
    expect(first.items).toHaveLength(30);
    expect(first.next_cursor).not.toBeNull();
    const ids = first.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(first.items[0]!).sort()).toEqual(['created_at', 'data', 'id', 'seen', 'type']);
    expect(first.items[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await page(marcos, { limit: 100 })).items).toHaveLength(100);
  });

  it('walks the whole feed with no duplicates and no gaps while new items arrive between pages', async () => {
    const db = await getDb();
    const before = (await db.select({ id: activities.id }).from(activities).where(eq(activities.tenantId, klok))).map((r) => r.id);
    const seenIds: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const p = await page(marcos, { limit: 17, ...(cursor ? { cursor } : {}) });
      seenIds.push(...p.items.map((i) => i.id));
      cursor = p.next_cursor;
      pages++;
      // Someone books meanwhile: the new items belong before the first page, never inside later ones.
      await addActivities(klok, 3, `nuevo${pages}`);
    } while (cursor);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(seenIds).toEqual([...before].sort((a, b) => b - a));
    expect(pages).toBe(Math.ceil(before.length / 17));
  });
});

describe('seen per staff member', () => {
  it('marks items seen for the caller only: Marcos reading does not clear Sara’s new items', async () => {
    const saraBefore = await unseenOf(sara);
    expect(saraBefore).toBeGreaterThan(0);
    const top = await newestId(marcos);
    const r = await seen(marcos, { up_to_id: top });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { unseen: 0 } });
    expect(await unseenOf(marcos)).toBe(0);
    expect((await page(marcos)).items.every((i) => i.seen)).toBe(true);
    expect(await unseenOf(sara)).toBe(saraBefore);
    expect((await page(sara)).items.some((i) => i.seen)).toBe(false);
    expect(await unseenOf(lucia)).toBe(saraBefore);
  });

  it('counts what arrives later as new, and a partial watermark splits the page', async () => {
    const [a, b, c] = await addActivities(klok, 3, 'tarde');
    expect(await unseenOf(marcos)).toBe(3);
    const r = await seen(marcos, { up_to_id: a! });
    expect(r.body.data.unseen).toBe(2);
    const items = (await page(marcos, { limit: 4 })).items;
    expect(items.map((i) => [i.id, i.seen])).toEqual([
      [c, false],
      [b, false],
      [a, true],
      [a! - 1, true],
    ]);
  });

  it('never moves the watermark back', async () => {
    const top = await newestId(marcos);
    expect((await seen(marcos, { up_to_id: top })).body.data.unseen).toBe(0);
    const back = await seen(marcos, { up_to_id: 1 });
    expect(back.status).toBe(200);
    expect(back.body.data.unseen).toBe(0);
    expect((await page(marcos)).items.every((i) => i.seen)).toBe(true);
    expect((await seen(marcos, { up_to_id: 0 })).body.data.unseen).toBe(0);
  });

  it('never moves past the newest activity: later activities are new even after an oversized up_to_id', async () => {
    expect((await seen(sara, { up_to_id: 2_147_483_647 })).body.data.unseen).toBe(0);
    await addActivities(klok, 1, 'posterior');
    expect(await unseenOf(sara)).toBe(1);
  });

  it('keeps the highest watermark when many PATCHes race (first upsert included)', async () => {
    await addActivities(klok, 40, 'carrera');
    const ids = (await page(lucia, { limit: 40 })).items.map((i) => i.id);
    const top = ids[0]!;
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    // Lucía has no watermark row yet: the first writes race on the insert.
    const answers = await Promise.all(shuffled.map((id) => seen(lucia, { up_to_id: id })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await unseenOf(lucia)).toBe(0);
    const db = await getDb();
    const user = await import('@/lib/server/repositories/users').then((m) => m.findUserByEmail(db, klok, LUCIA));
    const rows = await db.select().from(activityReads).where(eq(activityReads.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastSeenId).toBe(top);
    // The highest answer's unseen is 0; none is negative.
    expect(answers.some((r) => r.body.data.unseen === 0)).toBe(true);
    expect(answers.every((r) => r.body.data.unseen >= 0)).toBe(true);
  });
});

describe('tenants', () => {
  it("shows salon2's staff none of klok's activities and counts only its own", async () => {
    const own = await addActivities(salon2, 4, 'salon2');
    const p = await page(salon2Staff, { limit: 100 }, SALON2);
    expect(p.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(own);
    expect(p.unseen).toBe(4);
    const klokPage = await page(marcos, { limit: 100 });
    expect(klokPage.items.some((i) => own.includes(i.id))).toBe(false);
  });

  it('ends with next_cursor null on an exactly full last page, and an empty page past the end', async () => {
    const first = await page(salon2Staff, { limit: 2 }, SALON2);
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await page(salon2Staff, { limit: 2, cursor: first.next_cursor! }, SALON2);
    expect(second.items).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect((await page(salon2Staff, { cursor: second.items[1]!.id }, SALON2)).items).toEqual([]);
  });

  it("caps a watermark at the caller's own newest activity, whatever id of another tenant is sent", async () => {
    const klokTop = await addActivities(klok, 2, 'alto');
    const r = await seen(salon2Staff, { up_to_id: klokTop[1]! }, SALON2);
    expect(r.status).toBe(200);
    expect(r.body.data.unseen).toBe(0);
    const later = await addActivities(salon2, 1, 'salon2-tarde');
    const p = await page(salon2Staff, {}, SALON2);
    expect(p.unseen).toBe(1);
    expect(p.items[0]).toMatchObject({ id: later[0], seen: false });
    // klok's klok staff did not gain anything from salon2's reading.
    expect(await unseenOf(sara)).toBeGreaterThan(0);
  });

  it("refuses a klok session on salon2's host", async () => {
    expect((await get(marcos, {}, SALON2)).status).toBe(401);
    expect((await seen(marcos, { up_to_id: 1 }, SALON2)).status).toBe(401);
  });
});

describe('from the booking and cancellation calls', () => {
  it('lists a booking and its cancellation newest first, with the appointment id and start for the agenda', async () => {
    const top = await newestId(marcos);
    expect((await seen(marcos, { up_to_id: top })).body.data.unseen).toBe(0);
    const date = madridDates(8, 21, [1, 2, 4, 5])[0]!;
    const start = madridInstant(date, '10:00');
    const booked = await book(marcos, staffBookingBody({ start, employee: SARA, serviceId: await serviceId('Corte de pelo'), name: 'Walk-in' }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.event_id as string;
    expect((await cancelAppointment(sara, { id, notes: 'Se ha puesto enfermo' })).status).toBe(200);
    const p = await page(marcos, { limit: 2 });
    expect(p.unseen).toBe(2);
    expect(p.items.map((i) => i.type)).toEqual(['appointment_cancelled', 'employee_appointment_created']);
    for (const item of p.items) expect(item.data).toMatchObject({ id, start_time: start, service_name: 'Corte de pelo', employee_name: 'Sara López', client_name: 'Walk-in' });
    expect(p.items[0]!.data.created_by).toBe('Sara López');
    expect(p.items[0]!.data.notes).toBe('Se ha puesto enfermo');
    expect(p.items[1]!.data).not.toHaveProperty('account_name');
    expect(p.items[1]!.data.created_by).toBe('Marcos Ruiz');
  });
});
