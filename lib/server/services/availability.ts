import 'server-only';
import {
  availableStarts,
  clientWindowEnd,
  groupByHour,
  openIntervals,
  segmentsOf,
  type BusySegment,
  type HourGroup,
  type SpecialShift,
  type WeekShift,
} from '@/lib/domain/availability';
import { DAY_MS, madridWallClock } from '@/lib/domain/time';
import { visitDurationMinutes, visitStarts, type VisitService, type VisitStylist } from '@/lib/domain/visit';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { appointmentExists } from '@/lib/server/repositories/appointments';
import { busyRangesByEmployee, busyRangesOf, type BusyExcept } from '@/lib/server/repositories/busy-slots';
import { availabilityContextOf, teamDayOf, type TeamDay } from '@/lib/server/repositories/employees';
import { visitServicesOf } from '@/lib/server/repositories/services';

export type Flow = 'client' | 'staff';

/** A stylist (user id), a Madrid date, the service's duration (minutes) and busy parts, the flow and `now` (ms). */
export type AvailabilityInput = {
  tenantId: number;
  employeeId: string;
  date: string;
  durationMinutes: number;
  segments?: BusySegment[] | null;
  flow: Flow;
  now: number;
  /** Busy time that does not count as taken: the appointment being moved, the caller's own holds. */
  except?: BusyExcept;
};

/**
 * The bookable start instants (epoch ms) of a stylist-day once the schedule is known: the pure pipeline plus one query (the
 * stylist's busy ranges of the date), skipped on a closed day. The date's UTC offsets are computed once
 * (lib/domain/time.ts `madridDay`), so the day's bounds and every start cost arithmetic only.
 */
async function startsFromSchedule(db: DbOrTx, input: AvailabilityInput, week: WeekShift[], special: SpecialShift | null): Promise<number[]> {
  const { now } = input;
  const open = openIntervals(input.date, week, special);
  if (open.length === 0) return [];
  const dayStart = madridWallClock(input.date, 0);
  const dayEnd = madridWallClock(input.date, 1440);
  const busy = await busyRangesOf(db, input.tenantId, input.employeeId, dayStart, dayEnd + DAY_MS, now, input.except);
  return availableStarts({
    date: input.date,
    open,
    busy,
    durationMinutes: input.durationMinutes,
    segments: segmentsOf(input.durationMinutes, input.segments),
    now,
    until: input.flow === 'client' ? clientWindowEnd(now) : null,
  });
}

/** The query of `GET .../{date}/{employeeEmail}/appointments/available` (spec section 7). */
export type AvailableHoursQuery = {
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  employeeEmail: string;
  /** Minutes; replaced by the service's own duration when `serviceId` is given. */
  serviceDuration: number;
  serviceId?: number;
  /**
   * Staff only: the appointment being moved (uuid). Its own busy parts are left out of the taken time, so a
   * move may overlap its current slot (as a drag on the calendar and `PATCH .../move/appointment` allow).
   */
  appointmentId?: string;
  /** The caller's own live holds (uuids): their time is the caller's to book, so it is offered. */
  holdIds?: string[];
};

/**
 * Available hours for the endpoint at `now` (epoch ms; past starts are not offered): resolves the stylist by e-mail and, with `serviceId`, the service's
 * duration and busy parts (so rest gaps stay bookable), then the starts grouped by hour. With
 * `appointmentId` (staff flow only), that appointment's own busy parts do not count as taken.
 * Errors: 403 `appointmentId` in the client flow, 404 unknown (or removed) stylist, 404 unknown or deleted
 * service, 404 unknown appointment (or another tenant's).
 */
