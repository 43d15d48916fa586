import { expect, test, type Page } from '@playwright/test';
import { api, workday, signIn } from './fixtures/auth';
import { heading, madrid, newPage } from './fixtures/pages';

/**
 * The client screens (spec sections 2 "Clients", 5 and 8) in the browser, as the admin:
 * Añadir cliente invites a new client who is listed with 0 visits and found by its e-mail, then deleted
 * (admin); "garcia" finds Ana García (accent-insensitive search on the server); the agenda's
 * Información cita → Ver perfil opens the client with the appointment in Pendientes, and once cancelled
 * it shows in Canceladas with who cancelled and the reason; Ana's allowance is raised and her sub-users
 * filled up to 3 (a 4th is refused with the contract's message); then Ana sees the new sub-user in the
 * booking wizard's person step. Ana's sub-users and allowance are restored after the run.
 */

const ADMIN = 'admin@klok.demo';
const ANA = 'cliente@klok.demo';
const ANA_NAME = 'Ana García';
const MARCOS = 'marcos@klok.demo';
const MAX_USERS = 'No se pueden agregar más de 3 usuarios';

test.describe.configure({ mode: 'serial' });

type SubUser = { id: string; name: string };
type ClientData = { id: string; n_appointments_allowed: number; users: SubUser[]; pending_appointments: { id: string }[] };

/** What the run changed, restored in afterAll. */
const changed: { ana: ClientData | null; appointment: Record<string, unknown> | null } = { ana: null, appointment: null };

