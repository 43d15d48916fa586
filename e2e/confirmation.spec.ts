import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { api, signIn } from './fixtures/auth';
import { caughtMailsTo } from './fixtures/mail';
import { showCalendar } from './fixtures/pages';

/**
 * Confirm or release (beyond-the-spec section 3) as a client lives it on a phone: the demo's new client, Lucas
 * Moreno, has a Corte three days ahead whose confirmation request the outbox e-mailed (the server's demo seed
 * sends it through the scan's own code). He opens the e-mail's link without signing in, confirms, then finds he
 * cannot go after all: "No puedo ir" cancels it, and the salon's agenda shows the hour free.
 */

const LUCAS = 'lucas@correo.demo';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The path `/c/{token}` of the confirmation request e-mailed to `to`, once the outbox delivered it. */
async function requestLink(to: string): Promise<string> {
  const links = async () =>
    (await caughtMailsTo(to)).flatMap((mail) => {
      const path = mail.subject?.startsWith('Confirma tu cita') ? mail.text?.match(/\/c\/[A-Za-z0-9_-]{43}/)?.[0] : undefined;
      return path ? [path] : [];
    });
  await expect.poll(async () => (await links()).length, { timeout: 45_000 }).toBeGreaterThan(0);
  return (await links())[0]!;
}

test('the e-mail’s link confirms on a phone without signing in; "No puedo ir" frees the hour in the agenda', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const link = await requestLink(LUCAS);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu cita en Klok Peluquería');
  await expect(page.getByText('Corte de pelo')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Lucas Moreno, ¿vienes?');
  // Readable by everyone: no serious or critical accessibility violation.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Confirmo' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Gracias! Tu cita está confirmada. Te esperamos.');
  // Opening the link again shows the same.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText('¡Gracias! Tu cita está confirmada. Te esperamos.');

  await page.getByRole('button', { name: 'No puedo ir' }).click();
  await page.getByRole('button', { name: 'Sí, cancelar mi cita' }).click();
  await expect(page.getByRole('status')).toContainText('Tu cita está cancelada');
  await expect(page.getByRole('link', { name: 'Pedir una nueva cita' })).toBeVisible();

  // The salon sees the hour free and the client's cancellation in the activity feed.
  const staff = await browser.newPage();
  await signIn(staff, 'admin@klok.demo');
  const { body } = await api(staff.request, 'GET', `/api/v1/users/${LUCAS}`);
  const [appointment] = body.data.history.cancelled as { id: string; date: string }[];
  expect(appointment).toBeDefined();
  await staff.goto(`/?date=${appointment!.date}`);
  await showCalendar(staff);
  await expect(staff.locator(`[data-event-id="${appointment!.id}"]`)).toHaveCount(0);
  await staff.goto('/activities');
  await expect(staff.getByText(/Lucas Moreno no puede ir a su cita de Corte de pelo/).first()).toBeVisible();
  await staff.close();
});
