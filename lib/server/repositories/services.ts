import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { centsToEuros } from '@/lib/domain/money';
import type { DbOrTx } from '@/lib/server/db/client';
import { employeeServices, services, users } from '@/lib/server/db/schema';
import type { Service } from '@/lib/validation/dto';

/** A service as the API shows it (spec section 3, Service; the contract's `Service`). */
export type ServiceDto = Service;

export type ServiceRow = typeof services.$inferSelect;

/** The tenant's services (not deleted), each with its stylists; `associated` keeps only services with one. */
export async function listServices(
  db: DbOrTx,
  tenantId: number,
  opts: { associated?: boolean; ids?: number[] } = {},
): Promise<ServiceDto[]> {
  const conditions = [eq(services.tenantId, tenantId), isNull(services.deletedAt)];
  if (opts.ids) conditions.push(inArray(services.id, opts.ids.length ? opts.ids : [-1]));
  const rows = await db.select().from(services).where(and(...conditions)).orderBy(asc(services.name));
  const links = await db
    .select({ serviceId: employeeServices.serviceId, email: users.email, name: users.name })
    .from(employeeServices)
    .innerJoin(users, eq(users.id, employeeServices.employeeId))
    .where(eq(employeeServices.tenantId, tenantId))
    .orderBy(asc(users.name));
  const byService = new Map<number, { email: string; name: string }[]>();
  for (const l of links) {
    const list = byService.get(l.serviceId) ?? [];
    list.push({ email: l.email, name: l.name });
    byService.set(l.serviceId, list);
  }
  return rows
    .map((s) => toServiceDto(s, byService.get(s.id) ?? []))
    .filter((s) => !opts.associated || s.employees.length > 0);
}

/** One service row of the tenant (not deleted), or null. */
export async function findService(db: DbOrTx, tenantId: number, id: number): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.tenantId, tenantId), eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** True when the stylist offers the service. */
export async function offersService(db: DbOrTx, tenantId: number, employeeId: string, serviceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: employeeServices.serviceId })
    .from(employeeServices)
    .where(
      and(
        eq(employeeServices.tenantId, tenantId),
        eq(employeeServices.employeeId, employeeId),
        eq(employeeServices.serviceId, serviceId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

function toServiceDto(s: ServiceRow, employees: { email: string; name: string }[]): ServiceDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    price: centsToEuros(s.priceCents),
    duration: s.durationMinutes,
    busy_slots: s.busySlots,
    employees,
  };
}
