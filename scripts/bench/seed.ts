/**
 * Seeds the database of one bench engine BEFORE the app server starts (PGlite's data dir admits one
 * process at a time), then prints what the cases need as one `SEED_JSON <json>` line on stdout.
 *
 *   node --conditions=react-server --import tsx scripts/bench/seed.ts [--growth=N] [--others=M]
 *   env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), SEED_DEMO=0
 *
 * - Tenant `klok` (the default tenant of `localhost`): the demo tenant (lib/server/db/seed.ts seedTenant)
 *   plus five stylists (eight in all), a 3-part service "Mechas" (50 minutes, busy 0–10, 20–30, 40–50),
 *   600 appointments in next week (agenda case) and, for the stylist `bench0@…`, a day two weeks ahead
 *   with a special shift 08:00–22:00 and 40 busy ranges of 10 minutes every 20 minutes (availability case:
 *   13 bookable starts). The visit case ("Cualquier estilista") on that same day: all eight stylists offer
 *   Mechas, Corte de pelo and Peinado, and the other seven work the same special shift with 40 busy ranges
 *   of 10 minutes each, in runs that differ per stylist. A client session and an admin session.
 * - With `--growth=N`: tenant `viejo`, the same as `klok` plus N past appointments of its own (one busy
 *   slot each, every tenth cancelled with its busy slot inactive) spread over ~3 years for its eight
 *   stylists; and tenant `otros` with M (`--others`) past appointments likewise. Seeded with
 *   `insert … select generate_series` in chunks.
 * - Every seed ends with ANALYZE (the statistics a served database has; see the end of `main`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '../../lib/server/db/client';
import * as schema from '../../lib/server/db/schema';
import { seedTenant } from '../../lib/server/db/seed';
import { createSession } from '../../lib/server/auth/session';
import { insertStaffAccount } from '../../lib/server/services/add-employee';
import { addDays, DAY_MS, madridDate, madridWallClock, MINUTE_MS, mondayOf } from '../../lib/domain/time';

const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};
const GROWTH = arg('growth', 0);
const OTHERS = arg('others', 0);
// Rows per statement: PGlite slows down superlinearly with big statements (and GiST inserts), so small chunks there.
const CHUNK = Number(process.env.BENCH_SEED_CHUNK ?? (process.env.DATABASE_URL ? 50_000 : 5_000));

/** What the cases need to know about one bench tenant. */
export type BenchTenant = {
  slug: string;
  tenantId: number;
  /** The demo client, holder of the seeded appointments (the availability case's caller). */
  clientToken: string;
  adminToken: string;
  /** A client who finished onboarding, has one appointment and may book one more (pages case: Mis citas, wizard). */
  bookerToken: string;
  /** A client who signed in but has not onboarded yet, so /onboarding opens (pages case). */
  newcomerToken: string;
  /** The availability case: stylist e-mail, Madrid date, the 3-part service's id and duration (minutes). */
  stylistEmail: string;
  availabilityDate: string;
  serviceId: number;
  serviceDuration: number;
  /** The visit case: the 3 services of a "Cualquier estilista" visit (in visit order) and how many stylists offer all three. */
  visitServiceIds: number[];
  visitStylists: number;
  /** The agenda case: next week, Monday to Saturday (Madrid dates). */
  weekStart: string;
  weekEnd: string;
  appointments: number;
};

