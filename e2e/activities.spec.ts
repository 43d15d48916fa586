import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, onboard, signIn } from './fixtures/auth';
import { corte, newPage } from './fixtures/pages';
import { ZONE } from '../lib/domain/time';

/**
 * Actividad: a client's booking and a staff cancellation appear in the feed as Spanish
 * sentences; tapping the booking opens the agenda on its date with the event highlighted; the badge of
 * new activity (menu button and Actividad entry) clears for the staff member who opened the feed and
 * only for them. Screenshots go to `artifacts/`.
 */

const SARA = 'sara@klok.demo';
const CLIENT = 'rosa.actividad@example.com';
const CLIENT_NAME = 'Rosa Actividad';

/** The first hour Sara can take on a date for Corte de pelo, after `after` (a UTC ISO instant). */
async function freeHour(page: Page, date: string, after = ''): Promise<string> {
  const svc = await corte(page);
  const { body } = await api(page.request, 'GET', `/api/v1/facility/1/${date}/${SARA}/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`);
  const hours: string[] = body.items.flatMap((g: { hours: { start_time: string }[] }) => g.hours.map((h) => h.start_time));
  const hour = hours.find((h) => h > after);
  if (!hour) throw new Error(`no free hour on ${date}`);
  return hour;
}

const menuButton = (page: Page) => page.locator('header.app-header').getByRole('button', { name: /^Menú/ });

test('a booking and a cancellation appear in Actividad; the badge clears for that staff member only', async ({ page, browser }) => {
  // A new client signs in (a user_created activity) and books Corte de pelo with Sara.
  const client = await newPage(browser);
  await signIn(client, CLIENT, CLIENT_NAME);
  await onboard(client, CLIENT, CLIENT_NAME);
  const me = await api(client.request, 'GET', `/api/v1/users/${CLIENT}`);
  expect(me.status).toBe(200);
  const date = workday(10);
  const svc = await corte(client);
  const start = await freeHour(client, date);
  const booked = await api(client.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: CLIENT,
    user_id: me.body.data.id,
    user_name: CLIENT_NAME,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const bookingId = booked.body.data.event_id as string;

  // Marcos books a walk-in and cancels it.
  const marcos = await newPage(browser);
  await signIn(marcos, 'marcos@klok.demo');
  const walkIn = await api(marcos.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: await freeHour(marcos, date, start),
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_name: 'Paseante Cancelado',
  });
  expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
  const cancelled = await api(marcos.request, 'PATCH', '/api/v1/schedules/cancel/appointment', {
    appointment_id: walkIn.body.data.event_id,
    facility_id: 1,
    notes: 'No puede venir',
  });
  expect(cancelled.status).toBe(200);

  // The admin sees the badge on the menu button and on the Actividad entry.
  await signIn(page, 'admin@klok.demo');
  await expect(menuButton(page).locator('.menu-btn-badge')).toBeVisible();
  await menuButton(page).click();
  const entry = page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: /^Actividad/ });
  await expect(entry.locator('.menu-badge')).toBeVisible();
  await expect(entry).toHaveAccessibleName(/^Actividad\s*,\s*\d+ novedad(es)? sin ver$/);
  mkdirSync('artifacts', { recursive: true });
  await page.screenshot({ path: 'artifacts/activities-menu-badge.png' });
  await entry.click();
  await page.waitForURL('**/activities');

  // The feed: newest first, the new cards highlighted, the count in the header.
  const feed = page.getByRole('list', { name: 'Actividad del salón' });
  const when = DateTime.fromISO(start).setZone(ZONE).setLocale('es');
  const day = when.toFormat("cccc d 'de' LLLL");
  const hhmm = when.toFormat('HH:mm');
  const clientCard = feed.locator('li', { hasText: `${CLIENT_NAME} ha reservado Corte de pelo con Sara López para el ${day} a las ${hhmm}` });
  await expect(clientCard).toBeVisible();
  await expect(clientCard).toHaveClass(/act-card--new/);
  const cancelCard = feed.locator('li', { hasText: 'Se ha cancelado la cita de Paseante Cancelado: Corte de pelo con Sara López' });
  await expect(cancelCard).toBeVisible();
  await expect(cancelCard).toContainText('Cancelada por Marcos Ruiz');
  await expect(cancelCard).toContainText(/justo ahora|hace 1 m/);
  await expect(feed.locator('li', { hasText: `Marcos Ruiz ha creado una cita de Corte de pelo para Paseante Cancelado` })).toBeVisible();
  await expect(feed.locator('li', { hasText: `Nuevo cliente: ${CLIENT_NAME} (${CLIENT})` })).toBeVisible();
  // Newest first: the cancellation is above the client's booking.
  const texts = await feed.locator('li').allInnerTexts();
  expect(texts.findIndex((t) => t.includes('Se ha cancelado'))).toBeLessThan(texts.findIndex((t) => t.includes(`${CLIENT_NAME} ha reservado`)));
  await expect(page.locator('.page-header .act-count')).toHaveText(/^\d+ nuevas?$/);
  // Marked seen: the badge clears while the highlight stays for this view.
  await expect(menuButton(page).locator('.menu-btn-badge')).toHaveCount(0);
  await expect(clientCard).toHaveClass(/act-card--new/);
  await page.screenshot({ path: 'artifacts/activities-feed.png', fullPage: true });

  // Tapping the booking opens the agenda on its date with the event highlighted.
  await clientCard.getByRole('link').click();
  await page.waitForURL((url) => url.searchParams.get('eventId') === bookingId && url.searchParams.get('date') === date);
  await expect(page.locator(`[data-event-id="${bookingId}"]`).first()).toHaveClass(/agenda-event--highlight/, { timeout: 8_000 });

  // Back in Actividad: nothing new any more, for the admin.
  await page.goto('/activities');
  await expect(feed.locator('li').first()).toBeVisible();
  await expect(feed.locator('li.act-card--new')).toHaveCount(0);
  await expect(page.locator('.page-header .act-count')).toHaveCount(0);
  await expect(menuButton(page).locator('.menu-btn-badge')).toHaveCount(0);
  await menuButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Actividad', exact: true })).toBeVisible();

  // Marcos still has his badge: the admin's reading is not his.
  await marcos.goto('/');
  await expect(menuButton(marcos).locator('.menu-btn-badge')).toBeVisible();
  const marcosUnseen = await api(marcos.request, 'GET', '/api/v1/facility/1/activities?limit=1');
  expect(marcosUnseen.body.unseen).toBeGreaterThanOrEqual(4);
  await menuButton(marcos).click();
  await expect(marcos.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: /^Actividad/ }).locator('.menu-badge')).toBeVisible();
  await marcos.screenshot({ path: 'artifacts/activities-marcos-badge.png' });
  // A client cannot read the feed.
  expect((await api(client.request, 'GET', '/api/v1/facility/1/activities')).status).toBe(403);
});

test('a new client card opens the client', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  await page.goto('/activities');
  const card = page.getByRole('list', { name: 'Actividad del salón' }).locator('li', { hasText: `Nuevo cliente: ${CLIENT_NAME}` });
  await card.getByRole('link').click();
  await page.waitForURL(`**/clients/${CLIENT}`);
});
