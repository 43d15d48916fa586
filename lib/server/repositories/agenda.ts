import 'server-only';
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoUtc, madridDate } from '@/lib/domain/time';
import type { Leave } from '@/lib/validation/dto';
import { preparedPerDb, UNNAMED_STATEMENT, type DbOrTx } from '@/lib/server/db/client';
import { leaves, users } from '@/lib/server/db/schema';
import { overlapsWindow, windowParams } from './time-window';

/** A leave (blocked slot) as the API shows it (spec section 3, Leave). */
export type LeaveDto = Leave;

const creator = alias(users, 'leave_creator');
const employee = alias(users, 'leave_employee');

/** Leaves of the tenant overlapping [from, to) (epoch ms; GiST index `leaves_window`), or those of `ids`, by start. */
export async function findLeaves(db: DbOrTx, tenantId: number, from: number, to: number, ids?: string[]): Promise<LeaveDto[]> {
  const rows = ids
    ? await leavesStatement(db, inArray(leaves.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']), tenantId).execute()
    : await leavesInWindowQuery(db).execute({ tenantId, ...windowParams(from, to) });
  return rows.map(({ l, employeeEmail, employeeName, creatorName }) => ({
    id: l.id,
    type: 'leave',
    facility_id: l.facilityId,
    employee_id: employeeEmail,
    employee_name: employeeName,
    date: madridDate(l.startAt),
    start_time: isoUtc(l.startAt),
    end_time: isoUtc(l.endAt),
    notes: l.notes,
    created_by: creatorName,
    created_at: isoUtc(l.createdAt),
  }));
}

/** The leaves of the tenant matching `condition`, with their stylist and creator, by start (prepared, unnamed). */
function leavesStatement(db: DbOrTx, condition: SQL, tenantId: number | Placeholder) {
  return db
    .select({ l: leaves, employeeEmail: employee.email, employeeName: employee.name, creatorName: creator.name })
    .from(leaves)
    .innerJoin(employee, and(eq(employee.tenantId, leaves.tenantId), eq(employee.id, leaves.employeeId)))
    .innerJoin(creator, and(eq(creator.tenantId, leaves.tenantId), eq(creator.id, leaves.createdBy)))
    .where(and(eq(leaves.tenantId, tenantId), condition))
    .orderBy(asc(leaves.startAt))
    .prepare(UNNAMED_STATEMENT);
}

/** `findLeaves` of a window, built once per database handle (the agenda week). */
const leavesInWindowQuery = preparedPerDb((db) =>
  leavesStatement(db, overlapsWindow(leaves.startAt, leaves.endAt, sql.placeholder('from'), sql.placeholder('to')), sql.placeholder('tenantId')),
);
