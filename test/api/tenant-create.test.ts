/**
 * A new salon: `createTenant` and `npm run tenant:create` create the tenant, its facility 1
 * named after it, the admin account and the guest client, idempotently; the salon is then served on its
 * own host (`{slug}.<domain>`) and its admin has the admin rights there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { GET as listEmployeesHandler, POST as addEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { GET as facilityHandler } from '@/app/api/v1/facility/[facilityId]/route';
import { GET as sessionHandler } from '@/app/api/v1/session/route';
import messages from '@/lib/i18n/messages/es.json';
import { createSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { employeeProfiles, facilities, tenants, users, weekShifts } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { findOrCreateByIdentity } from '@/lib/server/services/find-or-create-by-identity';
import { createTenant } from '@/lib/server/services/create-tenant';
import { SESSION_COOKIE } from '@/lib/tenant-host';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { DB_TIMEOUT, LUCIA, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

const ANA_SALON = { slug: 'peluqueria-ana', name: 'Peluquería Ana', adminEmail: 'ana@example.com', adminName: 'Ana' };
const HOST = 'peluqueria-ana.localhost:3000';

beforeAll(() => openTestDb(), DB_TIMEOUT);
afterAll(closeTestDb);

/** Row counts of everything `createTenant` writes, for one tenant. */
async function footprint(slug: string) {
  const db = await getDb();
  const tid = await tenantId(slug);
  const n = async (table: typeof users | typeof facilities | typeof employeeProfiles | typeof weekShifts) =>
    (await db.select({ n: count() }).from(table).where(eq(table.tenantId, tid)))[0]!.n;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tid));
  const [facility] = await db.select().from(facilities).where(eq(facilities.tenantId, tid));
  return {
    tenant,
    facility,
    tenants: (await db.select({ n: count() }).from(tenants))[0]!.n,
    users: await n(users),
    facilities: await n(facilities),
    profiles: await n(employeeProfiles),
    weekShifts: await n(weekShifts),
  };
}

const signIn = async (slug: string, email: string) => {
  const tid = await tenantId(slug);
  const user = await findOrCreateByIdentity(await getDb(), tid, { email, name: 'Google' });
  if (!user) return null;
  return `${SESSION_COOKIE}=${(await createSession(tid, user.id)).token}`;
};

async function refusal(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('createTenant', () => {
  it('creates the tenant, facility 1, the admin and the guest', async () => {
    const r = await createTenant(await getDb(), ANA_SALON);
    expect(r.created).toEqual({ tenant: true, facility: true, admin: true, guest: true });
    expect(r).toMatchObject({
      tenant: { slug: 'peluqueria-ana', name: 'Peluquería Ana' },
      facility: { id: 1, name: 'Peluquería Ana' },
      admin: { email: 'ana@example.com', name: 'Ana' },
      guest: { email: 'invitado@peluqueria-ana.invalid' },
    });
    const db = await getDb();
    const people = await db.select().from(users).where(eq(users.tenantId, r.tenant.id));
    expect(people.map((u) => ({ email: u.email, role: u.role, isGuest: u.isGuest })).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'ana@example.com', role: 'admin', isGuest: false },
      { email: 'invitado@peluqueria-ana.invalid', role: 'client', isGuest: true },
    ]);
  });

  it('changes nothing when run again, even with another name', async () => {
    const before = await footprint('peluqueria-ana');
    const again = await createTenant(await getDb(), ANA_SALON);
    expect(again.created).toEqual({ tenant: false, facility: false, admin: false, guest: false });
    const renamed = await createTenant(await getDb(), { ...ANA_SALON, name: 'Otro nombre', adminName: 'Otra' });
    expect(renamed.created).toEqual({ tenant: false, facility: false, admin: false, guest: false });
    expect(renamed.tenant.name).toBe('Peluquería Ana');
    expect(await footprint('peluqueria-ana')).toEqual(before);
  });

  it("serves the new salon on its host: facility 1 with its name, the admin's staff list, admin rights", async () => {
    const cookie = await signIn('peluqueria-ana', 'ana@example.com');
    expect(cookie).not.toBeNull();
    const me = await call(sessionHandler, { path: '/api/v1/session', cookie: cookie!, host: HOST });
    expect(me.body.data).toMatchObject({ email: 'ana@example.com', role: 'admin' });
    const facility = await call(facilityHandler, { path: '/api/v1/facility/1', params: { facilityId: '1' }, cookie: cookie!, host: HOST });
    expect(facility.status).toBe(200);
    expect(facility.body.data).toMatchObject({ id: 1, name: 'Peluquería Ana', address: null, tlf: null });
    const staff = await call(listEmployeesHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie: cookie!, host: HOST });
    expect(staff.body.items.map((e: { email: string; role: string }) => [e.email, e.role])).toEqual([['ana@example.com', 'admin']]);
    // The admin adds her first stylist there.
    const added = await call(addEmployeeHandler, {
      method: 'POST',
      path: '/api/v1/facility/1/employees',
      params: { facilityId: '1' },
      body: { name: 'Bea', email: 'bea@example.com' },
      cookie: cookie!,
      host: HOST,
    });
    expect(added.status).toBe(201);
    // Klok is untouched and a klok session means nothing on the new host.
    const klokAdmin = await sessionFor(LUCIA);
    expect((await call(facilityHandler, { path: '/api/v1/facility/1', params: { facilityId: '1' }, cookie: klokAdmin, host: HOST })).status).toBe(401);
    const klok = await call(facilityHandler, { path: '/api/v1/facility/1', params: { facilityId: '1' }, cookie: klokAdmin });
    expect(klok.body.data.name).toBe('Klok Peluquería');
  });

  it('never lets anyone sign in as the guest', async () => {
    expect(await signIn('peluqueria-ana', 'invitado@peluqueria-ana.invalid')).toBeNull();
  });

  it('refuses an invalid slug and creates nothing', async () => {
    const db = await getDb();
    const tenantsBefore = (await db.select({ n: count() }).from(tenants))[0]!.n;
    for (const slug of ['Peluqueria', 'pelu_ana', '-ana', 'ana-', 'ana.salon', '', 'a'.repeat(64)]) {
      const err = await refusal(() => createTenant(db, { ...ANA_SALON, slug }));
      expect(err.status).toBe(400);
      expect(err.details).toEqual({ fields: [expect.objectContaining({ path: 'slug' })] });
    }
    expect((await refusal(() => createTenant(db, { ...ANA_SALON, slug: 'ok-slug', adminEmail: 'no-es-correo' }))).status).toBe(400);
    expect((await db.select({ n: count() }).from(tenants))[0]!.n).toBe(tenantsBefore);
    // A 63-character label with digits and inner hyphens is fine.
    const long = `a1-${'b'.repeat(59)}9`;
    expect(long).toHaveLength(63);
    expect((await createTenant(db, { ...ANA_SALON, slug: long })).created.tenant).toBe(true);
  });

  it("refuses to make a client or an employee of the salon its admin (409), leaving them as they were", async () => {
    const db = await getDb();
    expect(await signIn('peluqueria-ana', 'cliente@example.com')).not.toBeNull();
    for (const email of ['cliente@example.com', 'bea@example.com']) {
      const err = await refusal(() => createTenant(db, { ...ANA_SALON, adminEmail: email }));
      expect(err.status).toBe(409);
      expect(err.message).toBe(messages.errors.adminEmailTaken);
    }
    const tid = await tenantId('peluqueria-ana');
    const roles = await db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.tenantId, tid), eq(users.isGuest, false)));
    expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
      'ana@example.com': 'admin',
      'bea@example.com': 'employee',
      'cliente@example.com': 'client',
    });
  });
});

