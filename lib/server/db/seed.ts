import 'server-only';
import { DateTime } from 'luxon';
import { and, count, eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@/lib/demo-accounts';
import { ZONE } from '@/lib/domain/time';
import type { Db } from './client';
import {
  appointments,
  busySlots,
  employeeProfiles,
  employeeServices,
  facilities,
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
export async function seedDemo(db: Db, slug = 'klok', now = Date.now()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return;
  await seedTenant(db, slug, now);
}

/** Creates one demo tenant with its facility, staff, services and accounts; returns its id. */
export async function seedTenant(db: Db, slug: string, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ slug, name: slug === 'klok' ? 'Klok' : slug }).returning();
    const tenantId = tenant!.id;
    await tx.insert(facilities).values({
      tenantId,
      id: 1,
      name: slug === 'klok' ? 'Klok Peluquería' : `Peluquería ${slug}`,
      logo: 'logo.svg',
      address: 'Calle de Fuencarral 45, 28004 Madrid',
      tlf: '+34 910 123 456',
      config: { instagram: 'klok.peluqueria' },
    });
    const mail = (e: string) => (slug === 'klok' ? e : e.replace('@klok.demo', `@${slug}.demo`));
    await tx.insert(users).values({
      tenantId,
      email: `invitado@${slug}.invalid`,
      name: 'Invitado',
      role: 'client',
      isGuest: true,
      onboardingCompleted: true,
      nAppointmentsAllowed: 0,
    });
    const staffDefs = [
      { ...DEMO_ACCOUNTS.admin, role: 'admin' as const, color: '#2FB8AC', description: 'Colorista y directora del salón' },
      { ...DEMO_ACCOUNTS.employee, role: 'employee' as const, color: '#F9A825', description: 'Barbero y cortes clásicos' },
      { ...DEMO_ACCOUNTS.employee2, role: 'employee' as const, color: '#D16BA5', description: 'Peinados y tratamientos' },
    ];
    const staff = await tx
      .insert(users)
      .values(
        staffDefs.map((s) => ({
          tenantId,
          email: mail(s.email),
          name: s.name,
          role: s.role,
          onboardingCompleted: true,
          privacyPolicy: true,
        })),
      )
      .returning();
    await tx.insert(employeeProfiles).values(
      staff.map((u, i) => ({ userId: u.id, tenantId, color: staffDefs[i]!.color, description: staffDefs[i]!.description, position: i })),
    );
    await tx.insert(weekShifts).values(staff.flatMap((u) => splitShifts().map((s) => ({ ...s, tenantId, employeeId: u.id }))));
    // One special closed day for the second stylist: the next Wednesday.
    const today = DateTime.fromMillis(now, { zone: ZONE }).startOf('day');
    const wednesday = today.plus({ days: ((3 - today.weekday + 7) % 7) || 7 });
    await tx.insert(specialShifts).values({
      tenantId,
      employeeId: staff[1]!.id,
      date: wednesday.toFormat('yyyy-MM-dd'),
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
      const date = today.plus({ days: p.day });
      if (date.weekday === 7) continue; // closed on Sundays
      const service = created.find((s) => s.name === p.service)!;
      const start = date.set({ hour: Math.floor(p.minute / 60), minute: p.minute % 60 });
      const client = p.who === 'guest' ? guest! : regular!;
      const [appointment] = await tx
        .insert(appointments)
        .values({
          tenantId,
          employeeId: staff[p.stylist]!.id,
          clientId: client.id,
          userId: client.id,
          clientName: p.name,
          serviceId: service.id,
          serviceName: service.name,
          servicePriceCents: service.priceCents,
          startAt: start.toJSDate(),
          endAt: start.plus({ minutes: service.durationMinutes }).toJSDate(),
          createdBy: staff[p.stylist]!.id,
          createdByRole: 'staff',
        })
        .returning();
      await tx.insert(busySlots).values(
        service.busySlots.map((b) => ({
          tenantId,
          employeeId: staff[p.stylist]!.id,
          appointmentId: appointment!.id,
          startAt: start.plus({ minutes: b.startMinutes }).toJSDate(),
          endAt: start.plus({ minutes: b.endMinutes }).toJSDate(),
        })),
      );
    }
    return tenantId;
  });
}
