/**
 * Tenant settings (decisions "Admin-only actions"): `GET /facility/1/settings` for staff and
 * `PATCH` for admins only; automatic reminders on by default, and a tenant that turns them off is skipped by
 * the reminder scan while another tenant keeps getting its reminders.
 */
import { eq, inArray } from 'drizzle-orm';
import { GET, PATCH } from '@/app/api/v1/facility/[facilityId]/settings/route';
import { getDb } from '@/lib/server/db/client';
import { appointments, outbox } from '@/lib/server/db/schema';
import { queueDueReminders } from '@/lib/server/notifications/reminders';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, DB_TIMEOUT, MARCOS, SALON2, seedSalon2, seedSessions, tenantId } from './fixtures';

/** Confirm or release as a new salon has it (beyond-the-spec section 3). */
const DEFAULT_CONFIRMATION = { enabled: true, request_hours: 48, cutoff_hours: 12 };

jest.setTimeout(DB_TIMEOUT);

const PATH = '/api/v1/facility/1/settings';
const params = { facilityId: '1' };
let admin: string;
let employee: string;
let client: string;
let salon2Admin: string;

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  ({ admin, employee, client } = await seedSessions());
  salon2Admin = await sessionFor('admin@salon2.demo', 'salon2');
}, DB_TIMEOUT);
afterAll(closeTestDb);

const read = (cookie: string, host?: string) => call(GET, { path: PATH, params, cookie, host });
const patch = (cookie: string | undefined, body: unknown, host?: string) =>
  call(PATCH, { method: 'PATCH', path: PATH, params, body, cookie, host });

describe('GET /facility/1/settings', () => {
  it('answers the defaults to staff: automatic reminders on', async () => {
    expect(await read(admin)).toMatchObject({ status: 200, body: { data: { automatic_reminders: true } } });
    expect(await read(employee)).toMatchObject({ status: 200, body: { data: { automatic_reminders: true } } });
  });

  it('is refused to clients (403) and without a session (401)', async () => {
    expect((await read(client)).status).toBe(403);
    expect((await call(GET, { path: PATH, params })).status).toBe(401);
  });

  it('answers 400 for another facility id', async () => {
    expect((await call(GET, { path: '/api/v1/facility/2/settings', params: { facilityId: '2' }, cookie: admin })).status).toBe(400);
  });
});

