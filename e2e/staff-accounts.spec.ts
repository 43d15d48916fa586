import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, signIn } from './fixtures/auth';
import { newPage, ZONE } from './fixtures/pages';

/**
 * Staff accounts (decisions "Admin-only actions" and "Deleting"): the admin adds Elena Prueba from the
 * employee list, who then shows in the list and as a column of the agenda; removing her is refused while she
 * has a pending appointment (the dialog lists it), and once it is cancelled she is removed and gone from
 * the list and the agenda. An employee sees neither Añadir empleado nor Eliminar empleado, and the admin
 * cannot remove their own profile. Elena and her appointment are cleaned up after the run.
 */

const ADMIN = 'admin@klok.demo';
const EMPLOYEE = 'marcos@klok.demo';
const SARA = 'sara@klok.demo';
const SARA_NAME = 'Sara López';
const ELENA = 'elena@klok.demo';
const ELENA_NAME = 'Elena Prueba';
const WALK_IN = 'Cliente Pendiente Prueba';

test.describe.configure({ mode: 'serial' });

/** The appointment booked for Elena, cancelled in the test or in afterAll. */
let appointmentId: string | null = null;

const cancelAppointment = (page: Page, id: string) =>
  api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: id, facility_id: 1, employee_id: ELENA });

/** Loads a page and waits for the session the admin-only actions depend on. */
async function gotoWithSession(page: Page, url: string) {
  const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/session' && r.ok());
  await page.goto(url);
  await session;
}

/** The card (link) of a stylist in the employee list. */
const card = (page: Page, name: string) => page.getByRole('listitem').getByRole('link', { name: new RegExp(`^${name}`) });

/** The column header (button) of a stylist in the agenda. */
const column = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test.beforeAll(async ({ browser }) => {
  // A leftover Elena from an interrupted run (fresh data folders have none): removed first.
  const page = await newPage(browser);
  await signIn(page, ADMIN);
  await api(page.request, 'DELETE', `/api/v1/facility/1/employees/${ELENA}`);
  await page.context().close();
});

test.afterAll(async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, ADMIN);
  if (appointmentId) await cancelAppointment(page, appointmentId);
  await api(page.request, 'DELETE', `/api/v1/facility/1/employees/${ELENA}`);
  await page.context().close();
});

test('the admin adds Elena Prueba: she is in the list and a column of the agenda', async ({ page }) => {
  await signIn(page, ADMIN);
  await gotoWithSession(page, '/employees');
  await expect(card(page, SARA_NAME)).toBeVisible();
  await expect(card(page, ELENA_NAME)).toHaveCount(0);

  await page.getByRole('button', { name: 'Añadir empleado', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir empleado' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('La persona iniciará sesión en Klok con este correo electrónico.')).toBeVisible();

  // Sent empty: the schema's messages, and nothing is created.
  await dialog.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(dialog.getByText('Introduce un correo electrónico válido')).toBeVisible();
  await expect(dialog.getByLabel('Nombre')).toBeFocused();

  await dialog.getByLabel('Nombre').fill(ELENA_NAME);
  await dialog.getByLabel('Correo electrónico').fill('elena@');
  await dialog.getByLabel('Nombre').focus();
  await expect(dialog.getByText('El nombre es obligatorio')).toHaveCount(0);
  await expect(dialog.getByText('Introduce un correo electrónico válido')).toBeVisible();
  await dialog.getByLabel('Correo electrónico').fill(ELENA);
  await expect(dialog.getByText('Introduce un correo electrónico válido')).toHaveCount(0);

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/facility/1/employees');
  await dialog.getByRole('button', { name: 'Añadir', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Empleado añadido', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, ELENA_NAME)).toBeVisible();

  // The agenda has her column (a new stylist works Monday–Friday by default; every stylist is a column).
  await page.goto('/');
  await expect(column(page, SARA_NAME)).toBeVisible();
  await expect(column(page, ELENA_NAME)).toBeVisible();
});

test('removing Elena is refused while she has a pending appointment, then she is removed and gone', async ({ page }) => {
  await signIn(page, ADMIN);

  // A pending walk-in for Elena (through the API the agenda uses).
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const cut = services.body.items.find((s: { name: string }) => s.name === 'Corte de pelo');
  expect(cut).toBeTruthy();
  const assigned = await api(page.request, 'PATCH', `/api/v1/employees/${encodeURIComponent(ELENA)}/services`, { items: [cut.id] });
  expect(assigned.status).toBe(201);
  const date = workday(2);
  const at = (hhmm: string) => DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toUTC().toISO()!;
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: at('10:30'),
    facility_id: 1,
    employee_id: ELENA,
    service_id: cut.id,
    client_name: WALK_IN,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  appointmentId = booked.body.data.event_id as string;

  await gotoWithSession(page, `/employees/${ELENA}`);
  await expect(page.getByRole('heading', { name: ELENA_NAME, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar empleado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar empleado' });
  await expect(dialog).toContainText(`¿Eliminar a ${ELENA_NAME}? Sus citas pasadas se conservan y ya no podrá iniciar sesión.`);

  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const pending = dialog.getByRole('list', { name: 'Citas pendientes' }).getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(pending.first()).toContainText(WALK_IN);
  await expect(pending.first()).toContainText('Corte de pelo');
  await expect(pending.first()).toContainText('10:30 – 11:00');
  await expect(dialog).toContainText(`${ELENA_NAME} tiene una cita pendiente. Hay que cancelarla o pasarla a otro estilista`);
  await expect(dialog.getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: ELENA_NAME, level: 1 })).toBeVisible();

  // Cancelled, nothing keeps her: removed, back on the list without her.
  const cancelled = await cancelAppointment(page, appointmentId);
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
  appointmentId = null;

  await page.getByRole('button', { name: 'Eliminar empleado' }).click();
  await expect(dialog).toContainText(`¿Eliminar a ${ELENA_NAME}?`);
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByText('Empleado eliminado', { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/employees');
  await expect(card(page, SARA_NAME)).toBeVisible();
  await expect(card(page, ELENA_NAME)).toHaveCount(0);

  await page.goto('/');
  await expect(column(page, SARA_NAME)).toBeVisible();
  await expect(column(page, ELENA_NAME)).toHaveCount(0);
});

test('the admin cannot remove their own profile, but can remove others', async ({ page }) => {
  await signIn(page, ADMIN);
  await gotoWithSession(page, `/employees/${SARA}`);
  await expect(page.getByRole('heading', { name: SARA_NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar empleado' })).toBeVisible();

  await gotoWithSession(page, `/employees/${ADMIN}`);
  await expect(page.getByRole('heading', { name: 'Lucía Martín', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Horario' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar empleado' })).toHaveCount(0);
});

test('an employee sees no Añadir empleado nor Eliminar empleado, and the API refuses them', async ({ page }) => {
  await signIn(page, EMPLOYEE);
  await gotoWithSession(page, '/employees');
  await expect(card(page, SARA_NAME)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Empleados', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Añadir empleado' })).toHaveCount(0);

  await gotoWithSession(page, `/employees/${SARA}`);
  await expect(page.getByRole('heading', { name: SARA_NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar empleado' })).toHaveCount(0);

  const add = await api(page.request, 'POST', '/api/v1/facility/1/employees', { name: ELENA_NAME, email: ELENA });
  expect(add.status).toBe(403);
  const remove = await api(page.request, 'DELETE', `/api/v1/facility/1/employees/${SARA}`);
  expect(remove.status).toBe(403);
});
