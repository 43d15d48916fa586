import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { fakePushSubscription } from './fixtures/push';

/**
 * Push registration on the staff agenda: with notifications granted the real service
 * worker registers and the token Firebase Cloud Messaging hands out is stored with
 * `PATCH /api/v1/employees/{email}`; denied logs the warning and stores nothing. The e2e server runs with
 * a fake public Firebase config (playwright.config.ts); only Google's network calls (Firebase
 * Installations, FCM registrations) are stubbed, and the browser's push subscription is faked because
 * headless Chromium has no push service.
 */

const STAFF = 'marcos@klok.demo';
const FCM_TOKEN = 'e2e-fcm-token-marcos';

/** Firebase Installations and FCM registrations answer as Google's servers would. */
async function stubFcm(page: Page): Promise<void> {
  await page.route('https://firebaseinstallations.googleapis.com/**', async (route) => {
    const { fid } = (route.request().postDataJSON() ?? {}) as { fid?: string };
    await route.fulfill({
      json: {
        name: `projects/klok-e2e/installations/${fid}`,
        fid,
        refreshId: 'e2e-refresh-id',
        authToken: { token: 'e2e-installation-auth-token', expiresIn: '604800s' },
      },
    });
  });
  await page.route('https://fcmregistrations.googleapis.com/**', (route) => route.fulfill({ json: { token: FCM_TOKEN } }));
}

const isTokenPatch = (r: Request) => r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/v1/employees/${encodeURIComponent(STAFF)}`;

/** The active service worker's script URL (null while none is active). */
const activeWorker = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);

test('granted: the service worker registers and the push token is stored', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await fakePushSubscription(page);
  await stubFcm(page);

  const patched = page.waitForResponse((r) => isTokenPatch(r.request()));
  await signIn(page, STAFF);
  const response = await patched;
  expect(response.request().postDataJSON()).toEqual({ fcm_token: FCM_TOKEN });
  expect(response.status()).toBe(201);

  await expect.poll(() => activeWorker(page)).toMatch(/\/firebase-messaging-sw\.js$/);

  // The next visit gets the stored token from the server and the same token from Firebase: nothing is re-sent.
  const patches: Request[] = [];
  page.on('request', (r) => {
    if (isTokenPatch(r)) patches.push(r);
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => (window as unknown as { e2ePushSubscribed?: number }).e2ePushSubscribed ?? 0)).toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  expect(patches).toHaveLength(0);
});

test('denied: the warning is logged and no token is stored', async ({ page, context }) => {
  await context.clearPermissions();
  await stubFcm(page);
  const patches: Request[] = [];
  page.on('request', (r) => {
    if (isTokenPatch(r)) patches.push(r);
  });

  const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text() === 'Permiso de notificaciones denegado.');
  await signIn(page, STAFF);
  await warned;

  expect(patches).toHaveLength(0);
  expect(await activeWorker(page)).toBeNull();
});
