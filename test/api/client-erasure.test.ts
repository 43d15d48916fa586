/**
 * The right to erasure and of access for a client (decisions "Deleting" and "Admin-only actions"; the
 * privacy policy): the admin's export holds everything the salon keeps about the person (account, sub-users,
 * appointments, activities, messages, phone verification records, tokens masked), and after the admin's
 * deletion no text or JSON column of any table holds the person's name, first name, sub-user's name, e-mail
 * or phone, except the cancellation e-mails the deletion itself queued to the original address, and those
 * only until they are delivered.
 */
import { eq, sql } from 'drizzle-orm';
import { DELETE as deleteUserHandler } from '@/app/api/v1/users/[email]/route';
import { GET as exportUserHandler } from '@/app/api/v1/users/[email]/export/route';
import { rowsOf, type Db } from '@/lib/server/db/client';
import { outbox, phoneVerifications, users } from '@/lib/server/db/schema';
import { ZClientExport } from '@/lib/validation/dto';
import { serverNow } from '@/lib/server/clock';
import { deliverDue } from '@/lib/server/notifications/worker';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import {
  book,
  createClient,
  DB_TIMEOUT,
  insertAppointmentRow,
  LUCIA,
  madridDates,
  madridInstant,
  MARCOS,
  outboxRows,
  SARA,
  serviceId,
  staffBookingBody,
  tenantId,
  pinTestClock,
  dayFromToday,
} from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const EMAIL = 'zurine.quintanilla@correo.es';
const NAME = 'Zuriñe Quintanilla Ortuzar';
const GIVEN = 'Zuriñe';
const SUB = 'Iker Quintanilla';
const PHONE = '+34611222333';
const TOKEN = 'fcm-token-secret-9876';

let db: Db;
let admin: string;
let userId: string;
let pendingId: string;

const enc = encodeURIComponent;
const exportUser = (email: string) => call(exportUserHandler, { path: `/api/v1/users/${enc(email)}/export`, params: { email }, cookie: admin });
const remove = (email: string) => call(deleteUserHandler, { method: 'DELETE', path: `/api/v1/users/${enc(email)}`, params: { email }, cookie: admin });

beforeAll(async () => {
  db = await openTestDb();
  admin = await sessionFor(LUCIA);
  const tid = await tenantId();
  const { user } = await createClient(EMAIL, { name: NAME, subUsers: [{ id: 'z1', name: SUB }] });
  userId = user.id;
  await db.update(users).set({ givenName: GIVEN, tlf: PHONE, phoneVerified: true, fcmToken: TOKEN }).where(eq(users.id, user.id));
  await db.insert(phoneVerifications).values({ tenantId: tid, userId: user.id, phone: PHONE, codeHash: 'x'.repeat(64), expiresAt: new Date(serverNow() + 600_000) });
  // A past appointment of the sub-user.
  await insertAppointmentRow({ employee: SARA, client: EMAIL, start: madridInstant(dayFromToday(-3), '10:00'), clientName: SUB });
  // A pending appointment booked by staff: its confirmation e-mail to the client and a push to the stylist.
  const date = madridDates(8, 21, [1, 2, 4, 5])[2]!;
  const booked = await book(
    await sessionFor(MARCOS),
    staffBookingBody({ start: madridInstant(date, '10:00'), employee: SARA, serviceId: await serviceId('Corte de pelo'), email: EMAIL, name: NAME }),
  );
  expect(booked.status).toBe(201);
  pendingId = booked.body.data.event_id as string;
  // Messages of the past: a sent e-mail to the client, a sent push to the client, and a stylist's push naming them.
  await db.insert(outbox).values([
    { tenantId: tid, kind: 'email', status: 'sent', sentAt: new Date(), payload: { to: EMAIL, subject: 'Tu cita', text: `¡Hola ${GIVEN}! Tel. ${PHONE}` } },
    { tenantId: tid, kind: 'push', status: 'sent', sentAt: new Date(), payload: { userId: user.id, title: 'Recordatorio', body: `${GIVEN}, mañana a las 10:00` } },
    { tenantId: tid, kind: 'push', status: 'sent', sentAt: new Date(), payload: { userId: 'stylist', title: 'Nueva cita', body: `${NAME} ha reservado` } },
  ]);
}, DB_TIMEOUT);
afterAll(closeTestDb);

