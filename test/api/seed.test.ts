/**
 * The demo seed's sample agenda is consistent with the stylists' schedules: every pending appointment's
 * busy parts lie inside its stylist's open intervals on its date (weekly shifts, replaced by a special
 * shift on that date; Marcos's "Formación" day is closed), computed with the booking rules themselves.
 * Checked for the seeded `klok` tenant (seeded on the test clock's `TODAY`) and for demo tenants anchored on
 * each of the seven days from `TODAY`, so every weekday position of the plan (Saturdays, Sundays, the special day) is exercised.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { openIntervals } from '@/lib/domain/availability';
import { contains, madridDate, ZONE } from '@/lib/domain/time';
import { getDb } from '@/lib/server/db/client';
import { appointments, busySlots, specialShifts, users } from '@/lib/server/db/schema';
import { seedTenant } from '@/lib/server/db/seed';
import { serverNow } from '@/lib/server/clock';
import { scheduleOf } from '@/lib/server/repositories/employees';
import { closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT, MARCOS, nextWednesday, tenantId, pinTestClock, dayFromToday, madridInstant, TEST_HOUR } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const ANCHORS = [0, 1, 2, 3, 4, 5, 6];

beforeAll(async () => {
  await openTestDb({ keepSeedAgenda: true });
  const db = await getDb();
  for (const k of ANCHORS) await seedTenant(db, `demo-day${k}`, Date.parse(madridInstant(dayFromToday(k), TEST_HOUR)));
}, DB_TIMEOUT);
afterAll(closeTestDb);

type Misplaced = { stylist: string; client: string; date: string; start: string; part: string };

/** The seeded appointments of a tenant whose busy parts fall outside their stylist's open intervals. */
async function misplaced(slug: string): Promise<{ checked: number; future: number; wrong: Misplaced[] }> {
  const db = await getDb();
  const tid = await tenantId(slug);
  const rows = await db
    .select({ a: appointments, stylist: users.email })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.employeeId))
    .where(and(eq(appointments.tenantId, tid), eq(appointments.status, 'pending')))
    .orderBy(asc(appointments.startAt));
  const wrong: Misplaced[] = [];
  for (const { a, stylist } of rows) {
    const date = madridDate(a.startAt);
    const { week, special } = await scheduleOf(db, tid, a.employeeId, date);
    const open = openIntervals(date, week, special);
    const parts = await db.select().from(busySlots).where(eq(busySlots.appointmentId, a.id));
    expect(parts.length).toBeGreaterThan(0);
    for (const p of parts) {
      const part = { start: p.startAt.getTime(), end: p.endAt.getTime() };
      if (!open.some((o) => contains(o, part))) {
        const hhmm = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('HH:mm');
        wrong.push({ stylist, client: a.clientName, date, start: hhmm(a.startAt.getTime()), part: `${hhmm(part.start)}-${hhmm(part.end)}` });
      }
    }
  }
  return { checked: rows.length, future: rows.filter((r) => r.a.endAt.getTime() > serverNow()).length, wrong };
}

describe('the demo seed', () => {
  it("places klok's sample appointments inside working hours", async () => {
    const r = await misplaced('klok');
    expect(r.wrong).toEqual([]);
    // The whole plan is seeded: past visits and pending ones ahead.
    expect(r.checked).toBe(7);
    expect(r.future).toBe(4);
  });

  it("keeps Marcos's special closed day (Formación) free", async () => {
    const db = await getDb();
    const tid = await tenantId('klok');
    const [formacion] = await db.select().from(specialShifts).where(eq(specialShifts.tenantId, tid));
    expect(formacion).toMatchObject({ date: nextWednesday(), available: false, notes: 'Formación' });
    const marcos = await db.select().from(users).where(and(eq(users.tenantId, tid), eq(users.email, MARCOS)));
    const onThatDay = (await db.select().from(appointments).where(eq(appointments.employeeId, marcos[0]!.id))).filter(
      (a) => madridDate(a.startAt) === formacion!.date,
    );
    expect(onThatDay).toEqual([]);
  });

  it.each(ANCHORS)('places every sample appointment inside working hours when seeded %i day(s) later', async (k) => {
    const r = await misplaced(`demo-day${k}`);
    expect(r.wrong).toEqual([]);
    expect(r.checked).toBe(7);
  });
});
