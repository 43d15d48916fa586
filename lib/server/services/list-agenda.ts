import 'server-only';
import { shiftOfDate } from '@/lib/domain/schedule';
import { datesBetween, madridDate, madridWallClock } from '@/lib/domain/time';
import { visitPlaces } from '@/lib/domain/visit-groups';
import type { DbOrTx } from '@/lib/server/db/client';
import { findLeaves, type LeaveDto } from '@/lib/server/repositories/agenda';
import { findAppointmentsOverlapping, findVisitParts, type AppointmentDto } from '@/lib/server/repositories/appointments';
import { listEmployees } from '@/lib/server/repositories/employees';
import { reliabilityTiersOf } from './reliability';
import type { AgendaDay } from '@/lib/validation/dto';

/**
 * Orders events by `start_time`. The instants are UTC ISO strings of one fixed shape, so comparing code units
 * orders them in time without a locale collation; equal starts keep their order (appointments before
 * leaves, each by start).
 */
function byStartTime(a: { start_time: string }, b: { start_time: string }): number {
  return a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0;
}

/**
 * Sets `visit` (beyond-the-spec section 2) on each pending appointment of a visit of two or more services that
 * are not cancelled: its place by start and the visit's services, read in one statement for every visit of
 * `list` (none when no appointment of `list` was booked in a visit).
 */
async function attachVisits(db: DbOrTx, tenantId: number, list: AppointmentDto[]): Promise<void> {
  // An appointment booked alone answers its own id as its visit id.
  const visitIds = new Set<string>();
  for (const a of list) if (a.visit_id !== a.id && a.status === 'pending') visitIds.add(a.visit_id);
  if (visitIds.size === 0) return;
  const places = visitPlaces(await findVisitParts(db, tenantId, [...visitIds]));
  const partsOf = new Map<string, NonNullable<AppointmentDto['visit']>['parts']>();
  for (const a of list) {
    const place = a.status === 'pending' ? places.get(a.id) : undefined;
    if (!place) continue;
    // One list per visit, shared by its appointments.
    let parts = partsOf.get(a.visit_id);
    if (!parts) {
      parts = place.parts.map(({ id, service_name, employee_id, employee_name, start_time, end_time }) => ({ id, service_name, employee_id, employee_name, start_time, end_time }));
      partsOf.set(a.visit_id, parts);
    }
    a.visit = { position: place.position, size: place.size, parts };
  }
}

/**
 * Sets `client_tier` (beyond-the-spec section 3) on each pending appointment of a client account (not the
 * guest), from one statement for every account of the range (`reliabilityTiersOf`).
 */
async function attachTiers(
  db: DbOrTx,
  tenantId: number,
  appts: { appointments: AppointmentDto[]; accounts: { id: string; bookingBlocked: boolean }[] },
  now: number,
): Promise<void> {
  const wanted = new Map<string, { id: string; bookingBlocked: boolean }>();
  appts.appointments.forEach((a, i) => {
    if (a.status === 'pending' && !a.is_guest) wanted.set(appts.accounts[i]!.id, appts.accounts[i]!);
  });
  if (wanted.size === 0) return;
  const tiers = await reliabilityTiersOf(db, tenantId, [...wanted.values()], now);
  appts.appointments.forEach((a, i) => {
    const tier = a.status === 'pending' && !a.is_guest ? tiers.get(appts.accounts[i]!.id) : undefined;
    if (tier) a.client_tier = tier;
  });
}

/**
 * The agenda between two Madrid dates inclusive (spec section 7, `GET /facility/{id}/appointments`):
 * one entry per date and stylist with the day's shift (weekly, or the special shift of that date) and its
 * appointments (cancelled included, with their status; a visit's services with their place in it, see
 * `attachVisits`; a client's pending ones with the account's reliability tier at `now`, epoch ms, see
 * `attachTiers`) and leaves. A fixed number of queries whatever the range: stylists with shifts (4),
 * appointments with busy parts (2), leaves (1), the visits' services (1, only when a visit is listed) and the
 * accounts' tiers (1, only when a client's pending appointment is listed).
 */
export async function agendaBetween(db: DbOrTx, tenantId: number, startDate: string, endDate: string, now: number): Promise<AgendaDay[]> {
  const dates = datesBetween(startDate, endDate);
  const from = madridWallClock(startDate, 0);
  const to = madridWallClock(endDate, 1440);
  const [staff, appts, blocked] = await Promise.all([
    listEmployees(db, tenantId),
    findAppointmentsOverlapping(db, tenantId, from, to),
    findLeaves(db, tenantId, from, to),
  ]);
  await Promise.all([attachVisits(db, tenantId, appts.appointments), attachTiers(db, tenantId, appts, now)]);
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
