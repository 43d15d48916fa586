/**
 * The server's clock (lib/server/clock.ts) reaches every use case through `route()`: a test sets the date it
 * needs, and what is past, what a client may book (30 days ahead) and what staff may block follow that
 * date, not today's. sara@klok.demo works the seeded split shift on weekdays.
 */
import { setClock } from '@/lib/server/clock';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import { DB_TIMEOUT, insertLeave, madridHHmm, madridInstant, offeredHours, SARA } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

/** A Monday far from the seed's appointments and special days. */
const MONDAY = '2027-03-01';

let clientCookie: string;
let staffCookie: string;

beforeAll(async () => {
  await openTestDb();
  clientCookie = await sessionFor('cliente@klok.demo');
  staffCookie = await sessionFor('admin@klok.demo');
}, DB_TIMEOUT);
afterAll(async () => {
  setClock(null);
  await closeTestDb();
});

const at = (date: string, hhmm: string) => () => Date.parse(madridInstant(date, hhmm));

it('hours already past on the clock are not offered; the day before, the whole day is', async () => {
  setClock(at(MONDAY, '12:20'));
  const noon = (await offeredHours(staffCookie, MONDAY, SARA)).map((h) => madridHHmm(h.start_time));
  expect(noon.length).toBeGreaterThan(0);
  expect(noon.every((t) => t >= '12:30')).toBe(true);

  setClock(at('2027-02-28', '20:00'));
  const eve = (await offeredHours(staffCookie, MONDAY, SARA)).map((h) => madridHHmm(h.start_time));
  expect(eve.some((t) => t < '12:00')).toBe(true);
  expect(eve.length).toBeGreaterThan(noon.length);
});

it("a client's 30-day window counts from the clock's date", async () => {
  setClock(at('2027-02-20', '09:00'));
  expect((await offeredHours(clientCookie, MONDAY, SARA)).length).toBeGreaterThan(0);
  setClock(at('2027-01-20', '09:00'));
  expect(await offeredHours(clientCookie, MONDAY, SARA)).toEqual([]);
});

it('staff cannot block an hour that is past on the clock, and can block it earlier that day', async () => {
  const slot = { start: madridInstant(MONDAY, '10:00'), end: madridInstant(MONDAY, '10:45'), employee: SARA };
  setClock(at(MONDAY, '11:00'));
  const late = await insertLeave(staffCookie, slot);
  expect(late.status).toBe(422);
  setClock(at(MONDAY, '08:00'));
  expect((await insertLeave(staffCookie, slot)).status).toBe(201);
});
