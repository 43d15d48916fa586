import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { api, onboard, signIn, workday } from './fixtures/auth';
import { caughtMailsTo } from './fixtures/mail';
import { corte, madrid, newPage, showCalendar, uniq } from './fixtures/pages';

/**
 * A cancelled hour fills itself (beyond-the-spec section 4): two clients wait for a morning haircut with Sara;
 * staff cancel the walk-in that held 10:00 from the agenda; the waitlist job e-mails the first to join "Se ha liberado un hueco",
 * and staff also offer the hour by hand to the second. The first books it from the e-mail's link on a phone
 * without signing in; the second, a moment later, is told the hour is taken and that the entry still waits.
 */

const SARA = 'sara@klok.demo';
const DATE = workday(15);
const START = madrid(DATE, '10:00');

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A new, onboarded client who joins the waitlist for a morning haircut with Sara on DATE; returns its e-mail and entry. */
async function waitingClient(browser: Browser, name: string): Promise<{ email: string; entryId: string }> {
  const page = await newPage(browser);
  const email = `espera-${uniq()}@correo.demo`;
  await signIn(page, email, name);
  await onboard(page, email, name);
  const haircut = await corte(page);
  const joined = await api(page.request, 'POST', `/api/v1/users/${email}/waitlist`, {
    services: [haircut.id],
    employee_id: SARA,
    from: DATE,
    to: DATE,
    part_of_day: 'morning',
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  await page.context().close();
  return { email, entryId: joined.body.data.id as string };
}

/** The claim link `/c/{token}` e-mailed to `to`, once the outbox delivered it. */
async function offerLink(to: string): Promise<string> {
  const links = async () =>
    (await caughtMailsTo(to)).flatMap((mail) => {
      const path = mail.subject?.startsWith('Se ha liberado un hueco') ? mail.text?.match(/\/c\/[A-Za-z0-9_-]{43}/)?.[0] : undefined;
      return path ? [path] : [];
    });
  await expect.poll(async () => (await links()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  return (await links())[0]!;
}

test('the offer e-mail’s link books a cancelled hour on a phone; the second client is told it is taken', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const staff = await newPage(browser);
  await signIn(staff, 'admin@klok.demo');
  const haircut = await corte(staff);
  const walkIn = await api(staff.request, 'PATCH', '/api/v1/schedules/insert/appointment', {
    start_time: START,
    facility_id: 1,
    employee_id: SARA,
    service_id: haircut.id,
    client_name: 'Paseante de las diez',
  });
  expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);

  const first = await waitingClient(browser, 'Elena Primera');
  const second = await waitingClient(browser, 'Pablo Segundo');
  // Staff cancel the walk-in from the agenda.
  await staff.goto(`/?date=${DATE}`);
  await showCalendar(staff);
  await staff.locator(`[data-event-id="${walkIn.body.data.event_id}"]`).first().click();
  await staff.getByRole('dialog', { name: 'Información cita' }).getByRole('button', { name: 'Eliminar cita' }).click();
  await staff.getByRole('dialog', { name: 'Cancelar cita' }).getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(staff.getByText('Cita cancelada')).toBeVisible();

  // Staff offer the free hour to the second by hand; the waitlist job offers it to the first to join by itself
  // (more than 24 hours ahead: one at a time).
  const offered = await api(staff.request, 'POST', `/api/v1/facility/1/waitlist/${second.entryId}/offers`, { start_time: START, employee_id: SARA });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  const [link, secondLink] = await Promise.all([offerLink(first.email), offerLink(second.email)]);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se ha liberado un hueco en Klok Peluquería');
  await expect(page.getByText('Corte de pelo')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Elena Primera, este hueco de la lista de espera es tuyo');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Reservar este hueco' }).tap();
  await expect(page.getByRole('status')).toHaveText('¡Reservado! Te hemos enviado la confirmación por correo.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu cita en Klok Peluquería');

  const other = await newPage(browser);
  await other.goto(secondLink);
  await other.getByRole('button', { name: 'Reservar este hueco' }).click();
  await expect(other.getByRole('status')).toHaveText('Este hueco ya se ha ocupado. Sigues en la lista de espera.');

  // The salon has the hour booked for the first client, and the second still waits.
  const day = await api(staff.request, 'GET', `/api/v1/facility/1/appointments?startDate=${DATE}&endDate=${DATE}`);
  const booked = (day.body.items as { appointments: { type: string; status?: string; client_name?: string; start_time?: string }[] }[])
    .flatMap((e) => e.appointments)
    .filter((a) => a.type === 'appointment' && a.status === 'pending' && Date.parse(a.start_time ?? '') === Date.parse(START));
  expect(booked.map((a) => a.client_name)).toEqual(['Elena Primera']);
  const salon = await api(staff.request, 'GET', '/api/v1/facility/1/waitlist');
  expect((salon.body.items as { id: string; status: string }[]).find((e) => e.id === second.entryId)?.status).toBe('waiting');
});
