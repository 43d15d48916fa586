import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { signIn } from './fixtures/auth';
import { heading, ZONE } from './fixtures/pages';

/**
 * The owner's summary (beyond-the-spec section 6): the admin opens Resumen from the menu on a phone, reads the
 * week's figures and its occupancy by day and stylist, switches to Mes (kept in the URL; the chart wraps by
 * weeks and nothing scrolls sideways) and downloads the month's appointments as CSV: UTF-8 with a byte order
 * mark and the Spanish header row, `;`-separated; Hoy has no chart by day.
 */

const ADMIN = 'admin@klok.demo';
const HEADER = 'Fecha;Hora;Cliente;Servicios;Estilista;Precio;Estado;Asistencia';
const BY_DAY = 'Ocupación por día';

test('the owner opens Resumen on a phone, sees the week, switches to Mes and downloads the CSV', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Resumen' }).click();
  await page.waitForURL('**/summary');
  await heading(page, 'Resumen');

  const periods = page.getByRole('navigation', { name: 'Periodo' });
  await expect(periods.getByRole('link', { name: 'Semana' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Semana del ')).toBeVisible();
  await expect(page.getByText('Ingresos estimados')).toBeVisible();
  await expect(page.getByText(/vs semana anterior/).first()).toBeVisible();
  // Each figure's change reads as good, bad or neutral for the owner.
  const changes = page.locator('.summary-figures .summary-figure-change');
  await expect(changes).toHaveCount(10);
  await expect(page.locator('.summary-figures .summary-figure-change:is(.is-good, .is-bad, .is-neutral)')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Ocupación' })).toBeVisible();
  // Occupancy by day: a column per day of the week (L … D with the day's number), a row per stylist of the
  // bars, a cell per day and stylist.
  const stylists = await page.locator('.summary-bar-row').count();
  expect(stylists).toBeGreaterThan(0);
  const byDay = page.getByRole('table', { name: BY_DAY });
  await expect(byDay).toBeVisible();
  await expect(byDay.getByRole('columnheader')).toHaveCount(7);
  const monday = DateTime.now().setZone(ZONE).startOf('week');
  await expect(byDay.getByRole('columnheader').first()).toContainText(`lunes, ${monday.day} de`);
  await expect(byDay.getByRole('columnheader').last()).toContainText(`domingo, ${monday.plus({ days: 6 }).day} de`);
  await expect(byDay.getByRole('rowheader')).toHaveCount(stylists);
  await expect(byDay.locator('td[headers]')).toHaveCount(7 * stylists);
  await expect(page.getByText('Estimación a partir de las citas: Klok no cobra ni emite facturas.')).toBeVisible();
  // A phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await periods.getByRole('link', { name: 'Mes' }).click();
  await page.waitForURL('**/summary?period=month');
  await expect(periods.getByRole('link', { name: 'Mes' })).toHaveAttribute('aria-current', 'page');
  const today = DateTime.now().setZone(ZONE);
  await expect(page.getByText(today.setLocale('es').toFormat("LLLL 'de' yyyy"), { exact: true })).toBeVisible();
  await expect(page.getByText(/vs mes anterior/).first()).toBeVisible();
  // The month's chart: L … D, then each day's number; wrapped by weeks, so the phone does not scroll sideways.
  const month = page.getByRole('table', { name: BY_DAY });
  await expect(month).toBeVisible();
  await expect(month.getByRole('columnheader')).toHaveCount(7 + today.daysInMonth!);
  await expect(month.locator('td[headers]')).toHaveCount(today.daysInMonth! * (await page.locator('.summary-bar-row').count()));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // A reload keeps the period.
  await page.reload();
  await expect(periods.getByRole('link', { name: 'Mes' })).toHaveAttribute('aria-current', 'page');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
  const from = today.startOf('month').toISODate();
  const to = today.endOf('month').toISODate();
  expect(download.suggestedFilename()).toBe(`citas-${from}-${to}.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
  expect(lines[0]).toBe(HEADER);
  for (const line of lines.slice(1).filter(Boolean)) expect(line.split(';').length).toBeGreaterThanOrEqual(8);

  // Hoy: no chart by day.
  await periods.getByRole('link', { name: 'Hoy' }).click();
  await page.waitForURL('**/summary?period=day');
  await expect(page.getByRole('heading', { name: 'Ocupación' })).toBeVisible();
  await expect(page.getByRole('table', { name: BY_DAY })).toHaveCount(0);
});
