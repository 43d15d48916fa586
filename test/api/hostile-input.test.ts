/**
 * The route wrapper against hostile requests: cross-site writes, other content types, oversized
 * bodies, control characters, malformed path escapes, parallel writes racing on a unique key, and the
 * headers every API answer carries. Also the session rules: idle expiry, rotation, a deleted user.
 * Each refusal has the JSON error shape with a Spanish message and leaves the data as it was.
 */
process.env.FRONTEND_ORIGINS = 'https://app.klok.example';

import { eq, sql } from 'drizzle-orm';
import { GET as logoutGet, POST as logoutPost } from '@/app/api/v1/auth/logout/route';
import { PATCH as book } from '@/app/api/v1/schedules/insert/appointment/route';
import { GET as session } from '@/app/api/v1/session/route';
import { PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { POST as invite } from '@/app/api/v1/users/route';
import { createSession, findSessionUser, forgetSessionsOf } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { BODY_LIMIT_BYTES } from '@/lib/server/http';
import { SESSION_COOKIE } from '@/lib/tenant-host';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, createClient, SALON2, salon2StaffSession, seedSalon2, DB_TIMEOUT, LUCIA, madridDates, madridInstant, MARCOS, serviceId, staffBookingBody, tenantId, pinTestClock } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

beforeAll(async () => {
  await openTestDb();
}, DB_TIMEOUT);
afterAll(() => closeTestDb());

const HOST = 'localhost:3000';
const rename = (cookie: string, name: string, headers: Record<string, string> = {}) =>
  call(patchUser, { method: 'PATCH', path: `/api/v1/users/${ANA}`, params: { email: ANA }, body: { name }, cookie, headers });
const nameOfAna = async () => (await (await getDb()).select({ name: users.name }).from(users).where(eq(users.email, ANA)))[0]!.name;

describe('writes come from the tenant’s own origin', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionFor(ANA);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin alone', { origin: 'https://klok.evil.example' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling tenant (same-site)', { 'sec-fetch-site': 'same-site' }],
    ['Origin null', { origin: 'null' }],
  ])('refuses %s with 403 and changes nothing', async (_, headers) => {
    const before = await nameOfAna();
    const res = await rename(cookie, 'Hackeada', headers);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'cross_origin', message: 'Esta petición no procede de la aplicación. Vuelve a abrirla e inténtalo de nuevo.' });
    expect(await nameOfAna()).toBe(before);
  });

  it.each([
    ['its own origin', { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' }],
    ['a configured front end', { origin: 'https://app.klok.example', 'sec-fetch-site': 'cross-site' }],
    ['no browser headers (an API client)', {}],
  ])('accepts %s', async (_, headers) => {
    const res = await rename(cookie, 'Ana García', headers);
    expect(res.status).toBe(201);
  });
});

describe('bodies are JSON of bounded size', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionFor(ANA);
  });

  /** `PATCH /users/{Ana}` as Ana with a streamed body (no length announced), the way Next.js hands it over. */
  async function patchStreamed(stream: ReadableStream<Uint8Array>): Promise<Response> {
    const { NextRequest } = await import('next/server');
    const req = new NextRequest(`http://${HOST}/api/v1/users/${ANA}`, {
      method: 'PATCH',
      headers: { host: HOST, cookie, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as unknown as ConstructorParameters<typeof NextRequest>[1]);
    return patchUser(req, { params: Promise.resolve({ email: ANA }) });
  }

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    'refuses %s with 415 (no CORS-free cross-site writes)',
    async (type) => {
      const before = await nameOfAna();
      const res = await call(patchUser, {
        method: 'PATCH',
        path: `/api/v1/users/${ANA}`,
        params: { email: ANA },
        body: JSON.stringify({ name: 'Texto plano' }),
        cookie,
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect(res.body.error).toEqual({ code: 'unsupported_media_type', message: 'Los datos deben enviarse en formato JSON.' });
      expect(await nameOfAna()).toBe(before);
    },
  );

  it('refuses a body over the limit with 413, by its declared length and while streaming', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) });
    const declared = await call(patchUser, { method: 'PATCH', path: `/api/v1/users/${ANA}`, params: { email: ANA }, body: big, cookie });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('payload_too_large');
    expect(declared.body.error.message).toBe('Los datos enviados son demasiado grandes.');
    // A chunked body announces no length: the wrapper stops reading past the limit.
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await patchStreamed(stream);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it('answers a body that breaks off before its end with 408, not an internal error', async () => {
    const before = await nameOfAna();
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('{"name":"Ana Tr'));
        else controller.error(new Error('aborted'));
      },
    });
    const res = await patchStreamed(stream);
    expect(res.status).toBe(408);
    expect(await res.json()).toEqual({ error: { code: 'request_timeout', message: 'La petición tardó demasiado en llegar. Inténtalo de nuevo.' } });
    expect(await nameOfAna()).toBe(before);
  });

  it('refuses NUL and other control characters in any field with 400', async () => {
    const before = await nameOfAna();
    for (const bad of ['Ana\u0000', 'A\u0007na', '\u001bAna', 'Ana\u007f', 'Ana\ud800', '\udfffAna']) {
      const res = await rename(cookie, bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_request', message: 'El texto contiene caracteres no permitidos.' });
    }
    expect(await nameOfAna()).toBe(before);
    // Real characters outside the BMP (a surrogate pair) are fine.
    expect((await rename(cookie, 'Ana 💇‍♀️')).status).toBe(201);
    expect(await nameOfAna()).toBe('Ana 💇‍♀️');
    expect((await rename(cookie, before)).status).toBe(201);
  });

  it('answers a malformed percent escape in a path param with the JSON 400', async () => {
    const res = await call(patchUser, { method: 'PATCH', path: '/api/v1/users/%ZZ', params: { email: '%ZZ' }, body: { name: 'x' }, cookie });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'bad_request', message: 'La dirección solicitada no es válida.' });
  });
});

