import { expect, test, type Browser } from '@playwright/test';
import { DateTime } from 'luxon';
import { api, onboard, signIn, workday } from './fixtures/auth';
import { dayLabel, newPage, showCalendar, uniq, ZONE } from './fixtures/pages';

/**
 * A visit of two services in the staff agenda (beyond-the-spec section 2): a client books Color then Corte
 * de pelo with Sara through the API (as e2e/visit-card.spec.ts does); staff see the two services labelled
 * "Visita 1/2" and "Visita 2/2", Información cita lists the whole visit (each service with its Madrid times
 * and stylist, in order), and "Cancelar servicio" cancels the cut alone: the colour stays, a visit of one.
 */

const SARA = 'sara@klok.demo';
const hhmm = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toFormat('HH:mm');

/**
 * A new onboarded client (its own browser) books Color then Corte de pelo with Sara at the first free start of
 * `date` through the API; returns the two appointments (colour first).
 */
async function bookVisit(browser: Browser, date: string, name: string): Promise<{ id: string; start_time: string; end_time: string }[]> {
  const client = await newPage(browser);
  const email = `visita.agenda.${uniq()}@example.com`;
  await signIn(client, email, name);
  await onboard(client, email, name);
  const { body: services } = await api(client.request, 'GET', '/api/v1/facility/1/services');
  const id = (service: string) => (services.items as { id: number; name: string }[]).find((s) => s.name === service)!.id;
  const { body: free } = await api(client.request, 'GET', `/api/v1/facility/1/${date}/${SARA}/appointments/available?services=${id('Color')},${id('Corte de pelo')}`);
  const start = (free.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours)[0]!.start_time;
  const { body: me } = await api(client.request, 'GET', `/api/v1/users/${email}`);
  const booked = await api(client.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: start,
    facility_id: 1,
    employee_id: SARA,
    service_ids: [id('Color'), id('Corte de pelo')],
    client_id: email,
    user_id: me.data.id,
    user_name: name,
  });
  expect(booked.status).toBe(201);
  await client.context().close();
  return booked.body.data.appointments;
}

test('staff see a visit’s services labelled Visita 1/2 and 2/2, list the visit and cancel one service', async ({ page, browser }) => {
  const date = workday(4);
  const [colour, cut] = await bookVisit(browser, date, 'Valeria Vidal');

  await signIn(page, 'admin@klok.demo');
  await page.goto(`/?date=${date}`);
  await showCalendar(page);
  // Color has two busy parts (two boxes), each labelled with the visit, apart from its (1/2), (2/2).
  const colourBoxes = page.locator(`[data-event-id="${colour!.id}"]`);
  const cutBox = page.locator(`[data-event-id="${cut!.id}"]`);
  await expect(colourBoxes).toHaveCount(2);
  for (const box of await colourBoxes.all()) await expect(box).toContainText('Visita 1/2');
  await expect(cutBox).toContainText('Visita 2/2');

  await cutBox.click();
  const info = page.getByRole('dialog', { name: 'Información cita' });
  const parts = info.locator('.agenda-visit-parts li');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toHaveText(`${hhmm(colour!.start_time)}–${hhmm(colour!.end_time)} · Color · Sara López`);
  await expect(parts.nth(1)).toHaveText(`${hhmm(cut!.start_time)}–${hhmm(cut!.end_time)} · Corte de pelo · Sara López`);
  await expect(info.getByRole('button', { name: 'Cancelar visita' })).toBeVisible();
  await info.getByRole('button', { name: 'Cancelar servicio' }).click();

  const confirm = page.getByRole('dialog', { name: 'Cancelar servicio' });
  await expect(confirm.getByText('Solo se cancela este servicio')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(page.getByText('Cita cancelada')).toBeVisible();

  await expect(cutBox).toHaveCount(0);
  await expect(colourBoxes).toHaveCount(2);
  // What is left is a visit of one: no visit label.
  await expect(colourBoxes.locator('.agenda-ev-visit')).toHaveCount(0);
  await expect
    .poll(async () => {
      const { body } = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}&endDate=${date}`);
      const all = (body.items as { appointments: { id: string; status?: string }[] }[]).flatMap((d) => d.appointments);
      return [colour!.id, cut!.id].map((x) => all.find((a) => a.id === x)?.status);
    })
    .toEqual(['pending', 'cancelled']);
});

test('"Cambiar hora" on a service of a visit moves the whole visit by the same amount', async ({ page, browser }) => {
  const date = workday(4);
  const [colour, cut] = await bookVisit(browser, date, 'Marina Mueve');

  await signIn(page, 'admin@klok.demo');
  await page.goto(`/move/appointment?appointment=${cut!.id}&date=${date}`);
  await expect(page.getByRole('heading', { name: 'Elige un día', level: 1 })).toBeVisible();
  const day = page.getByRole('radio', { name: dayLabel(date), exact: true });
  for (let i = 0; i < 13 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  // The cut one hour later; the colour goes along.
  const later = (iso: string) => new Date(Date.parse(iso) + 60 * 60_000).toISOString();
  await page.getByRole('radio', { name: hhmm(later(cut!.start_time)), exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(page.getByRole('switch', { name: 'Mover toda la visita' })).toHaveAttribute('aria-checked', 'true');
  const summary = page.locator('.summary');
  await expect(summary).toContainText(`${hhmm(later(colour!.start_time))}–${hhmm(later(colour!.end_time))} · Color · Sara López`);
  const moved = page.waitForResponse((r) => r.url().includes('/api/v1/schedules/move/appointment'));
  await page.getByRole('button', { name: 'Mover cita' }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('Cita movida').first()).toBeVisible();

  await expect
    .poll(async () => {
      const { body } = await api(page.request, 'GET', `/api/v1/facility/1/appointments?startDate=${date}&endDate=${date}`);
      const all = (body.items as { appointments: { id: string; start_time: string }[] }[]).flatMap((d) => d.appointments);
      return [colour!.id, cut!.id].map((x) => all.find((a) => a.id === x)?.start_time);
    })
    .toEqual([later(colour!.start_time), later(cut!.start_time)]);
});
