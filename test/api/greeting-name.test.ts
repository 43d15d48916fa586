/**
 * The greeting's first name: onboarding stores the Nombre the client typed as `given_name`
 * (`PATCH /users/{email}` with `given_name`), the API returns it, and a later change of the full name keeps it
 * only while the name still begins with it (staff renaming the client included).
 */
import { eq } from 'drizzle-orm';
import { GET as getUser, PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { givenNameKept } from '@/lib/server/services/update-user';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { createClient, DB_TIMEOUT, LUCIA } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

beforeAll(() => openTestDb(), DB_TIMEOUT);
afterAll(closeTestDb);

const tag = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const readUser = (email: string, cookie: string) => call(getUser, { path: `/api/v1/users/${email}`, params: { email }, cookie });
const patch = (email: string, cookie: string, body: unknown) =>
  call(patchUser, { method: 'PATCH', path: `/api/v1/users/${email}`, params: { email }, body, cookie });

/** A client whose phone is already verified (the SMS step is covered by phone.test.ts). */
async function verifiedClient(email: string, tlf: string) {
  const { user, cookie } = await createClient(email, { name: 'María José Pérez Gil' });
  await (await getDb()).update(users).set({ tlf, phoneVerified: true }).where(eq(users.id, user.id));
  return cookie;
}

describe('given_name at onboarding', () => {
  it('stores the Nombre sent with the full name and returns it (201, then GET)', async () => {
    const email = `mj.${tag()}@example.com`;
    const cookie = await verifiedClient(email, '+34699300001');
    const done = await patch(email, cookie, {
      name: 'María José Pérez Gil',
      given_name: ' María José ',
      tlf: '+34699300001',
      privacy_policy: true,
      onboarding_completed: true,
    });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ name: 'María José Pérez Gil', given_name: 'María José', onboarding_completed: true });
    expect((await readUser(email, cookie)).body.data.given_name).toBe('María José');
  });

  it('is null for an account that never sent it', async () => {
    const email = `plain.${tag()}@example.com`;
    const { cookie } = await createClient(email, { name: 'Ana Torres' });
    expect((await readUser(email, cookie)).body.data).toMatchObject({ name: 'Ana Torres', given_name: null });
  });

  it('refuses an empty or over-long given_name (400)', async () => {
    const email = `bad.${tag()}@example.com`;
    const cookie = await verifiedClient(email, '+34699300002');
    expect((await patch(email, cookie, { given_name: '   ' })).status).toBe(400);
    expect((await patch(email, cookie, { given_name: 'x'.repeat(121) })).status).toBe(400);
    expect((await readUser(email, cookie)).body.data.given_name).toBeNull();
  });

  it('keeps it when the name still begins with it, clears it otherwise (client and staff)', async () => {
    const email = `rename.${tag()}@example.com`;
    const cookie = await verifiedClient(email, '+34699300003');
    expect((await patch(email, cookie, { name: 'María José Pérez Gil', given_name: 'María José' })).status).toBe(201);

    const kept = await patch(email, cookie, { name: 'María José Pérez Gil de la Torre' });
    expect(kept.body.data.given_name).toBe('María José');

    const staff = await sessionFor(LUCIA);
    const renamed = await patch(email, staff, { name: 'Josefa Martín' });
    expect(renamed.status).toBe(201);
    expect(renamed.body.data).toMatchObject({ name: 'Josefa Martín', given_name: null });
  });
});

describe('givenNameKept', () => {
  it.each([
    ['María José Pérez Gil', 'María José', 'María José'],
    ['maría  josé pérez', 'María José', 'María José'],
    ['María José', 'María José', 'María José'],
    ['María Josefa Pérez', 'María José', null],
    ['Ana García', 'María José', null],
    ['Ana García', null, null],
  ])('%s with %s → %s', (name, given, expected) => {
    expect(givenNameKept(name, given)).toBe(expected);
  });
});
