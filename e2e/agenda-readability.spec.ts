import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, signIn } from './fixtures/auth';
import { firstView, madrid, showCalendar, ZONE } from './fixtures/pages';

/**
 * The agenda read at a glance on a 390 × 844 phone and a 1280 × 800 desktop: a 15- and a
 * 30-minute appointment show the client's whole name, then the service, in day and week view; the week
 * scrolls sideways on a phone with readable columns and an uncut date label; a long press opens Nuevo
 * evento and the finger's release does not click the dialog; Hoy and every navigation keep `?date=` in
 * step; Configuración sits in the time-gutter header corner; toasts cover neither the header nor the add button; axe finds
 * no serious or critical violation in either view on either device.
 */

const ADMIN = 'admin@klok.demo';
const SARA = 'sara@klok.demo';
/** A 15-minute service, created once for these tests. */
const QUICK_SERVICE = 'Arreglo de flequillo';
const SHORT_CLIENT = 'Juan Pérez';
const HALF_HOUR_CLIENT = 'Lucía Fernández';

/** The day the two appointments are on (far enough ahead to be free of the seed's bookings). */
const DATE = workday(22);
/** An empty day for the long press. */
const EMPTY_DATE = workday(29);

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

type Booked = { short: string; halfHour: string };

/**
 * As the admin (signed in on `page`): the 15-minute service for Sara, and on DATE a 15-minute
 * appointment at 10:00 for Juan Pérez and a 30-minute Corte de pelo at 11:00 for Lucía Fernández
 * (created once; a rerun against the same server finds them).
 */
async function bookAppointments(page: Page): Promise<Booked> {
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  expect(services.status).toBe(200);
  type Service = { id: number; name: string; duration: number };
  let quick = (services.body.items as Service[]).find((s) => s.name === QUICK_SERVICE);
  if (!quick) {
    const created = await api(page.request, 'POST', '/api/v1/facility/1/services', {
      name: QUICK_SERVICE,
      description: 'Retoque rápido del flequillo',
      price: 8,
      duration: 15,
      busy_slots: [{ startMinutes: 0, endMinutes: 15 }],
      employees: [SARA],
    });
    expect(created.status).toBe(201);
    quick = { id: created.body.data.id, name: QUICK_SERVICE, duration: 15 };
  }
  const cut = (services.body.items as Service[]).find((s) => s.name === 'Corte de pelo')!;
  expect(cut.duration).toBe(30);

  const day = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${DATE}&endDate=${DATE}`);
  type Record = { id: string; type: string; status?: string; client_name?: string };
  const existing = (day.body.items as { appointments: Record[] }[]).flatMap((d) => d.appointments);
  const find = (name: string) => existing.find((r) => r.type === 'appointment' && r.status === 'pending' && r.client_name === name)?.id;
  const book = async (name: string, service: Service, start: string) => {
    const found = find(name);
    if (found) return found;
    const res = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
      start_time: madrid(DATE, start),
      facility_id: 1,
      employee_id: SARA,
      service_id: service.id,
      client_name: name,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.event_id as string;
  };
  return { short: await book(SHORT_CLIENT, quick, '10:00'), halfHour: await book(HALF_HOUR_CLIENT, cut, '11:00') };
}

/** The calendar element of an appointment. */
const eventBox = (page: Page, id: string) => page.locator(`.fc-timegrid-event[data-event-id="${id}"]`);

/**
 * The client's name is shown whole: its text box lies inside the event box (an ellipsis or a clip
 * would leave part of it outside), and it comes first on its line, before the service.
 */
async function expectNameFullyVisible(event: Locator, name: string, service: string) {
  await event.scrollIntoViewIfNeeded();
  await expect(event).toBeVisible();
  const who = event.locator('.agenda-ev-who');
  await expect(who).toHaveText(name);
  const [box, nameBox] = await Promise.all([event.boundingBox(), who.boundingBox()]);
  expect(box && nameBox).toBeTruthy();
  expect(nameBox!.width).toBeGreaterThan(0);
  expect(nameBox!.x).toBeGreaterThanOrEqual(box!.x);
  expect(nameBox!.x + nameBox!.width, `"${name}" ends inside its event box`).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  expect(nameBox!.y).toBeGreaterThanOrEqual(box!.y);
  expect(nameBox!.y + nameBox!.height, `"${name}" fits the event's height`).toBeLessThanOrEqual(box!.y + box!.height + 0.5);
  // The name is not cut by the text's own overflow either.
  expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth || getComputedStyle(el).display === 'inline')).toBe(true);
  // The service follows the name on the same element (cut with an ellipsis at the end if need be).
  await expect(event).toContainText(`${name}`);
  await expect(event.locator('.agenda-ev-what')).toContainText(service);
  // Everyone can read the time: on the box for a sighted user or in its accessible text.
  await expect(event).toContainText(/\d\d:\d\d – \d\d:\d\d/);
}

