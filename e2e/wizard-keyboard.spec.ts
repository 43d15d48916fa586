import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, signIn } from './fixtures/auth';
import { newPage } from './fixtures/pages';

/**
 * The wizards with the keyboard alone: the single-choice lists are radio groups (one Tab stop,
 * arrow keys move the checked option, Home/End), the client booking wizard is completed with fewer than 15
 * key presses per step, the staff wizards' header names the flow (Nueva cita, Bloquear franja), the step
 * labels are never cut (360 px phone and desktop), and axe finds no serious or critical violation on any
 * step.
 */

const CLIENT = 'cliente@klok.demo';
const ADMIN = 'admin@klok.demo';
const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';
/** Fewer key presses than this per step. */
const MAX_KEYS = 15;

/** Counts the key presses of one wizard step. */
class Keys {
  count = 0;
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.count++;
    await this.page.keyboard.press(key);
  }

  /** Presses Tab until `target` has the focus (at most `max` times). */
  async tabTo(target: Locator, max = MAX_KEYS): Promise<void> {
    for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await this.press('Tab');
    await expect(target).toBeFocused();
  }

  /** Presses Tab until a radio of `group` has the focus (at most `max` times). */
  async tabInto(group: Locator, max = MAX_KEYS): Promise<void> {
    const inside = () => group.evaluate((g) => g.contains(document.activeElement) && document.activeElement?.getAttribute('role') === 'radio');
    for (let i = 0; i < max && !(await inside()); i++) await this.press('Tab');
    expect(await inside()).toBe(true);
  }
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const siguiente = (page: Page) => page.getByRole('button', { name: 'Siguiente', exact: true });
/** The focused radio of the page. */
const focusedRadio = (page: Page) => page.locator('[role="radio"]:focus');

/** Serious and critical axe violations of the page (rule id and the first offending targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  // axe did run on the page's content.
  expect(passes.length).toBeGreaterThan(0);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * One choice step by keyboard: Tab into the step's radio group (from the heading, which has the focus after
 * Siguiente), `choose` (arrows), Tab once to Siguiente — the group is one Tab stop —, Enter.
 */
async function chooseStep(page: Page, keys: Keys, choose: (group: Locator) => Promise<void>): Promise<void> {
  const group = page.getByRole('radiogroup').first();
  await expect(group.getByRole('radio').first()).toBeVisible();
  await keys.tabInto(group);
  await choose(group);
  await keys.press('Tab');
  await expect(siguiente(page)).toBeFocused();
  await keys.press('Enter');
}

/** Presses ArrowDown until the focused (and so checked) radio shows `name`. */
async function arrowTo(page: Page, keys: Keys, name: string): Promise<void> {
  for (let i = 0; i < MAX_KEYS && !((await focusedRadio(page).textContent()) ?? '').includes(name); i++) {
    await keys.press('ArrowDown');
  }
  await expect(focusedRadio(page)).toContainText(name);
  await expect(focusedRadio(page)).toHaveAttribute('aria-checked', 'true');
}