/** The eight stylists, the 3-part service, the agenda week and the availability day of one tenant. */
async function seedBenchTenant(db: Db, slug: string): Promise<BenchTenant> {
  const tenantId = await seedTenant(db, slug);
  const mail = (local: string) => `${local}@${slug}.demo`;
  // The demo's sample appointments would collide with the bench week: start from an empty agenda.
  await db.delete(schema.appointments).where(eq(schema.appointments.tenantId, tenantId));
  await db.transaction(async (tx) => {
    for (let i = 0; i < 5; i++) await insertStaffAccount(tx, tenantId, { email: mail(`bench${i}`), name: `Estilista ${i}`, role: 'employee' });
  });
  const staff = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), inArray(schema.users.role, ['employee', 'admin'])))
    .orderBy(schema.users.email);
  if (staff.length !== 8) throw new Error(`seed: expected 8 stylists in ${slug}, found ${staff.length}`);
  const [service] = await db
    .insert(schema.services)
    .values({
      tenantId,
      name: 'Mechas',
      description: 'Aplicación en tres pasos con pausas',
      priceCents: 5000,
      durationMinutes: 50,
      busySlots: [
        { startMinutes: 0, endMinutes: 10 },
        { startMinutes: 20, endMinutes: 30 },
        { startMinutes: 40, endMinutes: 50 },
      ],
    })
    .returning();
  const [client] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.email, mail('cliente'))));
  const [admin] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'admin')));
  if (!client || !admin || !service) throw new Error(`seed: demo client or admin missing in ${slug}`);

  // The pages case's clients: one who onboarded, has one appointment and may book one more (Mis citas and the
  // wizard as an ordinary client sees them), and one who signed in but has not onboarded yet.
  const [booker, newcomer] = await db
    .insert(schema.users)
    .values([
      { tenantId, email: mail('reserva'), name: 'Lucía Reserva Pérez', givenName: 'Lucía', tlf: '+34611000999', phoneVerified: true, privacyPolicy: true, onboardingCompleted: true, nAppointmentsAllowed: 2 },
      { tenantId, email: mail('nueva'), name: 'María José Pérez Gil' },
    ])
    .returning();

  // 600 appointments next week: 8 stylists × 6 days × 12–13 slots of 30 minutes from 08:00 Madrid.
  const monday = addDays(mondayOf(madridDate(Date.now())), 7);
  const rows: (typeof schema.appointments.$inferInsert)[] = [];
  const add = (employeeId: string, start: number, minutes: number, n: number, who: { id: string; name: string } = client) =>
    rows.push({
      tenantId,
      employeeId,
      clientId: who.id,
      userId: who.id,
      clientName: who === client ? `Cliente ${n}` : who.name,
      serviceId: service.id,
      serviceName: service.name,
      servicePriceCents: service.priceCents,
      startAt: new Date(start),
      endAt: new Date(start + minutes * MINUTE_MS),
      createdBy: who.id,
      createdByRole: 'client',
    });
  for (let n = 0; n < 600; n++) {
    const slot = Math.floor(n / staff.length); // 0..74
    const day = addDays(monday, Math.floor(slot / 13));
    add(staff[n % staff.length]!.id, madridWallClock(day, 8 * 60 + (slot % 13) * 30), 30, n);
  }
  const weekRows = rows.length;
  // The availability day: Tuesday of the week after next (within the clients' 30-day window).
  const stylist = staff.find((s) => s.email === mail('bench0'))!;
  const availabilityDate = addDays(monday, 8);
  await db.insert(schema.specialShifts).values({
    tenantId,
    employeeId: stylist.id,
    date: availabilityDate,
    available: true,
    shifts: [{ id: crypto.randomUUID(), open: '08:00', close: '22:00' }],
  });
  for (let k = 0; k < 40; k++) add(stylist.id, madridWallClock(availabilityDate, 8 * 60 + k * 20), 10, 600 + k);
  // The visit case ("Cualquier estilista", 3 services): every stylist offers Mechas, Corte de pelo and
  // Peinado, and the other seven work the same special shift that day with 40 busy ranges of 10 minutes in
  // four runs of ten back to back (100 minutes taken, 110 free), each stylist's runs 25 minutes later
  // than the previous stylist's, so their free time differs.
  const demo = await db
    .select({ id: schema.services.id, name: schema.services.name })
    .from(schema.services)
    .where(and(eq(schema.services.tenantId, tenantId), inArray(schema.services.name, ['Corte de pelo', 'Peinado'])));
  const byName = (name: string) => {
    const found = demo.find((d) => d.name === name);
    if (!found) throw new Error(`seed: demo service ${name} missing in ${slug}`);
    return found.id;
  };
  const visitServiceIds = [service.id, byName('Corte de pelo'), byName('Peinado')];
  await db
    .insert(schema.employeeServices)
    .values(staff.flatMap((s) => visitServiceIds.map((serviceId) => ({ tenantId, employeeId: s.id, serviceId }))))
    .onConflictDoNothing();
  const others = staff.filter((s) => s.id !== stylist.id);
  await db.insert(schema.specialShifts).values(
    others.map((s) => ({ tenantId, employeeId: s.id, date: availabilityDate, available: true, shifts: [{ id: crypto.randomUUID(), open: '08:00', close: '22:00' }] })),
  );
  for (const [k, s] of others.entries()) {
    for (let j = 0; j < 40; j++) {
      const minute = (Math.floor(j / 10) * 210 + (j % 10) * 10 + (k + 1) * 25) % 840;
      add(s.id, madridWallClock(availabilityDate, 8 * 60 + minute), 10, 700 + k * 40 + j);
    }
  }
  // The booker's appointment: the day after the availability day, 18:00, outside the agenda week.
  add(staff[1]!.id, madridWallClock(addDays(monday, 9), 18 * 60), 50, 640, booker!);
  const inserted = await db.insert(schema.appointments).values(rows).returning();
  await db.insert(schema.busySlots).values(
    inserted.map((a) => ({ tenantId, employeeId: a.employeeId, appointmentId: a.id, startAt: a.startAt, endAt: a.endAt })),
  );
  return {
    slug,
    tenantId,
    bookerToken: (await createSession(tenantId, booker!.id)).token,
    newcomerToken: (await createSession(tenantId, newcomer!.id)).token,
    clientToken: (await createSession(tenantId, client.id)).token,
    adminToken: (await createSession(tenantId, admin.id)).token,
    stylistEmail: stylist.email,
    availabilityDate,
    serviceId: service.id,
    serviceDuration: service.durationMinutes,
    visitServiceIds,
    visitStylists: staff.length,
    weekStart: monday,
    weekEnd: addDays(monday, 5),
    appointments: weekRows,
  };
}

