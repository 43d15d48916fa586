import { expect, test, type Page } from '@playwright/test';
import { lastSmsCode, signIn } from './fixtures/auth';
import { uniq } from './fixtures/pages';

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

/** A request made by the page: the browser resolves *.localhost, Node's resolver does not. */
const fetched = (page: Page, url: string, init?: { method: string; body: unknown }) =>
  page.evaluate(
    async ({ u, i }) => {
      const res = await fetch(u, i && { method: i.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(i.body) });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    },
    { u: url, i: init },
  );

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

test('a client of a salon without services is told to call instead of meeting an empty Pedir cita', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: salon2(baseURL).origin });
  const page = await context.newPage();
  const email = `nueva-${uniq()}@klok.example`;
  await signIn(page, email, 'Nora Nueva');
  await page.waitForURL((url) => url.pathname === '/onboarding');
  // Onboarding through the API, from the page (its origin and session).
  const phone = `+34697${String(Date.now()).slice(-6)}`;
  expect((await fetched(page, `/api/v1/users/${email}/phone/code`, { method: 'POST', body: { tlf: phone } })).status).toBe(200);
  const verified = await fetched(page, `/api/v1/users/${email}/phone/verify`, { method: 'POST', body: { code: lastSmsCode(phone) } });
  expect(verified.status).toBe(200);
  const done = await fetched(page, `/api/v1/users/${email}`, { method: 'PATCH', body: { name: 'Nora Nueva', privacy_policy: true, onboarding_completed: true } });
  expect(done.status).toBe(201);

  await page.goto('/');
  await expect(page.getByText('Este salón aún no acepta citas en línea. Llama al salón para pedir la tuya.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await context.close();
});
