/**
 * The salon's order of its services (beyond-the-spec section 2, `PUT /api/v1/facility/1/services/order`):
 * staff set it, the lists follow it, a new service goes last, a stale list writes nothing (409), and a
 * visit's services follow it whatever order the booking gives. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { PUT as orderHandler } from '@/app/api/v1/facility/[facilityId]/services/order/route';
import { GET as listHandler, POST as createHandler } from '@/app/api/v1/facility/[facilityId]/services/route';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, bookWith, createClient, DB_TIMEOUT, LUCIA, madridDates, madridInstant, MARCOS, pinTestClock, SARA, serviceId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

let admin: string;
const PATH = '/api/v1/facility/1/services';

const names = async () => {
  const r = await call(listHandler, { path: PATH, params: { facilityId: '1' }, cookie: admin });
  return (r.body.items as { id: number; name: string }[]).map((s) => s.name);
};
const ids = async () => {
  const r = await call(listHandler, { path: PATH, params: { facilityId: '1' }, cookie: admin });
  return (r.body.items as { id: number }[]).map((s) => s.id);
};
const reorder = (cookie: string, body: unknown) => call(orderHandler, { method: 'PUT', path: `${PATH}/order`, params: { facilityId: '1' }, body, cookie });

beforeAll(async () => {
  await openTestDb();
  admin = await sessionFor(LUCIA);
});
afterAll(closeTestDb);

it('sets the order the lists show, and a new service goes last', async () => {
  const before = await ids();
  const reversed = [...before].reverse();
  const r = await reorder(await sessionFor(MARCOS), { ids: reversed });
  expect(r.status).toBe(200);
  expect((r.body.items as { id: number }[]).map((s) => s.id)).toEqual(reversed);
  expect(await ids()).toEqual(reversed);

  const created = await call(createHandler, {
    method: 'POST',
    path: PATH,
    params: { facilityId: '1' },
    cookie: admin,
    body: { name: 'Alisado', description: 'Alisado con keratina', price: 60, duration: 90, busy_slots: [{ startMinutes: 0, endMinutes: 90 }], employees: [SARA] },
  });
  expect(created.status).toBe(201);
  expect((await names()).at(-1)).toBe('Alisado');
});

it('writes nothing from a stale list (409), and refuses clients (403) and repeated ids (400)', async () => {
  const before = await ids();
  const stale = await reorder(admin, { ids: before.slice(1) });
  expect(stale.status).toBe(409);
  expect(stale.body.error.code).toBe('conflict');
  expect(await ids()).toEqual(before);
  expect((await reorder(await sessionFor(ANA), { ids: before })).status).toBe(403);
  expect((await reorder(admin, { ids: [before[0], before[0]] })).status).toBe(400);
});

it('orders a visit’s services by it, whatever order the booking gives', async () => {
  const colour = await serviceId('Color');
  const corte = await serviceId('Corte de pelo');
  const rest = (await ids()).filter((id) => id !== colour && id !== corte);
  expect((await reorder(admin, { ids: [corte, colour, ...rest] })).status).toBe(200);
  const c = await createClient('orden@example.com', { onboarded: true });
  const r = await bookWith(c.cookie, {
    start_time: madridInstant(madridDates(3, 10)[0]!, '10:00'),
    facility_id: 1,
    employee_id: SARA,
    service_ids: [colour, corte],
    client_id: c.user.email,
    user_id: c.user.id,
    user_name: c.user.name,
  });
  expect(r.status).toBe(201);
  expect(r.body.data.appointments.map((p: { service_id: number }) => p.service_id)).toEqual([corte, colour]);
});
