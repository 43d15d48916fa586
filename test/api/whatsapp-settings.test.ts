/**
 * The tenant's WhatsApp Business connection (beyond-the-spec section 5): `GET/PUT/DELETE /facility/1/whatsapp`
 * for admins only, the credentials stored encrypted and shown masked, the verify token generated once, a
 * stale version refused with 409, no encryption key refused with 422; and the client's WhatsApp opt-out that
 * staff turn off and on from the client detail (`whatsapp_opt_out` on `PATCH /users/{email}`).
 */
import { eq } from 'drizzle-orm';
import { DELETE, GET, PUT } from '@/app/api/v1/facility/[facilityId]/whatsapp/route';
import { GET as getUser, PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { users, whatsappAccounts } from '@/lib/server/db/schema';
import { whatsappAccountOf } from '@/lib/server/notifications/whatsapp';
import * as secrets from '@/lib/server/secrets';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, createClient, DB_TIMEOUT, SALON2, seedSalon2, seedSessions, tenantId } from './fixtures';

jest.mock('@/lib/server/secrets', () => {
  const actual = jest.requireActual<typeof import('@/lib/server/secrets')>('@/lib/server/secrets');
  return { ...actual, secretsKey: jest.fn(actual.secretsKey) };
});

jest.setTimeout(DB_TIMEOUT);

const PATH = '/api/v1/facility/1/whatsapp';
const params = { facilityId: '1' };
const TOKEN = 'EAAGtokenDePruebaDelSalon0123456789wxyz';
const SECRET = 'secretoDeLaApp0123456789abcd';
const PHONE_NUMBER_ID = '109876543210987';
const WEBHOOK = 'http://localhost:3000/api/v1/webhooks/whatsapp';
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
afterEach(async () => {
  await remove(admin);
  await remove(salon2Admin, SALON2.host);
});

const read = (cookie?: string, host?: string) => call(GET, { path: PATH, params, cookie, host });
const put = (cookie: string | undefined, body: unknown, host?: string) => call(PUT, { method: 'PUT', path: PATH, params, body, cookie, host });
const remove = (cookie: string | undefined, host?: string) => call(DELETE, { method: 'DELETE', path: PATH, params, cookie, host });
const storedRow = async (slug = 'klok') => {
  const [row] = await (await getDb()).select().from(whatsappAccounts).where(eq(whatsappAccounts.tenantId, await tenantId(slug)));
  return row;
};
const connect = () => put(admin, { phone_number_id: PHONE_NUMBER_ID, access_token: TOKEN, app_secret: SECRET });

describe('GET /facility/1/whatsapp', () => {
  it('answers an unconnected tenant with the webhook URL and no credentials', async () => {
    expect((await read(admin)).body).toEqual({
      data: { connected: false, phone_number_id: null, access_token: null, app_secret: null, verify_token: null, webhook_url: WEBHOOK, version: '0' },
    });
  });

  it('is for admins only: an employee and a client get 403, a visitor 401', async () => {
    expect((await read(employee)).status).toBe(403);
    expect((await read(client)).status).toBe(403);
    expect((await read()).status).toBe(401);
  });
});

