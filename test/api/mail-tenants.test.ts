/**
 * The staff page `/mail` (the local mail catcher) per salon: the outbox worker tags every e-mail with its
 * salon, the catcher files it under that salon, and the page, for a signed-in staff member, lists and opens
 * only the e-mails of the salon of the request's host and session; another salon's message is a 404, and a
 * header the browser sends cannot choose the salon.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ReactElement } from 'react';
import MailPage from '@/app/(staff)/staff/mail/page';
import { getDb, type Db } from '@/lib/server/db/client';
import { outbox } from '@/lib/server/db/schema';
import type { CaughtMail, CaughtMailSummary } from '@/lib/server/dev-mail';
import { smtpTransport } from '@/lib/server/notifications/mail';
import { queueEmail } from '@/lib/server/notifications/outbox';
import { deliverDue } from '@/lib/server/notifications/worker';
import { startDevSmtp } from '@/scripts/dev-smtp';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import { DB_TIMEOUT, LUCIA, seedSalon2, tenantId } from './fixtures';

/** The request the page sees: its headers (host, x-forwarded-*, …) and cookies. */
const mockRequest: { headers: Record<string, string>; cookie: string } = { headers: {}, cookie: '' };
jest.mock('next/headers', () => ({
  headers: async () => new Headers(mockRequest.headers),
  cookies: async () => {
    const jar = new Map(
      mockRequest.cookie
        .split(';')
        .filter(Boolean)
        .map((c) => {
          const [name, ...value] = c.trim().split('=');
          return [name!, value.join('=')] as const;
        }),
    );
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) };
  },
}));
jest.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));
// The page's presentational components (they import CSS); the test reads the props the page gives them.
jest.mock('@/components/mail/mail-list', () => ({ MailList: () => null }));
jest.mock('@/components/mail/mail-message', () => ({ MailMessage: () => null }));
jest.mock('@/components/ui/page-header', () => ({ PageHeader: () => null }));

jest.setTimeout(DB_TIMEOUT);

const KLOK = 'localhost:3000';
const SALON2 = 'salon2.localhost:3000';
let db: Db;
let dir: string;
let catcher: Awaited<ReturnType<typeof startDevSmtp>>;
let klokAdmin: string;
let salon2Admin: string;

beforeAll(async () => {
  await openTestDb();
  db = await getDb();
  await seedSalon2();
  [klokAdmin, salon2Admin] = await Promise.all([sessionFor(LUCIA), sessionFor('admin@salon2.demo', 'salon2')]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'klok-mail-tenants-'));
  catcher = await startDevSmtp({ port: 0, dir });
  process.env.DEV_MAIL_DIR = dir;
  // The seed's own e-mails count as delivered: only this file's messages reach the catcher.
  await db.update(outbox).set({ status: 'sent' });
  const [klok, salon2] = [await tenantId('klok'), await tenantId('salon2')];
  await queueEmail(db, klok, { to: 'ana@correo.es', subject: 'Cita en Klok', text: 'Hola Ana' });
  await queueEmail(db, salon2, { to: 'pablo@correo.es', subject: 'Cita en Salón 2', text: 'Hola Pablo' });
  const transport = smtpTransport(catcher.url);
  const report = await deliverDue(db, { now: new Date(Date.now() + 60_000), transport, from: 'Klok <no-reply@klok.app>' });
  transport.close?.();
  expect(report.sent).toBe(2);
}, DB_TIMEOUT);
afterAll(async () => {
  delete process.env.DEV_MAIL_DIR;
  await catcher.close();
  await rm(dir, { recursive: true, force: true });
  await closeTestDb();
});

/** Renders the page for a request; returns its second child's props, or the HTTP status Next.js answers. */
async function page(host: string, cookie: string, id?: string, headers: Record<string, string> = {}) {
  mockRequest.headers = { host, ...headers };
  mockRequest.cookie = cookie;
  try {
    const out = (await MailPage({ searchParams: Promise.resolve(id === undefined ? {} : { id }) })) as ReactElement<{ children: ReactElement[] }>;
    return { status: 200, props: out.props.children[1]!.props as { items?: CaughtMailSummary[]; mail?: CaughtMail } };
  } catch (err) {
    const digest = String((err as { digest?: unknown }).digest ?? '');
    if (digest.includes('404')) return { status: 404, props: {} };
    throw err;
  }
}

test('each salon’s staff list only their own salon’s e-mails', async () => {
  const klok = await page(KLOK, klokAdmin);
  expect(klok.props.items!.map((m) => [m.to, m.subject])).toEqual([['ana@correo.es', 'Cita en Klok']]);
  const salon2 = await page(SALON2, salon2Admin);
  expect(salon2.props.items!.map((m) => [m.to, m.subject])).toEqual([['pablo@correo.es', 'Cita en Salón 2']]);
});

test('a salon’s message opens for its staff and is a 404 for another salon’s staff', async () => {
  const [theirs] = (await page(SALON2, salon2Admin)).props.items!;
  const own = await page(SALON2, salon2Admin, theirs!.id);
  expect(own.status).toBe(200);
  expect(own.props.mail!.text.trim()).toBe('Hola Pablo');
  expect((await page(KLOK, klokAdmin, theirs!.id)).status).toBe(404);
});

test('a header sent by the browser does not choose the salon', async () => {
  const [theirs] = (await page(SALON2, salon2Admin)).props.items!;
  const forged: Record<string, string>[] = [{ 'x-klok-tenant': '2' }, { 'x-klok-tenant': 'salon2' }, { 'x-tenant': 'salon2' }];
  for (const headers of forged) {
    const list = await page(KLOK, klokAdmin, undefined, headers);
    expect(list.props.items!.map((m) => m.to)).toEqual(['ana@correo.es']);
    expect((await page(KLOK, klokAdmin, theirs!.id, headers)).status).toBe(404);
  }
});

test('a session of one salon on another salon’s host (direct or forwarded by the proxy) sees nothing', async () => {
  expect((await page(SALON2, klokAdmin)).status).toBe(404);
  expect((await page(KLOK, klokAdmin, undefined, { 'x-forwarded-host': SALON2 })).status).toBe(404);
  expect((await page(KLOK, '')).status).toBe(404);
});
