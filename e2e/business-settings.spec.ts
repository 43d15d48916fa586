import { expect, test } from '@playwright/test';
import { api, signIn } from './fixtures/auth';
import { newPage } from './fixtures/pages';

/**
 * Ajustes del negocio (decisions "Admin-only actions"): the admin turns the automatic reminders
 * off and on from the Empleados screen (a toast each time, kept after a reload); an employee does not see
 * the card and the server refuses the change. The admin changes the cut-off of Confirmación de citas
 * (beyond-the-spec section 3): a value out of 2–24 shows the contract's message, a valid one is saved and
 * kept after a reload, and the default 12 is put back for the other specs.
 */

const ADMIN = 'admin@klok.demo';
const EMPLOYEE = 'marcos@klok.demo';
const LABEL = 'Recordatorios automáticos por correo (24 h antes)';
const CUTOFF = 'Plazo para confirmar (horas antes de la cita)';
const CUTOFF_MESSAGE = 'El plazo para confirmar acaba entre 2 y 24 horas antes de la cita.';

test('the admin switches automatic reminders off and on; an employee cannot', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await page.goto('/employees');
  const card = page.getByRole('region', { name: 'Ajustes del negocio' });
  const toggle = card.getByRole('switch', { name: LABEL });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();

  await toggle.click();
  await expect(page.getByText('Recordatorios automáticos desactivados')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect((await api(page.request, 'GET', '/api/v1/facility/1/settings')).body).toEqual({ data: { automatic_reminders: false, phone_countries: ['ES'], confirmation: expect.any(Object), weekly_summary: true, version: expect.any(String) } });
  await page.reload();
  await expect(page.getByRole('switch', { name: LABEL })).not.toBeChecked();

  await page.getByRole('switch', { name: LABEL }).click();
  await expect(page.getByText('Recordatorios automáticos activados')).toBeVisible();
  await expect(page.getByRole('switch', { name: LABEL })).toBeChecked();

  const staff = await newPage(browser);
  await signIn(staff, EMPLOYEE);
  await staff.goto('/employees');
  await expect(staff.getByRole('heading', { name: 'Empleados', level: 1 })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Ajustes del negocio' })).toHaveCount(0);
  expect((await api(staff.request, 'PATCH', '/api/v1/facility/1/settings', { automatic_reminders: false })).status).toBe(403);
  await staff.context().close();
});

test('the admin sets the confirmation cut-off; a value out of range shows why', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/employees');
  const section = page.getByRole('region', { name: 'Ajustes del negocio' }).getByRole('region', { name: 'Confirmación de citas' });
  await expect(section.getByRole('heading', { name: 'Confirmación de citas' })).toBeVisible();
  await expect(section.getByRole('switch', { name: 'Pedir confirmación de las citas' })).toBeChecked();
  const cutoff = section.getByRole('spinbutton', { name: CUTOFF });
  const save = section.getByRole('button', { name: 'Guardar' });
  await expect(cutoff).toHaveValue('12');
  await expect(cutoff).toBeEnabled();

  await cutoff.fill('30');
  await save.click();
  await expect(section.getByText(CUTOFF_MESSAGE)).toBeVisible();
  await expect(cutoff).toHaveAttribute('aria-invalid', 'true');
  await expect(cutoff).toBeFocused();

  await cutoff.fill('24');
  await expect(section.getByText(CUTOFF_MESSAGE)).toHaveCount(0);
  await save.click();
  await expect(page.getByText('Plazos de confirmación guardados')).toBeVisible();
  await page.reload();
  await expect(cutoff).toHaveValue('24');

  await cutoff.fill('12');
  await save.click();
  await expect(page.getByText('Plazos de confirmación guardados')).toBeVisible();
  await expect(save).toBeDisabled();
  expect((await api(page.request, 'GET', '/api/v1/facility/1/settings')).body).toMatchObject({ data: { confirmation: { cutoff_hours: 12 } } });
});
