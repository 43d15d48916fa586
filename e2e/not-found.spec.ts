import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';

/**
 * The not-found screens (spec sections 2 and 8): an unknown stylist or client answers HTTP 404
 * with Error. No se ha encontrado al empleado / al cliente inside the staff shell (header and Menú); an
 * address no route serves shows Error. No se ha encontrado la página inside the shell of the signed-in
 * role; a host that names no business answers 404 with No se ha encontrado el negocio.
 */

const ADMIN = 'admin@klok.demo';
const CLIENT = 'cliente@klok.demo';
const EMPLOYEE_NOT_FOUND = 'Error. No se ha encontrado al empleado';
const CLIENT_NOT_FOUND = 'Error. No se ha encontrado al cliente';
const PAGE_NOT_FOUND = 'Error. No se ha encontrado la página';

/** Opens `path` and expects HTTP 404 with `title` as the screen's heading, inside the shell. */
async function expectNotFound(page: Page, path: string, title: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.app-header')).toBeVisible();
  await page.getByRole('button', { name: /^Menú/ }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('staff: an unknown stylist or client answers 404 with the spec texts inside the shell', async ({ page }) => {
  await signIn(page, ADMIN);
  await expectNotFound(page, '/employees/nadie@klok.demo', EMPLOYEE_NOT_FOUND);
  await expect(page.locator('.app-header .app-title')).toHaveText('Klok Peluquería');
  await expectNotFound(page, '/employees/nadie@klok.demo/edit/information', EMPLOYEE_NOT_FOUND);
  await expectNotFound(page, '/employees/no-es-un-correo', EMPLOYEE_NOT_FOUND);
  await expectNotFound(page, '/clients/nadie@klok.demo', CLIENT_NOT_FOUND);
  await expectNotFound(page, '/clients/nadie@klok.demo/edit/users', CLIENT_NOT_FOUND);
  // A staff account is not a client.
  await expectNotFound(page, '/clients/sara@klok.demo', CLIENT_NOT_FOUND);
  // The back link goes to the list.
  await page.getByRole('link', { name: 'Volver a Clientes' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');

  // Known ones still open.
  expect((await page.goto('/employees/sara@klok.demo'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: EMPLOYEE_NOT_FOUND })).toHaveCount(0);
  expect((await page.goto('/clients/cliente@klok.demo'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: CLIENT_NOT_FOUND })).toHaveCount(0);

  // An address no route serves: the generic text, inside the staff shell.
  await expectNotFound(page, '/icons/nada', PAGE_NOT_FOUND);
  await expect(page.locator('.app-header .app-title')).toHaveText('Klok Peluquería');
});

test('a client: an address no route serves shows the generic text inside the client shell', async ({ page }) => {
  await signIn(page, CLIENT);
  await expectNotFound(page, '/icons/nada', PAGE_NOT_FOUND);
  await expect(page.locator('.app-header .app-title')).toHaveText('Mis citas');
});

test('an unknown business answers 404 on /login and on the pages that lead there', async ({ page }) => {
  const base = new URL(test.info().project.use.baseURL!);
  const host = `http://nadie.localhost:${base.port}`;
  const login = await page.goto(`${host}/login`);
  expect(login?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /No se ha encontrado el negocio/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Iniciar sesión/ })).toHaveCount(0);

  // A visitor of the home is sent to /login, which answers 404.
  const home = await page.goto(`${host}/`);
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(home?.status()).toBe(404);

  // The known business still answers 200.
  expect((await page.goto('/login'))?.status()).toBe(200);
});