test('the client books with the keyboard alone: radio groups, fewer than 15 key presses per step, no axe violation', async ({ browser }) => {
  test.setTimeout(120_000);
  // The admin lets the demo client book one more (restored at the end).
  const admin = await newPage(browser);
  await signIn(admin, ADMIN);
  const before = (await api(admin.request, 'GET', `/api/v1/users/${CLIENT}`)).body.data;
  const allowed: number = before.n_appointments_allowed;
  expect((await api(admin.request, 'PATCH', `/api/v1/users/${CLIENT}`, { n_appointments_allowed: before.pending_appointments.length + 1 })).status).toBe(201);

  const page = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, CLIENT);
  await page.goto('/new/appointment');
  const perStep: Record<string, number> = {};
  const violations: Record<string, string[]> = {};

  // Person (when the account has sub-users): the first person.
  const person = stepHeading(page, '¿Para quién es la cita?');
  const service = stepHeading(page, 'Elige un servicio');
  await expect(person.or(service)).toBeVisible();
  if (await person.isVisible()) {
    const keys = new Keys(page);
    violations.person = await seriousViolations(page);
    await chooseStep(page, keys, () => keys.press('Space'));
    perStep.person = keys.count;
  }

  // Service: the radio semantics, then the service.
  await expect(service).toBeVisible();
  {
    const keys = new Keys(page);
    const group = page.getByRole('radiogroup', { name: 'Elige un servicio' });
    const radios = group.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    violations.service = await seriousViolations(page);
    const n = await radios.count();
    expect(n).toBeGreaterThan(2);
    await expect(group.locator('[role="radio"][aria-checked="true"]')).toHaveCount(0);
    // Tab enters the group on its first option.
    await keys.tabInto(group);
    await expect(radios.first()).toBeFocused();

    // The radio semantics (exploring, not counted): arrows move the checked option, Home/End, one Tab stop.
    const explore = new Keys(page);
    await explore.press('ArrowDown');
    await expect(radios.nth(1)).toBeFocused();
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.first()).toHaveAttribute('aria-checked', 'false');
    await explore.press('ArrowUp');
    await expect(radios.first()).toBeFocused();
    await expect(radios.first()).toHaveAttribute('aria-checked', 'true');
    await explore.press('End');
    await expect(radios.nth(n - 1)).toBeFocused();
    await expect(radios.nth(n - 1)).toHaveAttribute('aria-checked', 'true');
    await explore.press('Home');
    await expect(radios.first()).toBeFocused();
    await expect(group.locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
    // The group is one Tab stop: Tab leaves it for "Añadir otro servicio" (a visit), then Siguiente; Shift+Tab
    // comes back to the checked option.
    const addService = page.getByRole('button', { name: 'Añadir otro servicio' });
    await explore.press('Tab');
    await expect(addService).toBeFocused();
    await explore.press('Tab');
    await expect(siguiente(page)).toBeFocused();
    await explore.press('Shift+Tab');
    await explore.press('Shift+Tab');
    await expect(radios.first()).toBeFocused();
    await expect(radios.first()).toHaveAttribute('aria-checked', 'true');

    // Booking: the service by arrows, Tab past "Añadir otro servicio" to Siguiente, Enter.
    await arrowTo(page, keys, SERVICE);
    await keys.press('Tab');
    await keys.press('Tab');
    await expect(siguiente(page)).toBeFocused();
    await keys.press('Enter');
    perStep.service = keys.count;
  }

  // Stylist.
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  {
    const keys = new Keys(page);
    await expect(page.getByRole('radio', { name: STYLIST })).toBeVisible();
    violations.employee = await seriousViolations(page);
    await chooseStep(page, keys, async () => {
      await keys.press('Space');
      await arrowTo(page, keys, STYLIST);
    });
    perStep.employee = keys.count;
  }

  // Date: the first open day; when it has no free hour left, the next one (Shift+Tab back, ArrowRight).
  await expect(stepHeading(page, 'Elige un día')).toBeVisible();
  {
    const keys = new Keys(page);
    const days = page.getByRole('radiogroup', { name: 'Elige un día' });
    await expect(days.getByRole('radio').first()).toBeVisible();
    violations.date = await seriousViolations(page);
    await chooseStep(page, keys, () => keys.press('Space'));
    const noHours = page.getByRole('alert').filter({ hasText: 'No hay horas disponibles para la fecha seleccionada' });
    const hours = stepHeading(page, 'Elige una hora');
    for (let i = 0; i < 2; i++) {
      await expect(noHours.or(hours)).toBeVisible();
      if (await hours.isVisible()) break;
      await keys.press('Shift+Tab');
      await expect(focusedRadio(page)).toHaveAttribute('aria-checked', 'true');
      await keys.press('ArrowRight');
      await keys.press('Tab');
      await keys.press('Enter');
    }
    perStep.date = keys.count;
  }

  // Hour: one Tab stop for all the hours, the second hour by arrow.
  await expect(stepHeading(page, 'Elige una hora')).toBeVisible();
  let hour = '';
  {
    const keys = new Keys(page);
    const group = page.getByRole('radiogroup', { name: 'Elige una hora' });
    await expect(group.getByRole('radio').first()).toBeVisible();
    violations.hour = await seriousViolations(page);
    await keys.tabInto(group);
    const count = await group.getByRole('radio').count();
    if (count > 1) await keys.press('ArrowRight');
    else await keys.press('Space');
    await expect(focusedRadio(page)).toHaveAttribute('aria-checked', 'true');
    hour = ((await focusedRadio(page).textContent()) ?? '').trim();
    // Below the hours, "Avísame si se libera un hueco" (the waitlist), then Siguiente.
    await keys.press('Tab');
    await expect(page.getByRole('button', { name: 'Avísame si se libera un hueco' })).toBeFocused();
    await keys.press('Tab');
    await expect(siguiente(page)).toBeFocused();
    await keys.press('Enter');
    perStep.hour = keys.count;
  }

  // Summary: Tab to Confirmar cita, Enter.
  await expect(stepHeading(page, 'Resumen de la cita')).toBeVisible();
  await expect(page.locator('.summary')).toContainText(hour);
  {
    const keys = new Keys(page);
    violations.summary = await seriousViolations(page);
    const confirm = page.getByRole('button', { name: 'Confirmar cita' });
    await keys.tabTo(confirm);
    await keys.press('Enter');
    perStep.summary = keys.count;
  }
  await expect(page.getByText('Cita confirmada')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');

  console.log(`key presses per step: ${JSON.stringify(perStep)}`);
  for (const [step, count] of Object.entries(perStep)) expect(count, `key presses on ${step}`).toBeLessThan(MAX_KEYS);
  expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((k) => [k, []])));

  // Leave the demo client as other specs expect it: the appointment cancelled, the allowance back.
  const mine = (await api(page.request, 'GET', `/api/v1/users/${CLIENT}`)).body.data;
  const booked = mine.pending_appointments.filter((a: { id: string }) => !before.pending_appointments.some((b: { id: string }) => b.id === a.id));
  expect(booked).toHaveLength(1);
  expect((await api(admin.request, 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: booked[0].id, facility_id: 1 })).status).toBe(200);
  expect((await api(admin.request, 'PATCH', `/api/v1/users/${CLIENT}`, { n_appointments_allowed: allowed })).status).toBe(201);
  await page.context().close();
  await admin.context().close();
});

