import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@/lib/demo-accounts';
import { busyParts, fits, openIntervals, segmentsOf, SLOT_STEP_MINUTES, type BusySegment } from '@/lib/domain/availability';
import { confirmationPlan, inQuietHours } from '@/lib/domain/confirmation';
import { addDays, DAY_MS, madridDate, madridWallClock, MINUTE_MS, weekdayOf } from '@/lib/domain/time';
import { busyRangesOf, insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { scheduleOf } from '@/lib/server/repositories/employees';
import { insertStaffAccount } from '@/lib/server/services/add-employee';
import { createTenant } from '@/lib/server/services/create-tenant';
import { env } from '@/lib/server/env';
import { queueDueConfirmations } from '@/lib/server/notifications/confirmations';
import type { Db, Tx } from './client';
import {
  appointments,
  employeeProfiles,
  employeeServices,
  services,
  specialShifts,
  tenants,
  users,
  weekShifts,
} from './schema';

export { DEMO_ACCOUNTS };

/** Split shift Monday–Saturday: 09:30–14:00 and 16:00–20:00 (Saturday mornings only). */
function splitShifts(): { day: number; openMinute: number; closeMinute: number }[] {
  const out: { day: number; openMinute: number; closeMinute: number }[] = [];
  for (let day = 1; day <= 5; day++) {
    out.push({ day, openMinute: 9 * 60 + 30, closeMinute: 14 * 60 }, { day, openMinute: 16 * 60, closeMinute: 20 * 60 });
  }
  out.push({ day: 6, openMinute: 9 * 60, closeMinute: 14 * 60 });
  return out;
}

/**
 * Seeds the demo tenant `klok` on an empty database: facility 1, three stylists with split weekly
 * shifts and one special closed day, six services (one colour with a rest gap), the guest client and
 * the demo accounts. Does nothing when any tenant exists.
 */
export async function seedDemo(db: Db, slug = 'klok', now = Date.now()): Promise<number | null> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return null;
  return seedTenant(db, slug, now);
}

/**
 * `seedDemo` when SEED_DEMO=1 (lib/server/env.ts): the scripts that open the database for the server or for
 * an operator (`npm run db:migrate`, `npm run tenant:create`, and through the first the start script) call
 * this right after `getDb`. Returns whether the seed was enabled.
 */
export async function seedDemoIfEnabled(db: Db): Promise<boolean> {
  if (env().SEED_DEMO !== '1') return false;
  const now = Date.now();
  const tenantId = await seedDemo(db, 'klok', now);
  // The server's demo also shows confirm or release at work (the test suites' seed leaves it out).
  if (tenantId !== null) await seedConfirmationDemo(db, tenantId, now);
  return true;
}

/** The demo client whose appointment waits for his confirmation (`seedConfirmationDemo`). */
export const CONFIRMATION_DEMO_CLIENT = { email: 'lucas@correo.demo', name: 'Lucas Moreno' };

/**
 * Confirm or release in the demo (beyond-the-spec section 3): a new client, Lucas Moreno, with a Corte de pelo
 * three days ahead that waits for his confirmation, its request already e-mailed through the outbox (the local
 * mail catcher shows it with its action link `/c/{token}`). The request goes out at `now` (epoch ms), or at 21:59
 * before the quiet hours when `now` falls in them, through the scan's own code (`queueDueConfirmations`).
 */
