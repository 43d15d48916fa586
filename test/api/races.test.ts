/**
 * Races between a booking and the changes of who can be booked when (the lock order of
 * lib/server/repositories/locks.ts): a client's booking sent in the same instant as the removal of its
 * stylist, the deletion of the client, a weekly-shift change or a closed special day. Each race runs
 * ROUNDS times side by side, each round on its own stylist, the two requests started in an order fixed
 * per round; whichever commits first wins, the other answers as it would one after the other, and a row
 * count after each race shows no appointment outside the rules. Real on the PostgreSQL server
 * (TEST_DATABASE_URL); PGlite serialises transactions, so there the same checks hold trivially.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { DELETE as removeEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/route';
import { POST as createSpecialHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import { PATCH as patchEmployeeHandler } from '@/app/api/v1/employees/[employeeId]/route';
import { DELETE as deleteUserHandler } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments, employeeProfiles, employeeServices, outbox, users, weekShifts } from '@/lib/server/db/schema';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { book, bookingBody, createClient, DB_TIMEOUT, LUCIA, madridDates, madridInstant, serviceId, tenantId, pinTestClock } from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
pinTestClock();

const ROUNDS = 20;
const enc = encodeURIComponent;

let admin: string;
let corte: number;
let tid: number;
/** A weekday (Madrid) a few days ahead, inside the clients' 30-day window. */
let day: string;
let stylists = 0;
let clients = 0;

/** A new stylist working Monday to Friday 09:00–20:00 who offers "Corte de pelo". Returns its e-mail. */
async function newStylist(): Promise<string> {
  stylists += 1;
  const email = `carrera${stylists}@klok.demo`;
  const db = await getDb();
  const [u] = await db.insert(users).values({ tenantId: tid, email, name: `Estilista ${stylists}`, role: 'employee' }).returning({ id: users.id });
  await db.insert(employeeProfiles).values({ tenantId: tid, userId: u!.id });
  await db.insert(weekShifts).values([1, 2, 3, 4, 5].map((d) => ({ tenantId: tid, employeeId: u!.id, day: d, openMinute: 540, closeMinute: 1200 })));
  await db.insert(employeeServices).values({ tenantId: tid, employeeId: u!.id, serviceId: corte });
  return email;
}

const newClient = () => {
  clients += 1;
  return createClient(`carrera-cliente${clients}@example.com`, { name: `Cliente Carrera ${clients}`, onboarded: true });
};

/** Starts `a` and `b` in the same tick, `a` first on even rounds and `b` first on odd ones. */
async function race<A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (round % 2 === 0) {
    const pa = a();
    const pb = b();
    return [await pa, await pb];
  }
  const pb = b();
  const pa = a();
  return [await pa, await pb];
}

/** Pending appointments (not cancelled) of a stylist or a client, by user id. */
async function pendingOf(column: 'employeeId' | 'clientId', id: string) {
  const db = await getDb();
  return db
    .select({ id: appointments.id, startAt: appointments.startAt, clientName: appointments.clientName })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tid), eq(appointments[column], id), eq(appointments.status, 'pending')));
}

async function userId(email: string): Promise<string> {
  const db = await getDb();
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tid), eq(users.email, email)));
  return u!.id;
}

async function clientBooks(start: string, stylist: string) {
  const c = await newClient();
  return { client: c, send: () => book(c.cookie, bookingBody(c.user, { start, employee: stylist, serviceId: corte })) };
}

/** The weekly schedule of `newStylist`, but the weekday of `date` ends at 12:00 (`PATCH /employees/{id}`). */
function changeWeek(stylist: string, date: string) {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const week = [0, 1, 2, 3, 4, 5, 6].map((id) => ({
    id,
    available: id >= 1 && id <= 5,
    shifts: id >= 1 && id <= 5 ? [{ open: '09:00', close: id === weekday ? '12:00' : '20:00' }] : [],
  }));
  return call(patchEmployeeHandler, {
    method: 'PATCH',
    path: `/api/v1/employees/${enc(stylist)}`,
    params: { employeeId: stylist },
    body: { week_shifts: week },
    cookie: admin,
  });
}

/** A special day that closes `date` for the stylist (`POST .../special-shifts`). */
function closeDay(stylist: string, date: string) {
  return call(createSpecialHandler, {
    method: 'POST',
    path: `/api/v1/facility/1/employees/${enc(stylist)}/special-shifts`,
    params: { facilityId: '1', employeeId: stylist },
    body: { date, available: false, shift: [], notes: 'Cerrado' },
    cookie: admin,
  });
}

beforeAll(async () => {
  await openTestDb();
  admin = await sessionFor(LUCIA);
  corte = await serviceId('Corte de pelo');
  tid = await tenantId();
  day = madridDates(3, 20)[0]!;
}, DB_TIMEOUT);
afterAll(closeTestDb);

