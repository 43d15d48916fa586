import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { segmentsOf } from '@/lib/domain/availability';
import { centsToEuros } from '@/lib/domain/money';
import type { VisitService } from '@/lib/domain/visit';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { employeeServices, services, users, type BusySegment } from '@/lib/server/db/schema';
import type { Service, ZServiceRef } from '@/lib/validation/dto';
import { serviceEmployeesVersion, serviceVersion } from '@/lib/server/version';
import { notRemoved } from './employees';

/** A service as the API shows it (spec section 3, Service; the contract's `Service`). */
export type ServiceDto = Service;

export type ServiceRow = typeof services.$inferSelect;

/** A service as a chip, `{ id, name }` (the contract's `ZServiceRef`). */
export type ServiceRef = z.infer<typeof ZServiceRef>;

/** The tenant's services (not deleted), each with its stylists; `associated` keeps only services with one. */
export async function listServices(
  db: DbOrTx,
  tenantId: number,
  opts: { associated?: boolean; ids?: number[] } = {},
): Promise<ServiceDto[]> {
  const conditions = [eq(services.tenantId, tenantId), isNull(services.deletedAt)];
  if (opts.ids) conditions.push(inArray(services.id, opts.ids.length ? opts.ids : [-1]));
  // The salon's order (staff reorder it; a visit's services follow it), then by name.
  const rows = await db.select().from(services).where(and(...conditions)).orderBy(asc(services.position), asc(services.name));
  if (rows.length === 0) return [];
  const linkConditions = [eq(employeeServices.tenantId, tenantId)];
  if (opts.ids) linkConditions.push(inArray(employeeServices.serviceId, rows.map((r) => r.id)));
  const links = await db
    .select({ serviceId: employeeServices.serviceId, email: users.email, name: users.name })
    .from(employeeServices)
    .innerJoin(users, and(eq(users.tenantId, employeeServices.tenantId), eq(users.id, employeeServices.employeeId)))
    .where(and(...linkConditions))
    .orderBy(asc(users.name), asc(users.email));
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

/** A live service as a visit plans it (duration in minutes, busy segments) and its appointments keep it (name, price in cents). */
export type VisitServiceRow = VisitService & { name: string; priceCents: number };

/** The live services of the tenant among `ids`, in the salon's order (position, then name). */
export async function visitServicesOf(db: DbOrTx, tenantId: number, ids: number[]): Promise<VisitServiceRow[]> {
  const rows = await db
    .select({ id: services.id, name: services.name, priceCents: services.priceCents, durationMinutes: services.durationMinutes, busySlots: services.busySlots })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), isNull(services.deletedAt), inArray(services.id, ids.length ? ids : [-1])))
    .orderBy(asc(services.position), asc(services.name), asc(services.id));
  return rows.map(({ busySlots, ...r }) => ({ ...r, segments: segmentsOf(r.durationMinutes, busySlots) }));
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

/** One service of the tenant (not deleted) as the API shows it, with its stylists; null when absent. */
export async function getService(db: DbOrTx, tenantId: number, id: number): Promise<ServiceDto | null> {
  const [service] = await listServices(db, tenantId, { ids: [id] });
  return service ?? null;
}

/**
 * Locks one service row of the tenant (not deleted) until the end of the caller's transaction, so
 * concurrent changes of the same service run one after the other; null when absent or deleted.
 */
export async function lockService(tx: DbOrTx, tenantId: number, id: number): Promise<ServiceRow | null> {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.tenantId, tenantId), eq(services.id, id), isNull(services.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The columns a service's information and timing set (price in cents, duration in minutes). */
export type ServiceValues = {
  name: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
  busySlots: BusySegment[];
};

/** Inserts a service of the tenant (facility 1) at the end of the salon's order; returns its id. */
export async function insertService(tx: DbOrTx, tenantId: number, values: ServiceValues): Promise<number> {
  const position = sql<number>`(select coalesce(max(${services.position}), -1) + 1 from ${services} where ${services.tenantId} = ${tenantId})`;
  const [row] = await tx.insert(services).values({ tenantId, ...values, position }).returning({ id: services.id });
  return row!.id;
}

/**
 * Sets the salon's order of its live services (`ids`, every live service once, first to last) inside the
 * caller's transaction, the rows locked first so two reorders take turns. False, writing nothing, when
 * `ids` is not exactly the live services (one was added or deleted meanwhile).
 */
export async function reorderServiceRows(tx: Tx, tenantId: number, ids: number[]): Promise<boolean> {
  const live = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), isNull(services.deletedAt)))
    .for('update');
  const wanted = new Set(ids);
  if (live.length !== ids.length || live.some((r) => !wanted.has(r.id))) return false;
  for (const [position, id] of ids.entries()) {
    await tx.update(services).set({ position }).where(and(eq(services.tenantId, tenantId), eq(services.id, id)));
  }
  return true;
}

/** Overwrites a service's information and timing; false when it is absent or deleted. */
export async function updateServiceRow(tx: DbOrTx, tenantId: number, id: number, values: ServiceValues): Promise<boolean> {
  const rows = await tx
    .update(services)
    .set(values)
    .where(and(eq(services.tenantId, tenantId), eq(services.id, id), isNull(services.deletedAt)))
    .returning({ id: services.id });
  return rows.length > 0;
}

/**
 * Soft-deletes a service (decisions "Deleting"): sets `deleted_at` to `at`; its stylist links and the
 * appointments' snapshots stay. Returns the deleted service's id and name, or null when it is absent
 * or already deleted.
 */
export async function softDeleteService(tx: DbOrTx, tenantId: number, id: number, at: Date): Promise<ServiceRef | null> {
  const [row] = await tx
    .update(services)
    .set({ deletedAt: at })
    .where(and(eq(services.tenantId, tenantId), eq(services.id, id), isNull(services.deletedAt)))
    .returning({ id: services.id, name: services.name });
  return row ?? null;
}

/** Replaces the stylists (user ids) of a service. */
export async function replaceServiceEmployees(tx: DbOrTx, tenantId: number, serviceId: number, employeeIds: string[]): Promise<void> {
  await tx.delete(employeeServices).where(and(eq(employeeServices.tenantId, tenantId), eq(employeeServices.serviceId, serviceId)));
  if (employeeIds.length === 0) return;
  await tx.insert(employeeServices).values(employeeIds.map((employeeId) => ({ tenantId, employeeId, serviceId })));
}

/**
 * The active staff (employees and admins, not removed) of the tenant among `emails` (lower-case), as
 * e-mail → user id, each user row locked (`for share`) until the end of the caller's transaction.
 * E-mails of clients, removed stylists, other tenants' people or of nobody are absent from the map.
 */
export async function staffIdsByEmail(tx: DbOrTx, tenantId: number, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(eq(users.tenantId, tenantId), inArray(users.email, emails), inArray(users.role, ['employee', 'admin']), notRemoved(users.tenantId, users.id)),
    )
    .for('share');
  return new Map(rows.map((r) => [r.email, r.id]));
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
  const info = {
    name: s.name,
    description: s.description,
    price: centsToEuros(s.priceCents),
    duration: s.durationMinutes,
    busy_slots: s.busySlots,
  };
  return { id: s.id, ...info, employees, version: serviceVersion(info), employees_version: serviceEmployeesVersion({ employees }) };
}