describe('every API answer', () => {
  it('is not cached (personal data), success and error alike', async () => {
    const ok = await call(session, { path: '/api/v1/session', cookie: await sessionFor(ANA) });
    const missing = await call(session, { path: '/api/v1/session' });
    expect(ok.res.headers.get('cache-control')).toBe('no-store');
    expect(missing.res.headers.get('cache-control')).toBe('no-store');
  });

  it('carries HSTS when the request came over https, and not over http', async () => {
    const https = await call(session, { path: '/api/v1/session', headers: { 'x-forwarded-proto': 'https' } });
    const http = await call(session, { path: '/api/v1/session' });
    expect(https.res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(http.res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('logout', () => {
  it('refuses a GET triggered by another site, and the session lives on', async () => {
    const cookie = await sessionFor(ANA);
    const res = await call(logoutGet, { path: '/api/v1/auth/logout', cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect((await call(session, { path: '/api/v1/session', cookie })).status).toBe(200);
  });

  it('on one salon leaves a session of another salon alone', async () => {
    await seedSalon2();
    const foreign = await salon2StaffSession();
    expect((await call(logoutPost, { method: 'POST', path: '/api/v1/auth/logout', cookie: foreign })).status).toBe(204);
    expect((await call(session, { path: '/api/v1/session', cookie: foreign, host: SALON2.host })).status).toBe(200);
  });

  it('ends the session with GET from the app or with POST', async () => {
    for (const handler of [logoutGet, logoutPost]) {
      const cookie = await sessionFor(ANA);
      const res = await call(handler, { method: handler === logoutPost ? 'POST' : 'GET', path: '/api/v1/auth/logout', cookie, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.status).toBe(204);
      expect((await call(session, { path: '/api/v1/session', cookie })).status).toBe(404);
    }
  });
});

describe('parallel writes racing on one key', () => {
  it('10 parallel staff bookings for one new e-mail: one booking, one new client, no 500', async () => {
    const cookie = await sessionFor(MARCOS);
    const date = madridDates(2, 14)[2]!;
    const cut = await serviceId('Corte de pelo');
    const email = 'nuevo.cliente.carrera@example.com';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(book, {
          method: 'PATCH',
          path: '/api/v1/schedules/insert/appointment',
          body: staffBookingBody({ start: madridInstant(date, '10:00'), employee: MARCOS, serviceId: cut, email, name: 'Nuevo Cliente' }),
          cookie,
        }),
      ),
    );
    const counts = answers.map((a) => a.status).sort();
    expect(counts.filter((s) => s === 201)).toHaveLength(1);
    expect(counts.filter((s) => s >= 500)).toHaveLength(0);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(typeof a.body.error.message).toBe('string');
    }
    const rows = await (await getDb()).select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('10 parallel invitations of one e-mail: one 201, nine 409, no 500', async () => {
    const cookie = await sessionFor(LUCIA);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(invite, { method: 'POST', path: '/api/v1/users', body: { email: 'invitada.carrera@example.com' }, cookie })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  });
});

describe('sessions', () => {
  it('end after 14 days without use, though the absolute expiry is later', async () => {
    const { user } = await createClient('dormida@example.com');
    const tid = await tenantId();
    const { token } = await createSession(tid, user.id);
    expect(await findSessionUser(tid, token)).not.toBeNull();
    await (await getDb()).update(sessions).set({ lastUsedAt: sql`now() - interval '15 days'` }).where(eq(sessions.userId, user.id));
    forgetSessionsOf(user.id); // a raw database write: evict the 2-second session cache as the services do
    expect(await findSessionUser(tid, token)).toBeNull();
    const res = await call(session, { path: '/api/v1/session', cookie: `${SESSION_COOKIE}=${token}` });
    expect(res.status).toBe(404);
    expect(res.res.headers.get('set-cookie')).toMatch(/klok_session=;/);
  });

  it('are rotated at sign-in: the token held before no longer opens a session', async () => {
    const { user } = await createClient('rotada@example.com');
    const tid = await tenantId();
    const before = await createSession(tid, user.id);
    const after = await createSession(tid, user.id, before.token);
    expect(after.token).not.toBe(before.token);
    expect(await findSessionUser(tid, before.token)).toBeNull();
    expect(await findSessionUser(tid, after.token)).not.toBeNull();
  });

  it('of a deleted user lose access on the next request', async () => {
    const { user, cookie } = await createClient('borrada@example.com');
    expect((await call(session, { path: '/api/v1/session', cookie })).status).toBe(200);
    await (await getDb()).update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    forgetSessionsOf(user.id); // a raw database write: evict the 2-second session cache as the services do
    expect((await call(session, { path: '/api/v1/session', cookie })).status).toBe(404);
  });
});
