/**
 * The Monday e-mail to the admins, "Resumen de la semana" (beyond-the-spec section 6): on Monday from 08:00 in
 * Madrid each admin of a tenant with the setting on gets one e-mail with last week's figures (the summary's),
 * the change against the week before, the free hours of the week that starts and the link to Resumen; nothing
 * before 08:00, on another day, or with the setting off; once per admin and week however many passes run,
 * two workers at once included. Injected clock: Monday 2027-05-03.
 */
import { and, eq, like } from 'drizzle-orm';
import { periodOf } from '@/lib/domain/summary';
import { durationLabel } from '@/lib/format';
import { euros } from '@/lib/money';
import { getDb } from '@/lib/server/db/client';
import { outbox, tenants, users } from '@/lib/server/db/schema';
import { queueWeeklySummaries } from '@/lib/server/notifications/weekly-summary';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { summaryOf } from '@/lib/server/services/summary-report';
import { closeTestDb, openTestDb } from './harness';
import { createClient, DB_TIMEOUT, insertAppointmentRow, LUCIA, madridInstant, outboxRows, pinTestClock, SARA, TODAY, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const at = (date: string, hhmm: string) => Date.parse(madridInstant(date, hhmm));
const MONDAY_8 = at(TODAY, '08:00');
const SECOND_ADMIN = 'socia@klok.demo';

type Payload = { to: string; subject: string; text: string; html: string };
/** The tenant `klok`'s weekly summaries in the outbox. */
const summaries = async () =>
  (await outboxRows()).filter((r) => r.dedupeKey?.startsWith('weekly-summary:')).map((r) => ({ key: r.dedupeKey!, payload: r.payload as Payload }));
/** Clears every tenant's weekly summaries from the outbox (a fresh Monday). */
const clear = async () => void (await (await getDb()).delete(outbox).where(like(outbox.dedupeKey, 'weekly-summary:%')));

let tid: number;
let admins: { id: string; email: string }[];

beforeAll(async () => {
  await openTestDb();
  const db = await getDb();
  tid = await tenantId();
  await db.insert(users).values({ tenantId: tid, email: SECOND_ADMIN, name: 'Rosa Socia', role: 'admin', privacyPolicy: true, onboardingCompleted: true });
  admins = await Promise.all([LUCIA, SECOND_ADMIN].map(async (email) => ({ email, id: (await findUserByEmail(db, tid, email))!.id })));
  const habitual = (await createClient('habitual.semana@example.com', { name: 'Hugo Habitual' })).user.email;
  const nueva = (await createClient('nueva.semana@example.com', { name: 'Inés Nueva' })).user.email;
  // The week before (19–25 April): Hugo's first visit.
  await insertAppointmentRow({ employee: SARA, client: habitual, start: madridInstant('2027-04-21', '10:00'), set: { attendance: 'attended' } });
  // Last week (26 April – 2 May): Hugo again and Inés's first visit, attended; Hugo's no-show; a cancellation.
  await insertAppointmentRow({ employee: SARA, client: habitual, start: madridInstant('2027-04-26', '10:00'), set: { attendance: 'attended' } });
  await insertAppointmentRow({ employee: SARA, client: nueva, start: madridInstant('2027-04-27', '11:00'), set: { attendance: 'attended' } });
  await insertAppointmentRow({ employee: SARA, client: habitual, start: madridInstant('2027-04-28', '10:00'), serviceName: 'Peinado', set: { attendance: 'no_show' } });
  await insertAppointmentRow({ employee: SARA, client: nueva, start: madridInstant('2027-04-29', '16:00'), set: { status: 'cancelled' } });
  // The week ahead: Inés's hour on Wednesday, booked time of Sara.
  await insertAppointmentRow({ employee: SARA, client: nueva, start: madridInstant('2027-05-05', '10:00') });
});
afterAll(closeTestDb);

describe('the Monday e-mail', () => {
  it('queues nothing on Monday before 08:00', async () => {
    expect(await queueWeeklySummaries(await getDb(), at(TODAY, '07:59'))).toBe(0);
    expect(await summaries()).toEqual([]);
  });

  it('queues one e-mail per admin at 08:00 with last week, its change, the free hours ahead and the link', async () => {
    const db = await getDb();
    await queueWeeklySummaries(db, MONDAY_8);
    const mails = await summaries();
    expect(mails.map((m) => [m.key, m.payload.to]).sort()).toEqual(admins.map((a) => [`weekly-summary:${TODAY}:${a.id}`, a.email]).sort());
    const { payload } = mails.find((m) => m.payload.to === LUCIA)!;
    expect(payload.subject).toBe('Resumen de la semana en Klok Peluquería (del 26 de abril al 2 de mayo)');
    const lines = payload.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `Ingresos estimados: ${euros(36)} (+${euros(18)})`,
        'Citas atendidas: 2 (+1)',
        `No presentados: 1 (+1), ${euros(20)} perdidos`,
        'Canceladas: 1 (+1), 0 tarde',
        'Clientes nuevos: 1; recurrentes: 1',
        'Huecos recuperados por la lista de espera: 0',
        'http://localhost:3000/summary',
      ]),
    );
    // Sara: 60 booked minutes (two cuts) over her 2,850 scheduled minutes.
    expect(lines).toContain(`Sara López: 2 % (${durationLabel(60)} reservadas)`);
    // The free hours ahead: the summary of this week, scheduled minus booked per stylist.
    const ahead = await summaryOf(db, tid, periodOf('week', TODAY), MONDAY_8);
    const free = ahead.occupancy.reduce((sum, o) => sum + Math.max(0, o.scheduled_minutes - o.booked_minutes), 0);
    const sara = ahead.occupancy.find((o) => o.employee_id === SARA)!;
    expect(sara.booked_minutes).toBeGreaterThanOrEqual(30);
    expect(lines).toContain(`Sara López: ${durationLabel(sara.scheduled_minutes - sara.booked_minutes)} libres`);
    expect(lines).toContain(`Horas libres de la semana que empieza (del 3 al 9 de mayo): ${durationLabel(free)}`);
    expect(payload.text).toContain('Las cifras son estimaciones a partir de las citas');
    expect(payload.html).toContain('href="http://localhost:3000/summary"');
  });

  it('queues nothing more on a second pass, nor on two passes at once', async () => {
    const db = await getDb();
    const before = await summaries();
    expect(await queueWeeklySummaries(db, MONDAY_8 + 15 * 60_000)).toBe(0);
    expect(await Promise.all([queueWeeklySummaries(db, MONDAY_8 + 30 * 60_000), queueWeeklySummaries(db, MONDAY_8 + 30 * 60_000)])).toEqual([0, 0]);
    expect(await summaries()).toEqual(before);
  });

  it('two workers on a fresh Monday queue each admin’s e-mail once', async () => {
    await clear();
    const db = await getDb();
    const [a, b] = await Promise.all([queueWeeklySummaries(db, MONDAY_8), queueWeeklySummaries(db, MONDAY_8)]);
    const mails = await summaries();
    expect(mails).toHaveLength(admins.length);
    expect(new Set(mails.map((m) => m.key)).size).toBe(admins.length);
    // Every tenant's admins, each once, between the two workers.
    const all = await db.select({ id: outbox.id }).from(outbox).where(like(outbox.dedupeKey, 'weekly-summary:%'));
    expect(a + b).toBe(all.length);
  });

  it('queues nothing for a tenant with the setting off', async () => {
    await clear();
    const db = await getDb();
    await db.update(tenants).set({ weeklySummaryEmail: false }).where(eq(tenants.id, tid));
    try {
      await queueWeeklySummaries(db, MONDAY_8);
      expect(await summaries()).toEqual([]);
    } finally {
      await db.update(tenants).set({ weeklySummaryEmail: true }).where(eq(tenants.id, tid));
    }
  });

  it('queues nothing on Tuesday, nor on another day of the week', async () => {
    await clear();
    const db = await getDb();
    for (const date of ['2027-05-04', '2027-05-09']) expect(await queueWeeklySummaries(db, at(date, '08:00'))).toBe(0);
    expect(await db.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.tenantId, tid), like(outbox.dedupeKey, 'weekly-summary:%')))).toEqual([]);
  });
});
