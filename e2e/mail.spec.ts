import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, workday, signIn } from './fixtures/auth';
import { corte } from './fixtures/pages';

/**
 * Correo de prueba: without SMTP_URL, `npm start` runs the local mail catcher and the outbox
 * worker delivers to it over SMTP. Staff book for a client with an e-mail and cancel with a reason; the
 * staff page /mail then lists the Spanish confirmation (with the .ics attached) and the cancellation
 * with that reason, in text and in the sandboxed HTML view.
 */

const SARA = 'sara@klok.demo';

test('a staff cancellation with a reason reaches the local mail catcher in Spanish', async ({ page }) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const email = `correo.${tag}@example.com`;
  const reason = `La estilista está enferma <b>${tag}</b>`;
  await signIn(page, 'admin@klok.demo');
  const svc = await corte(page);
  const date = workday(12);
  const { body: free } = await api(page.request, 'GET', `/api/v1/facility/1/${date}/${SARA}/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`);
  const start = (free.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours)[0]!.start_time;
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: email,
    client_name: 'Pablo Correo',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const cancelled = await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', {
    appointment_id: booked.body.data.event_id,
    facility_id: 1,
    notes: reason,
  });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

  // The worker delivers within a few seconds; the list is newest first.
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'ha sido cancelada' });
  await expect(async () => {
    await page.goto('/mail');
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Correo de prueba' })).toBeVisible();
  const confirmation = page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'está confirmada' });
  await expect(confirmation).toHaveCount(1);

  await row.getByRole('link', { name: 'Tu cita en Klok Peluquería ha sido cancelada' }).click();
  await page.waitForURL(/\/mail\?id=/);
  const text = page.locator('pre.mail-text');
  await expect(text).toContainText('Hola Pablo Correo:');
  await expect(text).toContainText(`Motivo: ${reason}`);
  await expect(text).toContainText('Klok Peluquería');
  // The HTML, sandboxed: the reason is shown as typed (escaped), never as markup.
  const html = page.frameLocator('iframe.mail-html');
  await expect(html.getByText(`Motivo: ${reason}`)).toBeVisible();
  await expect(html.locator('b')).toHaveCount(0);
  await expect(page.locator('iframe.mail-html')).toHaveAttribute('sandbox', '');

  // The confirmation carries the .ics reminder.
  await page.goto('/mail');
  await confirmation.getByRole('link').click();
  const attachment = page.getByRole('link', { name: `${booked.body.data.event_id}.ics` });
  await expect(attachment).toBeVisible();
  // It opens: a download of the calendar file as sent.
  const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
  expect(download.suggestedFilename()).toBe(`${booked.body.data.event_id}.ics`);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:${booked.body.data.event_id}`);

  // On a phone, the list and the message fit the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fits()).toBe(true);
  await page.goto('/mail');
  await expect(row).toHaveCount(1);
  expect(await fits()).toBe(true);
});

test('a client never sees /mail (the staff route set only)', async ({ page }) => {
  await signIn(page, 'cliente@klok.demo');
  await page.goto('/mail');
  await expect(page).not.toHaveURL(/\/mail/);
  await expect(page.getByRole('heading', { name: 'Correo de prueba' })).toHaveCount(0);
});
