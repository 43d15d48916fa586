/**
 * Phone verification during onboarding (spec sections 4, 5, 8) with the `dev` provider:
 * `POST /users/{email}/phone/code` writes the six-digit code to `{DATA_DIR}/sms.log`
 * (`.data-sms/sms.log` in the working directory when DATA_DIR is `memory://`), and
 * `POST /users/{email}/phone/verify` checks it and stores the verified phone on the user.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST as requestCode } from '@/app/api/v1/users/[email]/phone/code/route';
import { POST as verifyCode } from '@/app/api/v1/users/[email]/phone/verify/route';
import { GET as getUser, PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { eq } from 'drizzle-orm';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { createClient, DB_TIMEOUT, madridInstant, pinTestClock, setTestClock, TEST_HOUR, TODAY } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let tempDir: string | undefined;

beforeAll(async () => {
  process.env.PHONE_PROVIDER = 'dev';
  // On the PostgreSQL engine keep the SMS log out of the repository's ./data folder.
  if (process.env.TEST_DATABASE_URL) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'klok-sms-'));
    process.env.DATA_DIR = tempDir;
  }
  await openTestDb();
}, DB_TIMEOUT);
afterAll(async () => {
  await closeTestDb();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

/** Where the dev SMS provider appends `ISO phone code` lines (mirrors lib/server/notifications/sms.ts). */
function smsLog(): string {
  const dir = process.env.DATA_DIR === 'memory://' ? path.resolve('.data-sms') : path.resolve(process.env.DATA_DIR ?? './data');
  return path.join(dir, 'sms.log');
}

const logSize = () => {
  try {
    return statSync(smsLog()).size;
  } catch {
    return 0;
  }
};

/** The code the dev provider "sent" to `phone` after byte offset `from` of the log (the latest one). */
function codeSentTo(phone: string, from: number): string {
  const lines = readFileSync(smsLog()).subarray(from).toString('utf8').trim().split('\n');
  const line = lines.filter((l) => l.split(' ')[1] === phone).at(-1);
  if (!line) throw new Error(`no SMS to ${phone} in ${smsLog()}`);
  return line.split(' ')[2]!;
}

const sendCode = (email: string, cookie: string, tlf: string) =>
  call(requestCode, { method: 'POST', path: `/api/v1/users/${email}/phone/code`, params: { email }, body: { tlf }, cookie });
const verify = (email: string, cookie: string, body: unknown) =>
  call(verifyCode, { method: 'POST', path: `/api/v1/users/${email}/phone/verify`, params: { email }, body, cookie });
const readUser = (email: string, cookie: string) => call(getUser, { path: `/api/v1/users/${email}`, params: { email }, cookie });
const patch = (email: string, cookie: string, body: unknown) =>
  call(patchUser, { method: 'PATCH', path: `/api/v1/users/${email}`, params: { email }, body, cookie });

/** Requests a code for `tlf` and returns it as read from the SMS log. */
async function requestAndRead(email: string, cookie: string, tlf: string, e164: string): Promise<string> {
  const before = logSize();
  const r = await sendCode(email, cookie, tlf);
  expect(r.status).toBe(200);
  return codeSentTo(e164, before);
}