/** Opens the agenda on a date and waits until the calendar has loaded (after the first view). */
async function openAgenda(page: Page, date: string) {
  await page.goto(`/?date=${date}`);
  await showCalendar(page);
  await expect(page.locator('.agenda-calendar')).toHaveAttribute('aria-busy', 'false');
}

/** A point in the first stylist's column at a time of the grid (scrolled into view). */
async function slotPoint(page: Page, time: string): Promise<{ x: number; y: number }> {
  const lane = page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.scrollIntoViewIfNeeded();
  const [col, row] = [await page.locator('.fc-timegrid-col[data-resource-id]').first().boundingBox(), await lane.boundingBox()];
  return { x: col!.x + col!.width / 2, y: row!.y + row!.height / 2 };
}

/** Switches the view in the Configuración panel, opened from the time-gutter corner. */
async function chooseView(page: Page, view: 'Día' | 'Semana') {
  await page.getByRole('button', { name: 'Configuración' }).click();
  const panel = page.getByRole('dialog', { name: 'Configuración' });
  await panel.getByRole('radio', { name: view }).check();
  await panel.getByRole('button', { name: 'Aceptar' }).click();
  await expect(panel).toBeHidden();
  await expect(page.locator(view === 'Día' ? '.fc-resourceTimeGridDay-view' : '.fc-resourceTimeGridWeek-view')).toBeVisible();
  await expect(page.locator('.agenda-calendar')).toHaveAttribute('aria-busy', 'false');
}

/** axe-core on the whole page: the serious and critical violations, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`));
}

/** The `?date=` of the page's URL. */
const urlDate = (page: Page) => new URL(page.url()).searchParams.get('date');

const todayMadrid = () => DateTime.now().setZone(ZONE).toISODate()!;

