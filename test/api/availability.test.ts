/**
 * `GET /api/v1/facility/1/{date}/{employeeEmail}/appointments/available` (spec section 7): hour groups,
 * parameter validation, special closed days and the 30-day client window. Dates are picked relative
 * to today in Europe/Madrid; sara@klok.demo works the seeded split shift with no special day.
 */
import { DateTime } from 'luxon';
import messages from '@/lib/i18n/messages/es.json';
import { closeTestDb, openTestDb, sessionFor } from './harness';
import {
  availability,
  DB_TIMEOUT,
  madridDates,
  madridHHmm,
  madridInstant,
  nextWednesday,
  serviceId,
  type Hour,
  pinTestClock,
  dayFromToday,
} from './fixtures';
import { ZONE } from '@/lib/domain/time';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let clientCookie: string;
let staffCookie: string;

beforeAll(async () => {
  await openTestDb();
  clientCookie = await sessionFor('cliente@klok.demo');
  staffCookie = await sessionFor('admin@klok.demo');
}, DB_TIMEOUT);
afterAll(closeTestDb);

/** A weekday (Monday–Friday, split shift) between tomorrow and two weeks ahead. */
const weekday = () => madridDates(1, 14)[0]!;

const flat = (items: { hours: Hour[] }[]) => items.flatMap((g) => g.hours);

/** Madrid labels every 15 minutes from `from` to `to`, both included. */
function quarters(from: string, to: string): string[] {
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  const out: string[] = [];
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += 15) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

describe('shape', () => {
  it('groups the hours of a split-shift day by Madrid hour with UTC instants', async () => {
    const date = weekday();
    const r = await availability(clientCookie, date, 'sara@klok.demo', { serviceDuration: 30 });
    expect(r.status).toBe(200);
    const groups = r.body.items as { hour: string; hours: Hour[] }[];
    expect(groups[0]!.hour).toBe('09:00');
    expect(groups[0]!.hours[0]).toEqual({
      id: `${madridInstant(date, '09:30')}_${madridInstant(date, '10:00')}`,
      start_time: madridInstant(date, '09:30'),
      end_time: madridInstant(date, '10:00'),
    });
    for (const g of groups) {
      expect(g.hour).toMatch(/^\d{2}:00$/);
      for (const h of g.hours) {
        expect(h.id).toBe(`${h.start_time}_${h.end_time}`);
        expect(h.start_time).toMatch(/Z$/);
        expect(Date.parse(h.end_time) - Date.parse(h.start_time)).toBe(30 * 60_000);
        expect(madridHHmm(h.start_time).slice(0, 2)).toBe(g.hour.slice(0, 2));
      }
    }
    // 09:30–14:00 and 16:00–20:00: a 30-minute service fits until 13:30 and 19:30; nothing in the break.
    expect(flat(groups).map((h) => madridHHmm(h.start_time))).toEqual([
      ...quarters('09:30', '13:30'),
      ...quarters('16:00', '19:30'),
    ]);
  });

  it("takes the duration and busy parts from `serviceId` (a 75-minute colour ends by each close)", async () => {
    const date = weekday();
    const r = await availability(clientCookie, date, 'sara@klok.demo', {
      serviceDuration: 30,
      serviceId: await serviceId('Color'),
    });
    expect(r.status).toBe(200);
    const hours = flat(r.body.items);
    expect(hours.map((h) => madridHHmm(h.start_time))).toEqual([...quarters('09:30', '12:45'), ...quarters('16:00', '18:45')]);
    expect(Date.parse(hours[0]!.end_time) - Date.parse(hours[0]!.start_time)).toBe(75 * 60_000);
  });

  it('gives staff the same hours', async () => {
    const date = weekday();
    const client = await availability(clientCookie, date, 'sara@klok.demo');
    const staff = await availability(staffCookie, date, 'sara@klok.demo');
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual(client.body);
  });

  it('offers nothing on a Sunday (no weekly shift)', async () => {
    const sunday = madridDates(1, 14, [7])[0]!;
    const r = await availability(clientCookie, sunday, 'sara@klok.demo');
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });

  it('offers nothing on a past day, to staff either', async () => {
    const past = madridDates(-14, -1)[0]!;
    const r = await availability(staffCookie, past, 'sara@klok.demo');
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });
});

