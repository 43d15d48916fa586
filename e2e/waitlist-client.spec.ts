import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dayRange } from '../lib/format';
import { onboard, signIn, workday } from './fixtures/auth';
import { heading, newPage, next, pickDate, uniq } from './fixtures/pages';

/**
 * The waitlist as a client lives it on a phone (beyond-the-spec section 4): on the wizard's hour step a new
 * client taps "Avísame si se libera un hueco", sees the chosen service and stylist in the sheet, asks for the
 * afternoons of two days and is told "Te avisaremos si se libera un hueco."; Mis citas then lists the entry under
 * "En lista de espera", and Quitar (confirmed inline) takes it off, on the server too. Nothing is booked.
 */

test.use({ viewport: { width: 390, height: 844 } });

const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';
/** Working days of Sara inside the client's 30-day window (only their hours are read). */
const FROM = workday(3);
const TO = workday(4);

/** Serious and critical axe violations of what the page shows now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('a client asks to be told of a freed hour from the hour step, sees it on Mis citas and removes it', async ({ browser }) => {
  const email = `e2e-waitlist-${uniq()}@klok.example`;
  const page = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email, 'Alba Prueba');
  await onboard(page, email, 'Alba Prueba');
  await page.goto('/');
  await heading(page, '¡Hola Alba!');

  // Pedir cita up to the hour step of FROM.
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: STYLIST }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, FROM);
  await next(page);
  await heading(page, 'Elige una hora');
  await expect(page.locator('.hour-grid .hour').first()).toBeVisible();

  // The sheet shows the choice, starts at the chosen date and asks the dates and the part of the day.
  await page.getByRole('button', { name: 'Avísame si se libera un hueco' }).click();
  const sheet = page.getByRole('dialog', { name: 'Avísame si se libera un hueco' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(SERVICE)).toBeVisible();
  await expect(sheet.getByText(STYLIST)).toBeVisible();
  await expect(sheet.getByLabel('Desde', { exact: true })).toHaveValue(FROM);
  await expect(sheet.getByLabel('Hasta', { exact: true })).toHaveValue(FROM);
  await sheet.getByLabel('Hasta', { exact: true }).fill(TO);
  await sheet.getByRole('radio', { name: 'Tarde (desde las 14:00)' }).check();
  expect(await seriousViolations(page), 'axe on the waitlist sheet').toEqual([]);
  await sheet.getByRole('button', { name: 'Avisarme' }).click();
  await expect(page.getByText('Te avisaremos si se libera un hueco.', { exact: true })).toBeVisible();
  await expect(sheet).toBeHidden();

  // Mis citas lists it under "En lista de espera".
  await page.goto('/');
  await heading(page, '¡Hola Alba!');
  const section = page.getByRole('region', { name: 'En lista de espera' });
  await expect(section).toBeVisible();
  const card = section.getByRole('article', { name: SERVICE });
  await expect(card).toContainText(STYLIST);
  await expect(card).toContainText(dayRange(FROM, TO));
  await expect(card).toContainText('Tarde (desde las 14:00)');
  await expect(card).toContainText('En espera');
  expect(await seriousViolations(page), 'axe on Mis citas with the waitlist').toEqual([]);

  // Quitar asks first; Sí, quitar takes it off (and a reload agrees).
  await card.getByRole('button', { name: `Quitar el aviso de ${SERVICE}` }).click();
  await expect(card.getByText('¿Quitar este aviso de la lista de espera?')).toBeVisible();
  await card.getByRole('button', { name: 'Sí, quitar' }).click();
  await expect(page.getByText('Aviso quitado', { exact: true })).toBeVisible();
  await expect(section).toBeHidden();
  await page.reload();
  await heading(page, '¡Hola Alba!');
  await expect(page.getByRole('heading', { name: 'En lista de espera' })).toHaveCount(0);
  await page.context().close();
});
