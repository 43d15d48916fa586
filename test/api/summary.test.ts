/**
 * The owner's summary and the accountant's CSV (beyond-the-spec section 6): `GET /facility/1/reports/summary`
 * over a small past week (attended, unmarked, a visit of two services, a no-show, a cancellation and a late
 * one, a walk-in still waiting for its 48 hours, a colour with its processing gap, a leave), new against
 * returning clients, rebooking, a waitlist refill and the previous period; `GET
 * /facility/1/reports/appointments.csv` byte for byte; who may read them; the period's validation. Injected
 * clock: Monday 2027-05-03 08:00 in Madrid, the week summarised the one before.
 */
import { randomUUID } from 'node:crypto';
import { GET as csvHandler } from '@/app/api/v1/facility/[facilityId]/reports/appointments.csv/route';
import { GET as summaryHandler } from '@/app/api/v1/facility/[facilityId]/reports/summary/route';
import { previousPeriod } from '@/lib/domain/summary';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { waitlistEntries, waitlistOffers, waitlistOpenings } from '@/lib/server/db/schema';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  ANA,
  createClient,
  DB_TIMEOUT,
  GUEST,
  insertAppointmentRow,
  insertLeaveRow,
  LUCIA,
  madridInstant,
  MARCOS,
  pinTestClock,
  SARA,
  serviceId,
  tenantId,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const WEEK = { from: '2027-04-26', to: '2027-05-02' };
const at = madridInstant;

const summary = (cookie: string | undefined, q: string) =>
  call(summaryHandler, { path: `/api/v1/facility/1/reports/summary?${q}`, params: { facilityId: '1' }, cookie });
const csv = (cookie: string | undefined, q: string) =>
  call(csvHandler, { path: `/api/v1/facility/1/reports/appointments.csv?${q}`, params: { facilityId: '1' }, cookie });

let admin: string;
let employee: string;
let client: string;

