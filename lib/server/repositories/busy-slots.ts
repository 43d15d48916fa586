import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Range } from '@/lib/domain/time';
import { preparedPerDb, UNNAMED_STATEMENT, type DbOrTx, type Tx } from '@/lib/server/db/client';
import { busySlots } from '@/lib/server/db/schema';
import { epochMs, overlapsWindow, windowParams } from './time-window';

/** Busy time that does not stand in the caller's way: an appointment being moved, the caller's own holds (uuids). */
export type BusyExcept = { appointmentId?: string; holdIds?: readonly string[] };

/** A row for `insertBusySlots`: one busy part of exactly one appointment, leave or hold (epoch ms). */
export type NewBusySlot = {
  tenantId: number;
  employeeId: string;
  start: number;
  end: number;
} & ({ appointmentId: string } | { leaveId: string } | { holdId: string; expiresAt: number });

/** SQL condition: the row is not an expired hold's at `now` (epoch ms, or a placeholder given an ISO instant). */
const liveAt = (now: string | ReturnType<typeof sql.placeholder>) => or(isNull(busySlots.expiresAt), gt(busySlots.expiresAt, sql`${now}::timestamptz`));

/** SQL conditions leaving out what `except` names (the appointment being moved, the caller's own holds). */
function exceptConditions(except: BusyExcept): (SQL | undefined)[] {
  const holdIds = except.holdIds ?? [];
  return [
    except.appointmentId === undefined ? undefined : or(isNull(busySlots.appointmentId), ne(busySlots.appointmentId, except.appointmentId)),
    holdIds.length === 0 ? undefined : or(isNull(busySlots.holdId), notInArray(busySlots.holdId, [...holdIds])),
  ];
}

/** Whether `except` leaves nothing out (the prepared queries' case). */
const exceptsNothing = (except: BusyExcept) => except.appointmentId === undefined && (except.holdIds ?? []).length === 0;

/**
 * Busy time of a stylist overlapping [from, to) (epoch ms, from < to) at `now` (epoch ms): active busy parts
 * of appointments, leaves and holds not yet expired, as epoch-ms ranges, less what `except` names. Read
 * through the GiST index of the exclusion constraint `busy_slots_no_overlap` (cost independent of the
 * number of past appointments).
 */
export async function busyRangesOf(
  db: DbOrTx,
  tenantId: number,
  employeeId: string,
  from: number,
  to: number,
  now: number,
  except: BusyExcept = {},
): Promise<Range[]> {
  const rows = exceptsNothing(except)
    ? await busyRangesQuery(db).execute({ tenantId, employeeId, ...windowParams(from, to), now: new Date(now).toISOString() })
    : await db
        .select({ startAt: busySlots.startAt, endAt: busySlots.endAt })
        .from(busySlots)
        .where(
          and(
            eq(busySlots.tenantId, tenantId),
            eq(busySlots.employeeId, employeeId),
            busySlots.active,
            overlapsWindow(busySlots.startAt, busySlots.endAt, from, to),
            liveAt(new Date(now).toISOString()),
            ...exceptConditions(except),
          ),
        );
  return rows.map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() }));
}

/** `busyRangesOf`'s query without exceptions, built once per database handle (the availability hot path). */
const busyRangesQuery = preparedPerDb((db) =>
  db
    .select({ startAt: busySlots.startAt, endAt: busySlots.endAt })
    .from(busySlots)
    .where(
      and(
        eq(busySlots.tenantId, sql.placeholder('tenantId')),
        eq(busySlots.employeeId, sql.placeholder('employeeId')),
        // `active` as a bare column and the range overlap: the predicate and expression of the exclusion
        // constraint's partial GiST index, which bounds both ends of the window.
        busySlots.active,
        overlapsWindow(busySlots.startAt, busySlots.endAt, sql.placeholder('from'), sql.placeholder('to')),
        liveAt(sql.placeholder('now')),
      ),
    )
    .prepare(UNNAMED_STATEMENT),
);

/**
 * `busyRangesOf` for several stylists in one statement: the busy time of each of `employeeIds` (user ids)
 * overlapping [from, to) at `now` (epoch ms), less what `except` names, by stylist. Every id given has an
 * entry (empty when the stylist is free). The stylists of a visit's day are read this way, one round trip
 * whatever their number. Read through the same GiST index as `busyRangesOf` (tenant and time window; the
 * stylists are a filter of that scan), so the cost does not grow with the number of past appointments.
 */
