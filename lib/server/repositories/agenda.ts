import 'server-only';
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shiftOfDate } from '@/lib/domain/schedule';
import { datesBetween, isoUtc, madridDate, madridWallClock } from '@/lib/domain/time';
import type { AgendaDay, Leave } from '@/lib/validation/dto';
import { preparedPerDb, UNNAMED_STATEMENT, type DbOrTx } from '@/lib/server/db/client';
import { leaves, users } from '@/lib/server/db/schema';
import { findAppointmentsOverlapping, type AppointmentDto } from './appointments';
import { listEmployees } from './employees';
import { overlapsWindow, windowParams } from './time-window';

export type { AgendaDay };
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

/**
 * Orders events by `start_time`. The instants are UTC ISO strings of one fixed shape, so comparing code units
 * orders them in time — as `localeCompare` did, at a fraction of its cost; equal starts keep
 * their order (appointments before leaves, each by start).
 */
function byStartTime(a: { start_time: string }, b: { start_time: string }): number {
  return a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0;
}

/**
 * The agenda between two Madrid dates inclusive (spec section 7, `GET /facility/{id}/appointments`):
 * one entry per date and stylist with the day's shift (weekly, or the special shift of that date) and its
 * appointments (cancelled included, with their status) and leaves. A fixed number of queries whatever
 * the range: stylists with shifts (4), appointments with busy parts (2), leaves (1).
 */
export async function agendaBetween(db: DbOrTx, tenantId: number, startDate: string, endDate: string): Promise<AgendaDay[]> {
  const dates = datesBetween(startDate, endDate);
  const from = madridWallClock(startDate, 0);
  const to = madridWallClock(endDate, 1440);
  const [staff, appts, blocked] = await Promise.all([
    listEmployees(db, tenantId),
    findAppointmentsOverlapping(db, tenantId, from, to),
    findLeaves(db, tenantId, from, to),
  ]);
  const byKey = new Map<string, (AppointmentDto | LeaveDto)[]>();
  const add = (e: AppointmentDto | LeaveDto, endMs: number) => {
    // An event that runs past midnight belongs to every Madrid date it covers.
    const last = madridDate(endMs - 1);
    for (const date of e.date === last ? [e.date] : datesBetween(e.date, last)) {
      const key = `${date}|${e.employee_id}`;
      const list = byKey.get(key);
      if (list) list.push(e);
      else byKey.set(key, [e]);
    }
  };
  appts.appointments.forEach((e, i) => add(e, appts.endMs[i]!));
  for (const e of blocked) add(e, Date.parse(e.end_time));
  const out: AgendaDay[] = [];
  for (const date of dates) {
    for (const s of staff) {
      const { available, special, notes, shift } = shiftOfDate(s, date);
      out.push({
        date,
        employee_id: s.email,
        employee_name: s.name,
        available,
        special,
        notes,
        shift,
        appointments: (byKey.get(`${date}|${s.email}`) ?? []).sort(byStartTime),
      });
    }
  }
  return out;
}