describe('validation', () => {
  test.each([
    ['an impossible date', '2026-02-30', { serviceDuration: 30 }],
    ['a date in another format', '23-11-2026', { serviceDuration: 30 }],
    ['a word as date', 'tomorrow', { serviceDuration: 30 }],
  ])('answers 400 for %s', async (_name, date, query) => {
    const r = await availability(clientCookie, date, 'sara@klok.demo', query);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'bad_request', message: messages.errors.invalidRequest });
  });

  test.each([
    ['a missing duration', {}],
    ['a zero duration', { serviceDuration: 0 }],
    ['a negative duration', { serviceDuration: -30 }],
    ['a text duration', { serviceDuration: 'abc' }],
    ['a fractional duration', { serviceDuration: 12.5 }],
    ['a duration over 8 hours', { serviceDuration: 481 }],
  ])('answers 400 for %s', async (_name, query) => {
    const r = await availability(clientCookie, weekday(), 'sara@klok.demo', query);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
  });

  it('answers 404 for an unknown stylist', async () => {
    const r = await availability(clientCookie, weekday(), 'nadie@klok.demo');
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'not_found', message: messages.errors.employeeNotFound });
  });

  it('answers 404 when the e-mail is a client, not a stylist', async () => {
    const r = await availability(clientCookie, weekday(), 'cliente@klok.demo');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });

  it('answers 404 for an unknown service', async () => {
    const r = await availability(clientCookie, weekday(), 'sara@klok.demo', { serviceDuration: 30, serviceId: 99999 });
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'not_found', message: messages.errors.serviceNotFound });
  });

  it('answers a visitor without a session exactly as a client (beyond-the-spec section 1)', async () => {
    const visitor = await availability(undefined, weekday(), 'sara@klok.demo');
    expect(visitor.status).toBe(200);
    expect(visitor.body.items.length).toBeGreaterThan(0);
    expect(visitor.body).toEqual((await availability(clientCookie, weekday(), 'sara@klok.demo')).body);
  });
});

describe('special shifts', () => {
  it("gives no hours on marcos's special closed day while sara works that day", async () => {
    const wednesday = nextWednesday();
    const closed = await availability(clientCookie, wednesday, 'marcos@klok.demo');
    expect(closed.status).toBe(200);
    expect(closed.body.items).toEqual([]);
    const staffView = await availability(staffCookie, wednesday, 'marcos@klok.demo');
    expect(staffView.body.items).toEqual([]);
    const open = await availability(clientCookie, wednesday, 'sara@klok.demo');
    expect(flat(open.body.items).length).toBeGreaterThan(0);
  });
});

describe('the 30-day client window', () => {
  // The client window ends with the 30th day after today (Madrid): from Monday TODAY, a Wednesday; the
  // Thursday after it is the first day beyond.
  const lastInWindow = () => dayFromToday(30);
  const firstBeyond = () => dayFromToday(31);

  it('shows a client the last working day within 30 days', async () => {
    const r = await availability(clientCookie, lastInWindow(), 'sara@klok.demo');
    expect(r.status).toBe(200);
    expect(flat(r.body.items).length).toBeGreaterThan(0);
  });

  it('shows a client nothing beyond 30 days', async () => {
    const r = await availability(clientCookie, firstBeyond(), 'sara@klok.demo');
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });

  it('shows staff the hours beyond 30 days', async () => {
    const date = firstBeyond();
    const r = await availability(staffCookie, date, 'sara@klok.demo');
    expect(r.status).toBe(200);
    const hours = flat(r.body.items);
    expect(hours.length).toBeGreaterThan(0);
    // Saturdays open at 09:00, other working days at 09:30.
    const opening = DateTime.fromISO(date, { zone: ZONE }).weekday === 6 ? '09:00' : '09:30';
    expect(hours[0]!.start_time).toBe(madridInstant(date, opening));
  });

  it('shows staff a date months ahead', async () => {
    const date = madridDates(90, 100)[0]!;
    const r = await availability(staffCookie, date, 'sara@klok.demo');
    expect(flat(r.body.items)[0]!.start_time).toBe(madridInstant(date, '09:30'));
  });
});