/**
 * N past appointments of a tenant's eight stylists, one every 12 minutes per stylist (10 minutes long)
 * going back from yesterday (~2.9 years for 1,000,000), with their busy slots; every tenth cancelled
 * (busy slot inactive); past ones already reminded. Chunks of CHUNK rows; returns the seconds it took.
 */
async function seedHistory(db: Db, tenantId: number, n: number): Promise<number> {
  const t0 = performance.now();
  const staff = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), inArray(schema.users.role, ['employee', 'admin'])))
    .orderBy(schema.users.email);
  const [client] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenantId), eq(schema.users.role, 'client'), eq(schema.users.isGuest, false)))
    .limit(1);
  const ids = sql.raw(`array[${staff.map((s) => `'${s.id}'::uuid`).join(',')}]`);
  const k = staff.length;
  // Yesterday at midnight UTC: every history row lies in the past, clear of the bench week and day.
  const base = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK) - 1;
    await db.transaction(async (tx) => {
      // The foreign-key checks (busy_slots → appointments, → users) run cached plans that may have been made
      // while the tables were tiny (a sequential scan per inserted row: a quadratic seed). ANALYZE invalidates
      // them and, with sequential scans off for this transaction, they are planned again on their indexes.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`analyze appointments, busy_slots`);
      await tx.execute(sql`
        with a as (
          insert into appointments (tenant_id, employee_id, client_id, user_id, client_name, service_name, service_price_cents,
            start_at, end_at, status, created_by, created_by_role, created_at, reminded_at, cancelled_at)
          select ${tenantId}, (${ids})[1 + g % ${k}::int], ${client!.id}::uuid, ${client!.id}, 'Cliente ' || g, 'Corte de pelo', 1500,
            ${base}::timestamptz - (g / ${k}::int + 1) * interval '12 minutes',
            ${base}::timestamptz - (g / ${k}::int + 1) * interval '12 minutes' + interval '10 minutes',
            case when g % 10 = 0 then 'cancelled' else 'pending' end, ${client!.id}::uuid, 'client',
            ${base}::timestamptz - (g / ${k}::int + 1) * interval '12 minutes' - interval '7 days',
            ${base}::timestamptz - (g / ${k}::int + 1) * interval '12 minutes' - interval '1 day',
            case when g % 10 = 0 then ${base}::timestamptz - (g / ${k}::int + 1) * interval '12 minutes' - interval '2 days' end
          from generate_series(${from}::int, ${to}::int) g
          returning id, tenant_id, employee_id, start_at, end_at, status
        )
        insert into busy_slots (tenant_id, employee_id, appointment_id, start_at, end_at, active)
        select tenant_id, employee_id, id, start_at, end_at, status = 'pending' from a`);
    });
    console.error(`[seed] tenant ${tenantId}: ${to + 1} of ${n} past appointments (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  return (performance.now() - t0) / 1000;
}

async function main() {
  const db = await getDb();
  const t0 = performance.now();
  const klok = await seedBenchTenant(db, 'klok');
  const out: Record<string, unknown> = { klok };
  if (GROWTH > 0) {
    const viejo = await seedBenchTenant(db, 'viejo');
    const historySeconds = await seedHistory(db, viejo.tenantId, GROWTH);
    let othersSeconds = 0;
    if (OTHERS > 0) {
      const otros = await seedTenant(db, 'otros');
      await db.delete(schema.appointments).where(eq(schema.appointments.tenantId, otros));
      await db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await insertStaffAccount(tx, otros, { email: `bench${i}@otros.demo`, name: `Estilista ${i}`, role: 'employee' });
      });
      othersSeconds = await seedHistory(db, otros, OTHERS);
    }
    const a0 = performance.now();
    await db.execute(sql`analyze`);
    out.viejo = viejo;
    out.growth = { own: GROWTH, others: OTHERS, historySeconds, othersSeconds, analyzeSeconds: (performance.now() - a0) / 1000 };
  } else {
    // Statistics, as a database has them once autovacuum (PostgreSQL) or the embedded maintenance (PGlite,
    // at start) has seen these rows: without them the cases would measure plans chosen blind, or whatever
    // autovacuum happened to have analysed when the case started.
    await db.execute(sql`analyze`);
  }
  out.seedSeconds = (performance.now() - t0) / 1000;
  process.stdout.write(`SEED_JSON ${JSON.stringify(out)}\n`);
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
