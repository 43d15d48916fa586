import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { completeOnboarding, signIn, workday } from './fixtures/auth';
import { clientToHours, dayLabel, uniq } from './fixtures/pages';

/**
 * A new client end to end (spec sections 2, 4, 5 and 8): first sign-in through the real OpenID redirect,
 * onboarding with the SMS code (a wrong code first), booking the first free hour of a working day two
 * weeks ahead, the toast and the card on Mis citas, the .ics reminder; a second new client is not offered
 * that hour; the first client's Pedir cita is gone once its allowance (1) is used.
 */

const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';
/** The day both clients pick (a Wednesday within the client's 30-day window), named as its calendar button: `23 de noviembre`. */
const DATE = workday(3);
const DAY = dayLabel(DATE);

/** Creación de cuenta for a new client (a wrong code first when asked), ending on Mis citas. */
async function onboard(page: Page, first: string, last: string, { wrongFirst = false } = {}) {
  await completeOnboarding(page, first, last, { wrongFirst });
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: `¡Hola ${first}!` })).toBeVisible();
}

/** Service, stylist, then the day: the hour step. */
const reachHours = (page: Page) => clientToHours(page, { service: SERVICE, stylist: STYLIST, date: DATE });

test('a new client signs up, books the first free hour, gets the reminder, and the hour is gone for the next client', async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniq();
  await signIn(page, `e2e-${id}@klok.example`, 'Marta Prueba');
  await onboard(page, 'Marta', 'Prueba', { wrongFirst: true });
  await expect(page.getByText('Tienes 1 cita disponible para reservar. Pulsa en el botón y pide tu cita.')).toBeVisible();

  // Book: service, stylist, DAY, its first hour.
  await reachHours(page);
  const firstHour = page.locator('.hour-grid .hour').first();
  const hourLabel = (await firstHour.textContent())!.trim();
  await firstHour.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await expect(page.locator('.summary')).toContainText(hourLabel);
  await expect(page.locator('.summary')).toContainText('Marta Prueba');
  await page.getByRole('button', { name: 'Confirmar cita' }).click();

  // Toast and the card on Mis citas.
  await expect(page.getByText('Cita confirmada')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  const card = page.locator('article.appointment-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Marta Prueba');
  await expect(card).toContainText('Confirmada');
  await expect(card).toContainText(STYLIST);
  await expect(card).toContainText(SERVICE);
  await expect(card).toContainText(`${DAY} a las ${hourLabel}`);

  // The .ics reminder: named after the appointment, two alarms, the salon's address.
  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar recordatorio' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8').replace(/\r?\n[ \t]/g, '');
  expect(ics.match(/BEGIN:VALARM/g)).toHaveLength(2);
  expect(ics).toContain('Calle de Fuencarral 45');

  // Allowance 1 used: no Pedir cita, the waiting sentence instead.
  await expect(page.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await expect(page.getByText('Podrás reservar una nueva cita cuando finalice la actual.')).toBeVisible();

  // A second new client: same service, stylist and date — that hour is no longer offered.
  await page.context().clearCookies();
  await signIn(page, `e2e-${id}-b@klok.example`, 'Tomás Segundo');
  await onboard(page, 'Tomás', 'Segundo');
  await reachHours(page);
  await expect(page.locator('.hour-grid .hour', { hasText: new RegExp(`^${hourLabel}$`) })).toHaveCount(0);
});
