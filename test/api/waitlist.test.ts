/**
 * The waitlist's entries (beyond-the-spec section 4), with an injected clock: a client joins for itself or a
 * sub-user ("Avísame si se libera un hueco"), staff add an entry for a client, at most 3 active per account
 * (also under parallel requests), none while the person has a pending appointment in the range, a `restringido`
 * client refused online, the range inside the 30-day window; the client's list and the salon's; taking an
 * entry off; an entry past its range reads `expired`.
 */
import { GET as salonWaitlist } from '@/app/api/v1/facility/[facilityId]/waitlist/route';
import { DELETE as leave } from '@/app/api/v1/users/[email]/waitlist/[id]/route';
import { DELETE as deleteUser, PATCH as patchUser } from '@/app/api/v1/users/[email]/route';
import { GET as exportUser } from '@/app/api/v1/users/[email]/export/route';
import { GET as list, POST as join } from '@/app/api/v1/users/[email]/waitlist/route';
import messages from '@/lib/i18n/messages/es.json';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  createClient,
  dayFromToday,
  DB_TIMEOUT,
  insertAppointmentRow,
  LUCIA,
  madridInstant,
  MARCOS,
  pinTestClock,
  SARA,
  serviceId,
  setTestClock,
  TEST_HOUR,
  TODAY,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let corte: number;
let color: number;
let barba: number;
let staff: string;
let n = 0;

const newClient = (o: { subUsers?: { id: string; name: string }[] } = {}) => {
  n += 1;
  return createClient(`espera${n}@example.com`, { name: `Cliente Espera ${n}`, onboarded: true, allowance: 3, ...o });
};

const entryBody = (o: Partial<{ services: number[]; employee_id: string; from: string; to: string; part_of_day: string; user_id: string }> = {}) => ({
  services: [corte],
  employee_id: 'any',
  from: dayFromToday(2),
  to: dayFromToday(4),
  part_of_day: 'afternoon',
  ...o,
});

const joinAs = (cookie: string, email: string, body: unknown) =>
  call(join, { method: 'POST', path: `/api/v1/users/${email}/waitlist`, params: { email }, body, cookie });
const listOf = (cookie: string, email: string) => call(list, { path: `/api/v1/users/${email}/waitlist`, params: { email }, cookie });
const leaveAs = (cookie: string, email: string, id: string) =>
  call(leave, { method: 'DELETE', path: `/api/v1/users/${email}/waitlist/${id}`, params: { email, id }, cookie });

beforeAll(async () => {
  await openTestDb();
  corte = await serviceId('Corte de pelo');
  color = await serviceId('Color');
  barba = await serviceId('Arreglo de barba');
  staff = await sessionFor(LUCIA);
});
afterAll(closeTestDb);
afterEach(() => setTestClock(TODAY, TEST_HOUR));

describe('joining', () => {
  it('a client joins for itself and for a sub-user; the visit keeps the salon\u2019s order of services', async () => {
    const c = await newClient({ subUsers: [{ id: 'hijo', name: 'Hijo Espera' }] });
    // The salon lists Color before Corte de pelo.
    const own = await joinAs(c.cookie, c.user.email, entryBody({ services: [corte, color], employee_id: SARA }));
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({
      services: [
        { id: color, name: 'Color' },
        { id: corte, name: 'Corte de pelo' },
      ],
      employee_id: SARA,
      from: dayFromToday(2),
      to: dayFromToday(4),
      part_of_day: 'afternoon',
      client_id: c.user.email,
      user_id: c.user.id,
      user_name: c.user.name,
      status: 'waiting',
    });
    setTestClock(TODAY, '08:01');
    const child = await joinAs(c.cookie, c.user.email, entryBody({ user_id: 'hijo', part_of_day: 'morning' }));
    expect(child.status).toBe(201);
    expect(child.body.data).toMatchObject({ user_id: 'hijo', user_name: 'Hijo Espera', employee_id: 'any', employee_name: null });
    const mine = await listOf(c.cookie, c.user.email);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((e: { id: string }) => e.id)).toEqual([child.body.data.id, own.body.data.id]);
  });

  it('staff add an entry for a client; another client can neither read nor add (403)', async () => {
    const c = await newClient();
    const other = await newClient();
    const added = await joinAs(staff, c.user.email, entryBody());
    expect(added.status).toBe(201);
    expect((await joinAs(other.cookie, c.user.email, entryBody())).status).toBe(403);
    expect((await listOf(other.cookie, c.user.email)).status).toBe(403);
    expect((await listOf(staff, c.user.email)).body.items).toHaveLength(1);
  });

  it('refuses a range out of order, before today or past the 30-day window (422)', async () => {
    const c = await newClient();
    const cases: [Record<string, string>, string][] = [
      [{ from: dayFromToday(5), to: dayFromToday(4) }, messages.errors.waitlistRangeOrder],
      [{ from: dayFromToday(-1), to: dayFromToday(4) }, messages.errors.waitlistRangePast],
      [{ from: dayFromToday(29), to: dayFromToday(31) }, messages.errors.waitlistRangeWindow],
    ];
    for (const [range, message] of cases) {
      const r = await joinAs(c.cookie, c.user.email, entryBody(range));
      expect(r.status).toBe(422);
      expect(r.body.error.message).toBe(message);
    }
    expect((await joinAs(c.cookie, c.user.email, entryBody({ from: TODAY, to: dayFromToday(30) }))).status).toBe(201);
  });

  it('refuses a service nobody or the stylist does not offer, an unknown service, stylist or person', async () => {
    const c = await newClient();
    // Marcos cuts and trims beards; he does no colour.
    const notOffered = await joinAs(c.cookie, c.user.email, entryBody({ services: [color], employee_id: MARCOS }));
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.error.message).toBe(messages.errors.serviceNotOffered);
    expect((await joinAs(c.cookie, c.user.email, entryBody({ services: [barba], employee_id: MARCOS }))).status).toBe(201);
    expect((await joinAs(c.cookie, c.user.email, entryBody({ services: [999999] }))).status).toBe(404);
    expect((await joinAs(c.cookie, c.user.email, entryBody({ employee_id: 'nadie@klok.demo' }))).status).toBe(404);
    const stranger = await joinAs(c.cookie, c.user.email, entryBody({ user_id: 'desconocido' }));
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.message).toBe(messages.errors.personNotFound);
  });

  it('holds at most 3 active entries per account, also under parallel requests; taking one off frees a place', async () => {
    const c = await newClient();
    const answers = await Promise.all(Array.from({ length: 8 }, () => joinAs(c.cookie, c.user.email, entryBody())));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error.message).toBe(messages.errors.waitlistFull);
    const first = answers.find((r) => r.status === 201)!.body.data.id as string;
    expect((await leaveAs(c.cookie, c.user.email, first)).status).toBe(204);
    expect((await joinAs(c.cookie, c.user.email, entryBody())).status).toBe(201);
  });

  it('refuses a person with a pending appointment in the range (409), not outside it', async () => {
    const c = await newClient();
    await insertAppointmentRow({ employee: SARA, client: c.user.email, start: madridInstant(dayFromToday(3), '10:00') });
    const busy = await joinAs(c.cookie, c.user.email, entryBody());
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe(messages.errors.waitlistPersonBooked);
    expect((await joinAs(c.cookie, c.user.email, entryBody({ from: dayFromToday(4), to: dayFromToday(6) }))).status).toBe(201);
  });

  it('refuses a restringido client online (403 booking_restricted); staff still add its entry', async () => {
    const c = await newClient();
    expect((await call(patchUser, { method: 'PATCH', path: `/api/v1/users/${c.user.email}`, params: { email: c.user.email }, body: { booking_blocked: true }, cookie: staff })).status).toBe(201);
    const refused = await joinAs(c.cookie, c.user.email, entryBody());
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'booking_restricted', message: messages.errors.bookingRestricted });
    expect((await joinAs(staff, c.user.email, entryBody())).status).toBe(201);
  });
});

