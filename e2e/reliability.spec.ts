import { expect, test } from '@playwright/test';
import { api, signIn } from './fixtures/auth';
import { showCalendar } from './fixtures/pages';

/**
 * No-shows without a card (beyond-the-spec section 3) as staff live it: "No vino" on the demo regular's two
 * past appointments from Información cita in the agenda, then the client's "Fiabilidad" says Restringido
 * (no online booking: call the salon), "Bloquear reservas online" / "Desbloquear" switch it to Bloqueado
 * and back; the history marks both visits "No vino" and Información cita shows the tier beside the client.
 */

const PABLO = 'pablo@correo.demo';

test('staff mark No vino twice and the client’s Fiabilidad says Restringido; blocking and unblocking; the client is refused online', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@klok.demo');
  const { body } = await api(page.request, 'GET', `/api/v1/users/${PABLO}`);
  const past = (body.data.history.past as { id: string; date: string; status: string }[]).filter((a) => a.status === 'pending').slice(0, 2);
  expect(past).toHaveLength(2);

  for (const a of past) {
    await page.goto(`/?date=${a.date}`);
    await showCalendar(page);
    await page.locator(`[data-event-id="${a.id}"]`).first().click();
    const info = page.getByRole('dialog', { name: 'Información cita' });
    const noShow = info.getByRole('button', { name: 'No vino' });
    await noShow.click();
    await expect(noShow).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Asistencia guardada').first()).toBeVisible();
    await info.getByRole('button', { name: 'Cerrar' }).click();
  }

  // The history marks both visits "No vino".
  await page.goto(`/clients/${PABLO}`);
  await page.getByRole('tab', { name: /Antiguas/ }).click();
  await expect(page.locator('.history-card .history-status', { hasText: 'No vino' })).toHaveCount(2);

  await page.goto(`/clients/${PABLO}?tab=information`);
  const card = page.getByRole('region', { name: 'Fiabilidad' });
  await expect(card.locator('.reliability-badge')).toHaveText('Restringido');
  await expect(card).toContainText('No puede reservar online');
  await expect(card.getByRole('definition').nth(1)).toHaveText('2');

  await card.getByRole('button', { name: 'Bloquear reservas online' }).click();
  await expect(card.locator('.reliability-badge')).toHaveText('Bloqueado');
  await card.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(card.locator('.reliability-badge')).toHaveText('Restringido');

  // Información cita shows the tier beside the client.
  await page.goto(`/?date=${past[0]!.date}`);
  await showCalendar(page);
  await page.locator(`[data-event-id="${past[0]!.id}"]`).first().click();
  await expect(page.getByRole('dialog', { name: 'Información cita' }).locator('.reliability-badge')).toHaveText('Restringido');

  // The client's next online booking is refused: Mis citas says to call the salon instead of offering one.
  const client = await browser.newPage();
  await signIn(client, PABLO);
  await expect(client.getByText('Para reservar, ponte en contacto con el salón.')).toBeVisible();
  await expect(client.getByRole('link', { name: 'Pedir cita' })).toHaveCount(0);
  await client.close();
});
