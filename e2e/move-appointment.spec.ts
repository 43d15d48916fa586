import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { caughtMailsTo } from './fixtures/mail';
import { api, workday, signIn } from './fixtures/auth';
import { dayLabel, madrid, showCalendar, uniq, ZONE } from './fixtures/pages';

/**
 * Moving an appointment (time, stylist or both): "Cambiar hora" in Información cita walks the wizard's
 * stylist, date and hour steps, and a drag on the calendar moves it in place. The client gets one "ha
 * cambiado" e-mail whose .ics keeps the confirmation's UID, so calendars update the same event. The
 * wizard offers hours overlapping the appointment's own slot (a move of 15 minutes). Each
 * test has its own weekdays, with Sara López as the first stylist.
 */

const ADMIN = 'admin@klok.demo';
const SARA = 'sara@klok.demo';

const hhmm = (instant: string) => DateTime.fromISO(instant, { zone: ZONE }).toFormat('HH:mm');

type Stylist = { email: string; name: string };
type Service = { id: number; name: string; duration: number; employees: Stylist[] };
type Booked = { id: string; start_time: string; employee_id: string };

/** The seed's Corte de pelo with its stylists. */
async function corte(page: Page): Promise<Service> {
  const { body } = await api(page.request, 'GET', '/api/v1/facility/1/services?associated=true');
  return (body.items as Service[]).find((s) => s.name === 'Corte de pelo')!;
}

/** The first free start of a stylist on a date for the service (UTC ISO). */
async function firstFree(page: Page, date: string, email: string, svc: Service): Promise<string> {
  const { body } = await api(page.request, 'GET', `/api/v1/facility/1/${date}/${email}/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`);
  const start = (body.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours)[0]?.start_time;
  expect(start, `a free hour of ${email} on ${date}`).toBeTruthy();
  return start!;
}

/** Books the service with Sara for a client with an e-mail; returns the appointment's id. */
async function book(page: Page, start: string, svc: Service, client: string): Promise<string> {
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: client,
    client_name: 'Clienta Mudanza',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data.event_id as string;
}

