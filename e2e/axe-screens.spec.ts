import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { corte, newPage } from './fixtures/pages';

/**
 * axe-core on every screen of both route sets, in a phone (390 × 844) and a desktop
 * (1280 × 800) viewport: no violation of impact serious or critical. Each screen opens once, at the phone
 * size, and is audited there and again after widening the window to the desktop size. Each test prints the
 * screens it covered. Screens covered elsewhere are left out here: the agenda (e2e/agenda-readability.spec.ts), the
 * onboarding (e2e/onboarding-phone.spec.ts) and the wizard steps after the first (e2e/wizard-keyboard.spec.ts).
 */

const CLIENT = 'cliente@klok.demo';
const ADMIN = 'admin@klok.demo';
const MARCOS = 'marcos@klok.demo';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** One screen: its name in the report and how to reach it (the page is signed in as needed). */
type Screen = { name: string; open: (page: Page) => Promise<void> };

/** Opens a URL and waits for its main content: the level-1 heading, then the data requests. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await ready(page);
}

/** Waits for the screen's main content: a visible level-1 heading and no pending request. */
async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Loading placeholders are gone (lists and cards fetched on the client).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Serious and critical axe violations of the page: rule id and the first offending targets. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  // axe did run on the page's content.
  expect(passes.length).toBeGreaterThan(0);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Opens every screen at the phone size, audits it there and at the desktop size, collects the violations
 * of all of them, prints the coverage and asserts none.
 */
async function audit(page: Page, label: string, screens: Screen[]): Promise<void> {
  const found: string[] = [];
  const covered: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize(VIEWPORTS[0].viewport);
    await screen.open(page);
    for (const { name: vp, viewport } of VIEWPORTS) {
      if (vp !== VIEWPORTS[0].name) {
        await page.setViewportSize(viewport);
        await ready(page);
      }
      const bad = await seriousViolations(page);
      covered.push(`${screen.name} (${vp}) ${bad.length ? `✗ ${bad.length}` : '✓'}`);
      for (const v of bad) found.push(`${screen.name} (${vp}): ${v}`);
    }
  }
  console.log(`axe ${label}: ${screens.length} screens covered in ${VIEWPORTS.length} viewports\n  ${covered.join('\n  ')}`);
  expect(found, `serious/critical axe violations (${label})`).toEqual([]);
}

/** The names of the current screen's tabs (every tablist, in page order), or just `name` when it has none. */
async function eachTab(page: Page, name: string): Promise<string[]> {
  const tabs = page.getByRole('tab');
  const names: string[] = [];
  for (let i = 0; i < (await tabs.count()); i++) names.push(((await tabs.nth(i).textContent()) ?? '').trim());
  return names.length ? names : [name];
}

test.describe('axe on every screen (phone and desktop)', () => {
  test('public screens', async ({ browser }) => {
    const page = await newPage(browser);
    await audit(page, 'public', [{ name: '/login', open: (p) => visit(p, '/login') }]);
  });

  test('client screens', async ({ browser }) => {
    const page = await newPage(browser);
    await signIn(page, CLIENT);
    await audit(page, 'client', [
      { name: '/ (Mis citas)', open: (p) => visit(p, '/') },
      { name: '/new/appointment (first step)', open: (p) => visit(p, '/new/appointment') },
    ]);
  });

  test('staff screens', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser);
    await signIn(page, ADMIN);
    const service = await corte(page);
    await visit(page, `/employees/${MARCOS}`);
    const employeeTabs = await eachTab(page, 'detail');
    await visit(page, `/services/${service.id}`);
    const serviceTabs = await eachTab(page, 'detail');
    await visit(page, `/clients/${CLIENT}`);
    const clientTabs = await eachTab(page, 'detail');
    /** The detail screen at `url`, with its tab `tab` selected (when it has tabs). */
    const tabScreens = (url: string, tabs: string[]): Screen[] =>
      tabs.map((tab, i) => ({
        name: tabs.length > 1 ? `${url} [${tab}]` : url,
        open: async (p: Page) => {
          await visit(p, url);
          if (tabs.length > 1) {
            await p.getByRole('tab').nth(i).click();
            await expect(p.getByRole('tab').nth(i)).toHaveAttribute('aria-selected', 'true');
            await ready(p);
          }
        },
      }));
    await audit(page, 'staff', [
      { name: '/employees', open: (p) => visit(p, '/employees') },
      ...tabScreens(`/employees/${MARCOS}`, employeeTabs),
      { name: `/employees/${MARCOS}/edit/week-schedule`, open: (p) => visit(p, `/employees/${MARCOS}/edit/week-schedule`) },
      { name: '/services', open: (p) => visit(p, '/services') },
      { name: '/services/new', open: (p) => visit(p, '/services/new') },
      ...tabScreens(`/services/${service.id}`, serviceTabs),
      { name: '/clients', open: (p) => visit(p, '/clients') },
      ...tabScreens(`/clients/${CLIENT}`, clientTabs),
      { name: '/activities', open: (p) => visit(p, '/activities') },
      { name: '/summary', open: (p) => visit(p, '/summary') },
      { name: '/summary?period=month', open: (p) => visit(p, '/summary?period=month') },
      { name: '/mail', open: (p) => visit(p, '/mail') },
      { name: '/new/leave (first step)', open: (p) => visit(p, '/new/leave') },
    ]);
  });
});