describe('PATCH /facility/1/settings', () => {
  afterEach(async () => {
    await patch(admin, { automatic_reminders: true });
    await patch(salon2Admin, { automatic_reminders: true }, SALON2.host);
  });

  it('an admin turns automatic reminders off and on again', async () => {
    expect(await patch(admin, { automatic_reminders: false })).toMatchObject({ status: 200, body: { data: { automatic_reminders: false } } });
    expect((await read(employee)).body).toEqual({ data: { automatic_reminders: false, phone_countries: ['ES'], confirmation: DEFAULT_CONFIRMATION, weekly_summary: true, version: expect.any(String) } });
    expect(await patch(admin, { automatic_reminders: true })).toMatchObject({ status: 200, body: { data: { automatic_reminders: true } } });
    expect((await read(admin)).body).toEqual({ data: { automatic_reminders: true, phone_countries: ['ES'], confirmation: DEFAULT_CONFIRMATION, weekly_summary: true, version: expect.any(String) } });
  });

  it('an admin turns the Monday summary e-mail off and on again, and the version follows it', async () => {
    const before = (await read(admin)).body.data;
    expect(before.weekly_summary).toBe(true);
    const off = await patch(admin, { weekly_summary: false });
    expect(off).toMatchObject({ status: 200, body: { data: { weekly_summary: false, automatic_reminders: true } } });
    expect(off.body.data.version).not.toBe(before.version);
    expect((await read(employee)).body.data.weekly_summary).toBe(false);
    const on = await patch(admin, { weekly_summary: true });
    expect(on).toMatchObject({ status: 200, body: { data: { weekly_summary: true, version: before.version } } });
    expect((await patch(admin, { weekly_summary: 'no' })).status).toBe(400);
  });

  it('an admin sets the countries allowed for phone verification (Spain only by default)', async () => {
    expect((await read(employee)).body.data.phone_countries).toEqual(['ES']);
    const saved = await patch(admin, { phone_countries: ['ES', 'PT', 'FR'] });
    expect(saved).toMatchObject({ status: 200, body: { data: { automatic_reminders: true, phone_countries: ['ES', 'PT', 'FR'] } } });
    expect((await read(employee)).body.data.phone_countries).toEqual(['ES', 'PT', 'FR']);
    for (const bad of [[], ['es'], ['XX'], ['ES', 'ES'], ['ESP'], 'ES']) {
      const res = await patch(admin, { phone_countries: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Los datos enviados no son válidos.');
    }
    expect((await read(admin)).body.data.phone_countries).toEqual(['ES', 'PT', 'FR']);
    expect((await patch(employee, { phone_countries: ['ES', 'GB'] })).status).toBe(403);
    await patch(admin, { phone_countries: ['ES'] });
  });

  it('is admin-only: an employee and a client get 403 and nothing changes', async () => {
    const e = await patch(employee, { automatic_reminders: false });
    expect(e.status).toBe(403);
    expect(e.body.error.code).toBe('forbidden');
    expect((await patch(client, { automatic_reminders: false })).status).toBe(403);
    expect((await patch(undefined, { automatic_reminders: false })).status).toBe(401);
    expect((await read(admin)).body.data.automatic_reminders).toBe(true);
  });

  it('rejects an invalid body with 400', async () => {
    expect((await patch(admin, {})).status).toBe(400);
    expect((await patch(admin, { automatic_reminders: 'no' })).status).toBe(400);
  });

  it('changes only the caller’s tenant', async () => {
    expect((await patch(salon2Admin, { automatic_reminders: false }, SALON2.host)).status).toBe(200);
    expect((await read(salon2Admin, SALON2.host)).body.data.automatic_reminders).toBe(false);
    expect((await read(admin)).body.data.automatic_reminders).toBe(true);
    // The session of one tenant does not reach the other.
    expect((await patch(admin, { automatic_reminders: false }, SALON2.host)).status).toBe(401);
  });

  it('the reminder scan skips a tenant with reminders off, and only that tenant', async () => {
    const db = await getDb();
    const H = 3_600_000;
    const now = Date.parse('2032-05-10T08:00:00.000Z');
    const insert = async (slug: string, stylistEmail: string, clientEmail: string) => {
      const tid = await tenantId(slug);
      const stylist = (await findUserByEmail(db, tid, stylistEmail))!;
      const who = (await findUserByEmail(db, tid, clientEmail))!;
      const [row] = await db
        .insert(appointments)
        .values({
          tenantId: tid,
          employeeId: stylist.id,
          clientId: who.id,
          userId: who.id,
          clientName: who.name,
          serviceName: 'Corte de pelo',
          servicePriceCents: 1500,
          startAt: new Date(now + 10 * H),
          endAt: new Date(now + 10 * H + 30 * 60_000),
          createdBy: stylist.id,
          createdByRole: 'staff',
          createdAt: new Date(now - 7 * 24 * H),
        })
        .returning({ id: appointments.id });
      return row!.id;
    };
    const ours = await insert('klok', MARCOS, ANA);
    const theirs = await insert('salon2', 'marcos@salon2.demo', 'cliente@salon2.demo');
    const reminded = async () =>
      (await db.select({ key: outbox.dedupeKey }).from(outbox).where(inArray(outbox.dedupeKey, [`reminder:${ours}`, `reminder:${theirs}`])))
        .map((r) => r.key)
        .sort();
    try {
      expect((await patch(admin, { automatic_reminders: false })).status).toBe(200);
      expect(await queueDueReminders(db, now)).toBe(1);
      expect(await reminded()).toEqual([`reminder:${theirs}`]);
      expect((await patch(admin, { automatic_reminders: true })).status).toBe(200);
      expect(await queueDueReminders(db, now)).toBe(1);
      expect(await reminded()).toEqual([`reminder:${ours}`, `reminder:${theirs}`].sort());
    } finally {
      await db.delete(outbox).where(inArray(outbox.dedupeKey, [`reminder:${ours}`, `reminder:${theirs}`]));
      await db.delete(appointments).where(eq(appointments.id, ours));
      await db.delete(appointments).where(eq(appointments.id, theirs));
    }
  });
});