/** The appointment as the agenda API lists it on a date, if it is there. */
async function onAgenda(page: Page, date: string, id: string): Promise<Booked | undefined> {
  const res = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}`);
  expect(res.status).toBe(200);
  return (res.body.items as { appointments: (Booked & { status?: string })[] }[])
    .flatMap((d) => d.appointments)
    .find((a) => a.id === id && a.status === 'pending');
}

type CaughtMail = { subject: string; uid: string | null };

/** Every e-mail the local mail catcher received for `to`, with the UID of its .ics (null without one). */
async function mailsTo(to: string): Promise<CaughtMail[]> {
  return (await caughtMailsTo(to)).map((mail) => {
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    // Long .ics lines are folded (CRLF and a space): unfold before reading the UID.
    const text = ics?.content.toString('utf8').replace(/\r?\n[ \t]/g, '');
    return { subject: mail.subject ?? '', uid: text?.match(/^UID:(.+?)\r?$/m)?.[1] ?? null };
  });
}

test('"Cambiar hora" moves an appointment to the next workday with another stylist; the client gets one "ha cambiado" e-mail with the same UID', async ({ page }) => {
  const client = `mudanza.${uniq()}@example.com`;
  const date = workday(37);
  const nextDate = workday(38);
  await signIn(page, ADMIN);
  const svc = await corte(page);
  const other = svc.employees.find((e) => e.email !== SARA);
  expect(other, 'Corte de pelo has a second stylist').toBeTruthy();
  const id = await book(page, await firstFree(page, date, SARA, svc), svc, client);
  const target = await firstFree(page, nextDate, other!.email, svc);

  await page.goto(`/?date=${date}`);
  await page.locator(`[data-event-id="${id}"]`).first().click();
  await page.getByRole('dialog', { name: 'Información cita' }).getByRole('button', { name: 'Cambiar hora' }).click();
  await page.waitForURL((url) => url.pathname === '/move/appointment' && url.searchParams.get('appointment') === id);

  // The current stylist comes chosen: the flow opens on the date, and step 1 changes the stylist.
  await expect(page.getByRole('heading', { name: 'Elige un día', level: 1 })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Pasos de la cita' });
  await expect(bar.getByRole('button')).toHaveText(['1Empleado', '2Fecha', '3Hora', '4Resumen']);
  await bar.getByRole('button', { name: /Empleado/ }).click();
  await expect(page.getByRole('radio', { name: 'Sara López' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: other!.name }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  const day = page.getByRole('radio', { name: dayLabel(nextDate), exact: true });
  for (let i = 0; i < 13 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await page.getByRole('radio', { name: hhmm(target), exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(page.getByText('Clienta Mudanza')).toBeVisible();
  await expect(page.getByText(other!.name)).toBeVisible();
  const moved = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/move/appointment'));
  await page.getByRole('button', { name: 'Mover cita' }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('Cita movida').first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === nextDate && url.searchParams.get('eventId') === id);
  await expect(page.locator(`[data-event-id="${id}"]`).first()).toBeVisible();

  expect(await onAgenda(page, date, id)).toBeUndefined();
  expect(await onAgenda(page, nextDate, id)).toMatchObject({ start_time: target, employee_id: other!.email });

  // The outbox worker delivers within seconds: one confirmation, then exactly one "ha cambiado" with its UID.
  await expect
    .poll(async () => (await mailsTo(client)).filter((m) => m.subject.includes('ha cambiado')).length, { timeout: 45_000 })
    .toBe(1);
  const mails = await mailsTo(client);
  const confirmation = mails.find((m) => m.subject.includes('confirmada'));
  const change = mails.find((m) => m.subject.includes('ha cambiado'));
  expect(change?.subject).toContain('Tu cita en Klok Peluquería ha cambiado');
  expect(confirmation?.uid).toBeTruthy();
  expect(change?.uid).toBe(confirmation?.uid);
  expect(mails.filter((m) => m.subject.includes('cancelada'))).toHaveLength(0);
});

test('"Cambiar hora" moves an appointment 15 minutes later with the same stylist, over its own old slot', async ({ page }) => {
  const date = workday(40);
  await signIn(page, ADMIN);
  const svc = await corte(page);
  const start = await firstFree(page, date, SARA, svc);
  const id = await book(page, start, svc, `cuarto.${uniq()}@example.com`);
  const later = new Date(Date.parse(start) + 15 * 60_000).toISOString();

  await page.goto(`/move/appointment?appointment=${id}&date=${date}`);
  await expect(page.getByRole('heading', { name: 'Elige un día', level: 1 })).toBeVisible();
  const day = page.getByRole('radio', { name: dayLabel(date), exact: true });
  for (let i = 0; i < 13 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  // Its own slot does not count as taken: the start 15 minutes later, which overlaps it, is offered.
  await page.getByRole('radio', { name: hhmm(later), exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(page.getByText('Sara López').first()).toBeVisible();
  const moved = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/move/appointment'));
  await page.getByRole('button', { name: 'Mover cita' }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('Cita movida').first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === date && url.searchParams.get('eventId') === id);
  expect(await onAgenda(page, date, id)).toMatchObject({ start_time: later, employee_id: SARA });
});

test('dragging an appointment on the calendar moves it to another hour and stylist', async ({ page }) => {
  // A mouse drag (the phone viewport, no touch): FullCalendar's touch dragging needs a long press that
  // Playwright cannot synthesise as real touch events.
  const date = workday(39);
  await signIn(page, ADMIN);
  const svc = await corte(page);
  const other = svc.employees.find((e) => e.email !== SARA)!;
  const id = await book(page, madrid(date, '10:00'), svc, `arrastre.${uniq()}@example.com`);

  await page.goto(`/?date=${date}`);
  await showCalendar(page);
  const event = page.locator(`.fc-timegrid-event[data-event-id="${id}"]`);
  const lane = page.locator('td.fc-timegrid-slot-lane[data-time="11:30:00"]');
  await lane.scrollIntoViewIfNeeded();
  await event.scrollIntoViewIfNeeded();
  const from = (await event.boundingBox())!;
  const column = (await page.locator(`.fc-timegrid-col[data-resource-id="${other.email}"]`).boundingBox())!;
  const slot = (await lane.boundingBox())!;

  const moved = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/move/appointment'));
  // Grabbed in its first slot (10:00) and dropped in the 11:30 slot of the other stylist's column.
  await page.mouse.move(from.x + from.width / 2, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
  await page.mouse.move(column.x + column.width / 2, slot.y + 4, { steps: 15 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('Cita movida').first()).toBeVisible();

  expect(await onAgenda(page, date, id)).toMatchObject({ start_time: madrid(date, '11:30'), employee_id: other.email });
  await expect(page.locator(`.fc-timegrid-col[data-resource-id="${other.email}"] [data-event-id="${id}"]`)).toBeVisible();
});

test('on a touch screen, a long press then drag moves an appointment to another hour', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const date = workday(44);
  await signIn(page, ADMIN);
  const svc = await corte(page);
  const id = await book(page, madrid(date, '10:00'), svc, `toque.${uniq()}@example.com`);

  await page.goto(`/?date=${date}`);
  await showCalendar(page);
  const event = page.locator(`.fc-timegrid-event[data-event-id="${id}"]`);
  const lane = page.locator('td.fc-timegrid-slot-lane[data-time="11:00:00"]');
  await lane.scrollIntoViewIfNeeded();
  await event.scrollIntoViewIfNeeded();
  const from = (await event.boundingBox())!;
  const slot = (await lane.boundingBox())!;

  // Real touch events through the DevTools protocol: a finger held on the event, then moved and lifted.
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const x = from.x + from.width / 2;
  const moved = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/move/appointment'));
  await touch('touchStart', x, from.y + 4);
  // The long press: FullCalendar lets the event be dragged once the finger has stayed for the delay.
  await expect(page.locator('.fc-event-dragging, .fc-event-selected')).not.toHaveCount(0);
  for (let i = 1; i <= 10; i++) await touch('touchMove', x, from.y + 4 + ((slot.y - from.y) * i) / 10);
  await touch('touchEnd');
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('Cita movida').first()).toBeVisible();
  expect(await onAgenda(page, date, id)).toMatchObject({ start_time: madrid(date, '11:00'), employee_id: SARA });
  await context.close();
});

test('a client never reaches /move/appointment (the staff route set only)', async ({ page }) => {
  await signIn(page, 'cliente@klok.demo');
  await page.goto('/move/appointment');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Mover cita' })).toHaveCount(0);
});