export async function seedConfirmationDemo(db: Db, tenantId: number, now: number): Promise<void> {
  const at = lastDaytimeAt(now);
  const created = at - DAY_MS;
  const [stylist] = await db
    .select({ id: users.id, service: services })
    .from(employeeServices)
    .innerJoin(services, and(eq(services.tenantId, employeeServices.tenantId), eq(services.id, employeeServices.serviceId)))
    .innerJoin(users, and(eq(users.tenantId, employeeServices.tenantId), eq(users.id, employeeServices.employeeId)))
    .where(and(eq(employeeServices.tenantId, tenantId), eq(services.name, 'Corte de pelo')))
    .orderBy(users.email)
    .limit(1);
  if (!stylist) return;
  await db.transaction(async (tx) => {
    const start = await placeInWorkingHours(tx, tenantId, stylist.id, stylist.service, madridDate(now), 3, 12 * 60);
    if (start === null) return;
    const plan = confirmationPlan(start, created);
    if (!plan.required) return;
    const [client] = await tx
      .insert(users)
      .values({ tenantId, email: CONFIRMATION_DEMO_CLIENT.email, name: CONFIRMATION_DEMO_CLIENT.name, role: 'client', onboardingCompleted: true, privacyPolicy: true })
      .returning();
    await insertSampleAppointment(tx, tenantId, { stylistId: stylist.id, client: client!, name: client!.name, service: stylist.service, start }, created, {
      createdAt: new Date(created),
      confirmation: 'pending',
      confirmationCutoffAt: new Date(plan.cutoff),
      confirmationStepAt: new Date(at),
    });
  });
  await queueDueConfirmations(db, at);
}

/** `now`, or 21:59 Madrid before the quiet hours (22:00–09:00) that hold `now`: the last instant a request may go. */
function lastDaytimeAt(now: number): number {
  if (!inQuietHours(now)) return now;
  const today = madridDate(now);
  const lastEvening = madridWallClock(today, 21 * 60 + 59);
  return lastEvening < now ? lastEvening : madridWallClock(addDays(today, -1), 21 * 60 + 59);
}

/**
 * Creates one demo tenant with its facility, staff, services and accounts; returns its id. The tenant,
 * facility 1, the admin and the guest come from `createTenant` (the code path of `npm run tenant:create`)
 * and the other stylists from `insertStaffAccount` (the one of `POST /facility/1/employees`); the seed then
 * gives them the demo details. `now` (epoch ms) anchors the sample agenda, whose appointments all lie
 * inside their stylist's working hours on their date (see `placeInWorkingHours`).
 */
