import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, signIn, workday } from './fixtures/auth';
import { corte, heading, newPage, ZONE } from './fixtures/pages';

/**
 * The staff side of the waitlist (beyond-the-spec section 4): a seeded client joins through the API; staff see
 * "N en espera" on the agenda's day, open Lista de espera from the menu, find the entry (axe-checked with its
 * Ofrecer dialog open) and offer it an hour.
 */

const CLIENT = 'cliente@klok.demo';
const ADMIN = 'admin@klok.demo';
/** The Saturday after the week after next (open 09:00–14:00): the specs' workdays are Monday to Friday. */
const DATE = DateTime.fromISO(workday(5), { zone: ZONE }).plus({ days: 1 }).toISODate()!;

type Entry = { id: string; from: string; to: string; status: string; user_name: string };

/** The demo client joins the waitlist for a morning haircut on DATE with anyone; returns the entry. */
async function clientJoins(browser: Browser): Promise<Entry> {
  const client = await newPage(browser);
  await signIn(client, CLIENT);
  // Entries of earlier runs are taken off first: an account holds at most 3 active ones.
  const mine = await api(client.request, 'GET', `/api/v1/users/${CLIENT}/waitlist`);
  for (const e of mine.body.items as Entry[]) {
    if (e.status === 'waiting' || e.status === 'offered') await api(client.request, 'DELETE', `/api/v1/users/${CLIENT}/waitlist/${e.id}`);
  }
  const haircut = await corte(client);
  const joined = await api(client.request, 'POST', `/api/v1/users/${CLIENT}/waitlist`, {
    services: [haircut.id],
    employee_id: 'any',
    from: DATE,
    to: DATE,
    part_of_day: 'morning',
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  await client.context().close();
  return joined.body.data as Entry;
}

/** Serious and critical axe violations of the page (rule id and first targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('staff see who waits on the agenda, find the entry in Lista de espera and offer it an hour', async ({ browser, page }) => {
  const entry = await clientJoins(browser);
  await signIn(page, ADMIN);
  // 1 unless another spec left an entry on the same date.
  const salon = await api(page.request, 'GET', '/api/v1/facility/1/waitlist');
  const waiting = (salon.body.items as Entry[]).filter((e) => e.from <= DATE && e.to >= DATE).length;
  expect(waiting).toBeGreaterThanOrEqual(1);

  await page.goto(`/?date=${DATE}`);
  await expect(page.getByRole('link', { name: `${waiting} en espera` })).toBeVisible();

  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Lista de espera' }).click();
  await page.waitForURL('**/waitlist');
  await heading(page, 'Lista de espera');
  const card = page.locator(`[data-entry-id="${entry.id}"]`);
  for (const text of [entry.user_name, CLIENT, 'Corte de pelo', 'Cualquier estilista', 'Mañana', 'En espera']) await expect(card).toContainText(text);
  expect(await seriousViolations(page), 'axe: Lista de espera').toEqual([]);

  await card.getByRole('button', { name: 'Ofrecer' }).click();
  const dialog = page.getByRole('dialog', { name: `Ofrecer un hueco a ${entry.user_name}` });
  const hour = dialog.getByRole('radio').first();
  await expect(hour).toBeVisible();
  expect(await seriousViolations(page), 'axe: Ofrecer').toEqual([]);

  await hour.click();
  await dialog.getByRole('button', { name: 'Ofrecer', exact: true }).click();
  await expect(page.getByText(`Hueco ofrecido a ${entry.user_name}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.locator('.waitlist-state')).toContainText('Ofrecido');
});
