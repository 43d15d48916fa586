import 'server-only';
import {
  availableStarts,
  clientWindowEnd,
  groupByHour,
  openIntervals,
  segmentsOf,
  type BusySegment,
  type HourGroup,
} from '@/lib/domain/availability';
import { madridWallClock } from '@/lib/domain/time';
import type { DbOrTx } from '@/lib/server/db/client';
import { busyRangesOf } from '@/lib/server/repositories/appointments';
import { scheduleOf } from '@/lib/server/repositories/employees';

export type Flow = 'client' | 'staff';

/** A stylist (user id), a Madrid date, the service's duration (minutes) and busy parts, the flow and `now` (ms). */
export type AvailabilityInput = {
  tenantId: number;
  employeeId: string;
  date: string;
  durationMinutes: number;
  segments?: BusySegment[] | null;
  flow: Flow;
  now?: number;
};

/**
 * Available hours of a stylist on a Madrid date (spec section 7, `.../appointments/available`):
 * open intervals from the shifts, minus busy parts and leaves, 15-minute starts, never in the past,
 * and for clients only up to 30 days ahead. Returns the spec's hour groups (UTC ISO instants).
 */
export async function availableHours(
  db: DbOrTx,
  input: AvailabilityInput,
): Promise<HourGroup[]> {
  const starts = await availableStartsOf(db, input);
  return groupByHour(starts, input.durationMinutes);
}

/** The bookable start instants (epoch ms) behind `availableHours`. */
export async function availableStartsOf(
  db: DbOrTx,
  input: AvailabilityInput,
): Promise<number[]> {
  const now = input.now ?? Date.now();
  const { week, special } = await scheduleOf(db, input.tenantId, input.employeeId, input.date);
  const open = openIntervals(input.date, week, special);
  if (open.length === 0) return [];
  const dayStart = madridWallClock(input.date, 0);
  const dayEnd = madridWallClock(input.date, 1440);
  const busy = await busyRangesOf(db, input.tenantId, input.employeeId, dayStart, dayEnd + 86_400_000);
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
