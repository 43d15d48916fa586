/**
 * Takes the README's screenshots (docs/screenshots/*.png) from a running Klok with the demo seed and the
 * local sign-in page: `BASE_URL=http://localhost:3000 npx tsx scripts/screenshots.ts` (after `npm start`).
 * Phone viewport 390 × 844 at device scale 1, so each file stays small: the booking wizard's hour step,
 * the client's Mis citas (after booking that first free hour as cliente@klok.demo: run it on a fresh demo
 * database) and the staff agenda's day view of tomorrow.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { signIn } from '../e2e/fixtures/auth';
import { addDays, madridDate, ZONE } from '../lib/domain/time';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = path.resolve('docs/screenshots');
const siguiente = (page: Page) => page.getByRole('button', { name: 'Siguiente', exact: true });

/** A signed-in phone page (Spanish, Madrid time) for `email`. */
async function phonePage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'es-ES',
    timezoneId: ZONE,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Saves the page as docs/screenshots/<name>.png once requests and animations have settled. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(500);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // The booking wizard up to the hour step: person (when asked), service, stylist, first day with free hours.
    const client = await phonePage(browser, 'cliente@klok.demo');
    await client.goto('/new/appointment');
    const person = client.getByRole('heading', { name: '¿Para quién es la cita?' });
    const service = client.getByRole('heading', { name: 'Elige un servicio' });
    await person.or(service).waitFor();
    if (await person.isVisible()) {
      await client.locator('.choice-list .choice').first().click();
      await siguiente(client).click();
    }
    await service.waitFor();
    await client.getByRole('radio', { name: 'Corte de pelo' }).click();
    await siguiente(client).click();
    await client.getByRole('heading', { name: 'Elige un estilista' }).waitFor();
    await client.getByRole('radio').first().click();
    await siguiente(client).click();
    const day = client.getByRole('heading', { name: 'Elige un día' });
    const hours = client.getByRole('heading', { name: 'Elige una hora' });
    const none = client.getByText('No hay horas disponibles para la fecha seleccionada');
    for (let i = 0; i < 5 && !(await hours.isVisible()); i++) {
      if (i > 0) await client.getByRole('button', { name: 'Anterior', exact: true }).click();
      await day.waitFor();
      await client.locator('.calendar-day:not([disabled])').nth(i).click();
      await siguiente(client).click();
      await hours.or(none).waitFor();
    }
    await client.locator('.hour-grid .hour').first().waitFor();
    await shot(client, 'booking-wizard');

    // Book that first hour, so Mis citas shows an appointment card.
    await client.locator('.hour-grid .hour').first().click();
    await siguiente(client).click();
    await client.getByRole('button', { name: 'Confirmar cita' }).click();
    await client.waitForURL((url) => url.pathname === '/');
    await client.locator('article.appointment-card').first().waitFor();
    await client.getByText('Cita confirmada').waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
    await shot(client, 'client-home');
    await client.context().close();

    const staff = await phonePage(browser, 'admin@klok.demo');
    // Tomorrow: the demo seed's sample agenda has walk-ins there (from yesterday to six days ahead).
    const tomorrow = addDays(madridDate(Date.now()), 1);
    await staff.goto(`/?date=${tomorrow}`);
    await staff.locator('.fc-event').first().waitFor();
    await shot(staff, 'agenda');
    await staff.context().close();
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