beforeAll(async () => {
  await openTestDb();
  admin = await sessionFor(LUCIA);
  employee = await sessionFor(MARCOS);
  client = await sessionFor(ANA);

  const nueva = await createClient('nueva.resumen@example.com', { name: 'Inés Nueva' });
  const habitual = await createClient('habitual.resumen@example.com', { name: 'Hugo Habitual' });
  const ausente = await createClient('ausente.resumen@example.com', { name: 'Alba Ausente' });
  const [n, h, a] = [nueva.user.email, habitual.user.email, ausente.user.email];

  // Before the week: Hugo's first visit (March), Alba's attended visit of the week before.
  await insertAppointmentRow({ employee: SARA, client: h, start: at('2027-03-15', '10:00'), set: { createdAt: new Date(at('2027-03-01', '10:00')) } });
  await insertAppointmentRow({ employee: SARA, client: a, start: at('2027-04-21', '10:00'), set: { attendance: 'attended' } });

  // The week.
  // Mon: Inés's first visit, unmarked (ended more than 48 hours ago: attended); she books Thursday's colour during it.
  await insertAppointmentRow({ employee: SARA, client: n, start: at('2027-04-26', '10:00'), set: { createdAt: new Date(at('2027-04-20', '12:00')) } });
  // Tue: Hugo's visit of two services, unmarked; his next visit (20 May) booked that afternoon.
  const visit = randomUUID();
  await insertAppointmentRow({ employee: SARA, client: h, start: at('2027-04-27', '16:00'), set: { visitId: visit } });
  await insertAppointmentRow({ employee: SARA, client: h, start: at('2027-04-27', '16:30'), serviceName: 'Tratamiento hidratante', set: { visitId: visit } });
  await insertAppointmentRow({ employee: SARA, client: h, start: at('2027-05-20', '10:00'), set: { createdAt: new Date(at('2027-04-27', '17:05')) } });
  // Wed: Alba does not come ("No vino").
  await insertAppointmentRow({ employee: SARA, client: a, start: at('2027-04-28', '10:00'), serviceName: 'Peinado', set: { attendance: 'no_show', createdAt: new Date(at('2027-04-25', '10:00')) } });
  // Thu: Inés's colour (20 active + 30 processing + 10 finishing minutes … as the seed's Color: 0–30 and 60–75), marked "Vino".
  await insertAppointmentRow({
    employee: SARA,
    client: n,
    start: at('2027-04-29', '10:00'),
    serviceName: 'Color',
    segments: [
      { startMinutes: 0, endMinutes: 30 },
      { startMinutes: 60, endMinutes: 75 },
    ],
    set: { attendance: 'attended', createdAt: new Date(at('2027-04-26', '10:20')) },
  });
  // Thu: a cancelled appointment of Alba, under a name a spreadsheet would run as a formula.
  await insertAppointmentRow({ employee: SARA, client: a, start: at('2027-04-29', '16:00'), clientName: '=2+3', set: { status: 'cancelled' } });
  // Fri: Inés cancels late; her booking of 10 May comes after Thursday: Thursday's visit is not rebooked.
  await insertAppointmentRow({ employee: SARA, client: n, start: at('2027-04-30', '12:00'), set: { status: 'cancelled', lateCancellation: true } });
  await insertAppointmentRow({ employee: SARA, client: n, start: at('2027-05-10', '10:00'), set: { createdAt: new Date(at('2027-05-01', '09:00')) } });
  // Sat: a walk-in with Marcos, ended 45½ hours before the clock: not yet counted as attended, but booked time.
  await insertAppointmentRow({ employee: MARCOS, client: GUEST, start: at('2027-05-01', '10:00'), clientName: 'Peña; Núñez' });
  // Sara's leave of an hour on Tuesday morning.
  await insertLeaveRow({ employee: SARA, start: at('2027-04-27', '10:00'), end: at('2027-04-27', '11:00') });

  // A waitlist offer claimed for Friday (and one still open, which is no refill).
  const db = await getDb();
  const tid = await tenantId();
  const sara = (await findUserByEmail(db, tid, SARA))!;
  const corte = await serviceId('Corte de pelo');
  const [entry] = await db
    .insert(waitlistEntries)
    .values({ tenantId: tid, clientId: nueva.user.id, userId: nueva.user.id, userName: 'Inés Nueva', serviceIds: [corte], fromDate: '2027-04-26', toDate: '2027-04-30', partOfDay: 'any', status: 'booked', createdBy: nueva.user.id })
    .returning();
  const [opening] = await db
    .insert(waitlistOpenings)
    .values({ tenantId: tid, employeeId: sara.id, startAt: new Date(at('2027-04-30', '17:00')), endAt: new Date(at('2027-04-30', '17:30')), cause: 'cancellation' })
    .returning();
  await db.insert(waitlistOffers).values([
    { tenantId: tid, openingId: opening!.id, entryId: entry!.id, startAt: new Date(at('2027-04-30', '17:00')), employeeId: sara.id, status: 'claimed', expiresAt: new Date(at('2027-04-30', '12:00')) },
  ]);
  const [other] = await db
    .insert(waitlistEntries)
    .values({ tenantId: tid, clientId: habitual.user.id, userId: habitual.user.id, userName: 'Hugo Habitual', serviceIds: [corte], fromDate: '2027-04-26', toDate: '2027-04-30', partOfDay: 'any', status: 'expired', createdBy: habitual.user.id })
    .returning();
  await db.insert(waitlistOffers).values({ tenantId: tid, openingId: opening!.id, entryId: other!.id, startAt: new Date(at('2027-04-30', '17:00')), status: 'taken', expiresAt: new Date(at('2027-04-30', '12:00')) });
});
afterAll(closeTestDb);

