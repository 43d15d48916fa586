/**
 * The waitlist's offers and claims (beyond-the-spec section 4), with an injected clock: freed time (a
 * cancellation, an unblocked leave, a release at the cut-off) becomes an opening; the waitlist job offers it
 * one at a time for 60 minutes more than 24 hours ahead (FIFO), three at a time for 20 minutes from 3 to 24
 * hours, to everyone under 3 hours, to nobody under 45 minutes; an entry past its range is never offered; the
 * claim link books the hour, and of 20 parallel claims one wins while the others are told it is taken and keep
 * waiting; staff offer an hour by hand.
 */
import { eq, sql } from 'drizzle-orm';
import { GET as getAction, POST as postAction } from '@/app/api/v1/actions/[token]/route';
import { POST as offerRoute } from '@/app/api/v1/facility/[facilityId]/waitlist/[id]/offers/route';
import { GET as list, POST as join } from '@/app/api/v1/users/[email]/waitlist/route';
import messages from '@/lib/i18n/messages/es.json';
import { getDb } from '@/lib/server/db/client';
import { appointments, waitlistEntries, waitlistOpenings } from '@/lib/server/db/schema';
import { queueDueConfirmations } from '@/lib/server/notifications/confirmations';
import { offerFreedTime } from '@/lib/server/services/waitlist-offers';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  book,
  bookingBody,
  cancelAppointment,
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  deleteLeave,
  insertLeaveRow,
  listActivities,
  LUCIA,
  madridInstant,
  outboxRows,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  TEST_HOUR,
  TODAY,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT * 2);
// Monday 2027-05-03 at 08:00 Madrid. Marcos does not work on Wednesdays: Sara is the only stylist then.
pinTestClock();

const MON = TODAY;
const TUE = dayFromToday(1);
const WED = dayFromToday(2);
const THU = dayFromToday(3);
const FRI = dayFromToday(4);

let corte: number;
let staff: string;
let n = 0;

const at = (date: string, hhmm: string) => Date.parse(madridInstant(date, hhmm));
const run = async (date: string, hhmm: string) => offerFreedTime(await getDb(), at(date, hhmm));

const newClient = (allowance = 3) => {
  n += 1;
  return createClient(`oferta${n}@example.com`, { name: `Cliente Oferta ${n}`, onboarded: true, allowance });
};
type Client = Awaited<ReturnType<typeof newClient>>;

let joinMinute = 0;
/** `c` joins the waitlist for Corte on `date` (by default with Sara, in the afternoon), a minute after the last one joined. */
const joinFor = async (c: Client, o: { date: string; employee?: string; part?: string; to?: string }) => {
  joinMinute += 1;
  setTestClock(MON, `07:${String(joinMinute % 60).padStart(2, '0')}`);
  const r = await call(join, {
    method: 'POST',
    path: `/api/v1/users/${c.user.email}/waitlist`,
    params: { email: c.user.email },
    body: { services: [corte], employee_id: o.employee ?? SARA, from: o.date, to: o.to ?? o.date, part_of_day: o.part ?? 'afternoon' },
    cookie: c.cookie,
  });
  expect(r.status).toBe(201);
  setTestClock(TODAY, TEST_HOUR);
  return r.body.data.id as string;
};
const entriesOf = async (c: Client) =>
  (await call(list, { path: `/api/v1/users/${c.user.email}/waitlist`, params: { email: c.user.email }, cookie: c.cookie })).body.items as {
    id: string;
    status: string;
    offer: { start_time: string; expires_at: string } | null;
  }[];

type Payload = { to: string; subject: string; text: string };
const offersTo = async (email: string) =>
  (await outboxRows()).map((o) => o.payload as Payload).filter((p) => p.to === email && p.subject.startsWith('Se ha liberado un hueco'));
