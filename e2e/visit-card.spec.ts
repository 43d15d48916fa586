import { expect, test } from '@playwright/test';
import { api, onboard, signIn, workday } from './fixtures/auth';
import { uniq } from './fixtures/pages';

/**
 * A visit of two services booked with "Cualquier estilista" (beyond-the-spec section 2), through the API
 * while its screens are built: Mis citas shows it as one card listing each service with its time and
 * stylist, and counts it as one appointment.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a colour and a cut booked with Cualquier estilista show as one card on Mis citas', async ({ page }) => {
  const email = `visita.${uniq()}@example.com`;
  await signIn(page, email, 'Vicente Visita');
  await onboard(page, email, 'Vicente Visita');
  const { body: services } = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const id = (name: string) => (services.items as { id: number; name: string }[]).find((s) => s.name === name)!.id;
  const date = workday(11);
  const { body: free } = await api(page.request, 'GET', `/api/v1/facility/1/${date}/any/appointments/available?services=${id('Color')},${id('Corte de pelo')}`);
  const start = (free.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours)[0]!.start_time;
  const { body: me } = await api(page.request, 'GET', `/api/v1/users/${email}`);
  const booked = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: 'any',
    service_ids: [id('Color'), id('Corte de pelo')],
    client_id: email,
    user_id: me.data.id,
    user_name: 'Vicente Visita',
  });
  expect(booked.status).toBe(201);
  const parts = booked.body.data.appointments as { employee_id: string }[];
  expect(parts).toHaveLength(2);

  await page.goto('/');
  const cards = page.locator('article.appointment-card');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Próxima cita' })).toBeVisible();
  const lines = cards.first().locator('.visit-parts li');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Color');
  await expect(lines.nth(1)).toContainText('Corte de pelo');
  await expect(cards.first().getByText('Servicios', { exact: true })).toBeVisible();
});
