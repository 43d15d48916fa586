import { expect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, signIn, workday } from './fixtures/auth';
import { firstView, madrid, showCalendar } from './fixtures/pages';
import { ZONE } from '../lib/domain/time';

/**
 * Failures are visible on the staff agenda: a failed load covers the grid with an error and Reintentar
 * (never an empty, free-looking day), and a failed write shows its error toast above the open dialog.
 */

/** Whether the element drawn at the centre of `locator` belongs to it (nothing covers it there). */
async function drawnOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

test('a failed agenda load shows No se ha podido cargar la agenda and Reintentar, never a free day', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  const date = workday(3);
  await page.goto(`/?date=${date}`);
  await firstView(page);
  await page.route('**/api/v1/facility/1/appointments*', (r) =>
    r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_ready', message: 'No disponible' } }) }),
  );
  // The next day is read by the browser (the first day came with the page).
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'No se ha podido cargar la agenda' });
  await expect(error).toBeVisible();
  const retry = error.getByRole('button', { name: 'Reintentar' });
  await expect(retry).toBeVisible();
  // The grid is covered: a click where a free slot would be opens nothing.
  const calendar = page.locator('.agenda-calendar');
  await expect.poll(() => drawnOnTop(error)).toBe(true);
  const box = (await calendar.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.7);
  await expect(page.getByRole('dialog', { name: 'Nuevo evento' })).toHaveCount(0);

  await page.unroute('**/api/v1/facility/1/appointments*');
  await retry.click();
  await expect(error).toHaveCount(0);
  await expect(page.locator('.fc-timegrid-col[data-resource-id]').first()).toBeVisible();
});

test('a failed cancellation shows its error toast above the open dialog', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  const today = DateTime.now().setZone(ZONE);
  const coming = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${today.plus({ days: 1 }).toISODate()}&endDate=${today.plus({ days: 7 }).toISODate()}`);
  const appointment = coming.body.items
    .flatMap((d: { appointments: { type: string; status?: string; id: string; date: string }[] }) => d.appointments)
    .find((a: { type: string; status?: string }) => a.type === 'appointment' && a.status === 'pending');
  expect(appointment, 'the seed books appointments in the coming week').toBeTruthy();

  await page.goto(`/?date=${appointment.date}`);
  await firstView(page);
  await page.locator(`[data-event-id="${appointment.id}"]`).first().click();
  await page.getByRole('dialog', { name: 'Información cita' }).getByRole('button', { name: 'Eliminar cita' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar cita' });
  await page.route('**/api/v1/schedules/cancel/appointment', (r) => r.abort('internetdisconnected'));
  await cancel.getByRole('button', { name: 'Confirmar cancelación' }).click();
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Error al cancelar la cita' });
  await expect(toast).toBeVisible();
  await expect(cancel).toBeVisible();
  await expect.poll(() => drawnOnTop(toast)).toBe(true);
});

test('another day opens at its first appointment, in the server’s markup and in the calendar alike', async ({ page, browser }) => {
  await signIn(page, 'admin@klok.demo');
  const today = DateTime.now().setZone(ZONE);
  const coming = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${today.plus({ days: 1 }).toISODate()}&endDate=${today.plus({ days: 7 }).toISODate()}`);
  const days = coming.body.items as { date: string; appointments: { type: string; status?: string; start_time: string }[] }[];
  const date = days.find((d) => d.appointments.some((a) => a.type === 'appointment' && a.status !== 'cancelled'))?.date;
  expect(date, 'the seed books appointments in the coming week').toBeTruthy();
  const firstStart = days
    .filter((d) => d.date === date)
    .flatMap((d) => d.appointments)
    .filter((a) => a.type === 'appointment' && a.status !== 'cancelled')
    .map((a) => DateTime.fromISO(a.start_time).setZone(ZONE))
    .sort((a, b) => a.toMillis() - b.toMillis())[0]!;
  // The grid (07:00 at the top, 44 px per 30 minutes) opens at the half-hour of the first appointment.
  const minute = Math.floor((firstStart.hour * 60 + firstStart.minute) / 30) * 30;
  const expectedTop = ((minute - 7 * 60) * 44) / 30;

  // The server's markup alone (no script) is already scrolled there.
  const noScript = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState(), javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`/?date=${date}`);
  await expect.poll(() => plain.locator('.agenda-facade').evaluate((el) => el.scrollTop)).toBe(expectedTop);
  await noScript.close();

  // A browser without CSS `scroll-initial-target` (the rule stripped from the style sheets) and before React
  // has taken over (no script bundle loads): the markup's inline script scrolls it there.
  const noTarget = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() });
  const bare = await noTarget.newPage();
  let stripped = 0;
  await bare.route(/\/_next\/static\/.*\.css/, async (route) => {
    const css = await (await route.fetch()).text();
    const body = css.replace(/scroll-initial-target:\s*nearest;?/g, '');
    if (body !== css) stripped++;
    await route.fulfill({ contentType: 'text/css', body });
  });
  await bare.route(/\/_next\/static\/chunks\/.*\.js/, (route) => route.abort());
  await bare.goto(`/?date=${date}`);
  await expect.poll(() => bare.locator('.agenda-facade').evaluate((el) => el.scrollTop)).toBe(expectedTop);
  expect(stripped, 'the style sheets carried scroll-initial-target').toBeGreaterThan(0);
  await expect(bare.locator('.agenda-facade')).not.toHaveAttribute('data-live', 'true');
  await noTarget.close();

  await page.goto(`/?date=${date}`);
  const first = await firstView(page);
  expect(await first.evaluate((el) => el.scrollTop)).toBe(expectedTop);
  const slotTop = async (time: string) => (await page.locator(`.agenda-calendar-layer .fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!.y;
  await showCalendar(page);
  // The calendar took over at the same place: the opening half-hour is where the first view showed it.
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
  const header = (await page.locator('.agenda-calendar-layer .fc-scrollgrid-section-body .fc-scroller').last().boundingBox())!.y;
  expect(Math.abs((await slotTop(time)) - header)).toBeLessThanOrEqual(2);
});

test('a day reached with Siguiente in the loaded calendar opens at its first appointment', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  // A day of its own far ahead, with one appointment in the afternoon; the day before has none.
  const date = workday(47);
  const before = DateTime.fromISO(date).minus({ days: 1 }).toISODate()!;
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const cut = (services.body.items as { id: number; name: string }[]).find((s) => s.name === 'Corte de pelo')!;
  const day = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}&endDate=${date}`);
  const booked = (day.body.items as { appointments: { type: string; status?: string; client_name?: string }[] }[])
    .flatMap((d) => d.appointments)
    .some((a) => a.type === 'appointment' && a.status === 'pending' && a.client_name === 'Cliente Vespertino');
  if (!booked) {
    const res = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
      start_time: madrid(date, '14:00'),
      facility_id: 1,
      employee_id: 'sara@klok.demo',
      service_id: cut.id,
      client_name: 'Cliente Vespertino',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  await page.goto(`/?date=${before}`);
  await firstView(page);
  await showCalendar(page);
  const scroller = page.locator('.agenda-calendar-layer .fc-scrollgrid-section-body .fc-scroller').last();
  const slotOffset = async () =>
    (await page.locator('.agenda-calendar-layer .fc-timegrid-slot-lane[data-time="14:00:00"]').boundingBox())!.y - (await scroller.boundingBox())!.y;
  // The afternoon is far below the empty day's opening.
  expect(await slotOffset()).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Cliente Vespertino').first()).toBeVisible();
  // 14:00 comes to the top of the grid.
  await expect.poll(async () => Math.abs(await slotOffset())).toBeLessThanOrEqual(2);
});