const claimToken = async (email: string) => {
  const tokens = (await offersTo(email)).flatMap((p) => [...p.text.matchAll(/\/c\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
  expect(tokens.length).toBeGreaterThan(0);
  return tokens[tokens.length - 1]!;
};
const view = (token: string) => call(getAction, { path: `/api/v1/actions/${token}`, params: { token } });
const claim = (token: string) => call(postAction, { method: 'POST', path: `/api/v1/actions/${token}`, params: { token }, body: { action: 'claim' } });

/**
 * Sara's afternoon of `date` full but for one client appointment of Corte at `hhmm` (booked by a fresh client
 * at the current clock); returns its id.
 */
async function fullAfternoonBut(date: string, hhmm: string): Promise<string> {
  const start = at(date, hhmm);
  const iso = (ms: number) => new Date(ms).toISOString();
  if (start > at(date, '16:00')) await insertLeaveRow({ employee: SARA, start: madridInstant(date, '16:00'), end: iso(start) });
  if (start + 30 * 60_000 < at(date, '20:00')) await insertLeaveRow({ employee: SARA, start: iso(start + 30 * 60_000), end: madridInstant(date, '20:00') });
  const holder = await newClient();
  const r = await book(holder.cookie, bookingBody(holder.user, { start: madridInstant(date, hhmm), employee: SARA, serviceId: corte }));
  expect(r.status).toBe(201);
  return r.body.data.event_id as string;
}

const cancel = async (id: string) => expect((await cancelAppointment(staff, { id })).status).toBe(200);

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  staff = await sessionFor(LUCIA);
});
afterAll(closeTestDb);
afterEach(async () => {
  setTestClock(TODAY, TEST_HOUR);
  // Each test starts with nobody waiting, no opening left and Sara's week free.
  const db = await getDb();
  await db.update(waitlistEntries).set({ status: 'cancelled' }).where(sql`${waitlistEntries.status} in ('waiting', 'offered')`);
  await db.update(waitlistOpenings).set({ nextStepAt: null });
  await db.execute(sql`delete from leaves`);
  await db.execute(sql`update busy_slots set active = false where appointment_id is not null`);
  await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.status, 'pending'));
  await db.execute(sql`update tenants set confirmation_enabled = false`);
});

