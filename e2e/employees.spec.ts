import { expect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, signIn, workday } from './fixtures/auth';
import { heading, madrid, newPage, showCalendar, ZONE } from './fixtures/pages';

/**
 * The employee screens (spec section 2 "Employees", 5 and 8): the agenda's column header opens a stylist's
 * detail; the weekly schedule editor with Copiar a otros días changes Sara López's hours; a special closed
 * day is created and listed; then a client's booking wizard has that date disabled and starts the hours of
 * a weekday at the new opening time. Sara has a 17:00 and an 11:00 appointment on the special day: the new
 * week leaves the first outside her hours and the closed day the second, so each save asks before keeping
 * it. Sara's week, the special day, those appointments and the demo client are restored after the run, so
 * the other specs find the seeded state.
 */

const ADMIN = 'admin@klok.demo';
const SARA = 'sara@klok.demo';
const SARA_NAME = 'Sara López';
const CLIENT = 'cliente@klok.demo';
const WORKDAYS = ['Martes', 'Miércoles', 'Jueves', 'Viernes'];
/** The guests of Sara's appointments on the special day: 17:00 (outside the new week) and 11:00 (inside it). */
const LATE_CLIENT = 'Rosa Tarde';
const MIDDAY_CLIENT = 'Inés Mediodía';

test.describe.configure({ mode: 'serial' });

type WeekDay = { id: number; label: string; available: boolean; shifts: { id: string; open: string; close: string }[] };
type ClientData = { id: string; n_appointments_allowed: number; users: { id: string; name: string }[]; pending_appointments: { user_id: string }[] };

/** What the run changed, restored in afterAll. */
const changed: { week: WeekDay[] | null; special: string | null; client: ClientData | null; appointments: Record<string, unknown>[] } = {
  week: null,
  special: null,
  client: null,
  appointments: [],
};

const today = () => DateTime.now().setZone(ZONE).startOf('day');
/** The special closed day (a Thursday), and the Friday after it, which keeps the weekly hours. */
const special = DateTime.fromISO(workday(4), { zone: ZONE });
const weekday = DateTime.fromISO(workday(5), { zone: ZONE });
/** Name of a day button of the month calendars: `23 de noviembre`. */
const dayButtonName = (d: DateTime) => d.setLocale('es').toFormat("d 'de' LLLL");
/** The long Spanish date of the lists: `lunes, 23 de noviembre`. */
const longDate = (d: DateTime) => d.setLocale('es').toFormat("cccc, d 'de' LLLL");

/** Picks a day in a staff month calendar (one month at a time): Mes siguiente until the day shows. */
async function showDay(scope: Locator, day: DateTime): Promise<Locator> {
  const button = scope.getByRole('radio', { name: dayButtonName(day), exact: true });
  for (let i = 0; i < 13 && !(await button.isVisible()); i++) {
    await scope.getByRole('button', { name: 'Mes siguiente' }).click();
  }
  return button;
}