test.describe('phone (390 × 844, touch)', () => {
  test.use(PHONE);

  test('day view: the 15- and 30-minute appointments show the whole client name, then the service', async ({ page }) => {
    await signIn(page, ADMIN);
    const ids = await bookAppointments(page);
    await openAgenda(page, DATE);
    await expect(page.locator('.fc-resourceTimeGridDay-view')).toBeVisible();
    await expectNameFullyVisible(eventBox(page, ids.short), SHORT_CLIENT, QUICK_SERVICE);
    await expectNameFullyVisible(eventBox(page, ids.halfHour), HALF_HOUR_CLIENT, 'Corte de pelo');
    // A 15-minute appointment is tall enough for one line of text.
    const lineHeight = await eventBox(page, ids.short).locator('.agenda-ev-text').evaluate((el) => el.getBoundingClientRect().height);
    const shortBox = await eventBox(page, ids.short).boundingBox();
    expect(shortBox!.height).toBeGreaterThanOrEqual(lineHeight);
  });

  test('week view scrolls sideways with readable columns and an uncut date label', async ({ page }) => {
    await signIn(page, ADMIN);
    const ids = await bookAppointments(page);
    await openAgenda(page, DATE);
    await chooseView(page, 'Semana');
    await expectNameFullyVisible(eventBox(page, ids.short), SHORT_CLIENT, QUICK_SERVICE);
    // Every stylist-day column keeps at least 120 px: the grid scrolls sideways instead of squeezing.
    const widths = await page.locator('.fc-timegrid-col[data-resource-id]').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThanOrEqual(7);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(119.5);
    const scroller = page.locator('.fc-timegrid-body').locator('xpath=ancestor::div[contains(@class,"fc-scroller")][1]');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The week's label is whole (no ellipsis) and on screen.
    const label = page.locator('.agenda-date-label');
    const monday = DateTime.fromISO(DATE, { zone: ZONE }).startOf('week').setLocale('es');
    const sunday = monday.plus({ days: 6 });
    const expected =
      monday.month === sunday.month
        ? `${monday.toFormat('d')}–${sunday.toFormat('d LLL yyyy')}`
        : `${monday.toFormat(monday.year === sunday.year ? 'd LLL' : 'd LLL yyyy')} – ${sunday.toFormat('d LLL yyyy')}`;
    await expect(label).toHaveText(expected);
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    const box = await label.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  test('a long press opens Nuevo evento and the release clicks nothing in it', async ({ page }) => {
    await signIn(page, ADMIN);
    await openAgenda(page, EMPTY_DATE);
    const cdp = await page.context().newCDPSession(page);
    const longPress = async (x: number, y: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await page.waitForTimeout(800);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
    // Where the dialog's first choice appears: found with a first long press on a free slot …
    const first = await slotPoint(page, '12:00');
    await longPress(first.x, first.y);
    await expect(dialog).toBeVisible();
    const choice = await dialog.getByRole('button', { name: 'Nueva cita' }).boundingBox();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // … then a long press right under it: its release is where the button will be.
    const x = choice!.x + choice!.width / 2;
    const y = choice!.y + choice!.height / 2;
    const under = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('.fc-timegrid-body') !== null, [x, y]);
    expect(under, 'the press lands on the time grid').toBe(true);
    await longPress(x, y);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Nueva cita' })).toBeVisible();
    // The release neither chose an option (that would navigate to /new/…) nor closed the dialog.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(dialog).toBeVisible();
    // A deliberate tap afterwards works.
    await dialog.getByRole('button', { name: 'Nueva cita' }).tap();
    await page.waitForURL((url) => url.pathname === '/new/appointment');
  });
});

test.describe('first view, before the calendar loads (phone)', () => {
  test.use(PHONE);

  test('the day comes with the page: whole names, a tap opens the appointment, and the calendar takes over in place', async ({ page }) => {
    await signIn(page, ADMIN);
    const ids = await bookAppointments(page);
    await page.goto(`/?date=${DATE}`);
    const first = await firstView(page);
    await expect(page.locator('.fc')).toHaveCount(0);
    await expectNameFullyVisible(first.locator(`[data-event-id="${ids.short}"]`), SHORT_CLIENT, QUICK_SERVICE);
    await expectNameFullyVisible(first.locator(`[data-event-id="${ids.halfHour}"]`), HALF_HOUR_CLIENT, 'Corte de pelo');
    // Columns keep their minimum width (the grid scrolls sideways) under the fixed time axis.
    const widths = await first.locator('.agenda-facade-col').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(99.5);

    await first.locator(`[data-event-id="${ids.short}"]`).tap();
    const info = page.getByRole('dialog', { name: 'Información cita' });
    await expect(info).toBeVisible();
    await expect(info).toContainText(SHORT_CLIENT);
    // Once the touch has settled the calendar loads behind the dialog and replaces the first view, scrolled
    // where it was: the appointment is still in sight.
    await expect(page.locator('.fc-timegrid-col[data-resource-id]').first()).toBeAttached();
    await expect(first).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
    const box = await page.locator(`.fc-timegrid-event[data-event-id="${ids.short}"]`).boundingBox();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThan(844);
  });

  test('a keyboard focus on an event of the first view stays on that event when the calendar takes over', async ({ page }) => {
    await signIn(page, ADMIN);
    const ids = await bookAppointments(page);
    await page.goto(`/?date=${DATE}`);
    const first = await firstView(page);
    await first.locator(`[data-event-id="${ids.halfHour}"]`).focus();
    // A key starts the calendar; the focus moves to the same appointment in it.
    await page.keyboard.press('Shift');
    await expect(first).toHaveCount(0);
    await expect(page.locator(`.fc-event[data-event-id="${ids.halfHour}"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Información cita' })).toContainText(HALF_HOUR_CLIENT);
  });

  test('a long press on a free slot of the first view opens Nuevo evento for that slot', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto(`/?date=${EMPTY_DATE}`);
    const first = await firstView(page);
    const col = first.locator('.agenda-facade-col').first();
    const resource = await col.getAttribute('data-resource-id');
    const box = (await col.boundingBox())!;
    // 12:00 is 300 minutes below 07:00, at 44 px per 30 minutes; the middle of its slot.
    const x = box.x + box.width / 2;
    const y = box.y + (300 * 44) / 30 + 22;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(800);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
    await expect(dialog).toBeVisible();
    // The release clicked nothing in it.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Nueva cita' }).tap();
    await page.waitForURL((url) => url.pathname === '/new/appointment');
    const query = new URL(page.url()).searchParams;
    expect(query.get('employee')).toBe(resource);
    expect(query.get('start')).toBe(madrid(EMPTY_DATE, '12:00'));
    expect(query.get('end')).toBe(madrid(EMPTY_DATE, '12:30'));
  });
});

test.describe('desktop (1280 × 800)', () => {
  test.use(DESKTOP);

  test('week view: the 15- and 30-minute appointments show the whole client name', async ({ page }) => {
    await signIn(page, ADMIN);
    const ids = await bookAppointments(page);
    await openAgenda(page, DATE);
    await chooseView(page, 'Semana');
    await expectNameFullyVisible(eventBox(page, ids.short), SHORT_CLIENT, QUICK_SERVICE);
    await expectNameFullyVisible(eventBox(page, ids.halfHour), HALF_HOUR_CLIENT, 'Corte de pelo');
    // The 30-minute one has room for its time under the name.
    await expect(eventBox(page, ids.halfHour).locator('.agenda-ev-time')).toHaveText('11:00 – 11:30');
    await chooseView(page, 'Día');
    await expectNameFullyVisible(eventBox(page, ids.short), SHORT_CLIENT, QUICK_SERVICE);
  });

  test('Hoy, previous, next and the date field keep ?date= of the URL in step', async ({ page }) => {
    await signIn(page, ADMIN);
    const start = DateTime.now().setZone(ZONE).minus({ days: 10 }).toISODate()!;
    await openAgenda(page, start);
    const nav = page.getByRole('group', { name: 'Navegación de fechas' });
    await nav.getByRole('button', { name: 'Siguiente' }).click();
    await expect.poll(() => urlDate(page)).toBe(DateTime.fromISO(start).plus({ days: 1 }).toISODate());
    await nav.getByRole('button', { name: 'Anterior' }).click();
    await nav.getByRole('button', { name: 'Anterior' }).click();
    await expect.poll(() => urlDate(page)).toBe(DateTime.fromISO(start).minus({ days: 1 }).toISODate());
    await nav.getByRole('button', { name: 'Hoy' }).click();
    await expect.poll(() => urlDate(page)).toBe(todayMadrid());
    await nav.getByLabel('Fecha').fill(DATE);
    await expect.poll(() => urlDate(page)).toBe(DATE);
    // The week view moves by seven days, and the URL follows.
    await chooseView(page, 'Semana');
    expect(urlDate(page)).toBe(DATE);
    await nav.getByRole('button', { name: 'Siguiente' }).click();
    await expect.poll(() => urlDate(page)).toBe(DateTime.fromISO(DATE).plus({ days: 7 }).toISODate());
    // A reload opens the date of the URL.
    await page.reload();
    await expect(page.locator('.agenda-date-label')).toContainText(DateTime.fromISO(DATE).plus({ days: 7 }).setLocale('es').toFormat('LLL'));
    await expect(nav.getByLabel('Fecha')).toHaveValue(DateTime.fromISO(DATE).plus({ days: 7 }).toISODate()!);
  });

  test('Configuración sits in the time-gutter header corner, and toasts cover neither the header nor the add button', async ({ page }) => {
    await signIn(page, ADMIN);
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!;
    for (const view of ['Día', 'Semana'] as const) {
      await openAgenda(page, yesterday);
      await chooseView(page, view);
      await page.reload();
      await showCalendar(page);
      await expect(page.locator('.agenda-calendar')).toHaveAttribute('aria-busy', 'false');
      // Drawn over the corner cell (a control inside FullCalendar's grid table would break its roles).
      const button = page.getByRole('button', { name: 'Configuración' });
      await expect(button).toHaveCount(1);
      await expect(button).toBeVisible();
      await expect(page.locator('.agenda-toolbar').getByRole('button', { name: 'Configuración' })).toHaveCount(0);
      const corner = page.locator('.fc-scrollgrid-section-header th.fc-timegrid-axis');
      // The corner is as tall as the stylists' headers beside it (FullCalendar measures them before
      // their React content arrives; the calendar has it re-synced).
      const headerHeight = await page.locator('.fc-scrollgrid-section-header .fc-col-header').evaluate((el) => el.getBoundingClientRect().height);
      await expect.poll(async () => (await corner.boundingBox())!.height).toBeGreaterThanOrEqual(headerHeight - 1.5);
      const [b, c] = [await button.boundingBox(), await corner.boundingBox()];
      expect(b!.x).toBeGreaterThanOrEqual(c!.x - 0.5);
      expect(b!.y).toBeGreaterThanOrEqual(c!.y - 0.5);
      expect(b!.x + b!.width).toBeLessThanOrEqual(c!.x + c!.width + 0.5);
      expect(b!.y + b!.height).toBeLessThanOrEqual(c!.y + c!.height + 0.5);
      // It is above the time axis, left of the first column.
      const firstCol = await page.locator('.fc-timegrid-col[data-resource-id]').first().boundingBox();
      expect(b!.x + b!.width).toBeLessThanOrEqual(firstCol!.x + 0.5);
    }
    await chooseView(page, 'Día');
    // Selecting a slot of yesterday is refused with a toast, which covers neither the header nor the floating
    // add button: on the desktop, then on a phone's width (where the toast spans the screen).
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const viewport of [DESKTOP.viewport, PHONE.viewport]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await showCalendar(page);
      const from = await slotPoint(page, '12:00');
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x, from.y + 50, { steps: 5 });
      await page.mouse.up();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'No puedes seleccionar una fecha antigua' });
      await expect(toast).toBeVisible();
      const header = (await page.locator('header.app-header').first().boundingBox())!;
      const fab = (await page.locator('.agenda-fab-main').boundingBox())!;
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
      await expect.poll(async () => overlap((await toast.boundingBox())!, fab)).toBe(false);
    }
  });
});

for (const [device, use] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`axe on the agenda (${device})`, () => {
    test.use(use);

    test(`day and week views have no serious or critical violation (${device})`, async ({ page }) => {
      await signIn(page, ADMIN);
      await bookAppointments(page);
      // A day with past events (yesterday's seed bookings), the day of the 15-minute one, an empty day.
      for (const date of [DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!, DATE, EMPTY_DATE]) {
        // The first view (the day, before the calendar loads), then the calendar's day and week views.
        await page.goto(`/?date=${date}`);
        await firstView(page);
        expect(await seriousViolations(page), `first view of ${date}`).toEqual([]);
        await showCalendar(page);
        await chooseView(page, 'Día');
        expect(await seriousViolations(page), `day view of ${date}`).toEqual([]);
        await chooseView(page, 'Semana');
        expect(await seriousViolations(page), `week view of ${date}`).toEqual([]);
        await chooseView(page, 'Día');
      }
    });
  });
}
