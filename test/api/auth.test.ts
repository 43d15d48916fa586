/**
 * Authentication, ownership and tenancy of the user endpoints (spec section 6; decisions "Tenancy"):
 * the session cookie decides who calls, never the `initiator` header; a client reaches only itself.
 */
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import { GET as getUser } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { createClient, DB_TIMEOUT, seedSalon2 } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

let clientCookie: string;
let staffCookie: string;

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
  await createClient('otra@example.com', { name: 'Otra Clienta' });
  clientCookie = await sessionFor('cliente@klok.demo');
  staffCookie = await sessionFor('marcos@klok.demo');
}, DB_TIMEOUT);
afterAll(closeTestDb);

const readUser = (email: string, opts: { cookie?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(getUser, { path: `/api/v1/users/${email}`, params: { email }, ...opts });
const readPending = (email: string, opts: { cookie?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(getPending, { path: `/api/v1/users/${email}/appointments/pending`, params: { email }, ...opts });

describe('GET /api/v1/users/{email}', () => {
  it('gives a client its own user with pending appointments', async () => {
    const r = await readUser('cliente@klok.demo', { cookie: clientCookie });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      email: 'cliente@klok.demo',
      name: 'Ana García',
      role: 'client',
      n_appointments_allowed: 2,
      pending_appointments: [],
    });
    expect(r.body.data.users).toEqual([{ id: expect.any(String), name: 'Leo García' }]);
  });

  it('finds the own user whatever the case of the e-mail', async () => {
    const r = await readUser('Cliente@Klok.Demo', { cookie: clientCookie });
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe('cliente@klok.demo');
  });

  it("refuses another client's user and pending list to a client (403)", async () => {
    for (const r of [
      await readUser('otra@example.com', { cookie: clientCookie }),
      await readPending('otra@example.com', { cookie: clientCookie }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
      expect(JSON.stringify(r.body)).not.toContain('Otra Clienta');
    }
  });

  it('ignores an `initiator: admin` header sent by a client', async () => {
    const headers = { initiator: 'admin', 'frontend-host': 'localhost:3000' };
    const user = await readUser('otra@example.com', { cookie: clientCookie, headers });
    expect(user.status).toBe(403);
    expect(user.body.error.code).toBe('forbidden');
    const pending = await readPending('otra@example.com', { cookie: clientCookie, headers });
    expect(pending.status).toBe(403);
    // A staff-only reading (a stylist's user) is refused too.
    expect((await readUser('admin@klok.demo', { cookie: clientCookie, headers })).status).toBe(403);
  });

  it('lets staff read any client of the tenant', async () => {
    const r = await readUser('otra@example.com', { cookie: staffCookie });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email: 'otra@example.com', name: 'Otra Clienta', role: 'client' });
    expect((await readPending('cliente@klok.demo', { cookie: staffCookie })).body).toEqual({ items: [] });
  });

  it('answers 404 with the Spanish message for an unknown user (staff)', async () => {
    const r = await readUser('nadie@example.com', { cookie: staffCookie });
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'not_found', message: messages.errors.userNotFound });
  });

  it('answers 401 without a cookie', async () => {
    const r = await readUser('cliente@klok.demo');
    expect(r.status).toBe(401);
    expect(r.body.error).toEqual({ code: 'unauthenticated', message: messages.errors.unauthenticated });
    expect((await readPending('cliente@klok.demo')).status).toBe(401);
  });

  it('answers 401 for a forged session cookie', async () => {
    const r = await readUser('cliente@klok.demo', { cookie: 'klok_session=forged-token' });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('unauthenticated');
  });

  it('answers 404 with an error code for an unknown tenant host', async () => {
    const r = await readUser('cliente@klok.demo', { cookie: clientCookie, host: 'nope.localhost:3000' });
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'tenant_not_found', message: messages.errors.tenantNotFound });
  });

  it('resolves the tenant from the host: klok.localhost is the demo tenant', async () => {
    const r = await readUser('cliente@klok.demo', { cookie: clientCookie, host: 'klok.localhost:3000' });
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe('cliente@klok.demo');
  });
});

describe('tenants are isolated', () => {
  it("does not accept one tenant's session on another tenant's host", async () => {
    const r = await readUser('cliente@klok.demo', { cookie: clientCookie, host: 'salon2.localhost:3000' });
    expect(r.status).toBe(401);
    const salon2Cookie = await sessionFor('cliente@salon2.demo', 'salon2');
    expect((await readUser('cliente@salon2.demo', { cookie: salon2Cookie })).status).toBe(401);
  });

  it('serves a client of the second tenant on its own host', async () => {
    const cookie = await sessionFor('cliente@salon2.demo', 'salon2');
    const r = await readUser('cliente@salon2.demo', { cookie, host: 'salon2.localhost:3000' });
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe('cliente@salon2.demo');
  });

  it("does not show another tenant's client to staff", async () => {
    const r = await readUser('cliente@salon2.demo', { cookie: staffCookie });
    expect(r.status).toBe(404);
  });
});
