/**
 * Abuse limits under parallel load, as an attacker would try them: phone-code guessing, SMS
 * pumping through one account, one number or one address, phone lookups, session-token guessing and
 * sign-in callback floods. Every refusal is 429 with the JSON error shape, a Spanish message and
 * `Retry-After`. On PostgreSQL (TEST_DATABASE_URL) the requests really run in parallel.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { GET as callback } from '@/app/api/v1/auth/google/callback/route';
import { GET as session } from '@/app/api/v1/session/route';
import { forgetTenant } from '@/lib/server/tenancy';
import { POST as requestCode } from '@/app/api/v1/users/[email]/phone/code/route';
import { POST as verifyCode } from '@/app/api/v1/users/[email]/phone/verify/route';
import { GET as lookup } from '@/app/api/v1/users/phone/[phone]/route';
import { getDb } from '@/lib/server/db/client';
import { phoneVerifications, rateLimits, tenants, users } from '@/lib/server/db/schema';
import { LIMITS, sweepExpiredLimits } from '@/lib/server/rate-limit';
import { call, closeTestDb, openTestDb } from './harness';
import { createClient, DB_TIMEOUT, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

let tempDir: string;

beforeAll(async () => {
  process.env.PHONE_PROVIDER = 'dev';
  tempDir = mkdtempSync(path.join(tmpdir(), 'klok-limits-'));
  if (process.env.TEST_DATABASE_URL) process.env.DATA_DIR = tempDir;
  await openTestDb();
}, DB_TIMEOUT);
afterAll(async () => {
  await closeTestDb();
  rmSync(tempDir, { recursive: true, force: true });
});

type Answer = Awaited<ReturnType<typeof call>>;

const sendCode = (email: string, cookie: string, tlf: string, ip?: string) =>
  call(requestCode, {
    method: 'POST',
    path: `/api/v1/users/${email}/phone/code`,
    params: { email },
    body: { tlf },
    cookie,
    headers: ip ? { 'x-klok-client-ip': ip } : {},
  });
const verify = (email: string, cookie: string, code: string) =>
  call(verifyCode, { method: 'POST', path: `/api/v1/users/${email}/phone/verify`, params: { email }, body: { code }, cookie });

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});

/** Every 429 has the JSON error shape, a Spanish message and a Retry-After in seconds. */
function expectLimited(answers: Answer[]) {
  const limited = answers.filter((a) => a.status === 429);
  expect(limited.length).toBeGreaterThan(0);
  for (const a of limited) {
    expect(a.body.error.code).toBe('too_many_requests');
    expect(a.body.error.message).toBe('Has hecho demasiados intentos. Espera unos minutos.');
    expect(Number(a.res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

let n = 0;
/** A fresh client account (own limits) with a session. */
async function freshClient() {
  n += 1;
  return createClient(`atacante${n}@example.com`);
}

/** A valid Spanish mobile number, distinct per call. */
const phone = (i: number) => `+346${10_000_000 + i}`;

it('500 parallel guesses of one code get at most 5 comparisons; the code then dies', async () => {
  const { user, cookie } = await freshClient();
  const sent = await sendCode(user.email, cookie, phone(1));
  expect(sent.status).toBe(200);
  const guesses = await Promise.all(Array.from({ length: 500 }, (_, i) => verify(user.email, cookie, String(i).padStart(6, '0'))));
  const counts = statuses(guesses);
  // 503: on a loaded machine a request may wait longer than the pool's connection timeout (load shed,
  // nothing compared). Never a 500.
  expect(Object.keys(counts).filter((s) => !['200', '422', '429', '503'].includes(s))).toEqual([]);
  const compared = guesses.filter((g) => g.status === 200 || g.body?.error?.code === 'code_invalid');
  expect(compared.length).toBeLessThanOrEqual(5);
  const [row] = await (await getDb())
    .select({ attempts: phoneVerifications.attempts })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, user.id));
  expect(row!.attempts).toBeLessThanOrEqual(5);
  console.log(`[limits] 500 parallel verify guesses: ${JSON.stringify(counts)}; compared ${compared.length}, attempts ${row!.attempts}`);
});

it('40 parallel code requests from one account send at most the per-account limit', async () => {
  const { user, cookie } = await freshClient();
  const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(user.email, cookie, phone(2))));
  const sent = answers.filter((a) => a.status === 200).length;
  expect(sent).toBeLessThanOrEqual(LIMITS.phoneCodePerUser.points);
  expect(answers.filter((a) => ![200, 429, 503].includes(a.status))).toEqual([]);
  expectLimited(answers);
  const rows = await (await getDb()).select().from(phoneVerifications).where(eq(phoneVerifications.userId, user.id));
  expect(rows).toHaveLength(sent);
  console.log(`[limits] 40 parallel code requests, one account: ${JSON.stringify(statuses(answers))}`);
});

