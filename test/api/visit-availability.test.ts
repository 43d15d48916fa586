/**
 * The visit form of the availability call (beyond-the-spec section 2): `services=ID,ID` asks for services
 * back to back and `any` for "Cualquier estilista". The seed's split shifts (Monday–Friday 09:30–14:00 and
 * 16:00–20:00); Color is 75 minutes with a free gap from 30 to 60; Lucía and Sara offer Color, Marcos does
 * not. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { GET as getAvailable } from '@/app/api/v1/facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import { POST as holdHandler } from '@/app/api/v1/holds/route';
import { ANA, DB_TIMEOUT, insertAppointmentRow, insertLeaveRow, LUCIA, madridDates, madridHHmm, madridInstant, MARCOS, pinTestClock, SARA, serviceId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let colour: number;
let corte: number;
let barba: number;
let client: string;
let days: string[];

type Answer = { status: number; body: { items?: { hour: string; hours: { start_time: string; end_time: string }[] }[]; error?: { code: string } } };

/** `GET …/{date}/{stylist|any}/appointments/available?{query}`, as the demo client unless `cookie` is null (a visitor). */
function hours(date: string, stylist: string, query: string, cookie: string | null = client): Promise<Answer> {
  return call(getAvailable, {
    path: `/api/v1/facility/1/${date}/${encodeURIComponent(stylist)}/appointments/available?${query}`,
    params: { facilityId: '1', date, employeeEmail: stylist },
    cookie: cookie ?? undefined,
  });
}

/** The start times (Madrid HH:mm) of an answer, and each hour's length in minutes. */
const startsOf = (a: Answer) => (a.body.items ?? []).flatMap((g) => g.hours.map((h) => madridHHmm(h.start_time)));
const lengthsOf = (a: Answer) => new Set((a.body.items ?? []).flatMap((g) => g.hours.map((h) => (Date.parse(h.end_time) - Date.parse(h.start_time)) / 60_000)));

beforeAll(async () => {
  await openTestDb();
  colour = await serviceId('Color');
  corte = await serviceId('Corte de pelo');
  barba = await serviceId('Arreglo de barba');
  client = await sessionFor(ANA);
  days = madridDates(2, 20);
});
afterAll(closeTestDb);

describe('one stylist, several services', () => {
  it('answers the services back to back: each hour lasts the whole visit and fits the shift', async () => {
    const a = await hours(days[0]!, SARA, `services=${colour},${corte}`);
    expect(a.status).toBe(200);
    expect(lengthsOf(a)).toEqual(new Set([105]));
    const starts = startsOf(a);
    expect(starts[0]).toBe('09:30');
    // 105 minutes end by 14:00: the last morning start is 12:15; the afternoon starts at 16:00.
    expect(starts).toContain('12:15');
    expect(starts).not.toContain('12:30');
    expect(starts).toContain('16:00');
  });

  it('leaves the colour’s processing gap free: another client inside it does not hide the visit', async () => {
    const day = days[1]!;
    await insertAppointmentRow({ employee: SARA, client: ANA, start: madridInstant(day, '10:00'), minutes: 30 });
    const starts = startsOf(await hours(day, SARA, `services=${colour},${corte}`));
    // Colour 09:30–10:45 is busy 09:30–10:00 and 10:30–10:45: the appointment at 10:00–10:30 sits in the gap.
    expect(starts).toContain('09:30');
    expect(starts).not.toContain('09:45');
  });

  it('finds nothing when the stylist does not offer every service', async () => {
    const a = await hours(days[2]!, MARCOS, `services=${colour},${corte}`);
    expect(a.status).toBe(200);
    expect(a.body.items).toEqual([]);
  });
});

describe('Cualquier estilista', () => {
  it('offers the hours of whoever is free: a stylist on leave all day leaves the others’ hours', async () => {
    const day = days[3]!;
    await insertLeaveRow({ employee: SARA, start: madridInstant(day, '08:00'), end: madridInstant(day, '21:00') });
    expect(startsOf(await hours(day, SARA, `services=${colour},${corte}`))).toEqual([]);
    const any = startsOf(await hours(day, 'any', `services=${colour},${corte}`));
    expect(any).toEqual(startsOf(await hours(day, LUCIA, `services=${colour},${corte}`)));
    expect(any.length).toBeGreaterThan(0);
  });

  it('offers a start possible only by splitting the visit between two stylists', async () => {
    const day = days[4]!;
    // Lucía can do the colour at 09:30 but not the cut at 10:45; Marcos cannot colour but is free for the cut.
    await insertAppointmentRow({ employee: LUCIA, client: ANA, start: madridInstant(day, '10:45'), minutes: 30 });
    await insertLeaveRow({ employee: SARA, start: madridInstant(day, '08:00'), end: madridInstant(day, '21:00') });
    expect(startsOf(await hours(day, LUCIA, `services=${colour},${corte}`))).not.toContain('09:30');
    expect(startsOf(await hours(day, 'any', `services=${colour},${corte}`))).toContain('09:30');
  });

  it('with one service is the union of every stylist who offers it, for visitors too', async () => {
    const day = days[5]!;
    await insertLeaveRow({ employee: MARCOS, start: madridInstant(day, '09:00'), end: madridInstant(day, '12:00') });
    const any = startsOf(await hours(day, 'any', `serviceId=${barba}`, null));
    const marcos = startsOf(await hours(day, MARCOS, `serviceDuration=15&serviceId=${barba}`, null));
    // Only Marcos offers the beard trim: "any" is exactly his hours.
    expect(any).toEqual(marcos);
    expect(any).not.toContain('10:00');
  });

  it('offers a visitor the hour of its own hold, named or "any", and hides it from everyone else', async () => {
    const day = days[7]!;
    // Lucía away all day and Marcos offers no colour: Sara alone can do it.
    await insertLeaveRow({ employee: LUCIA, start: madridInstant(day, '08:00'), end: madridInstant(day, '21:00') });
    const held = await call(holdHandler, {
      method: 'POST',
      path: '/api/v1/holds',
      body: { start_time: madridInstant(day, '10:00'), employee_id: SARA, service_ids: [colour] },
      headers: { 'x-klok-client-ip': '10.7.0.1' },
    });
    expect(held.status).toBe(201);
    const holder = /klok_holder=[^;]+/.exec(held.res.headers.get('set-cookie') ?? '')![0];
    for (const stylist of [SARA, 'any']) {
      expect(startsOf(await hours(day, stylist, `services=${colour}`, holder))).toContain('10:00');
      expect(startsOf(await hours(day, stylist, `services=${colour}`, null))).not.toContain('10:00');
      expect(startsOf(await hours(day, stylist, `services=${colour}`))).not.toContain('10:00');
    }
  });
});

describe('bad requests', () => {
  it.each([
    ['a repeated service', 400, () => `services=${corte},${corte}`],
    ['five services', 400, () => `services=1,2,3,4,5`],
    ['not a list of ids', 400, () => `services=corte`],
    ['neither serviceDuration nor services', 400, () => ''],
    ['an unknown service', 404, () => `services=${corte},999999`],
  ])('%s → %i', async (_what, status, query) => {
    expect((await hours(days[6]!, SARA, query())).status).toBe(status);
  });

  it('refuses "any" without a service (400) and an unknown stylist (404)', async () => {
    expect((await hours(days[6]!, 'any', 'serviceDuration=30')).status).toBe(400);
    expect((await hours(days[6]!, 'nadie@klok.demo', `services=${corte}`)).status).toBe(404);
  });
});