export async function busyRangesByEmployee(
  db: DbOrTx,
  tenantId: number,
  employeeIds: readonly string[],
  from: number,
  to: number,
  now: number,
  except: BusyExcept = {},
): Promise<Map<string, Range[]>> {
  const out = new Map<string, Range[]>(employeeIds.map((id) => [id, []]));
  if (employeeIds.length === 0) return out;
  const ids = uuidArray(employeeIds);
  const [row] = exceptsNothing(except)
    ? await busyRangesByEmployeeQuery(db).execute({ tenantId, employeeIds: ids, ...windowParams(from, to), now: new Date(now).toISOString() })
    : await db
        .select({ ranges: rangesByPosition(ids) })
        .from(busySlots)
        .where(
          and(
            eq(busySlots.tenantId, tenantId),
            sql`${busySlots.employeeId} = any(${ids}::uuid[])`,
            busySlots.active,
            overlapsWindow(busySlots.startAt, busySlots.endAt, from, to),
            liveAt(new Date(now).toISOString()),
            ...exceptConditions(except),
          ),
        );
  for (const [position, start, end] of row?.ranges ?? []) out.get(employeeIds[position - 1]!)?.push({ start, end });
  return out;
}

/** User ids as one PostgreSQL array literal, a single parameter whatever their number (both drivers send it as text). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The select of `busyRangesByEmployee`: one JSON array of `[position of the stylist in ids (from 1), start,
 * end]` (epoch ms). A team's day holds many ranges, and one JSON value costs the server process far less
 * to receive than as many rows through the driver and the row mapping (bench/README.md).
 */
const rangesByPosition = (ids: string | Placeholder) =>
  sql<[number, number, number][]>`coalesce(json_agg(json_build_array(array_position(${ids}::uuid[], ${busySlots.employeeId}), ${epochMs(busySlots.startAt)}, ${epochMs(busySlots.endAt)})), '[]')`;

/** `busyRangesByEmployee`'s query without exceptions, built once per database handle. */
const busyRangesByEmployeeQuery = preparedPerDb((db) =>
  db
    .select({ ranges: rangesByPosition(sql.placeholder('employeeIds')) })
    .from(busySlots)
    .where(
      and(
        eq(busySlots.tenantId, sql.placeholder('tenantId')),
        sql`${busySlots.employeeId} = any(${sql.placeholder('employeeIds')}::uuid[])`,
        // The exclusion constraint's predicate and expression, as in `busyRangesQuery`.
        busySlots.active,
        overlapsWindow(busySlots.startAt, busySlots.endAt, sql.placeholder('from'), sql.placeholder('to')),
        liveAt(sql.placeholder('now')),
      ),
    )
    .prepare(UNNAMED_STATEMENT),
);

/**
 * Writes busy parts inside the caller's transaction, the one way busy time is stored. Expired holds of the
 * stylists concerned are deleted first (at `now`, epoch ms): the exclusion constraint cannot tell an expired
 * hold from a live one, and an expired hold frees its time. Live overlapping rows make the insert fail with
 * the exclusion violation (409 `slot_taken` at the API edge).
 */
export async function insertBusySlots(tx: Tx, rows: readonly NewBusySlot[], now: number): Promise<void> {
  if (rows.length === 0) return;
  const tenantId = rows[0]!.tenantId;
  const employees = [...new Set(rows.map((r) => r.employeeId))];
  await tx
    .delete(busySlots)
    .where(
      and(
        eq(busySlots.tenantId, tenantId),
        inArray(busySlots.employeeId, employees),
        isNotNull(busySlots.holdId),
        lte(busySlots.expiresAt, new Date(now)),
      ),
    );
  await tx.insert(busySlots).values(
    rows.map((r) => ({
      tenantId: r.tenantId,
      employeeId: r.employeeId,
      appointmentId: 'appointmentId' in r ? r.appointmentId : null,
      leaveId: 'leaveId' in r ? r.leaveId : null,
      holdId: 'holdId' in r ? r.holdId : null,
      expiresAt: 'holdId' in r ? new Date(r.expiresAt) : null,
      startAt: new Date(r.start),
      endAt: new Date(r.end),
    })),
  );
}