it('one phone number across 10 accounts gets at most the per-number limit', async () => {
  const accounts = await Promise.all(Array.from({ length: 10 }, () => freshClient()));
  const answers = await Promise.all(
    accounts.flatMap(({ user, cookie }) => Array.from({ length: 5 }, () => sendCode(user.email, cookie, phone(3)))),
  );
  const sent = answers.filter((a) => a.status === 200).length;
  expect(sent).toBeLessThanOrEqual(LIMITS.phoneCodePerPhone.points);
  expectLimited(answers);
  const rows = await (await getDb()).select().from(phoneVerifications).where(eq(phoneVerifications.phone, phone(3)));
  expect(rows.length).toBe(sent);
  console.log(`[limits] 50 code requests for one number from 10 accounts: ${JSON.stringify(statuses(answers))}`);
});

it('codes from one address are limited across accounts and numbers', async () => {
  const accounts = await Promise.all(Array.from({ length: 15 }, () => freshClient()));
  const answers = await Promise.all(accounts.map(({ user, cookie }, i) => sendCode(user.email, cookie, phone(100 + i), '198.51.100.23')));
  expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(LIMITS.phoneCodePerIp.points);
  expectLimited(answers);
  // Another address is not affected.
  const other = await freshClient();
  expect((await sendCode(other.user.email, other.cookie, phone(200), '198.51.100.24')).status).toBe(200);
});

it('numbers of countries the tenant does not allow get no code (Spain only by default)', async () => {
  const { user, cookie } = await freshClient();
  const portugal = await sendCode(user.email, cookie, '+351912345678');
  expect(portugal.status).toBe(422);
  expect(portugal.body.error).toEqual({ code: 'phone_country', message: 'Este negocio no admite números de teléfono de ese país.' });
  const db = await getDb();
  await db.update(tenants).set({ phoneCountries: ['ES', 'PT'] }).where(eq(tenants.id, await tenantId()));
  forgetTenant(); // a raw database write: evict the 5-second tenant cache as the settings service does
  expect((await sendCode(user.email, cookie, '+351912345678')).status).toBe(200);
  await db.update(tenants).set({ phoneCountries: ['ES'] }).where(eq(tenants.id, await tenantId()));
  forgetTenant();
});

it('phone lookups are limited per account and tell a client nothing about the owner', async () => {
  const owner = await freshClient();
  await (await getDb()).update(users).set({ tlf: phone(400), phoneVerified: true }).where(eq(users.id, owner.user.id));
  const { cookie } = await freshClient();
  const target = encodeURIComponent(phone(400));
  const answers: Answer[] = [];
  for (let i = 0; i < LIMITS.phoneLookupPerUser.points + 5; i += 10) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () => call(lookup, { path: `/api/v1/users/phone/${target}`, params: { phone: target }, cookie })),
      )),
    );
  }
  const found = answers.filter((a) => a.status === 200);
  expect(found).toHaveLength(LIMITS.phoneLookupPerUser.points);
  expect(new Set(found.map((a) => a.body.data.email))).toEqual(new Set(['***@***']));
  expectLimited(answers);
});

it('guessed session tokens from one address are refused after the bad-session budget', async () => {
  const answers: Answer[] = [];
  for (let i = 0; i < LIMITS.badSessionPerIp.points + 10; i += 10) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          call(session, { path: '/api/v1/session', cookie: `klok_session=guess${i}-${j}`, headers: { 'x-klok-client-ip': '203.0.113.50' } }),
        ),
      )),
    );
  }
  expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(10);
  expectLimited(answers);
  // The stale cookie is cleared on the answers that were not refused.
  const first = answers.find((a) => a.status !== 429)!;
  expect(first.res.headers.get('set-cookie')).toMatch(/klok_session=;.*Max-Age=0/i);
});

it('sign-in callbacks from one address are limited', async () => {
  const answers: Answer[] = [];
  for (let i = 0; i < LIMITS.signInCallbackPerIp.points + 10; i += 10) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () =>
          call(callback, { path: '/api/v1/auth/google/callback?code=x&state=y', headers: { 'x-klok-client-ip': '203.0.113.60' } }),
        ),
      )),
    );
  }
  expect(answers.filter((a) => a.status === 302).length).toBe(LIMITS.signInCallbackPerIp.points);
  expectLimited(answers);
});

