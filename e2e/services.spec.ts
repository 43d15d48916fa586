import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { heading } from './fixtures/pages';

/**
 * The staff service screens (spec sections 2 "Services", 5 and 8): create a service with a rest gap and a
 * stylist, see it in the list and the detail (the work/rest bar), edit its price and its stylists, keep
 * the busy parts through a shorter duration chosen on the way to another, delete a seeded service from
 * the card menu, and the not-found message.
 */

const ADMIN = 'admin@klok.demo';
const SARA = 'Sara López';
const MARCOS = 'Marcos Ruiz';
const MECHAS_BAR = 'Trabajo 0–30 min, descanso 30–60 min, trabajo 60–75 min';

const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

/** Opens a service's detail from the list by its card. */
async function openFromList(page: Page, name: string) {
  await page.goto('/services');
  await heading(page, 'Servicios');
  await page.getByRole('link', { name, exact: true }).click();
  await heading(page, name);
}

test('a service with a rest gap is created, listed, shown with its bar and its price edited', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/services');
  await heading(page, 'Servicios');
  await expect(page.getByRole('link', { name: 'Corte de pelo', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Nuevo Servicio' }).click();
  await heading(page, 'Nuevo Servicio');
  const create = page.getByRole('button', { name: 'Crear servicio' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Faltan campos por rellenar: Nombre del servicio, Descripción del servicio, Precio del servicio, Empleados asignados')).toBeVisible();

  await page.getByLabel('Nombre', { exact: true }).fill('Mechas');
  await page.getByLabel('Descripción', { exact: true }).fill('Mechas con papel de aluminio');
  await page.getByLabel('Precio (€)').fill('45,50');

  // 1 h 15 min: the only part follows the total, so no new part fits yet.
  await page.getByLabel('Horas').selectOption('1');
  await page.getByLabel('Minutos').selectOption('15');
  await expect(page.getByLabel('Fin del tramo 1')).toHaveValue('75');
  const add = page.getByRole('button', { name: 'Añadir tramo' });
  await expect(add).toBeDisabled();
  await expect(page.getByText('Reduce la duración del último tramo para añadir uno nuevo.')).toBeVisible();

  // Work 0–30, rest 30–60, work 60–75.
  await page.getByLabel('Fin del tramo 1').selectOption('30');
  await add.click();
  await expect(page.getByLabel('Inicio del tramo 2')).toHaveValue('30');
  await expect(page.getByLabel('Fin del tramo 2')).toHaveValue('75');
  await page.getByLabel('Inicio del tramo 2').selectOption('60');
  await expect(page.getByRole('img', { name: MECHAS_BAR })).toBeVisible();

  await expect(page.getByText(/Faltan campos por rellenar: Empleados asignados$/)).toBeVisible();
  await page.getByRole('checkbox', { name: SARA }).check();
  await expect(page.getByText(/Faltan campos por rellenar/)).toHaveCount(0);
  await create.click();

  await toast(page, 'Servicio creado');
  await page.waitForURL(/\/services\/\d+$/);
  await heading(page, 'Mechas');
  await expect(page.getByText(/45,50\s€/)).toBeVisible();
  await expect(page.getByText('1h 15m', { exact: true })).toBeVisible();
  const bar = page.getByRole('img', { name: MECHAS_BAR });
  await expect(bar).toBeVisible();
  await expect(bar.locator('[data-kind="rest"]')).toHaveCount(1);
  await expect(bar.locator('[data-kind="busy"]')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Empleados' }).getByRole('listitem')).toContainText([SARA]);

  // Back to the list (the page before the detail): the new card with price and duration.
  await page.getByRole('button', { name: 'Volver' }).click();
  await heading(page, 'Servicios');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Mechas', exact: true }) });
  await expect(card).toContainText('1h 15m');
  await expect(card).toContainText(/45,50\s€/);

  // Edit the price: Guardar is enabled only once something changed.
  await card.getByRole('link', { name: 'Mechas', exact: true }).click();
  await heading(page, 'Mechas');
  await page.getByRole('link', { name: 'Editar información' }).click();
  await heading(page, 'Editar información');
  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(page.getByLabel('Precio (€)')).toHaveValue('45,50');
  await expect(save).toBeDisabled();
  await page.getByLabel('Precio (€)').fill('');
  await expect(page.getByText('Faltan campos por rellenar: Precio del servicio')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Precio (€)').fill('48.90');
  await expect(save).toBeEnabled();
  await save.click();
  await toast(page, 'Servicio actualizado');
  await page.waitForURL(/\/services\/\d+$/);
  await heading(page, 'Mechas');
  await expect(page.getByText(/48,90\s€/)).toBeVisible();
  await expect(page.getByRole('img', { name: MECHAS_BAR })).toBeVisible();
});

test('a shorter duration on the way to another keeps the busy parts and the rest gap', async ({ page }) => {
  const REST_BAR = 'Trabajo 0–45 min, descanso 45–75 min, trabajo 75–90 min';
  await signIn(page, ADMIN);
  await page.goto('/services/new');
  await heading(page, 'Nuevo Servicio');
  await page.getByLabel('Nombre', { exact: true }).fill('Tinte con reposo');
  await page.getByLabel('Descripción', { exact: true }).fill('Tinte con 30 minutos de exposición');
  await page.getByLabel('Precio (€)').fill('30');
  // 1 h 30 min: work 0–45, rest 45–75, work 75–90.
  await page.getByLabel('Horas').selectOption('1');
  await page.getByLabel('Minutos').selectOption('30');
  await page.getByLabel('Fin del tramo 1').selectOption('45');
  await page.getByRole('button', { name: 'Añadir tramo' }).click();
  await page.getByLabel('Inicio del tramo 2').selectOption('75');
  await expect(page.getByRole('img', { name: REST_BAR })).toBeVisible();
  await page.getByRole('checkbox', { name: SARA }).check();
  await page.getByRole('button', { name: 'Crear servicio' }).click();
  await toast(page, 'Servicio creado');
  await heading(page, 'Tinte con reposo');

  await page.getByRole('link', { name: 'Editar información' }).click();
  await heading(page, 'Editar información');
  const save = page.getByRole('button', { name: 'Guardar', exact: true });

  // "0 h" on the way to another duration: 0 h 30 min shows part 1 clipped and part 2 out, and says so.
  await page.getByLabel('Horas').selectOption('0');
  await expect(page.getByLabel('Fin del tramo 1')).toHaveValue('30');
  await expect(page.getByLabel('Inicio del tramo 2')).toHaveCount(0);
  await expect(page.getByText('Con 30 min no caben todos los tramos:')).toBeVisible();
  await expect(page.getByText('Tramo 1 (0–45 min): se guardará recortado a 0–30 min.')).toBeVisible();
  await expect(page.getByText('Tramo 2 (75–90 min): queda fuera de la duración y no se guardará.')).toBeVisible();

  // "1 h" again: both parts and the rest gap are back, so there is nothing to save.
  await page.getByLabel('Horas').selectOption('1');
  await expect(page.getByLabel('Fin del tramo 1')).toHaveValue('45');
  await expect(page.getByLabel('Inicio del tramo 2')).toHaveValue('75');
  await expect(page.getByLabel('Fin del tramo 2')).toHaveValue('90');
  await expect(page.getByRole('img', { name: REST_BAR })).toBeVisible();
  await expect(page.getByText('Con 30 min no caben todos los tramos:')).toHaveCount(0);
  await expect(save).toBeDisabled();

  // 1 h 0 min really cuts part 2: the save says what changes and asks first; Revisar tramos saves nothing.
  await page.getByLabel('Minutos').selectOption('0');
  await expect(
    page.getByText('Al guardar: trabajo 0–45 min, descanso 45–60 min. Ahora: trabajo 0–45 min, descanso 45–75 min, trabajo 75–90 min.'),
  ).toBeVisible();
  await save.click();
  const dialog = page.getByRole('dialog', { name: '¿Guardar con los tramos recortados?' });
  await expect(dialog).toContainText('Con 60 min de duración se guardará: trabajo 0–45 min, descanso 45–60 min.');
  await expect(dialog).toContainText('Tramo 2 (75–90 min): queda fuera de la duración y no se guardará.');
  await dialog.getByRole('button', { name: 'Revisar tramos' }).click();
  await expect(dialog).toBeHidden();
  await heading(page, 'Editar información');

  // Back to 1 h 30 min and a new price: saved with the rest gap intact.
  await page.getByLabel('Minutos').selectOption('30');
  await page.getByLabel('Precio (€)').fill('32');
  await save.click();
  await toast(page, 'Servicio actualizado');
  await heading(page, 'Tinte con reposo');
  await expect(page.getByText('1h 30m', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: REST_BAR })).toBeVisible();
});

test('Gestionar asignaciones needs one stylist and saves the new set', async ({ page }) => {
  await signIn(page, ADMIN);
  await openFromList(page, 'Arreglo de barba');
  await page.getByRole('link', { name: 'Gestionar asignaciones' }).click();
  await heading(page, 'Gestionar asignaciones');

  const save = page.getByRole('button', { name: 'Guardar' });
  const marcos = page.getByRole('checkbox', { name: MARCOS });
  await expect(marcos).toBeChecked();
  await expect(save).toBeDisabled();
  await marcos.uncheck();
  await expect(page.getByText('Faltan campos por rellenar: Empleados asignados')).toBeVisible();
  await expect(save).toBeDisabled();
  await marcos.check();
  await expect(save).toBeDisabled();
  await page.getByRole('checkbox', { name: SARA }).check();
  await save.click();

  await toast(page, 'Asociaciones actualizadas');
  await heading(page, 'Arreglo de barba');
  const chips = page.getByRole('region', { name: 'Empleados' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByRole('listitem')).toContainText([MARCOS, SARA]);
});

test('a seeded service is deleted from its card menu after confirming', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/services');
  await heading(page, 'Servicios');
  const name = 'Tratamiento hidratante';
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  const menu = page.getByRole('button', { name: `Opciones de ${name}` });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar servicio' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();

  await toast(page, 'Servicio eliminado');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.reload();
  await heading(page, 'Servicios');
  await expect(page.getByRole('link', { name: 'Corte de pelo', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('an unknown service shows the not-found message', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/services/987654');
  await heading(page, 'Error. No se ha encontrado el servicio');
  await page.getByRole('link', { name: 'Volver a Servicios' }).click();
  await heading(page, 'Servicios');
});

test('Subir and Bajar reorder the services, the order stays after a reload, and the keyboard reaches both', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/services');
  await heading(page, 'Servicios');
  const names = () => page.locator('.svc-card-name').allInnerTexts();
  await expect(page.locator('.svc-card-name').first()).toBeVisible();
  const before = await names();
  expect(before.length).toBeGreaterThan(2);
  const second = before[1]!;

  // With the keyboard: open the second card's menu, arrow to Subir (the first item), Enter.
  const menu = page.getByRole('button', { name: `Opciones de ${second}` });
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Subir' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Bajar' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual([second, before[0]!, ...before.slice(2)]);
  await expect(page.getByRole('button', { name: `Opciones de ${second}` })).toBeFocused();

  // The first card has no Subir; Bajar puts it back.
  await page.getByRole('button', { name: `Opciones de ${second}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Subir' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Bajar' }).click();
  await expect.poll(names).toEqual(before);
  await page.reload();
  await heading(page, 'Servicios');
  // The list arrives after the heading: wait for it.
  await expect.poll(names).toEqual(before);
});