test('the export holds the account, sub-users, appointments, activities, messages, verifications and masked tokens', async () => {
  const r = await exportUser(EMAIL);
  expect(r.status).toBe(200);
  const data = ZClientExport.parse(r.body.data);
  expect(data.profile).toMatchObject({ email: EMAIL, name: NAME, given_name: GIVEN, tlf: PHONE, users: [{ id: 'z1', name: SUB }], push_token: '••••9876' });
  expect(JSON.stringify(r.body)).not.toContain(TOKEN);
  expect(data.appointments.map((a) => a.id)).toContain(pendingId);
  expect(data.appointments).toHaveLength(2);
  expect(data.activities.map((a) => a.type)).toEqual(expect.arrayContaining(['employee_appointment_created']));
  expect(data.activities.some((a) => a.data.id === pendingId)).toBe(true);
  expect(data.messages.map((m) => [m.kind, m.to, m.status])).toEqual(
    expect.arrayContaining([
      ['email', EMAIL, 'pending'],
      ['email', EMAIL, 'sent'],
      ['push', null, 'sent'],
    ]),
  );
  expect(data.messages.find((m) => m.subject === 'Tu cita')!.text).toContain(GIVEN);
  // The stylist's push is about them but addressed to someone else: not one of their messages.
  expect(data.messages.map((m) => m.subject)).not.toContain('Nueva cita');
  expect(data.phone_verifications).toEqual([expect.objectContaining({ phone: PHONE, attempts: 0, verified_at: null })]);
  expect(data.sessions.length).toBeGreaterThan(0);
  for (const s of data.sessions) expect(s.id).toMatch(/^••••.{4}$/);
});

/** Every (table, column, row) whose text, varchar or jsonb value contains `needle`, case-insensitively. */
async function scan(needle: string): Promise<{ table: string; column: string; row: Record<string, unknown> }[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb')
      order by table_name, column_name`),
  );
  expect(columns.length).toBeGreaterThan(20);
  const hits = [];
  for (const c of columns) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from ${sql.identifier(c.table_name)} where strpos(lower(${sql.identifier(c.column_name)}::text), lower(${needle})) > 0`),
    );
    hits.push(...rows.map((row) => ({ table: c.table_name, column: c.column_name, row })));
  }
  return hits;
}

test('after the deletion no column of any table holds the person, except the cancellation it queued', async () => {
  const before = Math.max(...(await outboxRows()).map((o) => o.id));
  const r = await remove(EMAIL);
  expect(r.status).toBe(200);
  const queued = (await outboxRows()).filter((o) => o.id > before);
  // The deletion's own message: the cancellation of the pending appointment, to the original address, unsent.
  expect(queued.map((o) => [o.kind, o.status, (o.payload as { to: string }).to])).toEqual([['email', 'pending', EMAIL]]);
  const allowed = new Set(queued.map((o) => o.id));

  for (const needle of [NAME, GIVEN, SUB, EMAIL, PHONE, TOKEN]) {
    const hits = (await scan(needle)).filter((h) => !(h.table === 'outbox' && allowed.has(h.row.id as number) && h.row.status === 'pending'));
    expect({ needle, hits: hits.map((h) => `${h.table}.${h.column}`) }).toEqual({ needle, hits: [] });
  }
  expect(await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId))).toEqual([]);
  // The confirmation that was still unsent is withdrawn, not sent to the anonymous address.
  const confirmation = (await outboxRows()).filter((o) => o.id <= before && o.kind === 'email' && (o.payload as { to: string }).to.endsWith('.invalid'));
  expect(confirmation.map((o) => o.status).sort()).toEqual(['failed', 'sent']);

  // Once delivered, the cancellation keeps the anonymous address and its subject only: nothing holds the person.
  const sent: string[] = [];
  await deliverDue(db, { now: new Date(serverNow() + 60_000), transport: { sendMail: async (m: { to: string }) => void sent.push(m.to) } as never });
  expect(sent).toContain(EMAIL);
  const [delivered] = (await outboxRows()).filter((o) => allowed.has(o.id));
  expect(delivered!.status).toBe('sent');
  expect((delivered!.payload as { to: string; text: string }).to).toMatch(/\.invalid$/);
  expect((delivered!.payload as { text: string }).text).toBe('');
  for (const needle of [NAME, GIVEN, SUB, EMAIL, PHONE, TOKEN]) {
    expect({ needle, hits: (await scan(needle)).map((h) => `${h.table}.${h.column}`) }).toEqual({ needle, hits: [] });
  }
});
