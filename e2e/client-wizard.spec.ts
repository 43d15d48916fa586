import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, onboard, signIn, workday } from './fixtures/auth';
import { corte, dayLabel, heading, madrid, newPage, next, pickDate, uniq } from './fixtures/pages';

/**
 * The client's booking wizard on a phone never ends in a dead end nor drops choices silently (spec sections
 * 2, 4, 5 and 8): Mis citas says why nobody can book instead of offering a wizard that cannot finish (and the
 * wizard opened by its URL says the same); the people who cannot book are left out of the person step with
 * the reason; a lost connection on a list shows a Spanish message and Reintentar; closing asks once something
 * was chosen; back and a reload keep the choices. Each test uses a new client, so the demo accounts stay as
 * they are.
 */

test.use({ viewport: { width: 390, height: 844 } });

const ADMIN = 'admin@klok.demo';
const SARA = 'sara@klok.demo';
const SERVICE = 'Corte de pelo';
const STYLIST = 'Sara López';
/** A working day of Sara within the client's 30-day window (its hours are only read here). */
const DAY = workday(3);
const NETWORK_MESSAGE = 'No se ha podido conectar. Comprueba tu conexión e inténtalo de nuevo.';

/** A new client, signed in and onboarded, on Mis citas. */
async function newClient(browser: Browser, first: string): Promise<{ page: Page; email: string; name: string }> {
  const id = uniq();
  const email = `e2e-wizard-${id}@klok.example`;
  const name = `${first} Prueba`;
  const page = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email, name);
  await onboard(page, email, name);
  await page.goto('/');
  await heading(page, `¡Hola ${first}!`);
  return { page, email, name };
}

/** Pedir cita, Corte de pelo, Sara López and DAY: the hour step with its hours. */
async function upToHour(page: Page) {
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: STYLIST }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, DAY);
  await next(page);
  await heading(page, 'Elige una hora');
  await expect(page.locator('.hour-grid .hour').first()).toBeVisible();
}

const isHoursCall = (url: URL) => url.pathname.endsWith('/appointments/available');
const isStylistsCall = (url: URL) => url.pathname.endsWith('/employees') && url.searchParams.has('service');

test('a client whose every person has a pending appointment is told why on Mis citas, and the wizard by URL says the same', async ({ browser }) => {
  const { page, email, name } = await newClient(browser, 'Nora');
  const admin = await newPage(browser);
  await signIn(admin, ADMIN);
  const svc = await corte(admin);

  // Allowance 2, no sub-users, one pending appointment (booked by staff): the one-per-person rule stops her.
  expect((await api(admin.request, 'PATCH', `/api/v1/users/${email}`, { n_appointments_allowed: 2 })).status).toBe(201);
  const booked = await api(admin.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: madrid(workday(41), '10:00'),
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: email,
    client_name: name,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const selfBusy = 'Ya tienes una cita pendiente y cada persona puede tener una sola a la vez. Podrás pedir otra cuando finalice.';
  await page.reload();
  await expect(page.locator('.hero')).toContainText(selfBusy);
  await expect(page.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await page.goto('/new/appointment');
  await heading(page, 'Ahora no puedes pedir otra cita');
  await expect(page.getByText(selfBusy)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a Mis citas' }).click();
  await heading(page, '¡Hola Nora!');

  // A sub-user without an appointment: Pedir cita again, and the person step offers only him, saying why Nora is not there.
  const added = await api(admin.request, 'PATCH', `/api/v1/users/${email}`, { users: [{ name: 'Leo Prueba' }] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await page.reload();
  await expect(page.getByText('Tienes 1 cita disponible para reservar.')).toBeVisible();
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await heading(page, '¿Para quién es la cita?');
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Leo Prueba' })).toBeVisible();
  await expect(page.getByText(`${name} ya tiene una cita pendiente: cada persona puede tener una sola a la vez.`)).toBeVisible();

  // Leo books too (allowance 3): both named, no Pedir cita, and the wizard's URL explains it as well.
  expect((await api(admin.request, 'PATCH', `/api/v1/users/${email}`, { n_appointments_allowed: 3 })).status).toBe(201);
  const leo = (await api(page.request, 'GET', `/api/v1/users/${email}`)).body.data.users[0] as { id: string; name: string };
  const hours = await api(page.request, 'GET', `/api/v1/facility/1/${DAY}/${SARA}/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`);
  const start = hours.body.items.flatMap((g: { hours: { start_time: string }[] }) => g.hours)[0]?.start_time as string;
  const leoBooked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: email,
    user_id: leo.id,
    user_name: leo.name,
  });
  expect(leoBooked.status, JSON.stringify(leoBooked.body)).toBe(201);
  const everyoneBusy = `${name} y Leo Prueba ya tienen una cita pendiente`;
  await page.goto('/');
  await expect(page.locator('.hero')).toContainText(everyoneBusy);
  await expect(page.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await page.goto('/new/appointment');
  await heading(page, 'Ahora no puedes pedir otra cita');
  await expect(page.getByText(everyoneBusy)).toBeVisible();

  // Allowance 2 with two pending: the allowance is the reason.
  expect((await api(admin.request, 'PATCH', `/api/v1/users/${email}`, { n_appointments_allowed: 2 })).status).toBe(201);
  await page.goto('/');
  await expect(page.locator('.hero')).toContainText(
    'Ya tienes 2 citas pendientes y tu cuenta permite 2 citas a la vez. Podrás reservar nuevas citas cuando finalicen las actuales.',
  );
  await expect(page.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await admin.context().close();
  await page.context().close();
});

test('a cut connection shows a Spanish message with Reintentar on the stylist and hour lists, and Reintentar recovers', async ({ browser }) => {
  const { page } = await newClient(browser, 'Olga');
  let cut = true;
  await page.route(isStylistsCall, (route) => (cut ? route.abort('internetdisconnected') : route.fallback()));
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Elige un estilista');
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE })).toBeVisible();
  await expect(page.getByText('Internal error')).toHaveCount(0);
  cut = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await page.getByRole('radio', { name: STYLIST }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, DAY);

  // The date step's check of the hours: the connection's message, and Siguiente tries again.
  cut = true;
  await page.route(isHoursCall, (route) => (cut ? route.abort('internetdisconnected') : route.fallback()));
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE })).toBeVisible();
  await heading(page, 'Elige un día');
  cut = false;
  await next(page);
  await heading(page, 'Elige una hora');
  await expect(page.locator('.hour-grid .hour').first()).toBeVisible();

  // The hour list loaded afresh (a reload) without connection: the message and Reintentar, which recovers.
  cut = true;
  await page.reload();
  await heading(page, 'Elige una hora');
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE })).toBeVisible();
  await expect(page.getByText('Internal error')).toHaveCount(0);
  cut = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.locator('.hour-grid .hour').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await page.context().close();
});

