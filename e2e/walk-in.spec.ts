import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { walkInStart } from '../lib/domain/availability';
import { madridDate, MINUTE_MS, ZONE } from '../lib/domain/time';
import { api, signIn } from './fixtures/auth';
import { dayLabel, showCalendar, uniq } from './fixtures/pages';

/**
 * A walk-in booked for now (spec sections 4 and 5; decisions "Staff booking for a client"): staff open
 * the agenda for today, start Nueva Cita with the + button, choose a stylist, a service and today, and
 * take "Ahora · HH:mm", the first hour choice: the appointment starts at the current minute rounded down
 * to 5, outside the 15-minute grid and the shifts, and the server accepts it.
 *
 * The server runs on the real clock, so the test holds at any time of day:
 * - its own stylist (no other spec's booking stands in the way, whatever today's weekday and shifts) and
 *   its own 5-minute service (a walk-in is offered only when it ends by midnight; 5 minutes from any
 *   5-minute start always do);
 * - the browser's clock is fixed with `page.clock` at `browserNow`: the real time when at least 2 minutes
 *   remain of the current 5 minutes (the booking then starts before the server's now, as a walk-in does),
 *   else the next 5-minute mark (a start the server still accepts after the boundary is crossed). Either
 *   way the "Ahora" start is fixed before the test begins and the server accepts it for the next 2 minutes
 *   at least, and the assertions compare with that one value.
 *
 * Selecting the half-hour under way in the agenda is the browser's rule alone (nothing is booked), so
 * that test fixes the browser's clock at 14:07 of today whatever the real time: the selection opens
 * Nuevo evento from 14:05 and the wizard carries that start to its summary.
 */

const hhmm = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('HH:mm');

type AgendaRecord = { id: string; type: string; employee_id: string; client_name?: string; start_time: string; end_time: string };

test('a walk-in is booked through "Ahora" at the current minute rounded down to 5', async ({ page }) => {
  test.setTimeout(120_000);
  const real = Date.now();
  const mark = walkInStart(real);
  const browserNow = real - mark < 3 * MINUTE_MS ? real : mark + 5 * MINUTE_MS;
  const start = walkInStart(browserNow);
  const today = madridDate(browserNow);
  await page.clock.setFixedTime(browserNow);

  const id = uniq();
  const stylistEmail = `ahora-${id}@klok.demo`;
  const stylist = `Estilista Ahora ${id.slice(-5)}`;
  const serviceName = `Retoque exprés ${id.slice(-5)}`;
  const client = `Sin cita ${id.slice(-5)}`;

  await signIn(page, 'admin@klok.demo');
  expect((await api(page.request, 'POST', '/api/v1/facility/1/employees', { name: stylist, email: stylistEmail })).status).toBe(201);
  const created = await api(page.request, 'POST', '/api/v1/facility/1/services', {
    name: serviceName,
    description: 'Retoque de flequillo',
    price: 5,
    duration: 5,
    busy_slots: [{ startMinutes: 0, endMinutes: 5 }],
    employees: [stylistEmail],
  });
  expect(created.status).toBe(201);

  // The agenda for today, then Nueva Cita through the + button.
  await page.goto(`/?date=${today}`);
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  await page.getByRole('button', { name: 'Nueva Cita' }).click();
  const next = () => page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Elige un estilista', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(stylist) }).click();
  await next();
  await expect(page.getByRole('heading', { name: 'Elige un servicio', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(serviceName) }).click();
  await next();
  await expect(page.getByRole('heading', { name: 'Elige un día', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: dayLabel(today), exact: true }).click();
  await next();

  await expect(page.getByRole('heading', { name: 'Elige una hora', level: 1 })).toBeVisible();
  const hours = page.getByRole('radiogroup').getByRole('radio');
  await expect(hours.first()).toHaveText(`Ahora · ${hhmm(start)}`);
  await hours.first().click();
  await next();

  await expect(page.getByRole('heading', { name: 'Datos del cliente', level: 1 })).toBeVisible();
  await page.getByLabel('Nombre del cliente').fill(client);
  await next();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita', level: 1 })).toBeVisible();
  await expect(page.locator('.summary')).toContainText(hhmm(start));

  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/insert/appointment'));
  await page.getByRole('button', { name: 'Crear cita' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const eventId = (await res.json()).data.event_id as string;

  const agenda = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${today}`);
  expect(agenda.status).toBe(200);
  const records = (agenda.body.items as { appointments: AgendaRecord[] }[]).flatMap((d) => d.appointments);
  expect(records.filter((r) => r.id === eventId)).toEqual([
    expect.objectContaining({
      type: 'appointment',
      employee_id: stylistEmail,
      client_name: client,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 5 * MINUTE_MS).toISOString(),
    }),
  ]);
});

test('the half-hour under way is selectable in the agenda and the wizard starts it at the current minute rounded down to 5', async ({ page }) => {
  const today = madridDate(Date.now());
  const at = (hm: string) => DateTime.fromISO(`${today}T${hm}`, { zone: ZONE }).toMillis();
  await page.clock.setFixedTime(at('14:07'));
  await signIn(page, 'admin@klok.demo');
  await page.goto(`/?date=${today}`);
  await showCalendar(page);

  // A click on Sara's 14:00 slot at 14:07.
  const lane = page.locator('.fc-timegrid-slot-lane[data-time="14:00:00"]');
  await lane.scrollIntoViewIfNeeded();
  const col = (await page.locator('.fc-timegrid-col[data-resource-id="sara@klok.demo"]').first().boundingBox())!;
  const slot = (await lane.boundingBox())!;
  await page.mouse.move(col.x + col.width / 2, slot.y + 3);
  await page.mouse.down();
  await page.mouse.move(col.x + col.width / 2, slot.y + 6, { steps: 3 });
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await expect(dialog).toContainText('14:05 – 14:30');
  await expect(page.getByText('No puedes seleccionar una fecha antigua')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Nueva cita' }).click();
  await page.waitForURL(/\/new\/appointment\?/);
  const query = new URL(page.url()).searchParams;
  expect([query.get('start'), query.get('end')]).toEqual([new Date(at('14:05')).toISOString(), new Date(at('14:30')).toISOString()]);

  await expect(page.getByRole('heading', { name: 'Elige un servicio', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Corte de pelo' }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Datos del cliente', level: 1 })).toBeVisible();
  await page.getByLabel('Nombre del cliente').fill('Recién llegada');
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita', level: 1 })).toBeVisible();
  await expect(page.locator('.summary')).toContainText('14:05');
});
