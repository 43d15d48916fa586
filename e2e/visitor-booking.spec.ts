import { expect, test, type Browser, type Page } from '@playwright/test';
import { completeOnboarding, signIn, workday } from './fixtures/auth';
import { caughtMailsTo } from './fixtures/mail';
import { dayLabel, uniq, wizardToHours } from './fixtures/pages';

/**
 * Browse first (beyond-the-spec §1), on a phone: a visitor opens the salon's link, sees the free hours
 * without signing in, and at "Confirmar cita" the hour is held while it signs in, by e-mail link (a new
 * client, through onboarding) or with Google (the demo client); the booking then finishes by itself on the
 * held hour and Mis citas shows it. While held, the hour is gone for a second browser.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);

const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';

/** A fresh phone browser. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** From /login, "Ver horarios y reservar" to the summary of the first free hour of `date`; returns its time (HH:mm). */
async function browseToSummary(page: Page, date: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Ver horarios y reservar' }).click();
  await page.waitForURL('**/reservar**');
  await wizardToHours(page, { service: SERVICE, stylist: STYLIST, date });
  const first = page.locator('.hour-grid .hour').first();
  const time = (await first.innerText()).trim();
  await first.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await expect(page.getByText(time, { exact: true })).toBeVisible();
  return time;
}

/** The hours a fresh visitor is offered on `date`. */
async function hoursSeenByAnotherVisitor(browser: Browser, date: string): Promise<string[]> {
  const other = await phonePage(browser);
  await other.goto('/reservar');
  await wizardToHours(other, { service: SERVICE, stylist: STYLIST, date });
  const hours = (await other.locator('.hour-grid .hour').allInnerTexts()).map((h) => h.trim());
  await other.context().close();
  return hours;
}

/** An onboarded client who is not signed in on this phone: signed up with Google, then its cookies cleared. */
async function onboardedAndSignedOut(page: Page, email: string, first: string, last: string) {
  await signIn(page, email, `${first} ${last}`);
  await completeOnboarding(page, first, last);
  await page.waitForURL((url) => url.pathname === '/');
  await page.context().clearCookies();
}

/** "Confirmar cita" on the summary, then "Continuar con Google" as `email` in the local provider. */
async function confirmWithGoogle(page: Page, email: string) {
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await page.getByRole('dialog', { name: '¿Cómo quieres confirmar tu cita?' }).getByRole('link', { name: 'Continuar con Google' }).click();
  await page.waitForURL(/\/interaction\//);
  const other = page.locator('form', { has: page.getByLabel('Correo electrónico') });
  await other.getByLabel('Correo electrónico').fill(email);
  await other.getByRole('button', { name: 'Continuar' }).click();
}

test('a visitor books from the link with an e-mail link: held hour, onboarding, booked, gone for others', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const date = workday(9);
  const email = `visitante.${uniq()}@example.com`;

  const time = await browseToSummary(page, date);
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cómo quieres confirmar tu cita?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status').first()).toHaveText(/^Te guardamos esta hora hasta las \d{2}:\d{2}\.$/);
  await expect(dialog.getByRole('link', { name: 'Continuar con Google' })).toBeVisible();

  // Held: a second browser is not offered that hour.
  expect(await hoursSeenByAnotherVisitor(browser, date)).not.toContain(time);

  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('button', { name: 'Recibir un enlace por correo' }).click();
  await expect(dialog.getByText(`Te hemos enviado un enlace a ${email}.`, { exact: false })).toBeVisible();
  await expect.poll(async () => (await caughtMailsTo(email)).length, { timeout: 45_000 }).toBe(1);
  const link = (await caughtMailsTo(email))[0]!.text!.match(/https?:\/\/\S+\/api\/v1\/auth\/email-link\/callback\?token=[\w-]+/)![0];

  await page.goto(link);
  await completeOnboarding(page, 'Vera', 'Visitante');
  // Back on the held booking, which finishes by itself: Mis citas with the new appointment.
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('eventId'));
  await expect(page.getByRole('heading', { name: '¡Hola Vera!', level: 1 })).toBeVisible();
  const card = page.locator('article.appointment-card').filter({ hasText: SERVICE });
  await expect(card).toContainText(`${dayLabel(date)} a las ${time}`);
  await expect(card).toContainText(STYLIST);

  // Booked: still gone for others.
  expect(await hoursSeenByAnotherVisitor(browser, date)).not.toContain(time);
});

test('a visitor signs in with Google at "Confirmar cita" and the booking finishes on the held hour', async ({ page }) => {
  test.setTimeout(120_000);
  const date = workday(12);
  const email = `google.${uniq()}@example.com`;
  await onboardedAndSignedOut(page, email, 'Gala', 'Google');

  const time = await browseToSummary(page, date);
  await confirmWithGoogle(page, email);

  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('eventId'));
  const card = page.locator('article.appointment-card').filter({ hasText: SERVICE });
  await expect(card).toContainText(`${dayLabel(date)} a las ${time}`);
});

test('a reload on the hour step keeps the visitor\u2019s choices', async ({ page }) => {
  const date = workday(10);
  await page.goto('/reservar');
  await wizardToHours(page, { service: SERVICE, stylist: STYLIST, date });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Elige una hora' })).toBeVisible();
  await page.locator('.hour-grid .hour').first().click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await expect(page.locator('.summary')).toContainText(SERVICE);
  await expect(page.locator('.summary')).toContainText(STYLIST);
  await expect(page.locator('.summary')).toContainText(dayLabel(date).split(' ')[0]!);
});

test('a visitor holds a visit of two services with Cualquier estilista and, signed in with Google, finds it booked as one card', async ({ page }) => {
  test.setTimeout(120_000);
  const date = workday(13);
  const email = `visita.google.${uniq()}@example.com`;
  await onboardedAndSignedOut(page, email, 'Valle', 'Visita');

  await page.goto('/reservar');
  await expect(page.getByRole('heading', { name: 'Elige un servicio' })).toBeVisible();
  await page.getByRole('radio', { name: SERVICE }).click();
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();
  await page.getByRole('group', { name: 'Añadir otro servicio' }).getByRole('button', { name: 'Color' }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await page.getByRole('radio', { name: 'Cualquier estilista' }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await page.getByRole('radio', { name: dayLabel(date), exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  const first = page.locator('.hour-grid .hour').first();
  const time = (await first.innerText()).trim();
  await first.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.locator('.summary')).toContainText('Cualquier estilista');

  await confirmWithGoogle(page, email);

  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('eventId'));
  const cards = page.locator('article.appointment-card');
  await expect(cards).toHaveCount(1);
  const lines = cards.first().locator('.visit-parts li');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Color');
  await expect(lines.nth(0)).toContainText(time);
  await expect(lines.nth(1)).toContainText(SERVICE);
});
