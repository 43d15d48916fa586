/**
 * Onboarding is a server rule (spec section 4): a client who has not verified a phone and accepted the
 * privacy policy gets 403 `onboarding_required` on every write but onboarding itself (phone code and
 * verification, its own profile, logout), and nothing is stored. Staff are not affected.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GET as getPending } from '@/app/api/v1/users/[email]/appointments/pending/route';
import { POST as requestCode } from '@/app/api/v1/users/[email]/phone/code/route';
import { POST as verifyCode } from '@/app/api/v1/users/[email]/phone/verify/route';
import { PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { POST as logout } from '@/app/api/v1/auth/logout/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { book, bookingBody, createClient, DB_TIMEOUT, LUCIA, madridDates, offeredHours, SARA, serviceId, pinTestClock } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let smsDir: string;
let corte: number;
let days: string[];

beforeAll(async () => {
  process.env.PHONE_PROVIDER = 'dev';
  smsDir = mkdtempSync(path.join(tmpdir(), 'klok-onboarding-'));
  if (process.env.TEST_DATABASE_URL) process.env.DATA_DIR = smsDir;
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  days = madridDates(1, 28);
}, DB_TIMEOUT);
afterAll(async () => {
  await closeTestDb();
  rmSync(smsDir, { recursive: true, force: true });
});

/** The latest development SMS code sent to `phone` (mirrors lib/server/notifications/sms.ts). */
function smsCode(phone: string): string {
  const dir = process.env.DATA_DIR === 'memory://' ? path.resolve('.data-sms') : path.resolve(process.env.DATA_DIR ?? './data');
  const line = readFileSync(path.join(dir, 'sms.log'), 'utf8').trim().split('\n').filter((l) => l.split(' ')[1] === phone).at(-1);
  if (!line) throw new Error(`no SMS to ${phone}`);
  return line.split(' ')[2]!;
}

const pendingOf = (email: string, cookie: string) =>
  call(getPending, { path: `/api/v1/users/${email}/appointments/pending`, params: { email }, cookie });
const patch = (email: string, cookie: string, body: unknown) =>
  call(patchUser, { method: 'PATCH', path: `/api/v1/users/${email}`, params: { email }, body, cookie });

/** A booking body for `client` on the first offered hour of Sara on `date`. */
async function firstHour(client: { email: string; id: string; name: string }, cookie: string, date: string) {
  const [hour] = await offeredHours(cookie, date, SARA, { serviceDuration: 30, serviceId: corte });
  expect(hour).toBeDefined();
  return bookingBody(client, { start: hour!.start_time, employee: SARA, serviceId: corte });
}

const storedFor = async (userId: string) => (await getDb()).select().from(appointments).where(eq(appointments.clientId, userId));

it('refuses a booking of a client without verified phone and privacy policy (403 onboarding_required), storing nothing', async () => {
  const { user, cookie } = await createClient('sin-registro@example.com', { name: 'Sin Registro' });
  const r = await book(cookie, await firstHour(user, cookie, days[0]!));
  expect(r.status).toBe(403);
  expect(r.body.error).toEqual({ code: 'onboarding_required', message: messages.errors.onboardingRequired });
  expect(messages.errors.onboardingRequired).toBe('Completa tu registro (teléfono y política de privacidad) antes de continuar.');
  expect(await storedFor(user.id)).toEqual([]);
  expect((await pendingOf(user.email, cookie)).body.items).toEqual([]);
});

it('needs both: a verified phone without the privacy policy, or the policy without a phone, is refused', async () => {
  const db = await getDb();
  const phoneOnly = await createClient('solo-telefono@example.com');
  await db.update(users).set({ tlf: '+34711000001', phoneVerified: true }).where(eq(users.id, phoneOnly.user.id));
  const policyOnly = await createClient('solo-politica@example.com');
  await db.update(users).set({ privacyPolicy: true }).where(eq(users.id, policyOnly.user.id));
  for (const { user } of [phoneOnly, policyOnly]) {
    const cookie = await sessionFor(user.email);
    const r = await book(cookie, await firstHour(user, cookie, days[1]!));
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('onboarding_required');
    expect(await storedFor(user.id)).toEqual([]);
  }
});

it('lets a new client onboard through the API and book right after', async () => {
  const email = 'nueva-registro@example.com';
  const { user, cookie } = await createClient(email, { name: 'Nueva Registro' });
  // The session is read (and cached) before onboarding.
  expect((await book(cookie, await firstHour(user, cookie, days[2]!))).status).toBe(403);

  const sent = await call(requestCode, { method: 'POST', path: `/api/v1/users/${email}/phone/code`, params: { email }, body: { tlf: '+34 699 555 010' }, cookie });
  expect(sent.status).toBe(200);
  const verified = await call(verifyCode, {
    method: 'POST',
    path: `/api/v1/users/${email}/phone/verify`,
    params: { email },
    body: { code: smsCode('+34699555010') },
    cookie,
  });
  expect(verified.status).toBe(200);
  // Still no privacy policy: refused.
  expect((await book(cookie, await firstHour(user, cookie, days[2]!))).status).toBe(403);

  const done = await patch(email, cookie, { name: 'Nueva Registro', privacy_policy: true, onboarding_completed: true });
  expect(done.status).toBe(201);
  const booked = await book(cookie, await firstHour(user, cookie, days[2]!));
  expect(booked.status).toBe(201);
  expect(await storedFor(user.id)).toHaveLength(1);
});

it('lets a client who has not onboarded edit its own profile and log out', async () => {
  const email = 'de-paso@example.com';
  const { cookie } = await createClient(email);
  const renamed = await patch(email, cookie, { name: 'De Paso', tutorial: true });
  expect(renamed.status).toBe(201);
  expect(renamed.body.data.name).toBe('De Paso');
  const out = await call(logout, { method: 'POST', path: '/api/v1/auth/logout', cookie });
  expect(out.status).toBe(204);
});

it('does not apply to staff: the admin books for a client who has not onboarded', async () => {
  const { user, cookie } = await createClient('por-telefono@example.com', { name: 'Por Teléfono' });
  const admin = await sessionFor(LUCIA);
  const [hour] = await offeredHours(cookie, days[3]!, SARA, { serviceDuration: 30, serviceId: corte });
  const r = await book(admin, { start_time: hour!.start_time, facility_id: 1, employee_id: SARA, service_id: corte, client_id: user.email, client_name: user.name });
  expect(r.status).toBe(201);
  expect(await storedFor(user.id)).toHaveLength(1);
});