async function anaData(page: Page): Promise<ClientData> {
  const res = await api(page.request, 'GET', `/api/v1/users/${ANA}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ClientData;
}

/** Ana's state before the run's first change to it (once). */
async function rememberAna(page: Page): Promise<void> {
  if (!changed.ana) changed.ana = await anaData(page);
}

test.afterAll(async ({ browser }) => {
  if (!changed.ana && !changed.appointment) return;
  const page = await newPage(browser);
  await signIn(page, ADMIN);
  if (changed.appointment) {
    await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', changed.appointment);
  }
  if (changed.ana) {
    const { n_appointments_allowed, users } = changed.ana;
    const res = await api(page.request, 'PATCH', `/api/v1/users/${ANA}`, { n_appointments_allowed, users });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  await page.context().close();
});

test('Añadir cliente invites a client, listed with 0 visits and found by its e-mail; "garcia" finds Ana García', async ({ page }) => {
  const email = `e2e-cliente-${Date.now()}@klok.example`;
  await signIn(page, ADMIN);
  await page.goto('/clients');
  await heading(page, /^Clientes/);
  const list = page.getByRole('list', { name: 'Lista de clientes' });
  await expect(list.getByRole('link').first()).toBeVisible();
  // The guest's card stands for the walk-ins.
  await expect(list.getByRole('link', { name: /Citas sin usuario asignado/ })).toBeVisible();

  await page.getByRole('button', { name: 'Añadir cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir cliente' });
  await expect(dialog).toBeVisible();
  // The e-mail must be filled in: the action stays disabled while it is empty.
  await expect(dialog.getByRole('button', { name: 'Enviar invitación' })).toBeDisabled();
  await dialog.getByLabel('Correo electrónico').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Enviar invitación' })).toBeDisabled();
  await dialog.getByLabel('Correo electrónico').fill(email);
  await expect(dialog.getByRole('button', { name: 'Enviar invitación' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText('Cliente creado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const emailName = new RegExp(email.replace(/[.]/g, '\\.'));
  const card = list.getByRole('link', { name: emailName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0 visitas');
  await expect(card).not.toContainText('Última visita');

  // Inviting the same e-mail again: the server's 409 message under the error toast.
  await page.getByRole('button', { name: 'Añadir cliente' }).click();
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText('Error al crear el cliente', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // The server's search by e-mail: that client only.
  const search = page.getByRole('searchbox', { name: 'Buscar cliente' });
  await search.fill(email);
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link').first()).toContainText(email);

  // Without the accent, in lower case.
  await search.fill('garcia');
  await expect(list.getByRole('link', { name: new RegExp(ANA_NAME) })).toBeVisible();
  await expect(list.getByRole('link', { name: emailName })).toHaveCount(0);

  // The admin removes the invited client again (a confirmation that explains what happens).
  await search.fill(email);
  await expect(list.getByRole('link')).toHaveCount(1);
  await list.getByRole('link', { name: emailName }).click();
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/clients/${email}`);
  await page.getByRole('button', { name: 'Eliminar cliente' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar cliente' });
  await expect(confirm).toContainText('anonimizarán');
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByText('Cliente eliminado', { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/clients');
  await page.goto(`/clients/${email}`);
  await expect(page.getByRole('heading', { name: 'Error. No se ha encontrado al cliente' })).toBeVisible();
});

test('Información cita → Ver perfil opens the client; the appointment is pending, then cancelled with its reason', async ({ page }) => {
  await signIn(page, ADMIN);
  // Ana needs allowance left for one more appointment (other specs may have booked for her).
  const ana = await anaData(page);
  await rememberAna(page);
  const allowance = await api(page.request, 'PATCH', `/api/v1/users/${ANA}`, { n_appointments_allowed: ana.pending_appointments.length + 1 });
  expect(allowance.status, JSON.stringify(allowance.body)).toBe(201);

  // A staff booking for Ana with Marcos, at 10:00 on a Thursday no other spec uses.
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const haircut = (services.body.items as { id: number; name: string }[]).find((s) => s.name === 'Corte de pelo')!;
  const date = workday(14);
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: madrid(date, '10:00'),
    facility_id: 1,
    employee_id: MARCOS,
    service_id: haircut.id,
    client_id: ANA,
    client_name: ANA_NAME,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.data.event_id as string;
  changed.appointment = { date, facility_id: 1, employee_id: MARCOS, client_id: ANA, appointment_id: id, notes: 'Prueba de clientes' };

  await page.goto(`/?date=${date}`);
  await expect(page.locator('.agenda-calendar')).toHaveAttribute('aria-busy', 'false');
  await page.locator(`[data-event-id="${id}"]`).click();
  const info = page.getByRole('dialog', { name: 'Información cita' });
  await expect(info).toContainText(ANA_NAME);
  await info.getByRole('link', { name: 'Ver perfil' }).click();

  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/clients/${ANA}`);
  await heading(page, ANA_NAME);
  await expect(page.getByRole('tab', { name: 'Historial' })).toHaveAttribute('aria-selected', 'true');
  const pendingTab = page.getByRole('tab', { name: /^Pendientes/ });
  await expect(pendingTab).toHaveAttribute('aria-selected', 'true');
  const pending = page.getByRole('list', { name: 'Citas pendientes' }).getByRole('listitem');
  const card = pending.filter({ hasText: 'Marcos Ruiz' }).filter({ hasText: 'Corte de pelo' });
  await expect(card.first()).toBeVisible();
  await expect(card.first()).toContainText(/\d+,\d{2}\s€/);

  // Cancelled by staff (API), it moves to Canceladas with who cancelled it and the reason.
  const res = await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', changed.appointment);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  changed.appointment = null;
  await page.reload();
  await page.getByRole('tab', { name: /^Canceladas/ }).click();
  const cancelled = page.getByRole('list', { name: 'Citas canceladas' }).getByRole('listitem').filter({ hasText: 'Prueba de clientes' });
  await expect(cancelled.first()).toBeVisible();
  await expect(cancelled.first()).toContainText('Cancelada por');

  // Información: the profile as staff see it.
  await page.getByRole('tab', { name: 'Información' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(ANA);
  await expect(panel).toContainText('Citas permitidas');
  await expect(panel.getByRole('link', { name: 'Editar información' })).toBeVisible();
});

test('staff raise Ana’s allowance and fill her sub-users up to 3; a 4th is refused; Ana then books for the new one', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await rememberAna(page);
  const before = await anaData(page);
  const newName = `Marta Prueba ${Date.now() % 100000}`;

  // Editar información: only the name and Citas permitidas are editable.
  await page.goto(`/clients/${ANA}?tab=information`);
  await heading(page, ANA_NAME);
  await page.getByRole('link', { name: 'Editar información' }).click();
  await heading(page, 'Editar información');
  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
  const allowance = page.getByLabel('Citas permitidas');
  await allowance.fill('-1');
  await expect(save).toBeDisabled();
  // One more than today (and room for a booking above what is pending).
  const raised = Math.max(before.n_appointments_allowed, before.pending_appointments.length) + 1;
  await allowance.fill(String(raised));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Información actualizada', { exact: true })).toBeVisible();
  // Let the toast close (4 s) so the next save's toast is the one seen.
  await expect(page.getByText('Información actualizada', { exact: true })).toHaveCount(0);
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/clients/${ANA}`);
  await expect(page.getByRole('tabpanel')).toContainText(String(raised));

  // Editar usuarios: up to 3.
  await page.getByRole('link', { name: 'Editar usuarios' }).click();
  await heading(page, 'Editar usuarios');
  await expect(save).toBeDisabled();
  const names = page.getByLabel(/^Nombre del usuario \d$/);
  const add = page.getByRole('button', { name: 'Añadir usuario' });
  if ((await names.count()) === 3) await page.getByRole('button', { name: 'Quitar el usuario 3' }).click();
  while ((await names.count()) < 3) {
    const n = (await names.count()) + 1;
    await add.click();
    const field = page.getByLabel(`Nombre del usuario ${n}`);
    await expect(field).toBeFocused();
    // An empty name keeps Guardar disabled, and says which.
    await expect(save).toBeDisabled();
    await expect(page.getByText(`Faltan campos por rellenar: Nombre del usuario ${n}`)).toBeVisible();
    await field.fill(n === 3 ? newName : `Sub Prueba ${n}`);
  }
  await expect(save).toBeEnabled();

  // A 4th is refused with the contract's message, and no row is added.
  await add.click();
  await expect(page.getByText(MAX_USERS)).toBeVisible();
  await expect(names).toHaveCount(3);

  await save.click();
  await expect(page.getByText('Información actualizada', { exact: true })).toBeVisible();
  // Let the toast close (4 s) so the next save's toast is the one seen.
  await expect(page.getByText('Información actualizada', { exact: true })).toHaveCount(0);
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/clients/${ANA}`);
  await expect(page.getByRole('tabpanel')).toContainText(newName);

  // Ana books: the person step lists the new sub-user.
  const client = await newPage(browser);
  await signIn(client, ANA);
  await client.getByRole('link', { name: 'Pedir cita' }).click();
  await expect(client.getByRole('heading', { name: '¿Para quién es la cita?' })).toBeVisible();
  await expect(client.getByRole('radio', { name: newName })).toBeVisible();
  await client.getByRole('radio', { name: newName }).click();
  await client.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(client.getByRole('heading', { name: 'Elige un servicio' })).toBeVisible();
  await client.context().close();
});