/** After a schedule change that leaves `client`'s appointment outside: keeps the change in the conflict dialog, then waits for the toast. */
async function keptDespite(page: Page, client: string, toast: string) {
  const conflict = page.getByRole('dialog', { name: 'Citas fuera del horario' });
  await expect(conflict.getByRole('list', { name: 'Citas afectadas' }).getByRole('listitem').filter({ hasText: client })).toBeVisible();
  await conflict.getByRole('button', { name: 'Mantener el cambio' }).click();
  await expect(page.getByText(toast, { exact: true })).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  if (!changed.week && !changed.special && !changed.client && changed.appointments.length === 0) return;
  const page = await newPage(browser);
  await signIn(page, ADMIN);
  for (const appointment of changed.appointments) {
    await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', appointment);
  }
  if (changed.special) {
    await api(page.request, 'DELETE', `/api/v1/facility/1/employees/${SARA}/special-shifts/${changed.special}?force=true`);
  }
  if (changed.week) {
    const res = await api(page.request, 'PATCH', `/api/v1/employees/${SARA}`, { week_shifts: changed.week, force: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  if (changed.client) {
    const { n_appointments_allowed, users } = changed.client;
    await api(page.request, 'PATCH', `/api/v1/users/${CLIENT}`, { n_appointments_allowed, users });
  }
  await page.context().close();
});

test('the agenda column header opens the stylist, and the back arrow returns to the agenda', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/');
  await showCalendar(page);

  // A real button in the header: reachable and usable from the keyboard.
  const header = page.getByRole('button', { name: SARA_NAME, exact: true });
  await header.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employees/${SARA}`);
  await heading(page, SARA_NAME);
  await expect(page.getByRole('tab', { name: 'Horario' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Horario semanal' }).getByRole('listitem')).toHaveCount(7);
  await expect(page.getByRole('list', { name: 'Horario semanal' }).getByRole('listitem').first()).toContainText('Lunes');

  await page.getByRole('tab', { name: 'Información' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(SARA);

  await page.getByRole('button', { name: 'Volver' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('.fc-timegrid-col[data-resource-id]').first()).toBeVisible();
});

test('the weekly editor gives Sara 10:00–13:00 on Monday, copies it to Tuesday–Friday and saves', async ({ page }) => {
  await signIn(page, ADMIN);
  const before = await api(page.request, 'GET', `/api/v1/facility/1/employee/${SARA}`);
  expect(before.status).toBe(200);
  changed.week = before.body.data.week_shifts as WeekDay[];

  // Pending appointments with Sara on the special day, inside her split shifts: 17:00 falls outside 10:00–13:00, 11:00 does not.
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const haircut = (services.body.items as { id: number; name: string }[]).find((s) => s.name === 'Corte de pelo')!;
  for (const [hm, name] of [['17:00', LATE_CLIENT], ['11:00', MIDDAY_CLIENT]] as const) {
    const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
      start_time: madrid(special.toISODate()!, hm),
      facility_id: 1,
      employee_id: SARA,
      service_id: haircut.id,
      client_name: name,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    changed.appointments.push({ appointment_id: booked.body.data.event_id, facility_id: 1, employee_id: SARA, notes: 'Prueba de horarios' });
  }

  await page.goto(`/employees/${SARA}`);
  await heading(page, SARA_NAME);
  await page.getByRole('link', { name: 'Editar horario semanal' }).click();
  await heading(page, 'Horario semanal');

  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();

  const monday = page.getByRole('group', { name: 'Lunes', exact: true });
  const available = monday.getByRole('switch', { name: 'Disponible' });
  if ((await available.getAttribute('aria-checked')) !== 'true') await available.click();
  await expect(available).toHaveAttribute('aria-checked', 'true');
  // One shift only: remove the others (the last one stays; the day closes with its switch).
  const removes = monday.getByRole('button', { name: /^Eliminar el turno/ });
  while ((await removes.count()) > 0) await removes.last().click();
  await monday.getByLabel('Inicio del turno 1').fill('10:00');
  await monday.getByLabel('Fin del turno 1').fill('13:00');
  await expect(monday).toContainText('3h');

  // An end before the start is refused with the schema's message, and Guardar is disabled meanwhile.
  await monday.getByLabel('Fin del turno 1').fill('09:00');
  await expect(monday.getByText('La hora de fin debe ser posterior a la de inicio')).toBeVisible();
  await expect(save).toBeDisabled();
  // A time off the 5-minute grid is refused the same way.
  await monday.getByLabel('Fin del turno 1').fill('13:02');
  await expect(monday.getByText('Las horas van en pasos de 5 minutos')).toBeVisible();
  await expect(save).toBeDisabled();
  await monday.getByLabel('Fin del turno 1').fill('13:00');
  await expect(monday.getByText('La hora de fin debe ser posterior a la de inicio')).toHaveCount(0);
  await expect(monday.getByText('Las horas van en pasos de 5 minutos')).toHaveCount(0);

  await monday.getByRole('button', { name: 'Copiar a otros días' }).click();
  const copy = page.getByRole('dialog', { name: 'Copiar el horario del lunes' });
  await expect(copy.getByRole('button', { name: 'Copiar', exact: true })).toBeDisabled();
  for (const day of WORKDAYS) await copy.getByRole('checkbox', { name: day }).check();
  await copy.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(copy).toBeHidden();

  for (const day of WORKDAYS) {
    const card = page.getByRole('group', { name: day, exact: true });
    await expect(card.getByRole('switch', { name: 'Disponible' })).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByLabel('Inicio del turno 1')).toHaveValue('10:00');
    await expect(card.getByLabel('Fin del turno 1')).toHaveValue('13:00');
    await expect(card.getByLabel('Inicio del turno 2')).toHaveCount(0);
  }

  await expect(save).toBeEnabled();
  await save.click();
  await keptDespite(page, LATE_CLIENT, 'Horario semanal actualizado');

  // Back on the detail, with the new hours.
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employees/${SARA}`);
  const week = page.getByRole('list', { name: 'Horario semanal' });
  for (const day of ['Lunes', ...WORKDAYS]) {
    const row = week.getByRole('listitem').filter({ hasText: new RegExp(`^${day}`) });
    await expect(row).toContainText('10:00 – 13:00');
    await expect(row).not.toContainText('16:00');
    await expect(row).toContainText('3h');
  }
  await expect(week.getByRole('listitem').filter({ hasText: /^Sábado/ })).toContainText('09:00 – 14:00');
  await expect(week.getByRole('listitem').filter({ hasText: /^Domingo/ })).toContainText('Cerrado');
});