describe('the summary of a week', () => {
  it('answers the figures of the contract', async () => {
    const r = await summary(employee, `from=${WEEK.from}&to=${WEEK.to}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      from: WEEK.from,
      to: WEEK.to,
      // Inés's cut (18) and colour (45), Hugo's visit (18 + 30); not the walk-in still inside its 48 hours.
      revenue_estimated: 111,
      attended: 3,
      no_shows: 1,
      cancelled: 2,
      late_cancellations: 1,
      no_show_loss: 20,
      occupancy: [
        { employee_id: LUCIA, booked_minutes: 0, scheduled_minutes: 2850 },
        { employee_id: MARCOS, booked_minutes: 30, scheduled_minutes: 2850 },
        // 30 (cut) + 45 (colour's busy parts, not its 30-minute gap) + 60 (the visit); the no-show and the cancelled ones not.
        { employee_id: SARA, booked_minutes: 135, scheduled_minutes: 2850 - 60 },
      ],
      occupancy_by_day: expect.any(Array),
      new_clients: 1,
      returning_clients: 1,
      rebooked_share: 2 / 3,
      waitlist_refills: 1,
    });
  });

  it('answers the occupancy of each day and stylist, adding up to the week', async () => {
    const r = await summary(employee, `from=${WEEK.from}&to=${WEEK.to}`);
    const byDay: { date: string; employee_id: string; booked_minutes: number; scheduled_minutes: number }[] = r.body.data.occupancy_by_day;
    // Every day in order, each with the stylists of the occupancy in its order.
    expect(byDay.map((o) => `${o.date.slice(8)} ${o.employee_id}`)).toEqual(
      ['26', '27', '28', '29', '30', '01', '02'].flatMap((d) => [LUCIA, MARCOS, SARA].map((e) => `${d} ${e}`)),
    );
    const of = (email: string) => byDay.filter((o) => o.employee_id === email).map((o) => [o.booked_minutes, o.scheduled_minutes]);
    // Sara: Monday's cut; Tuesday's visit and her hour of leave; Wednesday's no-show and Friday's late
    // cancellation book nothing; Thursday's colour without its gap; Saturday's short day; Sunday closed.
    expect(of(SARA)).toEqual([
      [30, 510],
      [60, 450],
      [0, 510],
      [45, 510],
      [0, 510],
      [0, 300],
      [0, 0],
    ]);
    expect(of(MARCOS).map(([booked]) => booked)).toEqual([0, 0, 0, 0, 0, 30, 0]);
    for (const o of r.body.data.occupancy) {
      const days = byDay.filter((d) => d.employee_id === o.employee_id);
      expect([days.reduce((n, d) => n + d.booked_minutes, 0), days.reduce((n, d) => n + d.scheduled_minutes, 0)]).toEqual([o.booked_minutes, o.scheduled_minutes]);
    }
  });

  it('counts a client new when the first attended visit falls in the period, and returning when an earlier one exists', async () => {
    // The week before: Alba's first attended visit; Hugo's March visit lies before it.
    const before = previousPeriod(WEEK);
    expect(before).toEqual({ from: '2027-04-19', to: '2027-04-25' });
    const r = await summary(admin, `from=${before.from}&to=${before.to}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ from: '2027-04-19', to: '2027-04-25', revenue_estimated: 18, attended: 1, new_clients: 1, returning_clients: 0, no_shows: 0, waitlist_refills: 0 });
    expect(r.body.data.rebooked_share).toBe(0);
    // March: Hugo's first visit makes him new there.
    const march = await summary(admin, 'from=2027-03-01&to=2027-03-31');
    expect(march.body.data).toMatchObject({ attended: 1, new_clients: 1, returning_clients: 0, revenue_estimated: 18 });
  });

  it('reads one day (Hoy): the walk-in counts as booked time, not yet as attended', async () => {
    const r = await summary(employee, 'from=2027-05-01&to=2027-05-01');
    expect(r.body.data).toMatchObject({ revenue_estimated: 0, attended: 0, cancelled: 0, rebooked_share: null });
    // Saturday 09:00–14:00 for each stylist.
    expect(r.body.data.occupancy).toEqual([
      { employee_id: LUCIA, booked_minutes: 0, scheduled_minutes: 300 },
      { employee_id: MARCOS, booked_minutes: 30, scheduled_minutes: 300 },
      { employee_id: SARA, booked_minutes: 0, scheduled_minutes: 300 },
    ]);
  });
});

