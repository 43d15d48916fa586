import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { api, signIn, workday } from './fixtures/auth';
import { corte, firstView, madrid, showCalendar } from './fixtures/pages';

/**
 * Blocking time from the agenda on a phone (390 × 844, touch): a long press on a free slot opens Nuevo
 * evento, whose Bloquear franja offers 30 min / 1 h / 2 h / Hasta el cierre in one tap — so an hour is
 * blocked in two taps; on the loaded calendar a long press then a drag extends the selection, which can
 * be blocked as made; a length that runs into an appointment is refused in the dialog with the server's
 * message. Marcos Ruiz (signed in, so his column comes first) works 09:30–14:00 and 16:00–20:00.
 */

const MARCOS = 'marcos@klok.demo';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** Free weekdays of this spec (far from the other specs' days). */
const TWO_TAPS_DATE = workday(43);
const DRAG_DATE = workday(44);
/** Nuevo evento ignores clicks for half a second after a long press opens it (new-event-dialog.tsx). */
const PAST_RELEASE_GUARD_MS = 600;

test.use(PHONE);

type Rec = { id: string; type: 'appointment' | 'leave'; employee_id: string; status?: string; start_time: string; end_time: string };

/** Marcos's leaves and pending appointments on a date, from the API. */
async function marcosDay(page: Page, date: string): Promise<Rec[]> {
  const day = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}&endDate=${date}`);
  expect(day.status).toBe(200);
  return (day.body.items as { appointments: Rec[] }[])
    .flatMap((d) => d.appointments)
    .filter((r) => r.employee_id === MARCOS && r.status !== 'cancelled');
}

/** Clears Marcos's date (a rerun against the same server starts from a free day). */
async function freeDay(page: Page, date: string) {
  for (const r of await marcosDay(page, date)) {
    const res =
      r.type === 'leave'
        ? await api(page.request, 'PATCH', '/api/v1/schedules/delete/leave', { id: r.id, employee_id: MARCOS, facility_id: 1 })
        : await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: r.id, facility_id: 1 });
    expect(res.status).toBeLessThan(300);
  }
  expect(await marcosDay(page, date)).toEqual([]);
}

/** A finger down at a point, held until `armed` shows the slot taken (the long press), not lifted. */
async function pressAndHold(cdp: CDPSession, x: number, y: number, armed: Locator) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await expect(armed).toBeVisible();
}

const lift = (cdp: CDPSession) => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

test('an hour is blocked in two taps: a long press on a free slot, then 1 h', async ({ page }) => {
  // The browser's clock runs as usual; it only jumps past the dialog's release guard below.
  await page.clock.install();
  await signIn(page, MARCOS);
  await freeDay(page, TWO_TAPS_DATE);
  await page.goto(`/?date=${TWO_TAPS_DATE}`);

  // The first view (before the calendar loads) serves the first touch: 12:00 in Marcos's column.
  const first = await firstView(page);
  const col = first.locator(`.agenda-facade-col[data-resource-id="${MARCOS}"]`);
  // 12:00 is 300 minutes below 07:00 at 44 px per 30 minutes: scrolled to the middle of the screen.
  const top = (300 * 44) / 30;
  await first.evaluate((el, y) => (el.scrollTop = y - el.clientHeight / 2), top);
  const box = (await col.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  await pressAndHold(cdp, box.x + box.width / 2, box.y + top + 22, first.locator('.agenda-facade-selection'));
  await lift(cdp);

  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('12:00 – 12:30');
  const block = dialog.getByRole('group', { name: 'Bloquear franja' });
  await expect(block.getByRole('button')).toHaveText([
    '30 min 12:00 – 12:30',
    '1 h 12:00 – 13:00',
    '2 h 12:00 – 14:00',
    'Hasta el cierre 12:00 – 20:00',
  ]);
  await page.clock.fastForward(PAST_RELEASE_GUARD_MS);
  await block.getByRole('button', { name: /^1 h/ }).tap();

  await expect(page.locator('[data-sonner-toast]', { hasText: 'Franja bloqueada' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const leaves = (await marcosDay(page, TWO_TAPS_DATE)).filter((r) => r.type === 'leave');
  expect(leaves).toHaveLength(1);
  expect(leaves[0]).toMatchObject({ start_time: madrid(TWO_TAPS_DATE, '12:00'), end_time: madrid(TWO_TAPS_DATE, '13:00') });
  expect(Date.parse(leaves[0]!.end_time) - Date.parse(leaves[0]!.start_time)).toBe(60 * 60_000);
  // The agenda shows it without a reload.
  await expect(page.locator(`[data-event-id="${leaves[0]!.id}"]`).first()).toBeVisible();
});

test('on the calendar a long press then a drag extends the selection; a length over an appointment is refused', async ({ page }) => {
  await page.clock.install();
  await signIn(page, MARCOS);
  await freeDay(page, DRAG_DATE);
  // A client at 17:30: "Hasta el cierre" from 16:00 runs into her.
  const cut = await corte(page);
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: madrid(DRAG_DATE, '17:30'),
    facility_id: 1,
    employee_id: MARCOS,
    service_id: cut.id,
    client_id: null,
    client_name: 'Clienta de las cinco y media',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  await page.goto(`/?date=${DRAG_DATE}`);
  await showCalendar(page);
  await expect(page.locator('.agenda-calendar')).toHaveAttribute('aria-busy', 'false');
  const lane = (time: string) => page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane('16:30').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const col = (await page.locator(`.fc-timegrid-col[data-resource-id="${MARCOS}"]`).first().boundingBox())!;
  const x = col.x + col.width / 2;
  const from = (await lane('16:00').boundingBox())!;
  const to = (await lane('17:00').boundingBox())!;

  // Held past the long-press delay the slot is taken; moving the finger down drags its end to 17:30.
  const cdp = await page.context().newCDPSession(page);
  const mirror = page.locator('.fc-event-mirror, .fc-highlight').first();
  await pressAndHold(cdp, x, from.y + from.height / 2, mirror);
  for (const step of [0.25, 0.5, 0.75, 1]) {
    const y = from.y + from.height / 2 + step * (to.y - from.y);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await expect.poll(async () => ((await mirror.boundingBox())?.y ?? 0) + ((await mirror.boundingBox())?.height ?? 0)).toBeGreaterThan(to.y + to.height - 4);
  await lift(cdp);

  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('16:00 – 17:30');
  const block = dialog.getByRole('group', { name: 'Bloquear franja' });
  // The dragged range comes first, as made; the lengths and closing count from its start.
  await expect(block.getByRole('button')).toHaveText([
    'Lo seleccionado 16:00 – 17:30',
    '30 min 16:00 – 16:30',
    '1 h 16:00 – 17:00',
    '2 h 16:00 – 18:00',
    'Hasta el cierre 16:00 – 20:00',
  ]);
  await page.clock.fastForward(PAST_RELEASE_GUARD_MS);

  // Until closing would cover the 17:30 client: the server refuses, and the dialog says why.
  await block.getByRole('button', { name: /^Hasta el cierre/ }).tap();
  await expect(dialog.getByRole('alert')).toHaveText('No se ha podido bloquear la franja. El rango seleccionado se solapa con otro evento');
  expect((await marcosDay(page, DRAG_DATE)).filter((r) => r.type === 'leave')).toEqual([]);

  await block.getByRole('button', { name: /^Lo seleccionado/ }).tap();
  await expect(dialog).toBeHidden();
  const leaves = (await marcosDay(page, DRAG_DATE)).filter((r) => r.type === 'leave');
  expect(leaves).toHaveLength(1);
  expect(leaves[0]).toMatchObject({ start_time: madrid(DRAG_DATE, '16:00'), end_time: madrid(DRAG_DATE, '17:30') });
  await expect(page.locator(`.fc-event[data-event-id="${leaves[0]!.id}"]`)).toBeVisible();
});