it('the same code check on one account is not reachable after the code died, even with a new guess', async () => {
  const { user, cookie } = await freshClient();
  await sendCode(user.email, cookie, phone(300));
  for (let i = 0; i < 5; i++) expect((await verify(user.email, cookie, '000000')).body.error.code).toMatch(/code_invalid/);
  const after = await verify(user.email, cookie, '000000');
  expect(after.status).toBe(422);
  expect(after.body.error.code).toBe('code_expired');
  const [row] = await (await getDb())
    .select({ attempts: phoneVerifications.attempts })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, user.id)));
  expect(row!.attempts).toBe(5);
});

it("accounts' refused code requests do not spend the tenant's budget: another new client still gets a code", async () => {
  // Each account asks until its lookup budget refuses; together they ask more often than the tenant may send.
  const perAccount = LIMITS.phoneLookupPerUser.points + 5;
  const accounts = await Promise.all(Array.from({ length: Math.ceil(LIMITS.phoneCodePerTenant.points / perAccount) + 2 }, () => freshClient()));
  const answers: Answer[] = [];
  for (const [i, { user, cookie }] of accounts.entries()) {
    answers.push(...(await Promise.all(Array.from({ length: perAccount }, () => sendCode(user.email, cookie, phone(500 + i))))));
  }
  expect(answers.length).toBeGreaterThan(LIMITS.phoneCodePerTenant.points);
  expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(accounts.length * LIMITS.phoneCodePerUser.points);
  expect(answers.filter((a) => ![200, 429].includes(a.status))).toEqual([]);
  expectLimited(answers);
  const other = await freshClient();
  const r = await sendCode(other.user.email, other.cookie, phone(550));
  expect(r.status).toBe(200);
  expect(r.body.data.provider).toBe('dev');
});

it('probing taken numbers through the code request is limited like phone lookups', async () => {
  const owners = await Promise.all(Array.from({ length: 3 }, () => freshClient()));
  const db = await getDb();
  for (const [i, o] of owners.entries()) await db.update(users).set({ tlf: phone(600 + i), phoneVerified: true }).where(eq(users.id, o.user.id));
  const { user, cookie } = await freshClient();
  const answers: Answer[] = [];
  for (let i = 0; i < LIMITS.phoneLookupPerUser.points + 10; i++) answers.push(await sendCode(user.email, cookie, phone(600 + (i % 3))));
  const taken = answers.filter((a) => a.status === 409);
  expect(taken).toHaveLength(LIMITS.phoneLookupPerUser.points);
  expect(new Set(taken.map((a) => a.body.error.code))).toEqual(new Set(['phone_taken']));
  expect(answers.slice(LIMITS.phoneLookupPerUser.points).map((a) => a.status)).toEqual(Array(10).fill(429));
  expectLimited(answers);
  // The same budget as GET /users/phone/{phone}: it is spent too.
  const target = encodeURIComponent(phone(600));
  expect((await call(lookup, { path: `/api/v1/users/phone/${target}`, params: { phone: target }, cookie })).status).toBe(429);
});

it('probing taken numbers from one address is limited across accounts', async () => {
  const owner = await freshClient();
  await (await getDb()).update(users).set({ tlf: phone(700), phoneVerified: true }).where(eq(users.id, owner.user.id));
  const ipBudget = LIMITS.phoneLookupPerIp.points * Number(process.env.RATE_LIMIT_IP_FACTOR ?? 1);
  const prober = await Promise.all(Array.from({ length: Math.ceil(ipBudget / 20) + 1 }, () => freshClient()));
  const answers: Answer[] = [];
  for (const { user, cookie } of prober) {
    for (let i = 0; i < 20; i++) answers.push(await sendCode(user.email, cookie, phone(700), '198.51.100.77'));
  }
  expect(answers.filter((a) => a.status === 409)).toHaveLength(ipBudget);
  expect(answers.filter((a) => a.status === 429).length).toBe(answers.length - ipBudget);
  expectLimited(answers);
});

it("the worker's sweep deletes counters an hour past their window and keeps live ones", async () => {
  const db = await getDb();
  const now = Date.parse('2026-03-10T10:00:00Z');
  await db.insert(rateLimits).values([
    { key: 'sweep-old', points: 3, expire: new Date(now - 61 * 60_000) },
    { key: 'sweep-recent', points: 3, expire: new Date(now - 59 * 60_000) },
    { key: 'sweep-live', points: 3, expire: new Date(now + 60_000) },
  ]);
  expect(await sweepExpiredLimits(now)).toBe(1);
  const left = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'sweep-%'));
  expect(left.map((r) => r.key).sort()).toEqual(['sweep-live', 'sweep-recent']);
});