describe('offers by how near the freed hour is', () => {
  it('more than 24 hours ahead: the first to join only, for 60 minutes; then the second', async () => {
    const held = await fullAfternoonBut(WED, '17:00');
    const [a, b, c] = [await newClient(), await newClient(), await newClient()];
    for (const x of [a, b, c]) await joinFor(x, { date: WED });
    setTestClock(MON, '10:00');
    await cancel(held);

    expect((await run(MON, '10:00')).offered).toBe(1);
    expect(await offersTo(a.user.email)).toHaveLength(1);
    expect(await offersTo(b.user.email)).toHaveLength(0);
    const [entryA] = await entriesOf(a);
    expect(entryA).toMatchObject({ status: 'offered', offer: { start_time: madridInstant(WED, '17:00'), expires_at: madridInstant(MON, '11:00') } });
    const mail = (await offersTo(a.user.email))[0]!;
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/c\/[A-Za-z0-9_-]{43}/);
    expect((mail as Payload & { html: string }).html).toContain('Reservar este hueco');
    expect(mail.text).toContain('antes de las 11:00');

    // Still A's for the hour.
    expect((await run(MON, '10:59')).offered).toBe(0);
    expect(await offersTo(b.user.email)).toHaveLength(0);
    // Unclaimed after 60 minutes: B's turn; A waits again and its link says the offer is over.
    const r = await run(MON, '11:00');
    expect(r).toMatchObject({ lapsed: 1, offered: 1 });
    expect(await offersTo(b.user.email)).toHaveLength(1);
    expect(await offersTo(c.user.email)).toHaveLength(0);
    expect((await entriesOf(a))[0]).toMatchObject({ status: 'waiting', offer: null });
    setTestClock(MON, '11:05');
    const late = await claim(await claimToken(a.user.email));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(messages.errors.waitlistOfferExpired);

    // B takes it from the link: booked with Sara, the entry `booked`, the activity written.
    const token = await claimToken(b.user.email);
    const shown = await view(token);
    expect(shown.body.data).toMatchObject({ purpose: 'claim', state: 'open', services: [{ name: 'Corte de pelo', start_time: madridInstant(WED, '17:00') }] });
    const taken = await claim(token);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ purpose: 'claim', state: 'claimed', services: [{ name: 'Corte de pelo', employee_name: 'Sara López' }] });
    const booked = await (await getDb()).select().from(appointments).where(eq(appointments.clientId, b.user.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ status: 'pending', startAt: new Date(madridInstant(WED, '17:00')) });
    expect((await entriesOf(b))[0]!.status).toBe('booked');
    expect((await claim(token)).body).toEqual(taken.body);
    const feed = await listActivities(staff);
    expect(feed.find((x) => x.type === 'waitlist_claimed')?.data).toMatchObject({ client_name: b.user.name, service_name: 'Corte de pelo' });
    expect(feed.some((x) => x.type === 'waitlist_offered' && x.data.client_name === a.user.name)).toBe(true);
    // Nobody else is offered a booked hour.
    expect((await run(MON, '12:00')).offered).toBe(0);
    expect(await offersTo(c.user.email)).toHaveLength(0);
  });

  it('from 3 to 24 hours ahead: three at a time for 20 minutes, then the fourth', async () => {
    const held = await fullAfternoonBut(THU, '17:00');
    const people = [await newClient(), await newClient(), await newClient(), await newClient()];
    for (const x of people) await joinFor(x, { date: THU });
    setTestClock(WED, '20:00');
    await cancel(held);
    expect((await run(WED, '20:00')).offered).toBe(3);
    expect(await offersTo(people[3]!.user.email)).toHaveLength(0);
    expect((await offersTo(people[0]!.user.email))[0]!.text).toContain('la primera que lo reserve');
    expect((await run(WED, '20:19')).offered).toBe(0);
    expect((await run(WED, '20:20')).offered).toBe(1);
    expect(await offersTo(people[3]!.user.email)).toHaveLength(1);
  });

  it('under 3 hours to everyone at once until 45 minutes before; under 45 minutes to nobody', async () => {
    const held = await fullAfternoonBut(FRI, '17:00');
    const people = [await newClient(), await newClient(), await newClient(), await newClient()];
    for (const x of people) await joinFor(x, { date: FRI });
    setTestClock(FRI, '15:00');
    await cancel(held);
    expect((await run(FRI, '15:00')).offered).toBe(4);
    expect((await entriesOf(people[3]!))[0]!.offer).toEqual({ start_time: madridInstant(FRI, '17:00'), expires_at: madridInstant(FRI, '16:15') });

    const nextMonday = dayFromToday(7);
    const late = await fullAfternoonBut(nextMonday, '19:00');
    const waiting = await newClient();
    await joinFor(waiting, { date: nextMonday });
    setTestClock(nextMonday, '18:20');
    await cancel(late);
    await run(nextMonday, '18:20');
    expect(await offersTo(waiting.user.email)).toHaveLength(0);
  });

  it('an entry past its range, another stylist\u2019s or another part of the day is never offered', async () => {
    const held = await fullAfternoonBut(WED, '18:00');
    const [past, morning, mine] = [await newClient(), await newClient(), await newClient()];
    await joinFor(past, { date: TUE });
    await joinFor(morning, { date: WED, part: 'morning' });
    await joinFor(mine, { date: WED, to: FRI });
    setTestClock(MON, '09:00');
    await cancel(held);
    expect((await run(MON, '09:00')).offered).toBe(1);
    expect(await offersTo(past.user.email)).toHaveLength(0);
    expect(await offersTo(morning.user.email)).toHaveLength(0);
    expect(await offersTo(mine.user.email)).toHaveLength(1);
  });
});

