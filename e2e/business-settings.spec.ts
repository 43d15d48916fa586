import { expect, test } from '@playwright/test';
import { api, signIn } from './fixtures/auth';
import { newPage } from './fixtures/pages';

/**
 * Ajustes del negocio (decisions "Admin-only actions"): the admin turns the automatic reminders
 * off and on from the Empleados screen (a toast each time, kept after a reload); an employee does not see
 * the card and the server refuses the change.
 */

const ADMIN = 'admin@klok.demo';
const EMPLOYEE = 'marcos@klok.demo';
const LABEL = 'Recordatorios automáticos por correo (24 h antes)';

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
  expect((await api(page.request, 'GET', '/api/v1/facility/1/settings')).body).toEqual({ data: { automatic_reminders: false, phone_countries: ['ES'], version: expect.any(String) } });
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