describe('PUT /facility/1/whatsapp', () => {
  it('connects: the answer and GET show masked credentials, a generated verify token and version 1', async () => {
    const saved = await connect();
    expect(saved.status).toBe(200);
    const expected = {
      connected: true,
      phone_number_id: PHONE_NUMBER_ID,
      access_token: '••••wxyz',
      app_secret: '••••abcd',
      verify_token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      webhook_url: WEBHOOK,
      version: '1',
    };
    expect(saved.body.data).toEqual(expected);
    expect((await read(admin)).body.data).toEqual({ ...expected, verify_token: saved.body.data.verify_token });
    expect(JSON.stringify((await read(admin)).body)).not.toContain(TOKEN.slice(0, 12));
  });

  it('stores the token and the secret encrypted: the row holds no plaintext and decrypts back', async () => {
    await connect();
    const row = (await storedRow())!;
    expect(row.accessToken).not.toContain(TOKEN);
    expect(row.appSecret).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(TOKEN.slice(4, 20));
    const key = secrets.secretsKey()!;
    expect(secrets.decryptSecret(row.accessToken, key)).toBe(TOKEN);
    expect(secrets.decryptSecret(row.appSecret, key)).toBe(SECRET);
    expect(await whatsappAccountOf(await getDb(), await tenantId())).toEqual({
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: TOKEN,
      appSecret: SECRET,
      verifyToken: row.verifyToken,
    });
  });

  it('while connected, a save without token or secret keeps the stored ones and the verify token', async () => {
    const first = (await connect()).body.data;
    const saved = await put(admin, { phone_number_id: '5550001112223', version: first.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ phone_number_id: '5550001112223', access_token: '••••wxyz', app_secret: '••••abcd', verify_token: first.verify_token, version: '2' });
    const account = await whatsappAccountOf(await getDb(), await tenantId());
    expect(account).toEqual({ phoneNumberId: '5550001112223', accessToken: TOKEN, appSecret: SECRET, verifyToken: first.verify_token });

    const newToken = 'EAAGotroTokenNuevo9876543210abcdEFGH';
    expect((await put(admin, { phone_number_id: '5550001112223', access_token: newToken })).body.data).toMatchObject({ access_token: '••••EFGH', app_secret: '••••abcd', version: '3' });
    expect((await whatsappAccountOf(await getDb(), await tenantId()))!.accessToken).toBe(newToken);
  });

  it('the first connection needs the token and the secret (400 naming the missing ones)', async () => {
    const res = await put(admin, { phone_number_id: PHONE_NUMBER_ID, access_token: TOKEN });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.errors.whatsappCredentialsRequired);
    expect(res.body.error.details.fields).toEqual([{ path: 'app_secret', message: messages.errors.whatsappCredentialsRequired }]);
    expect(await storedRow()).toBeUndefined();
  });

  it('refuses invalid values with 400 and the Spanish message of the field', async () => {
    const cases: [unknown, string][] = [
      [{ phone_number_id: '12a45', access_token: TOKEN, app_secret: SECRET }, messages.validation.whatsappPhoneNumberId],
      [{ phone_number_id: '1234', access_token: TOKEN, app_secret: SECRET }, messages.validation.whatsappPhoneNumberId],
      [{ phone_number_id: PHONE_NUMBER_ID, access_token: 'corto', app_secret: SECRET }, messages.validation.whatsappAccessToken],
      [{ phone_number_id: PHONE_NUMBER_ID, access_token: TOKEN, app_secret: 'x'.repeat(15) }, messages.validation.whatsappAppSecret],
    ];
    for (const [body, message] of cases) {
      const res = await put(admin, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].message).toBe(message);
    }
    expect((await put(admin, { phone_number_id: PHONE_NUMBER_ID, access_token: TOKEN, app_secret: SECRET, extra: 1 })).status).toBe(400);
    expect(await storedRow()).toBeUndefined();
  });

  it('a stale version answers 409 with the current connection and saves nothing', async () => {
    const first = (await connect()).body.data;
    expect((await put(admin, { phone_number_id: '5550001112223', version: first.version })).status).toBe(200);
    const stale = await put(admin, { phone_number_id: '4440001112223', version: first.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.error.message).toBe(messages.errors.conflict);
    expect(stale.body.error.details.current).toMatchObject({ connected: true, phone_number_id: '5550001112223', access_token: '••••wxyz', version: '2' });
    expect((await read(admin)).body.data).toMatchObject({ phone_number_id: '5550001112223', version: '2' });
  });

  it('version "0" means "not connected": 409 once someone connected meanwhile', async () => {
    await connect();
    const res = await put(admin, { phone_number_id: '4440001112223', access_token: TOKEN, app_secret: SECRET, version: '0' });
    expect(res.status).toBe(409);
    expect(res.body.error.details.current).toMatchObject({ connected: true, phone_number_id: PHONE_NUMBER_ID, version: '1' });
  });

  it('is for admins only: an employee and a client get 403, a visitor 401, and nothing is stored', async () => {
    const body = { phone_number_id: PHONE_NUMBER_ID, access_token: TOKEN, app_secret: SECRET };
    expect((await put(employee, body)).status).toBe(403);
    expect((await put(client, body)).status).toBe(403);
    expect((await put(undefined, body)).status).toBe(401);
    expect(await storedRow()).toBeUndefined();
  });

  it('connects only the caller’s tenant', async () => {
    expect((await put(salon2Admin, { phone_number_id: '2220001112223', access_token: TOKEN, app_secret: SECRET }, SALON2.host)).status).toBe(200);
    expect((await read(salon2Admin, SALON2.host)).body.data).toMatchObject({ connected: true, phone_number_id: '2220001112223', webhook_url: 'http://salon2.localhost:3000/api/v1/webhooks/whatsapp' });
    expect((await read(admin)).body.data.connected).toBe(false);
  });

  it('without an encryption key (production without SECRETS_KEY) answers 422 and stores nothing', async () => {
    jest.mocked(secrets.secretsKey).mockReturnValueOnce(null);
    const res = await connect();
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: 'unprocessable', message: messages.errors.secretsKeyMissing });
    expect(await storedRow()).toBeUndefined();
  });
});

