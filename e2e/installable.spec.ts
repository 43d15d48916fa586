import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Installability: Klok installs on a phone's home screen as a standalone app named after the salon. Lighthouse
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
