/**
 * Which days the client may pick (spec section 5, "Appointment date choice"): not in the past, at most
 * 30 days ahead, and a working day of the stylist. A special shift decides its own date: available
 * opens it, unavailable closes it; otherwise the weekday's shifts decide. Pure.
 */
import { DateTime } from 'luxon';
import type { Employee } from '@/lib/api-client/types';
import { CLIENT_WINDOW_DAYS } from '@/lib/domain/availability';
import { weekdayOf, ZONE } from '@/lib/domain/time';

/** The last Madrid date a client may book: today + 30 days. */
export function lastBookableDate(today: string): string {
  return DateTime.fromISO(today, { zone: ZONE }).plus({ days: CLIENT_WINDOW_DAYS }).toFormat('yyyy-MM-dd');
}

/** True when `date` (YYYY-MM-DD, Madrid) can be chosen for `employee` given the Madrid `today`. */
export function isBookableDate(
  date: string,
  employee: Pick<Employee, 'week_shifts' | 'special_shifts'>,
  today: string,
): boolean {
  if (date < today || date > lastBookableDate(today)) return false;
  const special = employee.special_shifts?.find((s) => s.date === date);
  if (special) return Boolean(special.available);
  const day = employee.week_shifts?.find((d) => d.id === weekdayOf(date));
  return Boolean(day?.available && day.shifts.length > 0);
}