/** Any six-digit code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('requesting a code', () => {
  it('answers with the dev provider and an expiry, and "sends" a six-digit code', async () => {
    const { cookie } = await createClient('tel-a@example.com');
    const before = logSize();
    const r = await sendCode('tel-a@example.com', cookie, '+34 699 111 222');
    expect(r.status).toBe(200);
    expect(r.body.data.provider).toBe('dev');
    // Ten minutes after the request, on the server clock (pinned at TODAY, TEST_HOUR = 08:00).
    expect(Date.parse(r.body.data.expires_at)).toBe(Date.parse(madridInstant(TODAY, '08:10')));
    expect(codeSentTo('+34699111222', before)).toMatch(/^\d{6}$/);
  });

  it('refuses a number that is not a valid international phone (422)', async () => {
    const { cookie } = await createClient('tel-b@example.com');
    const r = await sendCode('tel-b@example.com', cookie, '699 11');
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'unprocessable', message: messages.errors.phoneInvalid });
  });

  it("refuses a number another user already has (409 phone_taken) and sends nothing", async () => {
    const { cookie } = await createClient('tel-c@example.com');
    const before = logSize();
    // +34 612 34 56 78 is the seeded client's verified phone.
    const r = await sendCode('tel-c@example.com', cookie, '+34 612 34 56 78');
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'phone_taken', message: messages.errors.phoneTaken });
    expect(() => codeSentTo('+34612345678', before)).toThrow();
  });

  it("refuses to start verification on another user's account (403)", async () => {
    const { cookie } = await createClient('tel-d@example.com');
    const r = await sendCode('cliente@klok.demo', cookie, '+34 699 111 444');
    expect(r.status).toBe(403);
  });
});

describe('verifying the code', () => {
  it('refuses a wrong code (422 code_invalid) and verifies the right one (200)', async () => {
    const email = 'tel-e@example.com';
    const { cookie } = await createClient(email);
    const code = await requestAndRead(email, cookie, '+34 699 111 555', '+34699111555');

    const bad = await verify(email, cookie, { code: wrong(code) });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({ code: 'code_invalid', message: messages.errors.codeInvalid });
    expect((await readUser(email, cookie)).body.data).toMatchObject({ tlf: null, phone_verified: false });

    const good = await verify(email, cookie, { code });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ email, tlf: '+34699111555', phone_verified: true });
    expect((await readUser(email, cookie)).body.data).toMatchObject({ tlf: '+34699111555', phone_verified: true });
  });

  it('asks to send a code first when none was requested (422 code_required)', async () => {
    const email = 'tel-f@example.com';
    const { cookie } = await createClient(email);
    const r = await verify(email, cookie, { code: '123456' });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'code_required', message: messages.errors.sendFirst });
  });

  it('refuses a code that is not six digits (400)', async () => {
    const email = 'tel-g@example.com';
    const { cookie } = await createClient(email);
    await requestAndRead(email, cookie, '+34 699 111 666', '+34699111666');
    for (const body of [{ code: '12345' }, { code: 'abcdef' }, {}]) {
      const r = await verify(email, cookie, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('bad_request');
    }
  });

  it('gives up after five wrong codes: even the right one is then refused as expired', async () => {
    const email = 'tel-h@example.com';
    const { cookie } = await createClient(email);
    const code = await requestAndRead(email, cookie, '+34 699 111 777', '+34699111777');
    for (let i = 0; i < 5; i++) expect((await verify(email, cookie, { code: wrong(code) })).status).toBe(422);
    const r = await verify(email, cookie, { code });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'code_expired', message: messages.errors.codeExpired });
    expect((await readUser(email, cookie)).body.data.phone_verified).toBe(false);
  });

  it('accepts a code until ten minutes after it was sent, and refuses it as expired from then on', async () => {
    const early = await createClient('tel-k@example.com');
    const late = await createClient('tel-l@example.com');
    const earlyCode = await requestAndRead('tel-k@example.com', early.cookie, '+34 699 222 001', '+34699222001');
    const lateCode = await requestAndRead('tel-l@example.com', late.cookie, '+34 699 222 002', '+34699222002');
    try {
      setTestClock(TODAY, '08:09');
      expect((await verify('tel-k@example.com', early.cookie, { code: earlyCode })).status).toBe(200);
      setTestClock(TODAY, '08:10');
      const r = await verify('tel-l@example.com', late.cookie, { code: lateCode });
      expect(r.status).toBe(422);
      expect(r.body.error).toEqual({ code: 'code_expired', message: messages.errors.codeExpired });
    } finally {
      setTestClock(TODAY, TEST_HOUR);
    }
    expect((await readUser('tel-l@example.com', late.cookie)).body.data.phone_verified).toBe(false);
  });

  it('refuses the number to a second user once the first has verified it (409 phone_taken)', async () => {
    const first = await createClient('tel-i@example.com');
    const second = await createClient('tel-j@example.com');
    // Both ask for the same free number; the first to verify keeps it.
    const firstCode = await requestAndRead('tel-i@example.com', first.cookie, '+34 699 111 888', '+34699111888');
    const secondCode = await requestAndRead('tel-j@example.com', second.cookie, '+34 699 111 888', '+34699111888');
    expect((await verify('tel-i@example.com', first.cookie, { code: firstCode })).status).toBe(200);

    const r = await verify('tel-j@example.com', second.cookie, { code: secondCode });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'phone_taken', message: messages.errors.phoneTaken });
    expect((await readUser('tel-j@example.com', second.cookie)).body.data).toMatchObject({ tlf: null, phone_verified: false });

    // A new request for that number is refused at once.
    expect((await sendCode('tel-j@example.com', second.cookie, '+34 699 111 888')).status).toBe(409);
  });

  it('gives a number verified by two users at the same time to exactly one of them', async () => {
    const first = await createClient('tel-o@example.com');
    const second = await createClient('tel-p@example.com');
    const firstCode = await requestAndRead('tel-o@example.com', first.cookie, '+34 699 333 111', '+34699333111');
    const secondCode = await requestAndRead('tel-p@example.com', second.cookie, '+34 699 333 111', '+34699333111');
    const results = await Promise.all([
      verify('tel-o@example.com', first.cookie, { code: firstCode }),
      verify('tel-p@example.com', second.cookie, { code: secondCode }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('phone_taken');
    const owners = [
      (await readUser('tel-o@example.com', first.cookie)).body.data.tlf,
      (await readUser('tel-p@example.com', second.cookie)).body.data.tlf,
    ].filter(Boolean);
    expect(owners).toEqual(['+34699333111']);
  });

  it('a newly verified number clears the Cloud API\'s refusal of the old one; the same number again keeps it', async () => {
    const email = 'tel-wa@example.com';
    const { cookie } = await createClient(email);
    const refused = new Date('2027-05-01T10:00:00.000Z');
    const db = await getDb();
    const invalidAt = async () => (await db.select({ at: users.whatsappInvalidAt }).from(users).where(eq(users.email, email)))[0]!.at;

    expect((await verify(email, cookie, { code: await requestAndRead(email, cookie, '+34 699 222 111', '+34699222111') })).status).toBe(200);
    await db.update(users).set({ whatsappInvalidAt: refused }).where(eq(users.email, email));

    expect((await verify(email, cookie, { code: await requestAndRead(email, cookie, '+34 699 222 111', '+34699222111') })).status).toBe(200);
    expect(await invalidAt()).toEqual(refused);

    expect((await verify(email, cookie, { code: await requestAndRead(email, cookie, '+34 699 222 112', '+34699222112') })).status).toBe(200);
    expect(await invalidAt()).toBeNull();
  });

  it("refuses to verify another user's account (403)", async () => {
    const { cookie } = await createClient('tel-k@example.com');
    const r = await verify('cliente@klok.demo', cookie, { code: '123456' });
    expect(r.status).toBe(403);
  });
});

describe('finishing onboarding', () => {
  it('refuses onboarding_completed before the phone is verified (422), accepts it after (201)', async () => {
    const email = 'tel-l@example.com';
    const { cookie } = await createClient(email);

    const early = await patch(email, cookie, { name: 'Laura Pérez', onboarding_completed: true, privacy_policy: true });
    expect(early.status).toBe(422);
    expect(early.body.error).toEqual({ code: 'phone_not_verified', message: messages.errors.phoneNotVerified });
    expect((await readUser(email, cookie)).body.data).toMatchObject({ onboarding_completed: false, name: 'tel-l' });

    const code = await requestAndRead(email, cookie, '+34 699 111 999', '+34699111999');
    expect((await verify(email, cookie, { code })).status).toBe(200);

    const done = await patch(email, cookie, {
      name: 'Laura Pérez',
      tlf: '+34 699 111 999',
      onboarding_completed: true,
      privacy_policy: true,
    });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({
      name: 'Laura Pérez',
      tlf: '+34699111999',
      phone_verified: true,
      privacy_policy: true,
      onboarding_completed: true,
    });
  });

  it('refuses onboarding without accepting the privacy policy (422)', async () => {
    const email = 'tel-m@example.com';
    const { cookie } = await createClient(email);
    const code = await requestAndRead(email, cookie, '+34 699 222 111', '+34699222111');
    expect((await verify(email, cookie, { code })).status).toBe(200);
    const r = await patch(email, cookie, { onboarding_completed: true });
    expect(r.status).toBe(422);
  });

  it('refuses a phone in the profile other than the verified one (422)', async () => {
    const email = 'tel-n@example.com';
    const { cookie } = await createClient(email);
    const code = await requestAndRead(email, cookie, '+34 699 222 333', '+34699222333');
    expect((await verify(email, cookie, { code })).status).toBe(200);
    const r = await patch(email, cookie, { tlf: '+34 699 222 444' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('phone_not_verified');
    expect((await readUser(email, cookie)).body.data.tlf).toBe('+34699222333');
  });

  it('keeps the seeded client onboarded with its phone', async () => {
    const cookie = await sessionFor('cliente@klok.demo');
    expect((await readUser('cliente@klok.demo', cookie)).body.data).toMatchObject({
      tlf: '+34612345678',
      phone_verified: true,
      onboarding_completed: true,
    });
  });
});
