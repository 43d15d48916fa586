import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';

/**
 * A salon made with `npm run tenant:create` ("Salón 2", salon2, created by playwright.config.ts before the
 * server starts: no logo, no services) looks like itself from the first visit: a generated logo on its
 * sign-in page and tab, the installed app under its name, and an agenda that tells the owner what to do
 * before clients can book.
 */

/** The salon2 origin of the e2e server. */
const salon2 = (baseURL: string | undefined) => {
  const url = new URL(baseURL!);
  url.hostname = 'salon2.localhost';
  return url;
};

/** A GET fetched by the page: the browser resolves *.localhost, Node's resolver does not. */
const fetched = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  }, url);

test('a salon made with tenant:create shows its generated logo and installs under its own name', async ({ page, baseURL }) => {
  await page.goto(new URL('/login', salon2(baseURL)).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Salón 2' })).toBeVisible();
  const logo = page.locator('img.login-logo');
  await expect(logo).toHaveAttribute('src', '/tenants/salon2/logo.svg');
  // The image loaded (a broken one has no natural size).
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const svg = await fetched(page, '/tenants/salon2/logo.svg');
  expect(svg.type).toContain('image/svg+xml');
  expect(svg.text).toMatch(/<text[^>]*>S2<\/text>/);
  const manifest = await fetched(page, String(await page.locator('link[rel="manifest"]').getAttribute('href')));
  expect((JSON.parse(manifest.text) as { name: string }).name).toBe('Salón 2');
  expect(await page.locator('link[rel="icon"]').first().getAttribute('href')).toBe('/tenants/salon2/logo.svg');
  // An unknown salon has no logo.
  expect((await fetched(page, '/tenants/nadie/logo.svg')).status).toBe(404);
});

test('a new salon’s agenda tells the owner to add a service before clients can book', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: salon2(baseURL).origin });
  const page = await context.newPage();
  await signIn(page, 'admin@salon2.demo');
  await page.goto('/');
  const hint = page.getByText('Aún no hay servicios: añade el primero para que tus clientes puedan reservar.');
  await expect(hint).toBeVisible();
  await page.getByRole('link', { name: 'Añadir servicio' }).click();
  await expect(page).toHaveURL(/\/services\/new$/);
  await context.close();
});