export async function availableHoursFor(db: DbOrTx, tenantId: number, flow: Flow, q: AvailableHoursQuery, now: number): Promise<HourGroup[]> {
  if (q.appointmentId !== undefined) {
    // Clients never move appointments; leaving one's busy time out would only reveal it.
    if (flow !== 'staff') throw new ApiError('forbidden', errorMessage('forbidden'));
    if (!(await appointmentExists(db, tenantId, q.appointmentId))) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
  }
  // Stylist, schedule and service in one round trip; the busy ranges in a second.
  const ctx = await availabilityContextOf(db, tenantId, q.employeeEmail, q.date, q.serviceId);
  if (!ctx) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  let segments: BusySegment[] | null = null;
  let duration = q.serviceDuration;
  if (q.serviceId !== undefined) {
    if (!ctx.service) throw new ApiError('not_found', errorMessage('serviceNotFound'));
    segments = ctx.service.busySlots;
    duration = ctx.service.durationMinutes;
  }
  const input: AvailabilityInput = {
    tenantId,
    employeeId: ctx.employeeId,
    date: q.date,
    durationMinutes: duration,
    segments,
    flow,
    now,
    except: { appointmentId: q.appointmentId, holdIds: q.holdIds },
  };
  const starts = await startsFromSchedule(db, input, ctx.week, ctx.special);
  return groupByHour(starts, duration);
}

/** The query of the visit form of the availability call (beyond-the-spec section 2). */
export type VisitHoursQuery = {
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  /** The stylist's e-mail, or `any` ("Cualquier estilista"). */
  employee: string;
  /** The visit's services (ids), in visit order, 1 to VISIT_MAX_SERVICES. */
  serviceIds: number[];
  /** The caller's own live holds (uuids): their time is offered to the caller. */
  holdIds?: string[];
};

/**
 * Bookable hours of a visit on a date at `now` (epoch ms) (beyond-the-spec section 2): the services back to
 * back in the order given, by the one stylist named or, with `any`, by anyone who offers each service and is
 * free then (lib/domain/visit.ts); grouped by Madrid hour, each hour lasting the whole visit. Clients get at
 * most 30 days ahead. Errors: 404 an unknown (or deleted) service, an unknown (or removed) stylist.
 */
export async function visitHoursFor(db: DbOrTx, tenantId: number, flow: Flow, q: VisitHoursQuery, now: number): Promise<HourGroup[]> {
  const found = await visitServicesOf(db, tenantId, q.serviceIds);
  const services = q.serviceIds.map((id) => found.find((s) => s.id === id));
  if (services.some((s) => s === undefined)) throw new ApiError('not_found', errorMessage('serviceNotFound'));
  const any = q.employee === 'any';
  const team = await teamDayOf(db, tenantId, q.date, q.serviceIds, any ? undefined : q.employee);
  if (!any && team.length === 0) throw new ApiError('not_found', errorMessage('employeeNotFound'));
  const stylists = await visitStylistsOf(db, tenantId, q.date, team, now, { holdIds: q.holdIds });
  const visit = services as VisitService[];
  const starts = visitStarts({ services: visit, stylists, anyStylist: any, now, until: flow === 'client' ? clientWindowEnd(now) : null });
  return groupByHour(starts, visitDurationMinutes(visit));
}

/** A stylist of a visit's date as `visitStarts` and `assignVisit` read it, with its user id and name. */
export type VisitStylistDay = VisitStylist & { userId: string; name: string };

/**
 * The stylists of `team` who work on `date` (Madrid), with their open intervals and their busy time of the
 * date at `now` (epoch ms) less `except`: what a visit's availability and its booking plan over. In team order.
 * The busy time of all of them comes from one query (none when nobody works that day).
 */
export async function visitStylistsOf(db: DbOrTx, tenantId: number, date: string, team: TeamDay[], now: number, except: BusyExcept = {}): Promise<VisitStylistDay[]> {
  const working = team
    .map((member) => ({ member, open: openIntervals(date, member.week, member.special) }))
    .filter((w) => w.open.length > 0);
  if (working.length === 0) return [];
  const dayStart = madridWallClock(date, 0);
  const dayEnd = madridWallClock(date, 1440) + DAY_MS;
  const busy = await busyRangesByEmployee(db, tenantId, working.map((w) => w.member.id), dayStart, dayEnd, now, except);
  return working.map(({ member, open }) => ({ id: member.email, userId: member.id, name: member.name, offers: member.offers, open, busy: busy.get(member.id) ?? [] }));
}
