import { expect, test, type Page } from '@playwright/test';
import { caughtMailsTo } from './fixtures/mail';
import { uniq } from './fixtures/pages';

/**
 * "Recibir un enlace por correo" (beyond-the-spec §1) on a phone: the login page asks for a link, the
 * outbox delivers "Tu enlace para entrar en Klok Peluquería" to the local mail catcher, and opening the
 * link signs in: a new address lands on onboarding, the demo client on Mis citas. A link works once.
 */


test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The sign-in links e-mailed to `to` (subject and link), as the local mail catcher received them. */
async function linksTo(to: string): Promise<{ subject: string; link: string }[]> {
  return (await caughtMailsTo(to)).flatMap((mail) => {
    const link = mail.text?.match(/https?:\/\/\S+\/api\/v1\/auth\/email-link\/callback\?token=[\w-]+/)?.[0];
    return link ? [{ subject: mail.subject ?? '', link }] : [];
  });
}

/** Asks for a link on /login and waits for the new e-mail (other specs may have asked for the same address); returns its link. */
async function askForLink(page: Page, email: string): Promise<string> {
  const before = (await linksTo(email)).length;
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  // The button is enabled once the page is interactive (hydrated, the address check loaded).
  await expect(page.getByRole('button', { name: 'Recibir un enlace por correo' })).toBeEnabled();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Recibir un enlace por correo' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Te hemos enviado un enlace a ${email}.` })).toContainText(
    'Ábrelo en este dispositivo en los próximos 15 minutos.',
  );
  await expect.poll(async () => (await linksTo(email)).length, { timeout: 45_000 }).toBe(before + 1);
  const mail = (await linksTo(email)).at(-1);
  expect(mail!.subject).toBe('Tu enlace para entrar en Klok Peluquería');
  return mail!.link;
}

test('a new address asks for a link on /login, opens it and lands on onboarding; the link works once', async ({ page, browser }) => {
  const email = `enlace.${uniq()}@example.com`;

  // An invalid address is announced on the field.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Recibir un enlace por correo' })).toBeEnabled();
  const field = page.getByLabel('Correo electrónico');
  await field.fill('no-es-un-correo');
  await page.getByRole('button', { name: 'Recibir un enlace por correo' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Introduce un correo electrónico válido')).toBeVisible();

  const link = await askForLink(page, email);
  // Resending waits a minute, said in Spanish.
  await expect(page.getByRole('button', { name: 'Reenviar enlace' })).toBeDisabled();
  await expect(page.getByText(/^Podrás pedir otro enlace en \d+ segundos?\.$/)).toBeVisible();

  await page.goto(link);
  await page.waitForURL('**/onboarding');
  await expect(page.getByRole('heading', { name: 'Creación de cuenta' })).toBeVisible();

  // The same link in another browser: used, back to /login with the Spanish explanation.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const second = await other.newPage();
  await second.goto(link);
  await second.waitForURL('**/login?error=link');
  await expect(second.getByRole('alert').filter({ hasText: 'El enlace' })).toHaveText('El enlace ha caducado o ya se ha usado. Pide otro.');
  await other.close();
});

test('the demo client signs in by link and lands on Mis citas', async ({ page }) => {
  const link = await askForLink(page, 'cliente@klok.demo');
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: '¡Hola Ana!', level: 1 })).toBeVisible();
  // "Próxima cita" or "Próximas citas", as many as the other specs left her.
  await expect(page.getByRole('region', { name: /^Próximas? citas?$/ })).toBeVisible();
});

test('Iniciar sesión from /login?next= returns to that page after Google', async ({ page }) => {
  await page.goto('/login?next=%2Fnew%2Fappointment');
  await page.getByRole('link', { name: /Iniciar sesión/ }).click();
  await page.waitForURL(/\/interaction\//);
  await page.locator('form', { has: page.locator('input[name=email][value="cliente@klok.demo"]') }).getByRole('button').click();
  await page.waitForURL((url) => url.pathname === '/new/appointment');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
