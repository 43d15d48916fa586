import { expect, test, type Page, type Response } from '@playwright/test';
import { api, workday, signIn } from './fixtures/auth';
import { corte, showCalendar } from './fixtures/pages';
import { fakePushSubscription } from './fixtures/push';

/**
 * Security headers: every page answer carries a Content-Security-Policy with a fresh nonce,
 * `'strict-dynamic'`, no `'unsafe-eval'` and `frame-ancestors 'none'`, and every script Next.js renders
 * carries that nonce; the API answers `default-src 'none'`. The main screens of a client and of staff
 * (the FullCalendar agenda, the push registration with its service worker, the mail preview in its
 * sandboxed frame) run under it without a single violation: a document listener records every
 * `securitypolicyviolation` on `window`, and console errors naming the policy are collected too.
 */

type Watched = { violations: () => Promise<string[]>; consoleErrors: string[] };

/** Records CSP violations (per document, in every frame) and console errors mentioning the policy. */
async function watchCsp(page: Page): Promise<Watched> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/content.security.policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/content.security.policy|unsafe-eval/i.test(e.message)) consoleErrors.push(e.message);
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []),
    consoleErrors,
  };
}

/** The policy's directives as a map name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => !!name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/**
 * Checks a page answer's policy (a nonce in script-src with 'strict-dynamic', no eval, no framing) and that
 * every <script> of its HTML carries that nonce; returns the nonce.
 */
async function expectPagePolicy(response: Response | null): Promise<string> {
  expect(response, 'a page response').not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  expect(csp, `CSP on ${response!.url()}`).toBeTruthy();
  const d = directives(csp!);
  const script = d.get('script-src') ?? [];
  const nonce = script.map((s) => /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/.exec(s)?.[1]).find(Boolean);
  expect(nonce, `nonce in ${csp}`).toBeTruthy();
  expect(script).toContain("'strict-dynamic'");
  expect(csp).not.toContain('unsafe-eval');
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Signed-in pages are never stored by the browser or a shared cache.
  expect(headers['cache-control'] ?? '').toContain('no-store');
  // Over plain http (the e2e server) no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();

  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, 'every script carries the nonce').toContain(`nonce="${nonce}"`);
  return nonce!;
}

/** Visits `path`, waits for `ready`, checks the answer's policy and that nothing was blocked. */
async function visit(page: Page, watched: Watched, path: string, ready: (page: Page) => Promise<void>): Promise<string> {
  const response = await page.goto(path);
  const nonce = await expectPagePolicy(response);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await watched.violations(), `CSP violations on ${path}`).toEqual([]);
  expect(watched.consoleErrors, `CSP console errors on ${path}`).toEqual([]);
  return nonce;
}

/** Waits for the screen's heading. */
const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

