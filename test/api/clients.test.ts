import { GET as listUsers } from '@/app/api/v1/users/route';
import { getDb } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { eq } from 'drizzle-orm';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { dayFromToday, madridInstant, pinTestClock } from './fixtures';

pinTestClock();

beforeAll(async () => {
  await openTestDb();
}, 60_000);
afterAll(closeTestDb);

test('staff list the clients with the guest first and past visits counted', async () => {
  const db = await getDb();
  const [client] = await db.select().from(users).where(eq(users.email, 'cliente@klok.demo'));
  const [stylist] = await db.select().from(users).where(eq(users.email, 'marcos@klok.demo'));
  const past = Date.parse(madridInstant(dayFromToday(-3), '10:00'));
  for (const [offset, status] of [[0, 'pending'], [3_600_000, 'cancelled']] as const) {
    await db.insert(appointments).values({
      tenantId: client!.tenantId,
      employeeId: stylist!.id,
      clientId: client!.id,
      userId: client!.id,
      clientName: client!.name,
      serviceName: 'Corte de pelo',
      servicePriceCents: 1800,
      startAt: new Date(past + offset),
      endAt: new Date(past + offset + 1_800_000),
      createdBy: client!.id,
      createdByRole: 'client',
      status,
    });
  }
  const r = await call(listUsers, { path: '/api/v1/users', cookie: await sessionFor('admin@klok.demo') });
  expect(r.status).toBe(200);
  expect(r.body.items[0]).toMatchObject({ email: 'invitado@klok.invalid', is_guest: true });
  const ana = r.body.items.find((c: { email: string }) => c.email === 'cliente@klok.demo');
  expect(ana).toMatchObject({ visits: 1, last_visit: new Date(past).toISOString() });
  expect(r.body.items.some((c: { email: string }) => c.email === 'marcos@klok.demo')).toBe(false);
});

test('clients cannot list users', async () => {
  const r = await call(listUsers, { path: '/api/v1/users', cookie: await sessionFor('cliente@klok.demo') });
  expect(r.status).toBe(403);
});