export async function seedTenant(db: Db, slug: string, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const mail = (e: string) => (slug === 'klok' ? e : e.replace('@klok.demo', `@${slug}.demo`));
    const { tenant } = await createTenant(tx, {
      slug,
      name: slug === 'klok' ? 'Klok' : slug,
      adminEmail: mail(DEMO_ACCOUNTS.admin.email),
      adminName: DEMO_ACCOUNTS.admin.name,
      facility: {
        name: slug === 'klok' ? 'Klok Peluquería' : `Peluquería ${slug}`,
        logo: 'logo.svg',
        address: 'Calle de Fuencarral 45, 28004 Madrid',
        tlf: '+34 910 123 456',
        config: { instagram: 'klok.peluqueria' },
      },
    });
    const tenantId = tenant.id;
    const staffDefs = [
      { ...DEMO_ACCOUNTS.admin, role: 'admin' as const, color: '#2FB8AC', description: 'Colorista y directora del salón' },
      { ...DEMO_ACCOUNTS.employee, role: 'employee' as const, color: '#F9A825', description: 'Barbero y cortes clásicos' },
      { ...DEMO_ACCOUNTS.employee2, role: 'employee' as const, color: '#D16BA5', description: 'Peinados y tratamientos' },
    ];
    const admin = (await tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.email, mail(DEMO_ACCOUNTS.admin.email)))))[0]!;
    const staff = [admin];
    for (const s of staffDefs.slice(1)) staff.push(await insertStaffAccount(tx, tenantId, { email: mail(s.email), name: s.name, role: s.role }));
    for (const [i, u] of staff.entries()) {
      await tx.update(users).set({ privacyPolicy: true }).where(and(eq(users.tenantId, tenantId), eq(users.id, u.id)));
      await tx
        .update(employeeProfiles)
        .set({ color: staffDefs[i]!.color, description: staffDefs[i]!.description, position: i })
        .where(and(eq(employeeProfiles.tenantId, tenantId), eq(employeeProfiles.userId, u.id)));
    }
    // The demo's split shifts replace the default weekly schedule.
    await tx.delete(weekShifts).where(eq(weekShifts.tenantId, tenantId));
    await tx.insert(weekShifts).values(staff.flatMap((u) => splitShifts().map((s) => ({ ...s, tenantId, employeeId: u.id }))));
    // One special closed day for the second stylist: the next Wednesday.
    const today = madridDate(now);
    const wednesday = addDays(today, (3 - weekdayOf(today) + 7) % 7 || 7);
    await tx.insert(specialShifts).values({
      tenantId,
      employeeId: staff[1]!.id,
      date: wednesday,
      available: false,
      shifts: [],
      notes: 'Formación',
    });
    const serviceDefs = [
      { name: 'Corte de pelo', description: 'Corte, lavado y peinado', priceCents: 1800, durationMinutes: 30 },
      { name: 'Corte y barba', description: 'Corte de pelo y arreglo de barba', priceCents: 2500, durationMinutes: 45 },
      { name: 'Arreglo de barba', description: 'Perfilado y afeitado con toalla caliente', priceCents: 1000, durationMinutes: 15 },
      { name: 'Peinado', description: 'Lavado y peinado con secador', priceCents: 2000, durationMinutes: 45 },
      {
        name: 'Color',
        description: 'Tinte completo: aplicación, tiempo de exposición y aclarado',
        priceCents: 4500,
        durationMinutes: 75,
        busySlots: [
          { startMinutes: 0, endMinutes: 30 },
          { startMinutes: 60, endMinutes: 75 },
        ],
      },
      { name: 'Tratamiento hidratante', description: 'Mascarilla y masaje capilar', priceCents: 3000, durationMinutes: 30 },
    ];
    const created = await tx
      .insert(services)
      .values(
        serviceDefs.map((s) => ({
          tenantId,
          name: s.name,
          description: s.description,
          priceCents: s.priceCents,
          durationMinutes: s.durationMinutes,
          busySlots: s.busySlots ?? [{ startMinutes: 0, endMinutes: s.durationMinutes }],
        })),
      )
      .returning();
    const byName = new Map(created.map((s) => [s.name, s.id]));
    const offer: Record<number, string[]> = {
      0: ['Corte de pelo', 'Color', 'Peinado', 'Tratamiento hidratante'],
      1: ['Corte de pelo', 'Corte y barba', 'Arreglo de barba'],
      2: ['Corte de pelo', 'Peinado', 'Color', 'Tratamiento hidratante'],
    };
    await tx.insert(employeeServices).values(
      staff.flatMap((u, i) => (offer[i] ?? []).map((name) => ({ tenantId, employeeId: u.id, serviceId: byName.get(name)! }))),
    );
    await tx.insert(users).values({
      tenantId,
      email: mail(DEMO_ACCOUNTS.client.email),
      name: DEMO_ACCOUNTS.client.name,
      role: 'client',
      tlf: '+34612345678',
      phoneVerified: true,
      privacyPolicy: true,
      onboardingCompleted: true,
      nAppointmentsAllowed: 2,
      subUsers: [{ id: crypto.randomUUID(), name: 'Leo García' }],
    });
    // A lived-in agenda: walk-ins (the guest) and a regular client, from yesterday to six days ahead.
    const [guest] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.isGuest, true)));
    const [regular] = await tx
      .insert(users)
      .values({ tenantId, email: mail('pablo@correo.demo'), name: 'Pablo Sánchez', role: 'client', onboardingCompleted: true, privacyPolicy: true })
      .returning();
    const plan: { day: number; stylist: number; minute: number; service: string; who: 'guest' | 'regular'; name: string }[] = [
      { day: -2, stylist: 2, minute: 10 * 60, service: 'Peinado', who: 'regular', name: 'Pablo Sánchez' },
      { day: -1, stylist: 0, minute: 10 * 60, service: 'Color', who: 'guest', name: 'Carmen Vidal' },
      { day: -1, stylist: 1, minute: 17 * 60, service: 'Corte y barba', who: 'regular', name: 'Pablo Sánchez' },
      { day: 1, stylist: 0, minute: 10 * 60, service: 'Corte de pelo', who: 'guest', name: 'Lola Romero' },
      { day: 1, stylist: 2, minute: 11 * 60, service: 'Peinado', who: 'guest', name: 'Elena Ortiz' },
      { day: 2, stylist: 1, minute: 12 * 60, service: 'Arreglo de barba', who: 'guest', name: 'Jorge Castro' },
      { day: 4, stylist: 0, minute: 17 * 60, service: 'Color', who: 'regular', name: 'Pablo Sánchez' },
    ];
    for (const p of plan) {
      const service = created.find((s) => s.name === p.service)!;
      const stylist = staff[p.stylist]!;
      const start = await placeInWorkingHours(tx, tenantId, stylist.id, service, today, p.day, p.minute);
      if (start === null) continue;
      const client = p.who === 'guest' ? guest! : regular!;
      await insertSampleAppointment(tx, tenantId, { stylistId: stylist.id, client, name: p.name, service, start }, now);
    }
    return tenantId;
  });
}