test('a special closed day is listed, then a client cannot pick it and a weekday starts at 10:00', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);

  await page.goto(`/employees/${SARA}/edit/day-schedule`);
  await heading(page, 'Horarios especiales');
  await page.getByRole('button', { name: 'Nuevo horario especial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo horario especial' });
  const create = dialog.getByRole('button', { name: 'Crear horario' });
  await expect(create).toBeDisabled();
  // The calendar starts at today's month and offers no earlier day: yesterday is disabled, or in a month it cannot go back to.
  await expect(dialog.locator('[aria-current="date"]')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: dayButtonName(today().minus({ days: 1 })), exact: true, disabled: false })).toHaveCount(0);
  await (await showDay(dialog, special)).click();
  await expect(dialog.getByRole('switch', { name: 'Disponible' })).toHaveAttribute('aria-checked', 'false');
  await dialog.getByLabel('Nota (opcional)').fill('Vacaciones');
  await expect(create).toBeEnabled();
  await create.click();
  changed.special = special.toISODate();
  await keptDespite(page, MIDDAY_CLIENT, 'Horario especial creado');
  await expect(dialog).toBeHidden();

  const item = page.getByRole('list', { name: 'Horarios especiales' }).getByRole('listitem').filter({ hasText: longDate(special) });
  await expect(item).toContainText('Cerrado');
  await expect(item).toContainText('Vacaciones');

  // The date now has one: the calendar disables it.
  await page.getByRole('button', { name: 'Nuevo horario especial' }).click();
  await expect(await showDay(dialog, special)).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // The demo client needs a free person and allowance left (other specs may have booked for it).
  const me = await api(page.request, 'GET', `/api/v1/users/${CLIENT}`);
  expect(me.status).toBe(200);
  const data = me.body.data as ClientData;
  const busy = new Set(data.pending_appointments.map((a) => a.user_id));
  const everyoneBusy = busy.has(data.id) && data.users.every((u) => busy.has(u.id));
  changed.client = data;
  const res = await api(page.request, 'PATCH', `/api/v1/users/${CLIENT}`, {
    n_appointments_allowed: data.pending_appointments.length + 1,
    users: everyoneBusy ? [...data.users, { name: 'Prueba Horario' }] : data.users,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);

  const client = await newPage(browser);
  await signIn(client, CLIENT);
  await client.getByRole('link', { name: 'Pedir cita' }).click();
  const person = client.getByRole('heading', { name: '¿Para quién es la cita?' });
  const service = client.getByRole('heading', { name: 'Elige un servicio' });
  await expect(person.or(service)).toBeVisible();
  if (await person.isVisible()) {
    await client.locator('.choice-list .choice').first().click();
    await client.getByRole('button', { name: 'Siguiente', exact: true }).click();
  }
  await expect(service).toBeVisible();
  await client.getByRole('radio', { name: 'Corte de pelo' }).click();
  await client.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(client.getByRole('heading', { name: 'Elige un estilista' })).toBeVisible();
  await client.getByRole('radio', { name: SARA_NAME }).click();
  await client.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(client.getByRole('heading', { name: 'Elige un día' })).toBeVisible();

  await expect(client.getByRole('radio', { name: dayButtonName(special), exact: true })).toBeDisabled();
  const open = client.getByRole('radio', { name: dayButtonName(weekday), exact: true });
  await expect(open).toBeEnabled();
  await open.click();
  await client.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(client.getByRole('heading', { name: 'Elige una hora' })).toBeVisible();
  await expect(client.locator('.hour-grid .hour').first()).toHaveText('10:00');
  await client.context().close();
});
