import { expect, test, type Page, type Route } from '@playwright/test';
import { api, onboard, signIn, workday } from './fixtures/auth';
import { clientToHours, uniq } from './fixtures/pages';

/**
 * "Confirmar cita" tells the client the truth (beyond-the-spec §1 "Idempotency"), on a phone: a double tap
 * books once; an answer lost on the way back (the server booked) ends booked with one appointment, whether
 * the automatic retry gets the answer or the wizard has to ask the pending appointments; a booking call
 * that never reaches the server says "Error al confirmar la cita, por favor intenta de nuevo" and keeps the
 * choice, so Confirmar again books once; a refusal (the allowance) names its cause and keeps the summary.
 */

const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';
const BOOKING = '**/api/v1/schedules/insert/appointment';
const CONFIRM_ERROR = 'Error al confirmar la cita, por favor intenta de nuevo';

/** A new onboarded client (allowance 1) on its home page; returns its e-mail. */
async function newClient(page: Page, name: string): Promise<string> {
  const email = `confirmar-${uniq()}@klok.example`;
  await signIn(page, email, name);
  await onboard(page, email, name);
  await page.goto('/');
  return email;
}

/** Pedir cita → service, stylist, `date`, its `n`-th free hour → the summary. */
async function toSummary(page: Page, date: string, n: number) {
  await clientToHours(page, { service: SERVICE, stylist: STYLIST, date });
  await page.locator('.hour-grid .hour').nth(n).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
}

/** The client's pending appointments, as the server has them. */
async function pending(page: Page, email: string): Promise<{ id: string; start_time: string }[]> {
  const r = await api(page.request, 'GET', `/api/v1/users/${email}/appointments/pending`);
  expect(r.status).toBe(200);
  return r.body.items;
}

/** Mis citas with the one new card and the confirmation toast. */
async function expectBookedOnce(page: Page, email: string) {
  await expect(page.getByText('Cita confirmada')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('article.appointment-card')).toHaveCount(1);
  expect(await pending(page, email)).toHaveLength(1);
}

/**
 * Intercepts the booking calls: each is handled by the next of `plan` ('lost': the server gets it and
 * answers, the answer is cut; 'cut': it never reaches the server), then passed through. Returns the
 * `Idempotency-Key` of every call seen.
 */
async function interceptBooking(page: Page, plan: ('lost' | 'cut')[]): Promise<string[]> {
  const keys: string[] = [];
  await page.route(BOOKING, async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const step = plan.shift();
    if (step === 'lost') {
      await route.fetch();
      return route.abort('connectionreset');
    }
    if (step === 'cut') return route.abort('internetdisconnected');
    return route.continue();
  });
  return keys;
}

test('a double tap on Confirmar cita books one appointment', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'Doble Toque');
  await toSummary(page, workday(6), 0);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/schedules/insert/appointment')) calls.push(r.headers()['idempotency-key'] ?? '');
  });
  // Two taps in the same frame, before the button can show that it is busy.
  await page.getByRole('button', { name: 'Confirmar cita' }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expectBookedOnce(page, email);
  expect(new Set(calls).size).toBe(1);
});

test('an answer lost on the way back: the automatic retry with the same key ends booked once', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'Respuesta Perdida');
  await toSummary(page, workday(6), 3);
  const keys = await interceptBooking(page, ['lost']);
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expectBookedOnce(page, email);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{8,255}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('both answers lost: the wizard finds the appointment among the pending ones and goes home booked', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'Sin Respuesta');
  await toSummary(page, workday(7), 0);
  const keys = await interceptBooking(page, ['lost', 'lost']);
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expectBookedOnce(page, email);
  expect(keys).toHaveLength(2);
  await expect(page.getByText(CONFIRM_ERROR)).toHaveCount(0);
});

test('a booking call that never arrives says so and keeps the choice; Confirmar again books once', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'Red Cortada');
  await toSummary(page, workday(7), 3);
  const summary = await page.locator('.summary').textContent();
  const keys = await interceptBooking(page, ['cut', 'cut']);
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page.getByText(CONFIRM_ERROR)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await expect(page.locator('.summary')).toHaveText(summary!);
  expect(await pending(page, email)).toHaveLength(0);

  // The network is back: the same choice, the same key, one appointment.
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expectBookedOnce(page, email);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
});

test('a refusal names its cause and keeps the summary (not the hour step)', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'Sin Cupo');
  await toSummary(page, workday(8), 0);
  // Meanwhile the client's one allowed appointment is booked elsewhere (another tab).
  const me = await api(page.request, 'GET', `/api/v1/users/${email}`);
  const hours = await api(
    page.request,
    'GET',
    `/api/v1/facility/1/${workday(8)}/sara@klok.demo/appointments/available?serviceDuration=30`,
  );
  const last = hours.body.items.flatMap((g: { hours: { start_time: string }[] }) => g.hours).at(-1);
  const other = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: last.start_time,
    facility_id: 1,
    employee_id: 'sara@klok.demo',
    service_id: (await api(page.request, 'GET', '/api/v1/facility/1/services')).body.items.find((s: { name: string }) => s.name === SERVICE).id,
    client_id: email,
    user_id: me.body.data.id,
    user_name: 'Sin Cupo',
  });
  expect(other.status).toBe(201);

  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page.getByText('Ya tienes el máximo de citas pendientes permitidas.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Elige una hora' })).toHaveCount(0);
  expect(await pending(page, email)).toHaveLength(1);
});