test('closing after a choice asks ¿Salir sin guardar?, from the X, the header title and the menu; nothing chosen leaves at once', async ({ browser }) => {
  const { page } = await newClient(browser, 'Pilar');
  const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });

  // Nothing chosen: the X leaves at once.
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await heading(page, 'Elige un servicio');
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await heading(page, '¡Hola Pilar!');
  await expect(ask).toHaveCount(0);

  // A service chosen: the X asks; Seguir editando keeps the wizard and the choice.
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await page.getByRole('radio', { name: SERVICE }).click();
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(ask).toContainText('Se perderán los datos introducidos.');
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(ask).toBeHidden();
  await heading(page, 'Elige un servicio');
  await expect(page.getByRole('radio', { name: SERVICE })).toHaveAttribute('aria-checked', 'true');

  // The header's title asks the same; Seguir editando keeps the wizard, Salir goes to Mis citas.
  await page.locator('.app-header .app-title').click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('radio', { name: SERVICE })).toHaveAttribute('aria-checked', 'true');
  // The menu's Mis citas asks too.
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Mis citas' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(ask).toBeHidden();
  await heading(page, 'Elige un servicio');
  await expect(page.getByRole('radio', { name: SERVICE })).toHaveAttribute('aria-checked', 'true');
  await page.locator('.app-header .app-title').click();
  await ask.getByRole('button', { name: 'Salir' }).click();
  await heading(page, '¡Hola Pilar!');

  // Left: Pedir cita starts afresh.
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  await heading(page, 'Elige un servicio');
  await expect(page.locator('[role="radio"][aria-checked="true"]')).toHaveCount(0);
  await page.context().close();
});

test('a reload on the hour step keeps the choices, and back returns to the chosen day', async ({ browser }) => {
  const { page } = await newClient(browser, 'Rosa');
  await upToHour(page);
  const first = page.locator('.hour-grid .hour').first();
  const hour = (await first.textContent())!.trim();
  await first.click();

  await page.reload();
  await heading(page, 'Elige una hora');
  await expect(page.locator('.hour-grid .hour', { hasText: new RegExp(`^${hour}$`) })).toHaveAttribute('aria-checked', 'true');
  await next(page);
  await heading(page, 'Resumen de la cita');
  const summary = page.locator('.summary');
  await expect(summary).toContainText(SERVICE);
  await expect(summary).toContainText(STYLIST);
  await expect(summary).toContainText(hour);
  await expect(summary).toContainText('Rosa Prueba');

  await page.goBack();
  await heading(page, 'Elige una hora');
  await page.goBack();
  await heading(page, 'Elige un día');
  await expect(page.getByRole('radio', { name: dayLabel(DAY), exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.context().close();
});