describe('DELETE /facility/1/whatsapp', () => {
  it('disconnects (204): the row and its credentials are gone and GET shows it unconnected', async () => {
    await connect();
    const res = await remove(admin);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await storedRow()).toBeUndefined();
    expect((await read(admin)).body.data).toMatchObject({ connected: false, access_token: null, version: '0' });
    expect(await whatsappAccountOf(await getDb(), await tenantId())).toBeNull();
    expect((await remove(admin)).status).toBe(204);
  });

  it('is for admins only: an employee gets 403 and the connection stays', async () => {
    await connect();
    expect((await remove(employee)).status).toBe(403);
    expect((await remove(client)).status).toBe(403);
    expect((await remove(undefined)).status).toBe(401);
    expect(await storedRow()).toBeDefined();
  });
});

describe('a client’s WhatsApp opt-out (staff on the client detail)', () => {
  const EMAIL = 'whatsapp.consent@klok.test';
  let clientCookie: string;
  beforeAll(async () => {
    ({ cookie: clientCookie } = await createClient(EMAIL, { onboarded: true }));
  });
  const detail = (cookie: string) => call(getUser, { path: `/api/v1/users/${EMAIL}`, params: { email: EMAIL }, cookie });
  const patch = (cookie: string, body: unknown) => call(patchUser, { method: 'PATCH', path: `/api/v1/users/${EMAIL}`, params: { email: EMAIL }, body, cookie });

  it('staff read the state: not opted out, number not refused', async () => {
    expect((await detail(employee)).body.data.whatsapp).toEqual({ opted_out_at: null, invalid_at: null });
  });

  it('staff turn WhatsApp off and back on; the detail shows it and the database holds it', async () => {
    const off = await patch(employee, { whatsapp_opt_out: true });
    expect(off.status).toBe(201);
    const optedOut = (await detail(admin)).body.data.whatsapp;
    expect(optedOut).toEqual({ opted_out_at: expect.stringMatching(/Z$/), invalid_at: null });
    const [row] = await (await getDb()).select({ at: users.whatsappOptedOutAt }).from(users).where(eq(users.email, EMAIL));
    expect(row!.at!.toISOString()).toBe(optedOut.opted_out_at);

    // Off again keeps the first time.
    expect((await patch(admin, { whatsapp_opt_out: true })).status).toBe(201);
    expect((await detail(admin)).body.data.whatsapp.opted_out_at).toBe(optedOut.opted_out_at);

    expect((await patch(admin, { whatsapp_opt_out: false })).status).toBe(201);
    expect((await detail(employee)).body.data.whatsapp).toEqual({ opted_out_at: null, invalid_at: null });
  });

  it('shows a number the Cloud API refused', async () => {
    const at = new Date('2027-05-01T10:00:00.000Z');
    await (await getDb()).update(users).set({ whatsappInvalidAt: at }).where(eq(users.email, EMAIL));
    expect((await detail(employee)).body.data.whatsapp).toEqual({ opted_out_at: null, invalid_at: at.toISOString() });
    await (await getDb()).update(users).set({ whatsappInvalidAt: null }).where(eq(users.email, EMAIL));
  });

  it('a client cannot set it on itself (400: not in its own profile) and does not read the state', async () => {
    const res = await patch(clientCookie, { whatsapp_opt_out: true });
    expect(res.status).toBe(400);
    const [row] = await (await getDb()).select({ at: users.whatsappOptedOutAt }).from(users).where(eq(users.email, EMAIL));
    expect(row!.at).toBeNull();
    const own = await detail(clientCookie);
    expect(own.status).toBe(200);
    expect(own.body.data).not.toHaveProperty('whatsapp');
  });

  it('the guest has no WhatsApp state', async () => {
    const anaDetail = await call(getUser, { path: `/api/v1/users/${ANA}`, params: { email: ANA }, cookie: employee });
    expect(anaDetail.body.data.whatsapp).toEqual({ opted_out_at: null, invalid_at: null });
    const guest = 'invitado@klok.invalid';
    const guestDetail = await call(getUser, { path: `/api/v1/users/${guest}`, params: { email: guest }, cookie: employee });
    expect(guestDetail.status).toBe(200);
    expect(guestDetail.body.data).not.toHaveProperty('whatsapp');
  });
});
