/**
 * The owner's summary reads closed days from `summary_days` (beyond-the-spec section 6): a closed day's grouped
 * appointments are kept once its row has existed the grace, later summaries answer the same figures from them,
 * and every change that can alter a kept day empties it, so the figures always follow the appointments: a mark
 * changed on the day, a past appointment added, a next visit booked that day and cancelled later, an earlier
 * first visit un-attended. Figures computed while a change was committing are not kept. Injected clock:
 * Monday 2027-05-03 08:00 in Madrid; the week summarised 2027-04-19–25 (closed), and the days still inside
 * their 48 hours (never kept).
 */
import { and, eq } from 'drizzle-orm';
import { dayStartsOf, isClosedDay, type Period } from '@/lib/domain/summary';
import { settledEndAt } from '@/lib/domain/reliability';
import { getDb } from '@/lib/server/db/client';
import { appointments, summaryDays } from '@/lib/server/db/schema';
import { storedDays, storeDays } from '@/lib/server/repositories/reports';
import { summaryOf } from '@/lib/server/services/summary-report';
import { closeTestDb, openTestDb } from './harness';
import { createClient, DB_TIMEOUT, GUEST, insertAppointmentRow, madridInstant, pinTestClock, SARA, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const at = madridInstant;
const NOW = Date.parse(at('2027-05-03', '08:00'));
const WEEK: Period = { from: '2027-04-19', to: '2027-04-25' };

let tid: number;
let rosaMonday: string;
let rosaNext: string;

/** The summary as the route reads it, keeping computed days at once (no grace: no change runs meanwhile). */
const summary = async (period: Period, graceMs = 0) => summaryOf(await getDb(), tid, period, NOW, graceMs);

/** The week's rows in `summary_days`, by Madrid day of month: whether each holds figures. */
async function kept(period: Period = WEEK): Promise<Record<string, boolean>> {
  const [first, ...rest] = dayStartsOf(period);
  const rows = await storedDays(await getDb(), tid, first!, rest.at(-1)!, 0);
  return Object.fromEntries(rows.map((r) => [new Date(r.start + 12 * 3600_000).toISOString().slice(8, 10), r.rows !== null]));
}

beforeAll(async () => {
  await openTestDb();
  tid = await tenantId();
  const rosa = (await createClient('rosa.dias@example.com', { name: 'Rosa Días' })).user.email;
  // Monday: Rosa's first visit ever (unmarked, settled: attended); during it she books Thursday.
  rosaMonday = await insertAppointmentRow({ employee: SARA, client: rosa, start: at('2027-04-19', '10:00'), set: { createdAt: new Date(at('2027-04-12', '10:00')) } });
  await insertAppointmentRow({ employee: SARA, client: rosa, start: at('2027-04-22', '10:00'), set: { attendance: 'attended', createdAt: new Date(at('2027-04-19', '10:20')) } });
  // During Thursday's visit she books 20 May: Thursday's visit leaves with a next one.
  rosaNext = await insertAppointmentRow({ employee: SARA, client: rosa, start: at('2027-05-20', '10:00'), set: { createdAt: new Date(at('2027-04-22', '10:20')) } });
});
afterAll(closeTestDb);

describe('kept days', () => {
  it('keeps a closed day on the second read and answers the same figures from it', async () => {
    const first = await summary(WEEK);
    expect(first).toMatchObject({ revenue_estimated: 36, attended: 2, new_clients: 1, returning_clients: 0, rebooked_share: 1 });
    // The first read makes the rows; the second keeps the figures it computes.
    expect(Object.values(await kept())).toEqual(Array(7).fill(false));
    expect(await summary(WEEK)).toEqual(first);
    expect(Object.values(await kept())).toEqual(Array(7).fill(true));
    expect(await summary(WEEK)).toEqual(first);
  });

  it('answers from the kept rows (a kept price shows in the figures)', async () => {
    const db = await getDb();
    const [monday] = await storedDays(db, tid, dayStartsOf(WEEK)[0]!, dayStartsOf(WEEK)[1]!, 0);
    const original = await db.select({ rows: summaryDays.rows }).from(summaryDays).where(and(eq(summaryDays.tenantId, tid), eq(summaryDays.startsAt, new Date(monday!.start))));
    const rows = original[0]!.rows as { p: [number, number][] };
    await db
      .update(summaryDays)
      .set({ rows: { ...rows, p: rows.p.map(([kind, cents]) => [kind, cents + 100_00]) } })
      .where(and(eq(summaryDays.tenantId, tid), eq(summaryDays.startsAt, new Date(monday!.start))));
    expect((await summary(WEEK)).revenue_estimated).toBe(136);
    await db.update(summaryDays).set({ rows }).where(and(eq(summaryDays.tenantId, tid), eq(summaryDays.startsAt, new Date(monday!.start))));
    expect((await summary(WEEK)).revenue_estimated).toBe(36);
  });

  it('a past appointment added to a kept day empties that day only, and the figures count it', async () => {
    // A walk-in (the guest account) on Tuesday, entered afterwards.
    await insertAppointmentRow({ employee: SARA, client: GUEST, start: at('2027-04-20', '12:00'), set: { attendance: 'attended' } });
    expect(await kept()).toEqual({ '19': true, '20': false, '21': true, '22': true, '23': true, '24': true, '25': true });
    expect((await summary(WEEK)).revenue_estimated).toBe(54);
    expect((await kept())['20']).toBe(true);
  });

  it('a next visit booked on a kept day and cancelled later empties that day: the rebooked share follows', async () => {
    const db = await getDb();
    await db.update(appointments).set({ status: 'cancelled' }).where(and(eq(appointments.tenantId, tid), eq(appointments.id, rosaNext)));
    // Thursday (booked that day) and the days of Rosa's appointments since Thursday; Monday and Tuesday stay kept.
    expect(await kept()).toMatchObject({ '19': true, '20': true, '22': false });
    expect((await summary(WEEK)).rebooked_share).toBe(0.5);
  });

  it('"No vino" on the first visit ever empties the later days of the client: she becomes new on Thursday', async () => {
    await summary(WEEK);
    const db = await getDb();
    await db.update(appointments).set({ attendance: 'no_show' }).where(and(eq(appointments.tenantId, tid), eq(appointments.id, rosaMonday)));
    expect(await kept()).toMatchObject({ '19': false, '20': true, '22': false });
    const after = await summary(WEEK);
    expect(after).toMatchObject({ attended: 2, no_shows: 1, new_clients: 1, returning_clients: 0, revenue_estimated: 36, no_show_loss: 18 });
    // Thursday alone: her first attended visit is there.
    expect(await summary({ from: '2027-04-22', to: '2027-04-22' })).toMatchObject({ new_clients: 1 });
  });

  it('an update that changes no summary column leaves the kept days alone', async () => {
    await summary(WEEK);
    const db = await getDb();
    await db.update(appointments).set({ notes: 'Prefiere agua sin gas' }).where(and(eq(appointments.tenantId, tid), eq(appointments.id, rosaMonday)));
    expect(Object.values(await kept())).toEqual(Array(7).fill(true));
  });
});

describe('what is not kept', () => {
  it('figures computed while a change was committing are dropped (the version moved)', async () => {
    const db = await getDb();
    await db.update(appointments).set({ attendance: 'attended' }).where(and(eq(appointments.tenantId, tid), eq(appointments.id, rosaMonday)));
    const [monday] = await storedDays(db, tid, dayStartsOf(WEEK)[0]!, dayStartsOf(WEEK)[1]!, 0);
    expect(monday!.rows).toBeNull();
    // A change lands between the read of the version and the store.
    await db.update(appointments).set({ attendance: 'no_show' }).where(and(eq(appointments.tenantId, tid), eq(appointments.id, rosaMonday)));
    await storeDays(db, tid, [{ start: monday!.start, version: monday!.version, rows: { prices: [], visits: [], busy: [], clients: [], rebooking: [] } }]);
    expect((await kept())['19']).toBe(false);
    expect(await summary(WEEK)).toMatchObject({ no_shows: 1 });
  });

  it('a row younger than the grace keeps nothing', async () => {
    const period = { from: '2027-04-05', to: '2027-04-11' };
    await summary(period, 60_000);
    await summary(period, 60_000);
    expect(Object.values(await kept(period))).toEqual(Array(7).fill(false));
  });

  it('days still inside their 48 hours get no row', async () => {
    const period = { from: '2027-04-26', to: '2027-05-02' };
    const closed = dayStartsOf(period)
      .slice(1)
      .map((end) => isClosedDay(end, settledEndAt(NOW)));
    // Monday to Thursday are closed at Monday 3 May 08:00; Friday to Sunday are not.
    expect(closed).toEqual([true, true, true, true, false, false, false]);
    await summary(period);
    await summary(period);
    expect(await kept(period)).toEqual({ '26': true, '27': true, '28': true, '29': true });
  });
});
