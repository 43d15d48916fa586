/**
 * Which days a wizard may pick (spec section 5, "Appointment date choice"): not in the past, a working
 * day of the stylist, and for clients at most 30 days ahead (staff have no upper limit; the calendar
 * stops a year ahead). A special shift decides its own date: available opens it, unavailable closes
 * it (without shifts it stays closed); otherwise the weekday's shifts decide (lib/domain/schedule). Pure.
 */
import type { Employee } from '@/lib/validation/dto';
import { CLIENT_WINDOW_DAYS } from '@/lib/domain/availability';
import { isWorkingDate } from '@/lib/domain/schedule';
import { addDays } from '@/lib/domain/time';

/** How far ahead the staff calendar goes (staff have no booking limit; one year keeps the calendar finite). */
export const STAFF_WINDOW_DAYS = 365;

type Shifts = Pick<Employee, 'week_shifts' | 'special_shifts'>;

/** The last Madrid date a client may book: today + 30 days. */
export function lastBookableDate(today: string): string {
  return addDays(today, CLIENT_WINDOW_DAYS);
}

/** The last Madrid date the staff calendar offers: today + one year. */
export function lastStaffDate(today: string): string {
  return addDays(today, STAFF_WINDOW_DAYS);
}


/** True when a client can choose `date` (YYYY-MM-DD, Madrid) for `employee` given the Madrid `today`. */
export function isBookableDate(date: string, employee: Shifts, today: string): boolean {
  if (date < today || date > lastBookableDate(today)) return false;
  return isWorkingDate(employee, date);
}

/**
 * True when staff can choose `date`: not past and a working day, with no upper limit; `allowed`
 * (the date of a slot selected in the agenda) is always accepted, shifts or not.
 */
export function isStaffDate(date: string, employee: Shifts, today: string, allowed?: string): boolean {
  if (date < today) return false;
  return date === allowed || isWorkingDate(employee, date);
}
