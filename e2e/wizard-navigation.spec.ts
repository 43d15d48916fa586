import { expect, test, type Page } from '@playwright/test';
import { signIn, workday } from './fixtures/auth';
import { dayLabel, heading, next, pickDate } from './fixtures/pages';

/**
 * Moving through the staff wizards as a stylist on a phone does (spec section 4, "Wizard"): a new service
 * at the summary keeps the typed client, the close button asks before throwing typed data away and returns
 * to the agenda's day, the browser's back and forward (Android's back gesture) move between the steps,
 * and a reload keeps the step and what was typed (the leave's note too). Nothing is booked: the days only pick calendar cells.
 */

const ADMIN = 'admin@klok.demo';
const SERVICE = 'Corte de pelo';

const dayRadio = (page: Page, date: string) => page.getByRole('radio', { name: dayLabel(date), exact: true });

/** Sara López, Corte de pelo and `date` in the appointment wizard, ending on the hour step. */
async function upToHour(page: Page, date: string) {
  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, date);
  await next(page);
  await heading(page, 'Elige una hora');
}

/** Takes the first free hour and goes on to the client step. */
async function firstHourToClient(page: Page) {
  await page.locator('.hour-grid .hour').first().click();
  await next(page);
  await heading(page, 'Datos del cliente');
}

test('a new service chosen at the summary keeps the typed client name and e-mail', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/appointment');
  await upToHour(page, workday(31));
  await firstHourToClient(page);
  await page.getByLabel('Nombre del cliente').fill('Lola Navarro');
  await page.getByLabel('Correo electrónico (opcional)').fill('lola.navarro@klok.example');
  await next(page);
  await heading(page, 'Resumen de la cita');

  const bar = page.getByRole('navigation', { name: 'Pasos de la cita' });
  await bar.getByRole('button', { name: /Servicio/ }).click();
  await heading(page, 'Elige un servicio');
  const other = page.getByRole('radio').filter({ hasNotText: SERVICE }).first();
  const otherName = (await other.locator('.choice-name').textContent())!.trim();
  await other.click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, workday(32));
  await next(page);
  await heading(page, 'Elige una hora');
  await page.locator('.hour-grid .hour').first().click();
  await next(page);

  // The client step is still filled: Siguiente goes from the hour straight to the summary.
  await heading(page, 'Resumen de la cita');
  const summary = page.locator('.summary');
  await expect(summary).toContainText('Lola Navarro');
  await expect(summary).toContainText('lola.navarro@klok.example');
  await expect(summary).toContainText(otherName);
  await expect(summary).not.toContainText(SERVICE);
});

test('closing asks once something was entered and returns to the agenda on the day it was opened from', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(33);
  await page.goto(`/?date=${date}`);
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  await page.getByRole('button', { name: 'Nueva Cita' }).click();
  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: 'Sara López' }).click();

  await page.getByRole('button', { name: 'Cerrar' }).click();
  const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
  await expect(ask).toContainText('Se perderán los datos introducidos.');
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(ask).toBeHidden();
  await heading(page, 'Elige un estilista');
  await expect(page.getByRole('radio', { name: 'Sara López' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Cerrar' }).click();
  await ask.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === date);

  // Nothing entered: the close button leaves at once, to the same day.
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  await page.getByRole('button', { name: 'Bloquear franja' }).click();
  await heading(page, 'Elige un estilista');
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === date);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the browser's back and forward move between the steps; back on the first step leaves", async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(34);
  await page.goto(`/?date=${date}`);
  await page.goto('/new/appointment');
  await upToHour(page, date);

  await page.goBack();
  await heading(page, 'Elige un día');
  await expect(dayRadio(page, date)).toHaveAttribute('aria-checked', 'true');
  await page.goForward();
  await heading(page, 'Elige una hora');

  await page.goBack();
  await heading(page, 'Elige un día');
  await page.goBack();
  await heading(page, 'Elige un servicio');
  await expect(page.getByRole('radio', { name: SERVICE })).toHaveAttribute('aria-checked', 'true');
  await page.goBack();
  await heading(page, 'Elige un estilista');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === date);
});

test('a reload on the client step keeps the step and the typed name', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/appointment');
  await upToHour(page, workday(35));
  await firstHourToClient(page);
  await page.getByLabel('Nombre del cliente').fill('Marta Reyes');

  await page.reload();
  await heading(page, 'Datos del cliente');
  await expect(page.getByLabel('Nombre del cliente')).toHaveValue('Marta Reyes');
  await next(page);
  await heading(page, 'Resumen de la cita');
  await expect(page.locator('.summary')).toContainText('Marta Reyes');
});

test('Bloquear franja: a reload on the summary keeps the typed note, and closing asks first', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/leave');
  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, workday(36));
  await next(page);
  await heading(page, 'Elige las horas');
  await page.getByLabel('Desde').fill('12:00');
  await page.getByLabel('Hasta').fill('13:00');
  await next(page);
  await heading(page, 'Resumen del bloqueo');
  await page.getByLabel('Nota (opcional)').fill('Cita con el médico');

  await page.reload();
  await heading(page, 'Resumen del bloqueo');
  await expect(page.locator('.summary')).toContainText('12:00 – 13:00');
  await expect(page.getByLabel('Nota (opcional)')).toHaveValue('Cita con el médico');

  await page.getByRole('button', { name: 'Cerrar' }).click();
  const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
  await expect(ask).toContainText('Se perderán los datos introducidos.');
  await ask.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // Leaving forgot the draft: the wizard opens afresh.
  await page.goto('/new/leave');
  await heading(page, 'Elige un estilista');
  await expect(page.getByRole('radio', { name: 'Sara López' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sara López' })).not.toHaveAttribute('aria-checked', 'true');
});
