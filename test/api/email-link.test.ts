/**
 * Sign-in by e-mail link (beyond-the-spec §1 "Recibir un enlace por correo"): the same answer for every
 * address, one e-mail through the outbox, a link that opens one session within 15 minutes and only on the
 * salon that sent it, the identity rules of Google sign-in, the limits, and the `next` path.
 */
import { POST as requestLink } from '@/app/api/v1/auth/email-link/route';
import { GET as openLink } from '@/app/api/v1/auth/email-link/callback/route';
import { DELETE as removeEmployee } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/route';
import { GET as getSession } from '@/app/api/v1/session/route';
import messages from '@/lib/i18n/messages/es.json';
import { setClock } from '@/lib/server/clock';
import { SESSION_COOKIE } from '@/lib/tenant-host';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, DB_TIMEOUT, LUCIA, madridInstant, outboxRows, pinTestClock, SALON2, SARA, seedSalon2, TEST_HOUR, TODAY } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const START = Date.parse(madridInstant(TODAY, TEST_HOUR));
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  await openTestDb();
  await seedSalon2();
}, DB_TIMEOUT);
afterEach(() => setClock(() => START));
afterAll(closeTestDb);

let ipSeq = 0;
/** A client IP of its own per call unless given, so only the limit under test is spent. */
const ask = (body: unknown, opts: { host?: string; ip?: string; origin?: string } = {}) =>
  call(requestLink, {
    method: 'POST',
    path: '/api/v1/auth/email-link',
    body,
    host: opts.host,
    headers: { origin: opts.origin ?? `http://${opts.host ?? 'localhost:3000'}`, 'x-klok-client-ip': opts.ip ?? `198.51.100.${++ipSeq % 250}` },
  });

const open = (token: string, opts: { host?: string; cookie?: string } = {}) =>
  call(openLink, { path: `/api/v1/auth/email-link/callback?token=${encodeURIComponent(token)}`, ...opts });

