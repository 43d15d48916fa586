import { expect, test } from '@playwright/test';
import { onboard, signIn, workday } from './fixtures/auth';
import { dayLabel, uniq } from './fixtures/pages';

/**
 * A visit of two services with "Cualquier estilista" (beyond-the-spec section 2), booked through the client
 * wizard on a phone: Color plus "Añadir otro servicio" Corte de pelo, "Cualquier estilista" offered first,
 * the summary listing each service with its time, then Mis citas showing the visit as one card listing each
 * service with its time and stylist.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a client books a colour and a cut with Cualquier estilista and sees one card on Mis citas', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `visita.${uniq()}@example.com`;
  await signIn(page, email, 'Vicente Visita');
  await onboard(page, email, 'Vicente Visita');
  await page.goto('/');

  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await expect(page.getByRole('heading', { name: 'Elige un servicio' })).toBeVisible();
  await page.getByRole('radio', { name: 'Corte de pelo' }).click();
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();
  await page.getByRole('group', { name: 'Añadir otro servicio' }).getByRole('button', { name: 'Color' }).click();
  await expect(page.getByRole('button', { name: 'Quitar Color' })).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  // "Cualquier estilista" comes first among the stylists.
  await expect(page.getByRole('heading', { name: 'Elige un estilista' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toHaveAccessibleName('Cualquier estilista');
  await page.getByRole('radio', { name: 'Cualquier estilista' }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Elige un día' })).toBeVisible();
  await page.getByRole('radio', { name: dayLabel(workday(11)), exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Elige una hora' })).toBeVisible();

  const firstHour = page.locator('.hour-grid .hour').first();
  const hourLabel = (await firstHour.textContent())!.trim();
  await firstHour.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  // The salon's order: the colour first, at the chosen hour; the cut after it.
  const summary = page.locator('.summary');
  await expect(summary.locator('dt').nth(1)).toHaveText('Color');
  await expect(summary.locator('dd').nth(1)).toContainText(`${hourLabel}–`);
  await expect(summary.locator('dt').nth(2)).toHaveText('Corte de pelo');
  await page.getByRole('button', { name: 'Confirmar cita' }).click();

  await expect(page.getByText('Cita confirmada')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  const cards = page.locator('article.appointment-card');
  await expect(cards).toHaveCount(1);
  const lines = cards.first().locator('.visit-parts li');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Color');
  await expect(lines.nth(0)).toContainText(hourLabel);
  await expect(lines.nth(1)).toContainText('Corte de pelo');
});