describe('npm run tenant:create', () => {
  const root = path.resolve(__dirname, '../..');
  let dataDir: string | undefined;

  /** Runs the script with the test's database: the PostgreSQL one of this file, or a fresh PGlite folder. */
  function run(args: string[]): Promise<{ code: number | null; out: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '--conditions=react-server', SEED_DEMO: '0' };
    if (!process.env.TEST_DATABASE_URL) {
      dataDir ??= mkdtempSync(path.join(tmpdir(), 'klok-tenant-'));
      delete env.DATABASE_URL;
      env.DATA_DIR = dataDir;
    }
    return new Promise((resolve, reject) => {
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/tenant-create.ts', ...args], { cwd: root, env });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out }));
    });
  }

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const args = ['--slug', 'barberia-luis', '--name', 'Barbería Luis', '--admin-email', 'luis@example.com', '--admin-name', 'Luis'];

  it('creates the salon, prints what it did, and exits 0 again on a second run that changes nothing', async () => {
    const first = await run(args);
    expect(first.code).toBe(0);
    expect(first.out).toContain('tenant barberia-luis "Barbería Luis": created');
    expect(first.out).toContain('facility 1 "Barbería Luis": created');
    expect(first.out).toContain('admin luis@example.com (Luis): created');
    expect(first.out).toContain('guest invitado@barberia-luis.invalid: created');
    const second = await run(args);
    expect(second.code).toBe(0);
    expect(second.out).not.toMatch(/: created/);
    expect(second.out).toContain('nothing to do');
    if (process.env.TEST_DATABASE_URL) {
      // Same database as this process: the salon answers on its host.
      const cookie = await signIn('barberia-luis', 'luis@example.com');
      const facility = await call(facilityHandler, {
        path: '/api/v1/facility/1',
        params: { facilityId: '1' },
        cookie: cookie!,
        host: 'barberia-luis.localhost:3000',
      });
      expect(facility.body.data.name).toBe('Barbería Luis');
    }
  }, 120_000);

  it('refuses an invalid slug (exit 1, Spanish reason) and a missing argument (exit 2)', async () => {
    const bad = await run(['--slug', 'Barberia_Luis', '--name', 'X', '--admin-email', 'luis@example.com']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(messages.validation.slugInvalid);
    const missing = await run(['--slug', 'barberia-luis']);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('usage: npm run tenant:create');
  }, 120_000);
});