test('the staff wizards: the header names the flow', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/appointment');
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  await expect(page.locator('.app-header .app-title')).toHaveText('Nueva cita');
  await page.goto('/new/leave');
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  await expect(page.locator('.app-header .app-title')).toHaveText('Bloquear franja');
});

test('the staff wizards: radio groups, the calendar by week, no axe violation', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/appointment');
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  const stylists = page.getByRole('radiogroup', { name: 'Elige un estilista' });
  await expect(stylists.getByRole('radio', { name: STYLIST })).toHaveAttribute('aria-checked', 'false');
  await stylists.getByRole('radio', { name: STYLIST }).click();
  await expect(stylists.getByRole('radio', { name: STYLIST })).toHaveAttribute('aria-checked', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await siguiente(page).click();
  await expect(stepHeading(page, 'Elige un servicio')).toBeVisible();
  await expect(stepHeading(page, 'Elige un servicio')).toBeFocused();
  await page.getByRole('radio', { name: SERVICE }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await siguiente(page).click();
  // The staff calendar (one month at a time): the day radios, Up/Down a week.
  await expect(stepHeading(page, 'Elige un día')).toBeVisible();
  const days = page.getByRole('radiogroup', { name: 'Elige un día' });
  await expect(days.getByRole('radio').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  // Mes anterior is disabled on the first month: the next stop is Mes siguiente, then the days.
  await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeFocused();
  await page.keyboard.press('Tab');
  const first = focusedRadio(page);
  const from = await first.getAttribute('data-date');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  const to = await focusedRadio(page).getAttribute('data-date');
  expect(to && from && to > from).toBeTruthy();
  expect(new Date(`${to}T12:00:00Z`).getUTCDay()).toBe(new Date(`${from}T12:00:00Z`).getUTCDay());
  await expect(focusedRadio(page)).toHaveAttribute('aria-checked', 'true');
  await siguiente(page).click();
  // Hours: one radio group, axe-clean; then the client step.
  await expect(stepHeading(page, 'Elige una hora')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Elige una hora' }).getByRole('radio').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The leave flow: stylist, date, the hour range and its summary.
  await page.goto('/new/leave');
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  await page.getByRole('radio', { name: STYLIST }).click();
  await siguiente(page).click();
  await expect(stepHeading(page, 'Elige un día')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Elige un día' }).locator('[role="radio"]:not([disabled])').last().click();
  await siguiente(page).click();
  await expect(stepHeading(page, 'Elige las horas')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the step labels are never cut: a 360 px phone and a desktop', async ({ page }) => {
  await signIn(page, ADMIN);
  /** Labels of the step bar and the progress line that are shown and cut (scrollWidth > clientWidth). */
  const cut = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.wizard .step-label, .wizard .wizard-progress-text, .wizard .step-bar'))
        .filter((el) => el.getClientRects().length > 0 && el.clientWidth > 1)
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => `${el.className}: ${el.textContent}`),
    );
  const shownLabels = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.wizard .step-label'))
        .filter((el) => el.clientWidth > 1)
        .map((el) => el.textContent),
    );

  // The six steps of Nueva cita on a 360 px phone: dots, and the current step named in full below them.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/new/appointment');
  await expect(stepHeading(page, 'Elige un estilista')).toBeVisible();
  const progress = page.locator('.wizard-progress-text');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveText('Paso 1 de 6 · Empleado');
  expect(await cut()).toEqual([]);
  await page.getByRole('radio', { name: STYLIST }).click();
  await siguiente(page).click();
  await expect(progress).toHaveText('Paso 2 de 6 · Servicio');
  expect(await cut()).toEqual([]);
  // The steps stay buttons named by their labels.
  const bar = page.getByRole('navigation', { name: 'Pasos de la cita' });
  await expect(bar.getByRole('button', { name: 'Empleado' })).toBeEnabled();
  await expect(bar.getByRole('button', { name: 'Resumen' })).toBeDisabled();

  // On a desktop every label shows, whole.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(progress).toBeHidden();
  expect(await shownLabels()).toEqual(['Empleado', 'Servicio', 'Fecha', 'Hora', 'Cliente', 'Resumen']);
  expect(await cut()).toEqual([]);
});