describe('the period', () => {
  it.each([
    ['a malformed date', 'from=2027-4-26&to=2027-05-02', messages.validation.invalidDate],
    ['an unreal date', 'from=2027-02-30&to=2027-03-02', messages.validation.invalidDate],
    ['from after to', 'from=2027-05-02&to=2027-04-26', messages.validation.endBeforeStart],
    ['more than 370 days', 'from=2026-01-01&to=2027-01-06', messages.validation.reportRangeTooLong],
  ])('answers 400 for %s, on the summary and the CSV alike', async (_, q, message) => {
    const answers = [await summary(admin, q), await csv(admin, q)];
    expect(answers.map((r) => [r.status, r.body.error.code])).toEqual([
      [400, 'bad_request'],
      [400, 'bad_request'],
    ]);
    expect(answers.map((r) => JSON.stringify(r.body.error).includes(message))).toEqual([true, true]);
  });

  it('answers 400 without an end date', async () => {
    const answers = [await summary(admin, 'from=2027-04-26'), await csv(admin, 'from=2027-04-26')];
    expect(answers.map((r) => r.status)).toEqual([400, 400]);
  });

  it('reads a whole year of 370 days', async () => {
    const r = await summary(admin, 'from=2026-05-01&to=2027-05-05');
    expect(r.status).toBe(200);
    expect(r.body.data.attended).toBe(5);
  });
});

describe('the CSV for the accountant', () => {
  it('is UTF-8 with BOM, ;-separated, CRLF, one row per appointment with Spanish headers', async () => {
    const r = await csv(admin, `from=${WEEK.from}&to=${WEEK.to}`);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.res.headers.get('content-disposition')).toBe('attachment; filename="citas-2027-04-26-2027-05-02.csv"');
    const bytes = Buffer.from(r.text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.text.endsWith('\r\n')).toBe(true);
    const lines = r.text.slice(1).split('\r\n').slice(0, -1);
    expect(lines).toEqual([
      'Fecha;Hora;Cliente;Servicios;Estilista;Precio;Estado;Asistencia',
      '26/04/2027;10:00;Inés Nueva;Corte de pelo;Sara López;18,00;Reservada;Vino',
      '27/04/2027;16:00;Hugo Habitual;Corte de pelo;Sara López;18,00;Reservada;Vino',
      '27/04/2027;16:30;Hugo Habitual;Tratamiento hidratante;Sara López;30,00;Reservada;Vino',
      '28/04/2027;10:00;Alba Ausente;Peinado;Sara López;20,00;Reservada;No vino',
      '29/04/2027;10:00;Inés Nueva;Color;Sara López;45,00;Reservada;Vino',
      "29/04/2027;16:00;'=2+3;Corte de pelo;Sara López;18,00;Cancelada;",
      '30/04/2027;12:00;Inés Nueva;Corte de pelo;Sara López;18,00;Cancelada tarde;',
      '01/05/2027;10:00;"Peña; Núñez";Corte de pelo;Marcos Ruiz;18,00;Reservada;Pendiente',
    ]);
  });

  it('holds only the header for a period without appointments', async () => {
    const r = await csv(admin, 'from=2027-01-04&to=2027-01-10');
    expect(r.text).toBe('\uFEFFFecha;Hora;Cliente;Servicios;Estilista;Precio;Estado;Asistencia\r\n');
  });
});

describe('who reads them', () => {
  it('refuses the CSV to an employee (403) and both to a client (403) and to nobody signed in (401)', async () => {
    const q = `from=${WEEK.from}&to=${WEEK.to}`;
    const refusals = [
      [await csv(employee, q), 403],
      [await csv(client, q), 403],
      [await summary(client, q), 403],
      [await summary(undefined, q), 401],
      [await csv(undefined, q), 401],
    ] as const;
    expect(refusals.map(([r]) => r.status)).toEqual(refusals.map(([, s]) => s));
    expect(refusals.map(([r]) => r.body.error.message)).toEqual([
      messages.errors.forbidden,
      messages.errors.forbidden,
      messages.errors.forbidden,
      messages.errors.unauthenticated,
      messages.errors.unauthenticated,
    ]);
  });
});