describe('a booking racing a change of who can be booked when', () => {
  it('the removal of its stylist: one of the two commits, never both', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const stylist = await newStylist();
        const { send } = await clientBooks(madridInstant(day, '10:00'), stylist);
        const remove = () =>
          call(removeEmployeeHandler, {
            method: 'DELETE',
            path: `/api/v1/facility/1/employees/${enc(stylist)}`,
            params: { facilityId: '1', employeeId: stylist },
            cookie: admin,
          });
        const [booked, removed] = await race(round, send, remove);
        const pending = await pendingOf('employeeId', await userId(stylist));
        return { booked: booked.status, removed: removed.status, removedError: removed.body?.error?.code, pending: pending.length };
      }),
    );
    for (const o of outcomes) {
      // The booking first: the removal sees it (409 with the list); the removal first: the stylist is gone
      // (404) or, caught between its two reads, no longer offers the service (422).
      expect([
        { booked: 201, removed: 409, removedError: 'conflict', pending: 1 },
        { booked: 404, removed: 200, removedError: undefined, pending: 0 },
        { booked: 422, removed: 200, removedError: undefined, pending: 0 },
      ]).toContainEqual(o);
    }
  });

  it("the client's deletion: no pending appointment on a deleted account, nothing left to send to its anonymous address", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const stylist = await newStylist();
        const { client, send } = await clientBooks(madridInstant(day, '11:00'), stylist);
        const email = client.user.email;
        const remove = () =>
          call(deleteUserHandler, { method: 'DELETE', path: `/api/v1/users/${enc(email)}`, params: { email }, cookie: admin });
        const [booked, deleted] = await race(round, send, remove);
        const pending = await pendingOf('clientId', client.user.id);
        const db = await getDb();
        const all = await db
          .select({ name: appointments.clientName, status: appointments.status })
          .from(appointments)
          .where(and(eq(appointments.tenantId, tid), eq(appointments.clientId, client.user.id)));
        return { booked: booked.status, deleted: deleted.status, pending: pending.length, names: all.map((a) => a.name), statuses: all.map((a) => a.status) };
      }),
    );
    for (const o of outcomes) {
      expect(o.deleted).toBe(200);
      expect(o.pending).toBe(0);
      // The booking first: the deletion cancels it; the deletion first: the ended session books nothing.
      if (o.booked === 201) expect(o.statuses).toEqual(['cancelled']);
      else expect({ booked: o.booked, statuses: o.statuses }).toEqual({ booked: 401, statuses: [] });
      expect(o.names.every((n) => n === messages.clientDeletion.anonymousName)).toBe(true);
    }
    const db = await getDb();
    const toAnonymous = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.tenantId, tid), eq(outbox.status, 'pending'), like(sql`${outbox.payload}::text`, '%.invalid%')));
    expect(toAnonymous[0]!.n).toBe(0);
  });

  it('a weekly-shift change that closes the booked hour: the booking or the change, never both', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const stylist = await newStylist();
        const { send } = await clientBooks(madridInstant(day, '17:00'), stylist);
        const [booked, changed] = await race(round, send, () => changeWeek(stylist, day));
        const pending = await pendingOf('employeeId', await userId(stylist));
        return { booked: booked.status, changed: changed.status, changedError: changed.body?.error?.code, pending: pending.length };
      }),
    );
    for (const o of outcomes) {
      expect([
        { booked: 201, changed: 409, changedError: 'schedule_conflict', pending: 1 },
        { booked: 422, changed: 201, changedError: undefined, pending: 0 },
      ]).toContainEqual(o);
    }
  });

  it('a special day that closes the booked date: the booking or the closed day, never both', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const stylist = await newStylist();
        const { send } = await clientBooks(madridInstant(day, '12:00'), stylist);
        const [booked, closed] = await race(round, send, () => closeDay(stylist, day));
        const pending = await pendingOf('employeeId', await userId(stylist));
        return { booked: booked.status, closed: closed.status, closedError: closed.body?.error?.code, pending: pending.length };
      }),
    );
    for (const o of outcomes) {
      expect([
        { booked: 201, closed: 409, closedError: 'schedule_conflict', pending: 1 },
        { booked: 422, closed: 201, closedError: undefined, pending: 0 },
      ]).toContainEqual(o);
    }
  });
});

/*
 * The same two schedule races with the worst interleaving forced: the booking is held, by a side
 * connection's exclusive lock on busy_slots, right after it has read the stylist's schedule; the change
 * is sent then. Without the stylist's lock the change commits while the booking waits and the booking then
 * commits too; with it the change waits for the booking and reports it.
 */
const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onServer('the worst interleaving, forced on the PostgreSQL server', () => {
  /** Runs `first`, holds it at its read of busy_slots, runs `second`, and lets both finish. */
  async function interleave<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
    const { Client } = await import('pg');
    const side = new Client({ connectionString: process.env.DATABASE_URL });
    await side.connect();
    try {
      await side.query('begin');
      await side.query('lock table busy_slots in access exclusive mode');
      const waiting = async (n: number) => {
        for (;;) {
          const { rows } = await side.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0].n >= n) return;
        }
      };
      const a = first();
      await waiting(1);
      const b = second();
      // The second either finishes (no lock in its way) or waits for one.
      await Promise.race([b, waiting(2)]);
      await side.query('commit');
      return [await a, await b];
    } finally {
      await side.end();
    }
  }

  it('a weekly-shift change sent while the booking holds the old schedule waits for it and reports it', async () => {
    const stylist = await newStylist();
    const { send } = await clientBooks(madridInstant(day, '17:00'), stylist);
    const [booked, changed] = await interleave(send, () => changeWeek(stylist, day));
    expect(booked.status).toBe(201);
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('schedule_conflict');
    expect(changed.body.error.details.appointments).toHaveLength(1);
  });

  it('a closed special day sent while the booking holds the old schedule waits for it and reports it', async () => {
    const stylist = await newStylist();
    const { send } = await clientBooks(madridInstant(day, '12:30'), stylist);
    const [booked, closed] = await interleave(send, () => closeDay(stylist, day));
    expect(booked.status).toBe(201);
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('schedule_conflict');
  });
});