describe('lists and leaving', () => {
  it('takes an entry off once (204, then 409); an unknown entry is 404', async () => {
    const c = await newClient();
    const made = await joinAs(c.cookie, c.user.email, entryBody());
    const id = made.body.data.id as string;
    expect((await leaveAs(c.cookie, c.user.email, id)).status).toBe(204);
    const again = await leaveAs(c.cookie, c.user.email, id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.errors.waitlistEntryClosed);
    expect((await leaveAs(c.cookie, c.user.email, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await listOf(c.cookie, c.user.email)).body.items[0].status).toBe('cancelled');
  });

  it('the salon sees the active entries by first date; one past its range reads expired and leaves the list', async () => {
    const c = await newClient();
    const later = await joinAs(c.cookie, c.user.email, entryBody({ from: dayFromToday(6), to: dayFromToday(7) }));
    const sooner = await joinAs(c.cookie, c.user.email, entryBody({ from: dayFromToday(1), to: dayFromToday(1) }));
    const salon = async () =>
      ((await call(salonWaitlist, { path: '/api/v1/facility/1/waitlist', params: { facilityId: '1' }, cookie: staff })).body.items as { id: string }[])
        .map((e) => e.id)
        .filter((id) => id === later.body.data.id || id === sooner.body.data.id);
    expect(await salon()).toEqual([sooner.body.data.id, later.body.data.id]);
    expect((await call(salonWaitlist, { path: '/api/v1/facility/1/waitlist', params: { facilityId: '1' }, cookie: c.cookie })).status).toBe(403);

    setTestClock(dayFromToday(2), '09:00');
    expect(await salon()).toEqual([later.body.data.id]);
    const mine = (await listOf(c.cookie, c.user.email)).body.items as { id: string; status: string }[];
    expect(mine.find((e) => e.id === sooner.body.data.id)!.status).toBe('expired');
    // An expired entry no longer counts: three more fit beside the later one.
    for (let i = 0; i < 2; i++) expect((await joinAs(c.cookie, c.user.email, entryBody({ from: dayFromToday(3), to: dayFromToday(5) }))).status).toBe(201);
    expect((await joinAs(c.cookie, c.user.email, entryBody({ from: dayFromToday(3), to: dayFromToday(5) }))).status).toBe(409);
  });
});

describe('privacy', () => {
  it('the export holds the account\u2019s entries; deleting the client deletes them', async () => {
    const c = await newClient();
    const made = await joinAs(c.cookie, c.user.email, entryBody());
    const exported = await call(exportUser, { path: `/api/v1/users/${c.user.email}/export`, params: { email: c.user.email }, cookie: staff });
    expect(exported.body.data.waitlist.map((e: { id: string }) => e.id)).toEqual([made.body.data.id]);
    expect((await call(deleteUser, { method: 'DELETE', path: `/api/v1/users/${c.user.email}`, params: { email: c.user.email }, cookie: staff })).status).toBe(200);
    const salon = await call(salonWaitlist, { path: '/api/v1/facility/1/waitlist', params: { facilityId: '1' }, cookie: staff });
    expect((salon.body.items as { id: string }[]).some((e) => e.id === made.body.data.id)).toBe(false);
  });
});
