import { GET as getSession } from '@/app/api/v1/session/route';
import { GET as getServices } from '@/app/api/v1/facility/[facilityId]/services/route';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';

// Opening PGlite, migrating and seeding can exceed Jest's 5 s default on a busy machine.
beforeAll(async () => {
  await openTestDb();
}, 60_000);
afterAll(closeTestDb);

test('session answers 404 without a cookie and the role with one', async () => {
  expect((await call(getSession, { path: '/api/v1/session' })).status).toBe(404);
  const cookie = await sessionFor('cliente@klok.demo');
  const r = await call(getSession, { path: '/api/v1/session', cookie });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ email: 'cliente@klok.demo', role: 'client' });
});

test('services list carries euros and busy parts', async () => {
  const cookie = await sessionFor('cliente@klok.demo');
  const r = await call(getServices, { path: '/api/v1/facility/1/services', params: { facilityId: '1' }, cookie });
  expect(r.status).toBe(200);
  const color = r.body.items.find((s: { name: string }) => s.name === 'Color');
  expect(color).toMatchObject({ price: 45, duration: 75 });
  expect(color.busy_slots).toHaveLength(2);
});
