/**
 * The database guards what the agenda's busy-parts read relies on (migration 0010): every busy
 * part of an appointment belongs to the appointment's stylist and lies inside its [start_at, end_at).
 * Inserting or updating a part that does not, or changing an appointment's stylist or times away from its
 * parts (checked at commit), fails with SQLSTATE 23514. Leaves' parts are not concerned.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { appointments, busySlots } from '@/lib/server/db/schema';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { closeTestDb, openTestDb } from './harness';
import { ANA, DB_TIMEOUT, MARCOS, SARA, insertAppointmentRow, sqlState, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

let db: Db;
let tid: number;
let marcos: string;
let sara: string;

beforeAll(async () => {
  await openTestDb();
  db = await getDb();
  tid = await tenantId();
  marcos = (await findUserByEmail(db, tid, MARCOS))!.id;
  sara = (await findUserByEmail(db, tid, SARA))!.id;
}, DB_TIMEOUT);
afterAll(closeTestDb);

const at = (iso: string) => new Date(iso);

/** An appointment of Marcos 10:00–10:30 UTC on `day` (with one part covering it, as the fixture writes it). */
async function appointmentOn(day: string): Promise<string> {
  return insertAppointmentRow({ employee: MARCOS, client: ANA, start: `${day}T10:00:00Z`, minutes: 30 });
}

/** Inserts one more part of appointment `id` (inactive, so the exclusion constraint stays out of the way). */
function insertPart(id: string, employeeId: string, from: string, to: string) {
  return db.insert(busySlots).values({ tenantId: tid, employeeId, appointmentId: id, startAt: at(from), endAt: at(to), active: false });
}

it('accepts parts inside their appointment, its ends included', async () => {
  const id = await appointmentOn('2031-02-03');
  expect(await sqlState(() => insertPart(id, marcos, '2031-02-03T10:00:00Z', '2031-02-03T10:10:00Z'))).toBe('ok');
  expect(await sqlState(() => insertPart(id, marcos, '2031-02-03T10:20:00Z', '2031-02-03T10:30:00Z'))).toBe('ok');
});

it('refuses a part that starts before or ends after its appointment, or of another stylist, with 23514', async () => {
  const id = await appointmentOn('2031-02-04');
  expect(await sqlState(() => insertPart(id, marcos, '2031-02-04T09:50:00Z', '2031-02-04T10:10:00Z'))).toBe('23514');
  expect(await sqlState(() => insertPart(id, marcos, '2031-02-04T10:20:00Z', '2031-02-04T10:40:00Z'))).toBe('23514');
  expect(await sqlState(() => insertPart(id, sara, '2031-02-04T10:00:00Z', '2031-02-04T10:10:00Z'))).toBe('23514');
  // A bulk insert with one bad row is refused whole.
  expect(
    await sqlState(() =>
      db.insert(busySlots).values([
        { tenantId: tid, employeeId: marcos, appointmentId: id, startAt: at('2031-02-04T10:00:00Z'), endAt: at('2031-02-04T10:05:00Z'), active: false },
        { tenantId: tid, employeeId: marcos, appointmentId: id, startAt: at('2031-02-04T10:25:00Z'), endAt: at('2031-02-04T10:35:00Z'), active: false },
      ]),
    ),
  ).toBe('23514');
  const parts = await db.select().from(busySlots).where(and(eq(busySlots.tenantId, tid), eq(busySlots.appointmentId, id)));
  expect(parts).toHaveLength(1);
});

it('refuses moving a part out of its appointment', async () => {
  const id = await appointmentOn('2031-02-05');
  const move = (to: string) =>
    db
      .update(busySlots)
      .set({ endAt: at(to) })
      .where(and(eq(busySlots.tenantId, tid), eq(busySlots.appointmentId, id)));
  expect(await sqlState(() => move('2031-02-05T10:31:00Z'))).toBe('23514');
  expect(await sqlState(() => move('2031-02-05T10:20:00Z'))).toBe('ok');
  // Deactivating (a cancellation) touches no time and passes.
  expect(await sqlState(() => db.update(busySlots).set({ active: false }).where(eq(busySlots.appointmentId, id)))).toBe('ok');
});

it('checks an appointment whose stylist or times change against its parts at commit', async () => {
  const id = await appointmentOn('2031-02-06');
  const whereId = and(eq(appointments.tenantId, tid), eq(appointments.id, id));
  // Moved away from its part: refused when the transaction commits.
  expect(
    await sqlState(() => db.update(appointments).set({ startAt: at('2031-02-06T11:00:00Z'), endAt: at('2031-02-06T11:30:00Z') }).where(whereId)),
  ).toBe('23514');
  expect(await sqlState(() => db.update(appointments).set({ employeeId: sara }).where(whereId))).toBe('23514');
  // Moved with its parts in one transaction (the appointment first): accepted.
  expect(
    await sqlState(() =>
      db.transaction(async (tx) => {
        await tx.update(appointments).set({ startAt: at('2031-02-06T11:00:00Z'), endAt: at('2031-02-06T11:30:00Z') }).where(whereId);
        await tx
          .update(busySlots)
          .set({ startAt: sql`${busySlots.startAt} + interval '1 hour'`, endAt: sql`${busySlots.endAt} + interval '1 hour'` })
          .where(and(eq(busySlots.tenantId, tid), eq(busySlots.appointmentId, id)));
      }),
    ),
  ).toBe('ok');
  // Other columns change freely.
  expect(await sqlState(() => db.update(appointments).set({ notes: 'ok' }).where(whereId))).toBe('ok');
});