/** The token of the latest link e-mailed to `email` on a tenant. */
async function lastToken(email: string, slug = 'klok'): Promise<string> {
  const rows = (await outboxRows(slug)).filter((r) => r.payload.to === email);
  const text = String(rows.at(-1)?.payload.text ?? '');
  const match = /\/api\/v1\/auth\/email-link\/callback\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no link for ${email}`);
  return match[1]!;
}

const cookieOf = (res: Response): string | null => {
  const m = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '');
  return m?.[1] ? `${SESSION_COOKIE}=${m[1]}` : null;
};

const sessionEmail = async (cookie: string) => {
  const r = await call(getSession, { path: '/api/v1/session', cookie });
  return r.status === 200 ? (r.body.data.email as string) : null;
};

describe('POST /api/v1/auth/email-link', () => {
  it('answers 202 with the same body for a known and an unknown address, and queues exactly one e-mail each', async () => {
    const before = (await outboxRows()).length;
    const known = await ask({ email: ANA });
    const unknown = await ask({ email: 'Nueva.Persona@Example.com ' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ data: { sent: true, expires_in_minutes: 15 } });

    const rows = (await outboxRows()).slice(before);
    expect(rows.map((r) => r.payload.to)).toEqual([ANA, 'nueva.persona@example.com']);
    const mail = rows[0]!.payload as { subject: string; text: string; html: string };
    expect(mail.subject).toBe('Tu enlace para entrar en Klok Peluquería');
    expect(mail.text).toContain(`${ORIGIN}/api/v1/auth/email-link/callback?token=`);
    expect(mail.text).toContain('caduca en 15 minutos');
    expect(mail.html).toContain('/api/v1/auth/email-link/callback?token=');
  });

  it('refuses an invalid address (400, Spanish) and a request from another site (403)', async () => {
    const bad = await ask({ email: 'no-es-un-correo' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(messages.validation.emailInvalid);
    const cross = await ask({ email: 'cross@example.com' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe('cross_origin');
  });
});

describe('GET /api/v1/auth/email-link/callback', () => {
  it('signs a new address in once: session cookie, /api/v1/session shows the user, a second use fails', async () => {
    await ask({ email: 'primera@example.com' });
    const token = await lastToken('primera@example.com');
    const first = await open(token);
    expect(first.status).toBe(302);
    expect(first.res.headers.get('location')).toBe(`${ORIGIN}/`);
    const setCookie = first.res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    const cookie = cookieOf(first.res)!;
    expect(await sessionEmail(cookie)).toBe('primera@example.com');
    const session = await call(getSession, { path: '/api/v1/session', cookie });
    expect(session.body.data).toMatchObject({ role: 'client', onboarding_completed: false });

    const second = await open(token);
    expect(second.status).toBe(302);
    expect(second.res.headers.get('location')).toBe(`${ORIGIN}/login?error=link`);
    expect(cookieOf(second.res)).toBeNull();
    expect(messages.login.linkFailed).toBe('El enlace ha caducado o ya se ha usado. Pide otro.');
  });

  it('signs a known client into her own account and rotates the session the browser held', async () => {
    const old = await sessionFor(LUCIA);
    await ask({ email: ANA });
    const r = await open(await lastToken(ANA), { cookie: old });
    expect(r.res.headers.get('location')).toBe(`${ORIGIN}/`);
    expect(await sessionEmail(cookieOf(r.res)!)).toBe(ANA);
    expect(await sessionEmail(old)).toBeNull();
  });

  it('works until 15 minutes after the request and fails after', async () => {
    await ask({ email: 'caduca@example.com' });
    const late = await lastToken('caduca@example.com');
    await ask({ email: 'a-tiempo@example.com' });
    const inTime = await lastToken('a-tiempo@example.com');

    setClock(() => START + 15 * 60_000 - 1000);
    const ok = await open(inTime);
    expect(ok.res.headers.get('location')).toBe(`${ORIGIN}/`);
    expect(cookieOf(ok.res)).not.toBeNull();

    setClock(() => START + 15 * 60_000);
    const expired = await open(late);
    expect(expired.res.headers.get('location')).toBe(`${ORIGIN}/login?error=link`);
    expect(cookieOf(expired.res)).toBeNull();
  });

  it('sends an unknown or missing token back to /login with the link error', async () => {
    for (const path of ['/api/v1/auth/email-link/callback?token=desconocido', '/api/v1/auth/email-link/callback']) {
      const r = await call(openLink, { path });
      expect(r.status).toBe(302);
      expect(r.res.headers.get('location')).toBe(`${ORIGIN}/login?error=link`);
    }
  });

  it("does not open a session on salon B with a link made on salon A, and the link still works on A", async () => {
    await ask({ email: 'viajera@example.com' });
    const token = await lastToken('viajera@example.com');
    const other = await open(token, { host: SALON2.host });
    expect(other.res.headers.get('location')).toBe(`http://${SALON2.host}/login?error=link`);
    expect(cookieOf(other.res)).toBeNull();
    const home = await open(token);
    expect(home.res.headers.get('location')).toBe(`${ORIGIN}/`);
  });

  it('lets staff sign in by link with their role, and never a removed stylist', async () => {
    await ask({ email: SARA });
    const before = await lastToken(SARA);
    const admin = await sessionFor(LUCIA);
    const removed = await call(removeEmployee, {
      method: 'DELETE',
      path: `/api/v1/facility/1/employees/${SARA}`,
      params: { facilityId: '1', employeeId: SARA },
      cookie: admin,
      headers: { origin: ORIGIN },
    });
    expect(removed.status).toBe(200);

    // A link sent before the removal does not sign her in.
    const r = await open(before);
    expect(r.res.headers.get('location')).toBe(`${ORIGIN}/login?error=1`);
    expect(cookieOf(r.res)).toBeNull();

    // Asking again answers as for anyone, and sends nothing.
    const count = (await outboxRows()).length;
    const again = await ask({ email: SARA });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ data: { sent: true, expires_in_minutes: 15 } });
    expect((await outboxRows()).length).toBe(count);

    await ask({ email: LUCIA });
    const staff = await open(await lastToken(LUCIA));
    const session = await call(getSession, { path: '/api/v1/session', cookie: cookieOf(staff.res)! });
    expect(session.body.data).toMatchObject({ email: LUCIA, role: 'admin' });
  });
});

describe('next', () => {
  it('returns to a same-origin relative path carried in the stored link, not in the URL', async () => {
    const r = await ask({ email: 'reserva@example.com', next: '/reservar?servicio=1#confirmar' });
    expect(r.status).toBe(202);
    const token = await lastToken('reserva@example.com');
    const mail = (await outboxRows()).at(-1)!.payload as { text: string };
    expect(mail.text).not.toContain('reservar');
    const opened = await open(token);
    expect(opened.res.headers.get('location')).toBe(`${ORIGIN}/reservar?servicio=1#confirmar`);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/api/v1/auth/logout', 'reservar'])(
    'refuses %s with 400 and sends nothing',
    async (next) => {
      const count = (await outboxRows()).length;
      const r = await ask({ email: 'desvio@example.com', next });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(messages.validation.nextInvalid);
      expect((await outboxRows()).length).toBe(count);
    },
  );
});

describe('limits', () => {
  it('answers 429 in Spanish after 5 links an hour for one address, even from many IPs, concurrently', async () => {
    const answers = await Promise.all(Array.from({ length: 7 }, () => ask({ email: 'insistente@example.com' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toEqual({ code: 'too_many_requests', message: messages.errors.tooManyRequests });
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await outboxRows()).filter((r) => r.payload.to === 'insistente@example.com')).toHaveLength(5);
  });

  it('answers 429 after 20 requests an hour from one IP, whatever the addresses', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await ask({ email: `ip-${i}@example.com` }, { ip: '203.0.113.77' }));
    expect(answers.slice(0, 20).every((a) => a.status === 202)).toBe(true);
    expect(answers[20]!.status).toBe(429);
    expect(answers[20]!.body.error.code).toBe('too_many_requests');
  });
});
