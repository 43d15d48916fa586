import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, signIn } from './fixtures/auth';
import { uniq } from './fixtures/pages';
import { ZONE } from '../lib/domain/time';

/**
 * Management reaches the client: an admin adds a stylist and a service with a rest gap
 * (work 0–30 and 60–75 of 75 minutes), a walk-in is booked in the stylist's agenda at 10:30–11:00, and a
 * client booking the new service is offered 10:00 — its rest gap around the walk-in — but not the starts
 * whose busy parts would overlap it; the booking at 10:00 goes through.
 */

const CLIENT = 'cliente@klok.demo';

test('a new service with a rest gap interleaves another booking for a client', async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const stylistEmail = `irene-${id}@klok.demo`;
  const stylist = `Irene ${id.slice(-4)}`;
  const serviceName = `Mechas con pausa ${id.slice(-4)}`;
  const date = workday(2);
  const at = (hhmm: string) => DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toUTC().toISO()!;

  // The admin sets the salon up through the API the screens use.
  await signIn(page, 'admin@klok.demo');
  const added = await api(page.request, 'POST', '/api/v1/facility/1/employees', { name: stylist, email: stylistEmail });
  expect(added.status).toBe(201);
  const created = await api(page.request, 'POST', '/api/v1/facility/1/services', {
    name: serviceName,
    description: 'Color con tiempo de exposición',
    price: 55,
    duration: 75,
    busy_slots: [
      { startMinutes: 0, endMinutes: 30 },
      { startMinutes: 60, endMinutes: 75 },
    ],
    employees: [stylistEmail],
  });
  expect(created.status).toBe(201);
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services');
  const cut = services.body.items.find((s: { name: string }) => s.name === 'Corte de pelo');
  const assigned = await api(page.request, 'PATCH', `/api/v1/employees/${encodeURIComponent(stylistEmail)}/services`, {
    items: [created.body.data.id, cut.id],
  });
  expect(assigned.status).toBe(201);
  const walkIn = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: at('10:30'),
    end_time: at('11:00'),
    facility_id: 1,
    employee_id: stylistEmail,
    service_id: cut.id,
    client_name: 'Walk-in Hueco',
  });
  expect(walkIn.status).toBe(201);
  // The demo client may book one more, whatever other specs left pending (restored at the end).
  const before = await api(page.request, 'GET', `/api/v1/users/${CLIENT}`);
  const { n_appointments_allowed: allowed, pending_appointments: pending } = before.body.data;
  const allowance = await api(page.request, 'PATCH', `/api/v1/users/${CLIENT}`, { n_appointments_allowed: pending.length + 1 });
  expect(allowance.status).toBe(201);

  // The client books the new service in the wizard.
  await page.context().clearCookies();
  await signIn(page, CLIENT);
  await page.getByRole('link', { name: 'Pedir cita' }).click();
  const userStep = page.getByRole('heading', { name: '¿Para quién es la cita?' });
  const serviceStep = page.getByRole('heading', { name: 'Elige un servicio' });
  await expect(userStep.or(serviceStep)).toBeVisible();
  if (await userStep.isVisible()) {
    await page.locator('button.choice').first().click();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  }
  await expect(serviceStep).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(serviceName) }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(stylist) }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Elige un día' })).toBeVisible();
  const dayLabel = DateTime.fromISO(date, { zone: ZONE }).setLocale('es').toFormat("d 'de' LLLL");
  await page.getByRole('radio', { name: dayLabel, exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Elige una hora' })).toBeVisible();

  const hour = (label: string) => page.locator('.hour-grid .hour', { hasText: new RegExp(`^${label}$`) });
  // 10:00: work 10:00–10:30, rest while the walk-in is served, work 11:00–11:15.
  await expect(hour('10:00')).toHaveCount(1);
  await expect(hour('09:00')).toHaveCount(1);
  // Busy parts that would overlap the walk-in (10:30–11:00) are not offered.
  for (const label of ['09:30', '09:45', '10:15', '10:30', '10:45']) await expect(hour(label)).toHaveCount(0);
  await expect(hour('11:00')).toHaveCount(1);

  await hour('10:00').click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de la cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar cita' }).click();
  await expect(page.getByText('Cita confirmada')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('article.appointment-card', { hasText: serviceName })).toContainText('a las 10:00');

  // Leave the demo client as other specs expect it: the appointment cancelled, the allowance back.
  const mine = await api(page.request, 'GET', `/api/v1/users/${CLIENT}`);
  const booked = mine.body.data.pending_appointments.find((a: { service_name: string }) => a.service_name === serviceName);
  await page.context().clearCookies();
  await signIn(page, 'admin@klok.demo');
  const cancelled = await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: booked.id, facility_id: 1 });
  expect(cancelled.status).toBe(200);
  const restored = await api(page.request, 'PATCH', `/api/v1/users/${CLIENT}`, { n_appointments_allowed: allowed });
  expect(restored.status).toBe(201);
});
