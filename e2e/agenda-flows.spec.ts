import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, signIn } from './fixtures/auth';
import { corte, madrid, newPage, showCalendar } from './fixtures/pages';
import { ZONE } from '../lib/domain/time';

/**
 * The agenda across roles (issue: staff agenda): staff see the seeded week; a blocked slot disappears
 * from a client's hours and comes back when unblocked; a cancellation with a reason leaves the calendar
 * and the client's Mis citas; past appointments cannot be cancelled. Screenshots of the day and week
 * views go to `artifacts/`.
 */

const SARA = 'sara@klok.demo';

async function clientHours(page: Page, date: string): Promise<string[]> {
  const svc = await corte(page);
  const { body } = await api(page.request, 'GET', `/api/v1/facility/1/${date}/${SARA}/appointments/available?serviceDuration=${svc.duration}&serviceId=${svc.id}`);
  return body.items.flatMap((g: { hours: { start_time: string }[] }) => g.hours.map((h) => h.start_time));
}

test('staff see the seeded week in day and week views (screenshots saved)', async ({ page }) => {
  await signIn(page, 'admin@klok.demo');
  await showCalendar(page);
  await expect(page.locator('.fc-col-header-cell.fc-resource')).toHaveCount(3);
  // The first coming day the seed booked appointments on.
  const today = DateTime.now().setZone(ZONE);
  const coming = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${today.plus({ days: 1 }).toISODate()}&endDate=${today.plus({ days: 7 }).toISODate()}`);
  const busyDay = coming.body.items.find((d: { appointments: unknown[] }) => d.appointments.length > 0);
  expect(busyDay, 'the seed books appointments in the coming week').toBeTruthy();
  await page.goto(`/?date=${busyDay.date}`);
  await expect(page.locator('[data-event-type="appointment"]').first()).toBeVisible();
  const week = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${DateTime.now().setZone(ZONE).startOf('week').toISODate()}&endDate=${DateTime.now().setZone(ZONE).endOf('week').toISODate()}`);
  expect(week.status).toBe(200);
  expect(week.body.items.some((d: { appointments: unknown[] }) => d.appointments.length > 0)).toBe(true);
  mkdirSync('artifacts', { recursive: true });
  await page.screenshot({ path: 'artifacts/agenda-day.png', fullPage: true });
  await page.getByRole('button', { name: /Configuración/ }).click();
  await page.getByRole('radio', { name: 'Semana' }).check();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.locator('.fc-resourceTimeGridWeek-view')).toBeVisible();
  await expect(page.locator('[data-event-type="appointment"]').first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/agenda-week.png', fullPage: true });
});

test('a blocked slot disappears from the client hours and comes back when unblocked', async ({ page, browser }) => {
  const date = workday(9);
  const client = await newPage(browser);
  await signIn(client, 'cliente@klok.demo');
  const before = await clientHours(client, date);
  expect(before).toContain(madrid(date, '10:00'));

  await signIn(page, 'admin@klok.demo');
  const leave = await api(page.request, 'PATCH', '/api/v1/schedules/insert/leave', {
    start_time: madrid(date, '10:00'),
    end_time: madrid(date, '11:00'),
    facility_id: 1,
    employee_id: SARA,
  });
  expect(leave.status).toBe(201);
  const blocked = await clientHours(client, date);
  expect(blocked).not.toContain(madrid(date, '10:00'));
  expect(blocked).not.toContain(madrid(date, '10:45'));
  expect(blocked).toContain(madrid(date, '11:00'));

  await page.goto(`/?date=${date}`);
  await page.locator(`[data-event-id="${leave.body.data.event_id}"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Franja Bloqueada' });
  await dialog.getByRole('button', { name: 'Desbloquear franja' }).click();
  await page.getByRole('dialog', { name: '¿Desbloquear esta franja?' }).getByRole('button', { name: 'Desbloquear', exact: true }).click();
  await expect(page.getByText('Franja desbloqueada')).toBeVisible();
  await expect(page.locator(`[data-event-id="${leave.body.data.event_id}"]`)).toHaveCount(0);
  expect(await clientHours(client, date)).toContain(madrid(date, '10:00'));
});

test('a cancelled appointment leaves the calendar and the client’s Mis citas', async ({ page, browser }) => {
  const date = workday(10);
  const client = await newPage(browser);
  await signIn(client, 'cliente@klok.demo');
  const me = await api(client.request, 'GET', '/api/v1/users/cliente@klok.demo');
  const pending = me.body.data.pending_appointments as { user_id: string }[];
  const person = [{ id: me.body.data.id, name: me.body.data.name }, ...me.body.data.users].find((p) => !pending.some((a) => a.user_id === p.id));
  test.skip(!person || pending.length >= me.body.data.n_appointments_allowed, 'the demo client has no allowance left');
  const svc = await corte(client);
  const booked = await api(client.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: madrid(date, '12:00'),
    facility_id: 1,
    employee_id: SARA,
    service_id: svc.id,
    client_id: 'cliente@klok.demo',
    user_id: person!.id,
    user_name: person!.name,
  });
  expect(booked.status).toBe(201);
  const id = booked.body.data.event_id as string;
  await client.goto('/');
  await expect(client.locator(`[data-appointment-id="${id}"], #appointment-${id}`).first()).toBeVisible();

  await signIn(page, 'sara@klok.demo');
  await page.goto(`/?date=${date}`);
  await page.locator(`[data-event-id="${id}"]`).click();
  await page.getByRole('dialog', { name: 'Información cita' }).getByRole('button', { name: 'Eliminar cita' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar cita' });
  await cancel.getByPlaceholder('Opcional, Escribe el motivo de la cancelación...').fill('La estilista está de baja');
  await cancel.getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(page.getByText('Cita cancelada')).toBeVisible();
  await expect(page.locator(`[data-event-id="${id}"]`)).toHaveCount(0);

  await client.reload();
  await expect(client.getByText('¡Hola')).toBeVisible();
  await expect(client.locator(`[data-appointment-id="${id}"], #appointment-${id}`)).toHaveCount(0);
});

test('an employee cannot cancel an appointment in the past', async ({ page }) => {
  await signIn(page, 'marcos@klok.demo');
  const today = DateTime.now().setZone(ZONE);
  const agenda = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${today.minus({ days: 3 }).toISODate()}&endDate=${today.toISODate()}`);
  const past = agenda.body.items
    .flatMap((d: { appointments: { type: string; status?: string; end_time: string; id: string; date: string }[] }) => d.appointments)
    .find((a: { type: string; status?: string; end_time: string }) => a.type === 'appointment' && a.status === 'pending' && Date.parse(a.end_time) < Date.now());
  expect(past, 'the seed has appointments in the last days').toBeTruthy();
  const res = await api(page.request, 'PATCH', '/api/v1/schedules/cancel/appointment', {
    appointment_id: past.id,
    facility_id: 1,
    date: past.date,
  });
  expect(res.status).toBe(422);
  expect(res.body.error.message).toBe('No se puede cancelar una cita que ya ha pasado.');
  await page.goto(`/?date=${past.date}`);
  await page.locator(`[data-event-id="${past.id}"]`).first().click();
  const info = page.getByRole('dialog', { name: 'Información cita' });
  await expect(info).toBeVisible();
  await expect(info.getByRole('button', { name: 'Eliminar cita' })).toHaveCount(0);
});
