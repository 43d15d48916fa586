import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Installability: each salon's Klok installs on a phone's home screen as a standalone app named after the
 * salon, and a salon without a logo of its own shows a generated one. Lighthouse
 * 12 dropped its PWA audits; the check it ran is Chrome's own `Page.getInstallabilityErrors` (DevTools
 * Protocol), asked here on the sign-in page, which every visitor reaches without an account. Playwright's
 * usual browser contexts are off the record, and Chrome never offers to install from an incognito
 * window, so there the only error must be `in-incognito`; in an ordinary profile (a persistent context,
 * as a real phone's browser) the list must be empty.
 */

type InstallabilityError = { errorId: string; errorArguments: { name: string; value: string }[] };

/** Chrome's installability errors for the page, once the manifest link is in the document. */
async function installabilityErrors(page: Page): Promise<string[]> {
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /manifest\.webmanifest/);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: InstallabilityError[];
    };
    return errors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
  } finally {
    await cdp.detach();
  }
}

test('the manifest names the salon, opens standalone at / and has 192 and 512 PNG icons', async ({ page }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; type?: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Klok');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes('any'));
    expect(icon, `an "any" icon of ${size}`).toBeTruthy();
    const img = await page.request.get(icon!.src);
    expect(img.status(), icon!.src).toBe(200);
    expect(img.headers()['content-type'], icon!.src).toBe('image/png');
  }
});

test('Chrome finds /login installable (only "in-incognito" in an off-the-record context)', async ({ page, playwright, launchOptions, baseURL }) => {
  await page.goto('/login');
  expect(await installabilityErrors(page)).toEqual(['in-incognito']);

  const profile = mkdtempSync(join(tmpdir(), 'klok-installable-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const own = context.pages()[0] ?? (await context.newPage());
    await own.goto('/login');
    expect(await installabilityErrors(own)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a salon made with tenant:create shows its generated logo and installs under its own name', async ({ page, baseURL }) => {
  // playwright.config.ts creates "Salón 2" (salon2) before the server starts, without a logo.
  const salon2 = new URL(baseURL!);
  salon2.hostname = 'salon2.localhost';
  await page.goto(new URL('/login', salon2).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Salón 2' })).toBeVisible();
  const logo = page.locator('img.login-logo');
  await expect(logo).toHaveAttribute('src', '/tenants/salon2/logo.svg');
  // The image loaded (a broken one has no natural size).
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Fetched by the page: the browser resolves *.localhost, Node's resolver does not.
  const fetched = (url: string) =>
    page.evaluate(async (u) => {
      const res = await fetch(u);
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    }, url);
  const svg = await fetched('/tenants/salon2/logo.svg');
  expect(svg.type).toContain('image/svg+xml');
  expect(svg.text).toMatch(/<text[^>]*>S2<\/text>/);
  const manifest = await fetched(String(await page.locator('link[rel="manifest"]').getAttribute('href')));
  expect((JSON.parse(manifest.text) as { name: string }).name).toBe('Salón 2');
  expect(await page.locator('link[rel="icon"]').first().getAttribute('href')).toBe('/tenants/salon2/logo.svg');
  // An unknown salon has no logo.
  expect((await fetched('/tenants/nadie/logo.svg')).status).toBe(404);
});
