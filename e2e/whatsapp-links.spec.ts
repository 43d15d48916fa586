import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, signIn, workday } from './fixtures/auth';
import { corte, madrid, newPage, showCalendar, ZONE } from './fixtures/pages';

/**
 * Click to chat (beyond-the-spec section 5): staff open an appointment in the agenda and its "WhatsApp" opens
 * `https://wa.me/34…` with the salon's message typed in; "Recordatorios de mañana" (menu Recordatorios) lists
 * tomorrow's appointment of the demo client and shows it opened once its WhatsApp was used.
 */

const CLIENT = 'cliente@klok.demo';
const SARA = 'sara@klok.demo';

/** Staff book Corte for the demo client at `start` (UTC ISO) with Sara; returns the appointment id. */
async function bookForClient(page: Page, start: string): Promise<string> {
  const haircut = await corte(page);
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_id: haircut.id,
    client_id: CLIENT,
    client_name: 'Ana García',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data.event_id as string;
}

/** The WhatsApp tab opened by `click`: its `wa.me` address (answered locally: no network here). */
async function whatsAppTab(page: Page, click: () => Promise<void>): Promise<URL> {
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const [tab] = await Promise.all([page.waitForEvent('popup'), click()]);
  await tab.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(tab.url());
  await tab.close();
  return url;
}

test('Información cita opens WhatsApp with the message typed in; Recordatorios de mañana lists tomorrow and shows it opened', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, 'admin@klok.demo');
  const date = workday(16);
  const id = await bookForClient(page, madrid(date, '12:00'));
  // Tomorrow after closing time, so that it never meets another booking (staff may book outside shifts).
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
  const tomorrowId = await bookForClient(page, madrid(tomorrow, '21:15'));

  await page.goto(`/?date=${date}`);
  await showCalendar(page);
  await page.locator(`[data-event-id="${id}"]`).first().click();
  const dialog = page.getByRole('dialog', { name: 'Información cita' });
  const url = await whatsAppTab(page, () => dialog.getByRole('link', { name: 'WhatsApp' }).click());
  expect(url.pathname).toMatch(/^\/34\d{9}$/);
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain('Hola Ana García, te escribimos de Klok Peluquería.');
  expect(text).toContain('Tienes cita de Corte de pelo con Sara López el');
  expect(text).toContain('a las 12:00');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: /^Menú/ }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Recordatorios' }).click();
  await page.waitForURL('**/reminders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recordatorios de mañana');
  const card = page.locator(`[data-appointment-id="${tomorrowId}"]`);
  await expect(card).toContainText('21:15');
  await expect(card).toContainText('Ana García');
  await expect(card).toContainText('Sin abrir');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const reminder = await whatsAppTab(page, () => card.getByRole('link', { name: 'WhatsApp' }).click());
  expect(reminder.searchParams.get('text')).toContain('a las 21:15');
  await expect(card).toContainText(/Abierto a las \d\d:\d\d/);

  // Restores the demo client's agenda.
  for (const appointment of [id, tomorrowId]) {
    expect((await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: appointment, facility_id: 1 })).status).toBe(200);
  }
});
