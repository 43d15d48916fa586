import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, workday, signIn } from './fixtures/auth';
import { dayLabel, heading, madrid, next, pickDate, uniq } from './fixtures/pages';
import { ZONE } from '../lib/domain/time';

/**
 * The staff wizards (spec sections 2, 4, 5 and 8): the employee appointment flow for a walk-in and from
 * a slot selected in the agenda, the leave flow, the step-bar rules, and the question before booking a
 * client whose pending appointments reach its allowance. Every test uses its own weekday with Sara López
 * (no special closed day) so the tests do not step on each other.
 */

const ADMIN = 'admin@klok.demo';
const SARA = 'sara@klok.demo';
const SERVICE = 'Corte de pelo';

type AgendaRecord = { id: string; type: 'appointment' | 'leave'; client_name?: string; is_guest?: boolean; notes?: string | null; start_time: string; end_time: string };

/** Every record (appointments and leaves) of the agenda on a date. */
async function agendaRecords(page: Page, date: string): Promise<AgendaRecord[]> {
  const res = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}`);
  expect(res.status).toBe(200);
  return (res.body.items as { appointments: AgendaRecord[] }[]).flatMap((d) => d.appointments);
}

/** Waits for the wizard to send staff back to the agenda on the event it created. */
async function backOnAgenda(page: Page, date: string, eventId: string) {
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('eventId') === eventId && url.searchParams.get('date') === date);
}

/** What confirming each wizard's summary sends and shows. */
const SUBMIT = {
  appointment: { button: 'Crear cita', path: '/api/v1/schedules/insert/appointment', toast: 'Cita creada' },
  leave: { button: 'Bloquear franja', path: '/api/v1/schedules/insert/leave', toast: 'Franja bloqueada' },
} as const;

/**
 * Confirms the wizard's summary ("Crear cita" or "Bloquear franja"), expects 201 and the toast, waits for
 * the agenda to open on the new event and returns its record from the agenda API.
 */
async function submitAndFind(page: Page, date: string, kind: keyof typeof SUBMIT): Promise<AgendaRecord | undefined> {
  const { button, path, toast } = SUBMIT[kind];
  const created = page.waitForResponse((r) => r.url().includes(path));
  await page.getByRole('button', { name: button }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const eventId = (await res.json()).data.event_id as string;
  await expect(page.getByText(toast).first()).toBeVisible();
  await backOnAgenda(page, date, eventId);
  return (await agendaRecords(page, date)).find((r) => r.id === eventId);
}

/** From the date step: `date`, then its first free hour (HH:mm), leaving the wizard on the step after the hour. */
async function firstHourOn(page: Page, date: string): Promise<string> {
  await heading(page, 'Elige un día');
  await pickDate(page, date);
  await next(page);
  await heading(page, 'Elige una hora');
  const first = page.locator('.hour-grid .hour').first();
  const hour = (await first.textContent())!.trim();
  await first.click();
  await next(page);
  return hour;
}

test('a walk-in without e-mail is booked through /new/appointment and the agenda opens on it', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(10);
  const name = `Paseante ${uniq()}`;
  await page.goto('/new/appointment');

  await heading(page, 'Elige un estilista');
  const bar = page.getByRole('navigation', { name: 'Pasos de la cita' });
  await expect(bar.getByRole('button')).toHaveText(['1Empleado', '2Servicio', '3Fecha', '4Hora', '5Cliente', '6Resumen']);
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Selecciona un valor para continuar' })).toBeVisible();
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);

  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);

  const hour = await firstHourOn(page, date);

  await heading(page, 'Datos del cliente');
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Escribe el nombre del cliente para continuar' })).toBeVisible();
  await page.getByLabel('Correo electrónico (opcional)').fill('no-es-un-correo');
  await page.getByLabel('Nombre del cliente').fill(name);
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Introduce un correo electrónico válido' })).toBeVisible();
  await page.getByLabel('Correo electrónico (opcional)').fill('');
  await next(page);

  await heading(page, 'Resumen de la cita');
  const summary = page.locator('.summary');
  await expect(summary).toContainText(name);
  await expect(summary).toContainText('Sin correo (invitado)');
  await expect(summary).toContainText(hour);
  await expect(summary).toContainText('Sara López');

  const record = await submitAndFind(page, date, 'appointment');
  expect(record).toMatchObject({ type: 'appointment', client_name: name, is_guest: true });
  expect(DateTime.fromISO(record!.start_time, { zone: ZONE }).toFormat('HH:mm')).toBe(hour);
});

test('clicking an earlier step clears the later ones', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/new/appointment');
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Elige un día');

  const bar = page.getByRole('navigation', { name: 'Pasos de la cita' });
  await expect(bar.getByRole('button', { name: /Resumen/ })).toBeDisabled();
  await bar.getByRole('button', { name: /Empleado/ }).click();
  await heading(page, 'Elige un estilista');
  await expect(page.getByRole('radio', { name: 'Sara López' })).toHaveAttribute('aria-checked', 'true');
  await next(page);
  // The service was cleared: it has to be chosen again.
  await heading(page, 'Elige un servicio');
  await expect(page.getByRole('radio', { name: SERVICE })).toHaveAttribute('aria-checked', 'false');
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Selecciona un valor para continuar' })).toBeVisible();
});

test('a slot selected in the agenda prefills stylist, date and hour, even outside the shifts', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(11);
  const start = madrid(date, '21:00'); // after Sara's shift (16:00–20:00)
  const end = madrid(date, '21:30');
  const email = `walkin-${uniq()}@klok.example`;
  await page.goto(`/new/appointment?${new URLSearchParams({ employee: SARA, date, start, end })}`);

  // Stylist, date and hour are known: the wizard opens on the service, then goes straight to the client.
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Datos del cliente');
  await page.getByLabel('Nombre del cliente').fill('Nuevo Cliente');
  await page.getByLabel('Correo electrónico (opcional)').fill(email);
  await next(page);

  await heading(page, 'Resumen de la cita');
  await expect(page.locator('.summary')).toContainText('21:00');
  await expect(page.locator('.summary')).toContainText(dayLabel(date));
  await expect(page.locator('.summary')).toContainText(email);

  // The hour step offers the selected slot although it is outside the shift.
  await page.getByRole('navigation', { name: 'Pasos de la cita' }).getByRole('button', { name: /Hora/ }).click();
  await heading(page, 'Elige una hora');
  await expect(page.getByRole('radio', { name: '21:00' })).toHaveAttribute('aria-checked', 'true');
  await next(page);
  // The typed client survives going back to the hour: Siguiente returns straight to the summary.
  await heading(page, 'Resumen de la cita');
  await expect(page.locator('.summary')).toContainText(email);

  const record = await submitAndFind(page, date, 'appointment');
  expect(record).toMatchObject({ client_name: 'Nuevo Cliente', is_guest: false, start_time: start });
});

test('Bloquear franja: stylist, date and hours, then the toast and the agenda', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(12);
  await page.goto('/new/leave');

  await heading(page, 'Elige un estilista');
  await expect(page.getByRole('navigation', { name: 'Pasos de la cita' }).getByRole('button')).toHaveText([
    '1Empleado',
    '2Fecha',
    '3Horas',
    '4Resumen',
  ]);
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);
  await heading(page, 'Elige un día');
  await pickDate(page, date);
  await next(page);

  await heading(page, 'Elige las horas');
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Selecciona un valor para continuar' })).toBeVisible();
  // Time fields in 5-minute steps, 05:00–22:00.
  const from = page.getByLabel('Desde');
  const to = page.getByLabel('Hasta');
  await expect(from).toHaveAttribute('type', 'time');
  await expect(from).toHaveAttribute('step', '300');
  await expect(from).toHaveAttribute('min', '05:00');
  await expect(from).toHaveAttribute('max', '21:55');
  await expect(to).toHaveAttribute('max', '22:00');
  await from.fill('04:30');
  await expect(page.getByText('Elige una hora entre las 05:00 y las 21:55')).toBeVisible();
  await from.fill('12:00');
  await expect(page.getByText('Elige una hora entre las 05:00 y las 21:55')).toHaveCount(0);
  // Half an hour is proposed; an end off the grid or before the start is refused in Spanish.
  await expect(to).toHaveValue('12:30');
  await to.fill('13:12');
  await expect(page.getByText('Las horas van en pasos de 5 minutos')).toBeVisible();
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Selecciona un valor para continuar' })).toBeVisible();
  await to.fill('11:00');
  await expect(page.getByText('La hora de fin debe ser posterior a la de inicio')).toBeVisible();
  await to.fill('13:15');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await next(page);

  await heading(page, 'Resumen del bloqueo');
  await expect(page.locator('.summary')).toContainText('12:00 – 13:15');
  await page.getByLabel('Nota (opcional)').fill('Formación interna');
  const record = await submitAndFind(page, date, 'leave');
  expect(record).toMatchObject({ type: 'leave', notes: 'Formación interna', start_time: madrid(date, '12:00'), end_time: madrid(date, '13:15') });

  // The same range again, from a slot selected in the agenda: it opens on the summary and the server refuses.
  await page.goto(`/new/leave?${new URLSearchParams({ employee: SARA, date, start: madrid(date, '12:30'), end: madrid(date, '13:00') })}`);
  await heading(page, 'Resumen del bloqueo');
  await expect(page.locator('.summary')).toContainText('12:30 – 13:00');
  await page.getByRole('button', { name: 'Bloquear franja' }).click();
  await expect(page.getByText('Error al bloquear la franja, por favor intenta de nuevo')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/new/leave');
});

test('booking a client at its allowance asks first: Cancelar books nothing, Reservar igualmente books', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(13);
  const services = await api(page.request, 'GET', '/api/v1/facility/1/services?associated=true');
  const cut = services.body.items.find((s: { name: string }) => s.name === SERVICE);

  // A new client (allowance 1) with one pending appointment, booked by staff through the API.
  const email = `tope${uniq()}@example.com`;
  const name = 'Clienta Con Tope';
  const first = await api(page.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: madrid(date, '09:30'),
    facility_id: 1,
    employee_id: SARA,
    service_id: cut.id,
    client_id: email,
    client_name: name,
  });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const pendingCount = async () => {
    const res = await api(page.request, 'GET', `/api/v1/users/${email}`);
    expect(res.status).toBe(200);
    expect(res.body.data.n_appointments_allowed).toBe(1);
    return (res.body.data.pending_appointments as unknown[]).length;
  };
  expect(await pendingCount()).toBe(1);
  const bookings: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(SUBMIT.appointment.path)) bookings.push(r.method());
  });

  // The wizard, from a selected slot; the client found by the search.
  await page.goto(`/new/appointment?${new URLSearchParams({ employee: SARA, date, start: madrid(date, '17:00'), end: madrid(date, '17:30') })}`);
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await next(page);
  await heading(page, 'Datos del cliente');
  await page.getByLabel('Buscar cliente').fill(email.split('@')[0]!);
  const results = page.getByRole('group', { name: 'Clientes encontrados' }).getByRole('button');
  await expect(results).toHaveCount(1);
  await results.filter({ hasText: email }).click();
  await expect(page.getByLabel('Correo electrónico (opcional)')).toHaveValue(email);
  await next(page);
  await heading(page, 'Resumen de la cita');

  // Cancelar closes the question and books nothing.
  await page.getByRole('button', { name: 'Crear cita' }).click();
  const ask = page.getByRole('dialog', { name: 'Citas pendientes' });
  await expect(ask).toContainText('Esta clienta ya tiene 1 cita pendiente. ¿Reservar igualmente?');
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();
  await heading(page, 'Resumen de la cita');
  expect(bookings).toEqual([]);
  expect(await pendingCount()).toBe(1);

  // Reservar igualmente books beyond the allowance.
  await page.getByRole('button', { name: 'Crear cita' }).click();
  await expect(ask).toContainText('Esta clienta ya tiene 1 cita pendiente. ¿Reservar igualmente?');
  const created = page.waitForResponse((r) => r.url().includes(SUBMIT.appointment.path));
  await ask.getByRole('button', { name: 'Reservar igualmente' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const eventId = (await res.json()).data.event_id as string;
  await expect(page.getByText(SUBMIT.appointment.toast).first()).toBeVisible();
  await backOnAgenda(page, date, eventId);
  expect(bookings).toEqual(['PATCH']);
  expect(await pendingCount()).toBe(2);
});

test('staff book a visit: a colour and a cut by one stylist, two appointments of one visit in the agenda', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = workday(45);
  const name = `Visita ${uniq()}`;
  await page.goto('/new/appointment');

  await heading(page, 'Elige un estilista');
  await page.getByRole('radio', { name: 'Sara López' }).click();
  await next(page);
  await heading(page, 'Elige un servicio');
  await page.getByRole('radio', { name: SERVICE }).click();
  await page.getByRole('button', { name: 'Añadir otro servicio' }).click();
  await page.getByRole('group', { name: 'Añadir otro servicio' }).getByRole('button', { name: 'Color' }).click();
  await expect(page.getByText(/^Total: .* · 105 min$/)).toBeVisible();
  await next(page);
  const hour = await firstHourOn(page, date);
  await heading(page, 'Datos del cliente');
  await page.getByLabel('Nombre del cliente').fill(name);
  await next(page);

  await heading(page, 'Resumen de la cita');
  const summary = page.locator('.summary');
  // The salon's order: the colour at the chosen hour, the cut after it.
  await expect(summary.locator('dt').nth(1)).toHaveText('Color');
  await expect(summary.locator('dd').nth(1)).toContainText(`${hour}–`);
  await expect(summary.locator('dt').nth(2)).toHaveText(SERVICE);

  const record = await submitAndFind(page, date, 'appointment');
  expect(record).toMatchObject({ type: 'appointment', client_name: name });
  const parts = (await agendaRecords(page, date)).filter((r) => r.client_name === name) as (AgendaRecord & { visit_id: string })[];
  expect(parts).toHaveLength(2);
  expect(new Set(parts.map((p) => p.visit_id)).size).toBe(1);
});
