/**
 * The database's own overlap guard (ARCHITECTURE convention 10): the exclusion constraint
 * `busy_slots_no_overlap` refuses two active busy ranges of one stylist that overlap, with SQLSTATE
 * 23P01. Ranges are half-open, so touching ranges are fine; inactive rows (cancelled) never block.
 */
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { busySlots, leaves } from '@/lib/server/db/schema';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT, sqlState, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

let db: Db;
let tid: number;
let sara: string;
let marcos: string;
let leaveId: string;

beforeAll(async () => {
  await openTestDb();
  db = await getDb();
  tid = await tenantId();
  sara = (await findUserByEmail(db, tid, 'sara@klok.demo'))!.id;
  marcos = (await findUserByEmail(db, tid, 'marcos@klok.demo'))!.id;
  const admin = (await findUserByEmail(db, tid, 'admin@klok.demo'))!.id;
  // Busy rows need an owner; one leave row owns every busy row of these tests.
  const [leave] = await db
    .insert(leaves)
    .values({ tenantId: tid, employeeId: sara, startAt: new Date('2030-01-01T00:00:00Z'), endAt: new Date('2030-01-31T00:00:00Z'), createdBy: admin })
    .returning({ id: leaves.id });
  leaveId = leave!.id;
}, DB_TIMEOUT);
afterAll(closeTestDb);

/** Inserts one busy row of a stylist on a far-future day (UTC `HH:mm` times). */
function insertBusy(employeeId: string, day: string, from: string, to: string, active = true) {
  return db
    .insert(busySlots)
    .values({
      tenantId: tid,
      employeeId,
      leaveId,
      startAt: new Date(`${day}T${from}:00Z`),
      endAt: new Date(`${day}T${to}:00Z`),
      active,
    })
    .returning({ id: busySlots.id });
}

const rowsOn = async (employeeId: string, day: string) =>
  (await db.select().from(busySlots).where(eq(busySlots.employeeId, employeeId))).filter(
    (r) => r.startAt.toISOString().slice(0, 10) === day,
  );

it('refuses two overlapping active rows of one stylist with 23P01', async () => {
  const day = '2030-01-07';
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00'))).toBe('ok');
  expect(await sqlState(() => insertBusy(sara, day, '09:30', '10:30'))).toBe('23P01');
  // A range inside another one and an identical range are refused too.
  expect(await sqlState(() => insertBusy(sara, day, '09:15', '09:45'))).toBe('23P01');
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00'))).toBe('23P01');
  expect(await rowsOn(sara, day)).toHaveLength(1);
});

it('accepts touching rows (half-open ranges)', async () => {
  const day = '2030-01-08';
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00'))).toBe('ok');
  expect(await sqlState(() => insertBusy(sara, day, '10:00', '10:30'))).toBe('ok');
  expect(await sqlState(() => insertBusy(sara, day, '08:30', '09:00'))).toBe('ok');
  expect(await rowsOn(sara, day)).toHaveLength(3);
});

it('lets an inactive row overlap an active one', async () => {
  const day = '2030-01-09';
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00'))).toBe('ok');
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00', false))).toBe('ok');
  expect(await sqlState(() => insertBusy(sara, day, '09:30', '10:30', false))).toBe('ok');
  expect(await rowsOn(sara, day)).toHaveLength(3);
});

it('frees the time once a row is deactivated (cancellation) and refuses to reactivate an overlapped one', async () => {
  const day = '2030-01-10';
  const [first] = await insertBusy(sara, day, '09:00', '10:00');
  await db.update(busySlots).set({ active: false }).where(eq(busySlots.id, first!.id));
  expect(await sqlState(() => insertBusy(sara, day, '09:30', '10:30'))).toBe('ok');
  expect(await sqlState(() => db.update(busySlots).set({ active: true }).where(eq(busySlots.id, first!.id)))).toBe('23P01');
});

it('lets two stylists be busy at the same time', async () => {
  const day = '2030-01-11';
  expect(await sqlState(() => insertBusy(sara, day, '09:00', '10:00'))).toBe('ok');
  expect(await sqlState(() => insertBusy(marcos, day, '09:00', '10:00'))).toBe('ok');
});

it('refuses a row ending before it starts', async () => {
  // The check constraint busy_slots_order (SQLSTATE 23514).
  expect(await sqlState(() => insertBusy(sara, '2030-01-14', '10:00', '09:00'))).toBe('23514');
});