describe('freed time from other changes', () => {
  it('an unblocked leave is offered', async () => {
    const held = await fullAfternoonBut(THU, '16:00');
    const waiting = await newClient();
    await joinFor(waiting, { date: THU, employee: 'any' });
    const [leave] = await (await getDb()).execute(sql`select id from leaves where start_at = ${madridInstant(THU, '16:30')}::timestamptz`).then((r) => ('rows' in r ? r.rows : r) as { id: string }[]);
    expect(leave).toBeDefined();
    expect((await deleteLeave(staff, { id: leave!.id, employee: SARA })).status).toBe(201);
    expect((await run(MON, '08:01')).offered).toBe(1);
    expect((await offersTo(waiting.user.email))[0]!.text).toContain('cualquier estilista');
    expect(held).toBeDefined();
  });

  it('a release at the confirmation cut-off is offered to the waiting client', async () => {
    const db = await getDb();
    await db.execute(sql`update tenants set confirmation_enabled = true`);
    const held = await fullAfternoonBut(THU, '18:00'); // a new client's booking: released unconfirmed at Wednesday 21:30
    const waiting = await newClient();
    await joinFor(waiting, { date: THU });
    await queueDueConfirmations(db, at(TUE, '18:00'));
    expect((await queueDueConfirmations(db, at(WED, '21:30'))).released).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(appointments).where(eq(appointments.id, held)))[0]!.status).toBe('cancelled');
    expect((await run(WED, '21:30')).offered).toBe(1);
    expect(await offersTo(waiting.user.email)).toHaveLength(1);
  });
});

describe('claims', () => {
  it('of 20 parallel claims of one hour exactly one books; the others are told it is taken and keep waiting', async () => {
    const held = await fullAfternoonBut(FRI, '18:00');
    const people: Client[] = [];
    for (let i = 0; i < 20; i++) people.push(await newClient());
    for (const x of people) await joinFor(x, { date: FRI });
    setTestClock(FRI, '16:00');
    await cancel(held);
    expect((await run(FRI, '16:00')).offered).toBe(20);
    const tokens = await Promise.all(people.map((x) => claimToken(x.user.email)));
    setTestClock(FRI, '16:05');
    const answers = await Promise.all(tokens.map((t) => claim(t)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.body.error).toEqual({ code: 'slot_taken', message: messages.errors.waitlistSlotTaken });
    const slots = await (await getDb()).execute(sql`select count(*)::int as n from appointments where status = 'pending' and start_at = ${madridInstant(FRI, '18:00')}::timestamptz`);
    expect(Number(('rows' in slots ? slots.rows : slots)[0]!.n)).toBe(1);
    const statuses = (await Promise.all(people.map(entriesOf))).map((e) => e[0]!.status).sort();
    expect(statuses.filter((s) => s === 'booked')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(19);
    // The link of a loser says so afterwards too.
    const loser = tokens[answers.findIndex((a) => a.status !== 200)]!;
    expect((await view(loser)).body.data.state).toBe('taken');
  });

  it('staff offer a free hour by hand; the client claims it; the hour cannot be offered again', async () => {
    const waiting = await newClient();
    const id = await joinFor(waiting, { date: THU, part: 'any' });
    const offer = (body: unknown) =>
      call(offerRoute, { method: 'POST', path: `/api/v1/facility/1/waitlist/${id}/offers`, params: { facilityId: '1', id }, body, cookie: staff });
    const tooLate = await offer({ start_time: madridInstant(MON, '08:30'), employee_id: SARA });
    expect(tooLate.status).toBe(422);
    const made = await offer({ start_time: madridInstant(THU, '10:00'), employee_id: SARA });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ entry_id: id, start_time: madridInstant(THU, '10:00'), employee_id: SARA, expires_at: madridInstant(MON, '09:00') });
    const claimed = await claim(await claimToken(waiting.user.email));
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.state).toBe('claimed');
    // The hour is now taken: offering it again is refused.
    const other = await newClient();
    const otherId = await joinFor(other, { date: THU, part: 'any' });
    const again = await call(offerRoute, {
      method: 'POST',
      path: `/api/v1/facility/1/waitlist/${otherId}/offers`,
      params: { facilityId: '1', id: otherId },
      body: { start_time: madridInstant(THU, '10:00'), employee_id: SARA },
      cookie: staff,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('slot_taken');
  });
});
