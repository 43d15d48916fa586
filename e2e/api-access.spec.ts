import { expect, test } from '@playwright/test';
import { api, workday, signIn } from './fixtures/auth';

/**
 * The API seen by a signed-in client in the browser: roles come from the session, not from headers;
 * a taken hour answers 409 with a Spanish message.
 */
test('a client calling a staff endpoint gets 403, whatever the initiator header says', async ({ page }) => {
  await signIn(page, 'cliente@klok.demo');
  const res = await page.request.fetch('/api/v1/schedules/insert/leave', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', initiator: 'admin' },
    data: {
      start_time: `${workday(2)}T09:00:00.000Z`,
      end_time: `${workday(2)}T10:00:00.000Z`,
      facility_id: 1,
      employee_id: 'marcos@klok.demo',
    },
  });
  expect(res.status()).toBe(403);
  const body = await res.json();
  expect(body.error.code).toBe('forbidden');
  expect(body.error.message).toMatch(/permiso/);
  const agenda = await page.request.get(`/api/v1/facility/1/appointments?startDate=${workday(1)}`, {
    headers: { initiator: 'admin' },
  });
  expect(agenda.status()).toBe(403);
});

test('booking an hour that is already taken answers 409 with a Spanish message', async ({ page }) => {
  await signIn(page, 'cliente@klok.demo');
  const me = await api(page.request, 'GET', '/api/v1/users/cliente@klok.demo');
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services?associated=true');
  const cut = services.body.items.find((s: { name: string }) => s.name === 'Corte de pelo');
  const date = workday(3); // Sara has no special closed day
  const hours = await api(page.request, 'GET', `/api/v1/facility/1/${date}/sara@klok.demo/appointments/available?serviceDuration=${cut.duration}&serviceId=${cut.id}`);
  const slot = hours.body.items.at(-1).hours.at(-1);
  const body = {
    start_time: slot.start_time,
    end_time: slot.end_time,
    facility_id: 1,
    employee_id: 'sara@klok.demo',
    service_id: cut.id,
    client_id: 'cliente@klok.demo',
  };
  const first = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', { ...body, user_id: me.body.data.id, user_name: me.body.data.name });
  expect(first.status).toBe(201);
  const sub = me.body.data.users[0];
  const second = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', { ...body, user_id: sub.id, user_name: sub.name });
  expect(second.status).toBe(409);
  expect(second.body.error.code).toBe('slot_taken');
  expect(second.body.error.message).toBe('La hora seleccionada ya no está disponible. Por favor, elige otra.');
});

test('a tenant host (klok.localhost) is the klok tenant, signs in and keeps its session', async ({ page }) => {
  const base = new URL(test.info().project.use.baseURL!);
  base.hostname = 'klok.localhost';
  await page.goto(new URL('/login', base).toString());
  await page.getByRole('link', { name: /Iniciar sesión/ }).click();
  await page.locator('form', { has: page.locator('input[name=email][value="cliente@klok.demo"]') }).getByRole('button').click();
  await page.waitForURL((url) => url.hostname === 'klok.localhost' && url.pathname === '/');
  await expect(page.getByText('¡Hola Ana!')).toBeVisible();
  // Asked from the page itself: only the browser resolves *.localhost names.
  const session = await page.evaluate(() => fetch('/api/v1/session').then((r) => r.json()));
  expect(session.data).toMatchObject({ email: 'cliente@klok.demo', role: 'client' });
});