/**
 * Writes a sample appointment booked by its stylist for `client` (named `name`) at `start` (epoch ms) and its
 * busy parts, as of `now`; `extra`: further columns (the confirmation demo's schedule).
 */
async function insertSampleAppointment(
  tx: Tx,
  tenantId: number,
  a: {
    stylistId: string;
    client: { id: string };
    name: string;
    service: { id: number; name: string; priceCents: number; durationMinutes: number; busySlots: BusySegment[] };
    start: number;
  },
  now: number,
  extra: Partial<typeof appointments.$inferInsert> = {},
): Promise<void> {
  const [appointment] = await tx
    .insert(appointments)
    .values({
      tenantId,
      employeeId: a.stylistId,
      clientId: a.client.id,
      userId: a.client.id,
      clientName: a.name,
      serviceId: a.service.id,
      serviceName: a.service.name,
      servicePriceCents: a.service.priceCents,
      startAt: new Date(a.start),
      endAt: new Date(a.start + a.service.durationMinutes * MINUTE_MS),
      createdBy: a.stylistId,
      createdByRole: 'staff',
      ...extra,
    })
    .returning({ id: appointments.id });
  const parts = busyParts(a.start, segmentsOf(a.service.durationMinutes, a.service.busySlots));
  await insertBusySlots(tx, parts.map((b) => ({ tenantId, employeeId: a.stylistId, appointmentId: appointment!.id, start: b.start, end: b.end })), now);
}

/**
 * The start (epoch ms) of a sample appointment inside the stylist's working hours: on the date `day` days
 * after `today` (Madrid), at `minute` after midnight when the whole service fits there, else the first
 * 15-minute start of an open interval that fits (the whole service inside one interval, as
 * `availableStarts` requires); when that date has none (a closed day, a special closed
 * day, a morning-only Saturday for an afternoon service), the next date further from today (later for
 * future entries, earlier for past ones), so past samples stay past and future ones stay future.
 * Open intervals and the fit come from the booking rules (`openIntervals`, `fits`), busy time from the
 * stored busy parts. Null when nothing fits within two weeks.
 */
async function placeInWorkingHours(
  tx: Tx,
  tenantId: number,
  employeeId: string,
  service: { durationMinutes: number; busySlots: BusySegment[] },
  today: string,
  day: number,
  minute: number,
): Promise<number | null> {
  const step = day < 0 ? -1 : 1;
  const segments = segmentsOf(service.durationMinutes, service.busySlots);
  for (let offset = day; Math.abs(offset - day) < 14; offset += step) {
    const date = addDays(today, offset);
    const { week, special } = await scheduleOf(tx, tenantId, employeeId, date);
    const open = openIntervals(date, week, special);
    if (open.length === 0) continue;
    const busy = await busyRangesOf(tx, tenantId, employeeId, open[0]!.start, open[open.length - 1]!.end, open[0]!.start);
    const query = { open, busy, segments };
    const duration = service.durationMinutes * MINUTE_MS;
    const preferred = madridWallClock(date, minute);
    const candidates = [preferred, ...open.flatMap((o) => starts(o.start, o.end, SLOT_STEP_MINUTES * MINUTE_MS))];
    const start = candidates.find((c) => open.some((o) => o.start <= c && c + duration <= o.end) && fits(c, query));
    if (start !== undefined) return start;
  }
  return null;
}

function starts(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += step) out.push(t);
  return out;
}
