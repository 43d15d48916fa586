/**
 * The local mail catcher (scripts/dev-smtp.ts) over a real SMTP connection with nodemailer, and the
 * reading side of the staff page /mail (lib/server/dev-mail.ts): newest first, text, sanitized HTML,
 * attachments; nothing outside the catcher's files. Messages carry the sending tenant's header, as the
 * outbox worker sets it (test/api/mail-tenants.test.ts covers two salons).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { TENANT_HEADER } from '@/lib/mail-tenant';
import { startDevSmtp } from '@/scripts/dev-smtp';
import { listCaughtMail, readCaughtMail, sanitizeHtml } from './dev-mail';

const T = 1;
const headers = { [TENANT_HEADER]: String(T) };
let dir: string;
let catcher: Awaited<ReturnType<typeof startDevSmtp>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'klok-mail-'));
  catcher = await startDevSmtp({ port: 0, dir });
});
afterAll(async () => {
  await catcher.close();
  await rm(dir, { recursive: true, force: true });
});

it('stores each message as .eml and lists them newest first with date, recipient and subject', async () => {
  const transport = nodemailer.createTransport(catcher.url);
  await transport.sendMail({ from: 'Klok <no-reply@klok.app>', to: 'ana@correo.es', subject: 'Primero', text: 'uno', headers });
  await transport.sendMail({
    from: 'Klok <no-reply@klok.app>',
    to: 'pablo@correo.es',
    headers,
    subject: 'Tu cita en Klok Peluquería ha sido cancelada',
    text: 'Motivo: <script>alert(1)</script>',
    html: '<p onclick="x()">Motivo</p><script>alert(1)</script><a href="javascript:alert(1)">a</a><iframe src="https://x"></iframe>',
    attachments: [{ filename: 'cita.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8' }],
  });
  transport.close();
  const list = await listCaughtMail(dir, T);
  expect(list.map((m) => [m.to, m.subject])).toEqual([
    ['pablo@correo.es', 'Tu cita en Klok Peluquería ha sido cancelada'],
    ['ana@correo.es', 'Primero'],
  ]);
  expect(list[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT/);

  const mail = (await readCaughtMail(dir, T, list[0]!.id))!;
  expect(mail.text.trim()).toBe('Motivo: <script>alert(1)</script>');
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'cita.ics', contentType: 'text/calendar' })]);
  // The download link carries the file as sent.
  const href = mail.attachments[0]!.href;
  expect(href.startsWith('data:text/calendar;base64,')).toBe(true);
  expect(Buffer.from(href.slice(href.indexOf(',') + 1), 'base64').toString('utf8')).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  expect(mail.html).toContain('<p>Motivo</p>');
  expect(mail.html).not.toMatch(/<script|onclick|javascript:|<iframe/i);
  expect(mail.html).toContain("default-src 'none'");
});

it('reads nothing outside the catcher files', async () => {
  expect(await readCaughtMail(dir, T, '../../etc/passwd')).toBeNull();
  expect(await readCaughtMail(dir, T, '20260101T000000000Z-deadbeef.eml')).toBeNull();
  expect(await listCaughtMail(path.join(dir, 'missing'), T)).toEqual([]);
});

it('sanitizes unquoted handlers and data URLs too', () => {
  const out = sanitizeHtml('<img src=x onerror=alert(1)><a href=data:text/html,x>y</a><object data="x"></object><embed src=x>');
  expect(out).not.toMatch(/onerror|data:text|<object|<embed/i);
});