test('the login page runs under the policy and its button leads to the provider', async ({ page }) => {
  const watched = await watchCsp(page);
  const first = await visit(page, watched, '/login', async (p) => {
    await expect(p.getByRole('link', { name: /Iniciar sesión/ })).toBeVisible();
  });
  // A fresh nonce per answer.
  const again = await expectPagePolicy(await page.reload());
  expect(again).not.toBe(first);
  // Redirects carry the policy too.
  const redirect = await page.request.get('/services', { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await page.getByRole('link', { name: /Iniciar sesión/ }).click();
  await page.waitForURL(/\/interaction\//);
  expect(watched.consoleErrors).toEqual([]);
});

test('a client: Mis citas and Pedir cita run without violations', async ({ page }) => {
  const watched = await watchCsp(page);
  await signIn(page, 'cliente@klok.demo');
  await visit(page, watched, '/', heading(/Hola/));
  await visit(page, watched, '/new/appointment', async (p) => {
    await expect(p.getByRole('navigation', { name: 'Pasos de la cita' })).toBeVisible();
  });
  // Client-side navigation (RSC requests) back to Mis citas.
  await page.goBack();
  await expect(page.getByRole('heading', { name: /Hola/ })).toBeVisible();
  expect(await watched.violations()).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});

test('a new client: onboarding runs without violations', async ({ page }) => {
  const watched = await watchCsp(page);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, `csp.${tag}@example.com`, 'Carla Política');
  await visit(page, watched, '/onboarding', async (p) => {
    await expect(p.getByRole('heading', { name: 'Creación de cuenta' })).toBeVisible();
  });
});

test('staff: agenda, services, employees, clients, activities and mail run without violations', async ({ page, context }) => {
  // The push registration runs on the agenda (service worker + Firebase); notifications stay denied here
  // (e2e/push.spec.ts covers the granted path).
  await context.clearPermissions();
  const watched = await watchCsp(page);
  await signIn(page, 'admin@klok.demo');

  // A confirmation e-mail for the mail preview (its HTML renders in a sandboxed srcdoc frame).
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const email = `csp.${tag}@example.com`;
  const svc = await corte(page);
  const date = workday(9);
  const { body: free } = await api(
    page.request,
    'GET',
    `/api/v1/facility/1/${date}/marcos@klok.demo/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`,
  );
  const start = (free.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours)[0]?.start_time;
  expect(start, `a free hour for Marcos on ${date}`).toBeTruthy();
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: 'marcos@klok.demo',
    service_id: svc.id,
    client_id: email,
    client_name: 'Pablo Política',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  await visit(page, watched, '/', async (p) => {
    // The first view, then FullCalendar's resource view (it injects its styles: under the policy too).
    await expect(p.locator('.agenda-facade')).toBeVisible();
    await showCalendar(p);
    await expect(p.locator('.fc').first()).toBeVisible();
  });
  await visit(page, watched, '/services', heading('Servicios'));
  await visit(page, watched, '/employees', heading('Empleados'));
  await visit(page, watched, '/clients', heading('Clientes'));
  await visit(page, watched, '/activities', heading('Actividad'));
  await visit(page, watched, '/mail', heading('Correo de prueba'));

  // The booking's confirmation e-mail, opened: its HTML in the sandboxed frame under the same policy.
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(async () => {
    await page.goto('/mail');
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await row.getByRole('link').first().click();
  await page.waitForURL(/\/mail\?id=/);
  await expect(page.frameLocator('iframe.mail-html').locator('body')).toContainText('Pablo Política');
  await page.waitForLoadState('networkidle');
  expect(await watched.violations()).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});

test('push registration (service worker, Firebase Installations and FCM) runs without violations', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  const watched = await watchCsp(page);
  // Headless Chromium has no push service: `subscribe` answers a fixed subscription.
  await fakePushSubscription(page);
  // Google's answers are stubbed; the policy is checked before a request ever reaches the stub.
  await page.route('https://firebaseinstallations.googleapis.com/**', async (route) => {
    const { fid } = (route.request().postDataJSON() ?? {}) as { fid?: string };
    await route.fulfill({
      json: { name: `projects/klok-e2e/installations/${fid}`, fid, refreshId: 'r', authToken: { token: 't', expiresIn: '604800s' } },
    });
  });
  await page.route('https://fcmregistrations.googleapis.com/**', (route) => route.fulfill({ json: { token: 'e2e-csp-token' } }));

  const stored = page
    .waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/v1/employees/${encodeURIComponent('sara@klok.demo')}`,
      { timeout: 20_000 },
    )
    .catch(() => null);
  await signIn(page, 'sara@klok.demo');
  const response = await stored;
  // Firebase keeps a request open here, so no network-idle wait: a moment for late reports.
  await page.waitForTimeout(1_000);
  // Violations first: a blocked Firebase call is why a token would never be stored.
  expect(await watched.violations()).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
  expect(response?.ok(), 'the push token is stored').toBe(true);
});

test('API answers carry the strict API policy', async ({ page }) => {
  for (const path of ['/api/v1/session', '/api/v1/openapi.json']) {
    const res = await page.request.get(path);
    const headers = res.headers();
    expect(directives(headers['content-security-policy'] ?? '')).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
  }
});