/**
 * Signed in as the admin on the agenda: holds every request to `path`, starts the navigation with
 * `navigate`, expects the progress bar while it is held, then lets it through and expects the bar gone
 * once `arrived` (the new page's heading) shows.
 */
async function barWhileHeld(page: Page, path: string, navigate: () => Promise<void>, arrived: string) {
  await signIn(page, 'admin@klok.demo');
  await page.goto('/');
  await firstView(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await navigate();
  const bar = page.getByRole('progressbar', { name: 'Cargando...' });
  await expect(bar).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: arrived })).toBeVisible();
  await expect(bar).toHaveCount(0);
}

test.describe('the navigation progress bar', () => {
  test('a slow navigation shows the progress bar until the new page arrives', async ({ page }) => {
    await barWhileHeld(
      page,
      '/services',
      async () => {
        await page.getByRole('button', { name: /^Menú/ }).click();
        await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Servicios', exact: true }).click();
      },
      'Servicios',
    );
  });

  test('a navigation started in code (Nueva Cita of the add button) shows the progress bar too', async ({ page }) => {
    await barWhileHeld(
      page,
      '/new/appointment',
      async () => {
        await page.getByRole('button', { name: 'Añadir', exact: true }).click();
        await page.getByRole('button', { name: 'Nueva Cita' }).click();
      },
      'Elige un estilista',
    );
  });
});


test('today opens with now in the upper third of the first view', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  /** The first view's scrollTop for the Madrid time now: an hour before now on the half-hour, inside 07:00–24:00. */
  const expectedTop = async (scroller: Locator) => {
    const now = DateTime.now().setZone(ZONE);
    const minute = Math.min(24 * 60, Math.max(7 * 60, Math.floor((now.hour * 60 + now.minute - 60) / 30) * 30));
    const maxTop = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
    return Math.min(((minute - 7 * 60) * 44) / 30, maxTop);
  };
  await page.goto('/');
  const first = await firstView(page);
  const before = await expectedTop(first);
  const top = await first.evaluate((el) => el.scrollTop);
  // A half-hour may turn between the page's render and this line: either side of it is right.
  expect([before, await expectedTop(first)]).toContain(top);
});
