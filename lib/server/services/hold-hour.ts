import 'server-only';
import { busyParts, clientWindowEnd, segmentsOf } from '@/lib/domain/availability';
import { isoUtc, MINUTE_MS } from '@/lib/domain/time';
import type { Db } from '@/lib/server/db/client';
import { insertBusySlots } from '@/lib/server/repositories/busy-slots';
import { insertHold, releaseHolds, type Holder } from '@/lib/server/repositories/holds';
import type { HoldCreate } from '@/lib/validation/schedules';
import { assertClientStart, assertClientWindow, lockBookableEmployee, resolveBooking } from './book-appointment';
import { planVisit, visitServiceRows } from './book-visit';

/** Minutes a hold keeps an hour (beyond-the-spec section 1). */
export const HOLD_MINUTES = 10;

/**
 * Holds an hour for a visitor or a signed-in client (beyond-the-spec section 1, `POST /holds`) for
 * HOLD_MINUTES from `now` (epoch ms): the hour must be one the client availability offers (shifts, 15-minute
 * grid, 30-day window, every busy part free); the hold's busy parts then keep the stylist's time from anyone
 * else, guarded by the same exclusion constraint as appointments. A visit (several services, or `any` for
 * "Cualquier estilista", beyond-the-spec section 2) is planned as its booking plans it and holds every part
 * with its stylist. A holder keeps one hold: its earlier live holds are released in the same transaction.
 * `holder.hash` (required) is the browser's holder token hash; `holder.userId` the signed-in client, if any.
 * Returns `{ hold_id, expires_at }` (UTC ISO). Errors: 404 stylist or service, 409 `slot_taken`, 422 a rule
 * (past, 30 days, not offered, not a bookable hour).
 */
export async function holdHour(
  db: Db,
  tenantId: number,
  holder: Holder & { hash: string },
  input: HoldCreate,
  now: number,
): Promise<{ hold_id: string; expires_at: string }> {
  if (input.service_ids.length > 1 || input.employee_id === 'any') return holdVisit(db, tenantId, holder, input, now);
  const { employee, service, start, end } = await resolveBooking(db, tenantId, { employee_id: input.employee_id, service_id: input.service_ids[0]!, start_time: input.start_time });
  assertClientWindow(start, now);
  const segments = segmentsOf(service.durationMinutes, service.busySlots);
  const expiresAt = now + HOLD_MINUTES * MINUTE_MS;
  return db.transaction(async (tx) => {
    // The stylist's shared lock, as a booking takes it: a hold cannot outlive the stylist's removal.
    await lockBookableEmployee(tx, tenantId, employee.id, service.id);
    await releaseHolds(tx, tenantId, holder, now);
    await assertClientStart(tx, tenantId, employee.id, { durationMinutes: service.durationMinutes, segments }, start, now);
    const id = await insertHold(
      tx,
      tenantId,
      { employeeId: employee.id, serviceIds: [service.id], anyStylist: false, start, end, holderHash: holder.hash, userId: holder.userId, expiresAt },
      now,
    );
    await insertBusySlots(
      tx,
      busyParts(start, segments).map((p) => ({ tenantId, employeeId: employee.id, holdId: id, expiresAt, start: p.start, end: p.end })),
      now,
    );
    return { hold_id: id, expires_at: isoUtc(expiresAt) };
  });
}

/** `holdHour` for a visit: its parts as `bookVisitAsClient` would book them now, each held with its stylist. */
async function holdVisit(db: Db, tenantId: number, holder: Holder & { hash: string }, input: HoldCreate, now: number): Promise<{ hold_id: string; expires_at: string }> {
  const start = Date.parse(input.start_time);
  assertClientWindow(start, now);
  const rows = await visitServiceRows(db, tenantId, input.service_ids);
  const expiresAt = now + HOLD_MINUTES * MINUTE_MS;
  return db.transaction(async (tx) => {
    await releaseHolds(tx, tenantId, holder, now);
    const parts = await planVisit(tx, tenantId, { rows, employee: input.employee_id, start, now, clientId: holder.userId, until: clientWindowEnd(now) });
    const id = await insertHold(
      tx,
      tenantId,
      {
        employeeId: parts[0]!.employeeUserId,
        serviceIds: rows.map((r) => r.id),
        anyStylist: input.employee_id === 'any',
        start,
        end: parts[parts.length - 1]!.end,
        holderHash: holder.hash,
        userId: holder.userId,
        expiresAt,
      },
      now,
    );
    await insertBusySlots(
      tx,
      parts.flatMap((p) => p.busy.map((b) => ({ tenantId, employeeId: p.employeeUserId, holdId: id, expiresAt, start: b.start, end: b.end }))),
      now,
    );
    return { hold_id: id, expires_at: isoUtc(expiresAt) };
  });
}
