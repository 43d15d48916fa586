/**
 * Confirm or release (beyond-the-spec section 3): when an appointment's confirmation request, reminder and
 * cut-off fall, with the salon's quiet hours (no request between 22:00 and 09:00 Madrid time; a cut-off inside
 * them moves to 21:30 the evening before). Pure: instants in epoch ms, Madrid wall clock through ./time.
 */
import { addDays, DAY_MS, HOUR_MS, madridDate, madridLocalMs, madridWallClock, MINUTE_MS } from './time';

/** The tenant's confirm-or-release settings, hours before the start. */
export type ConfirmationSettings = { requestHours: number; reminderHours: number; cutoffHours: number };

/** The contract's defaults: request 48 hours before, reminder at 24, cut-off at 12 (2–24 allowed). */
export const DEFAULT_CONFIRMATION: ConfirmationSettings = { requestHours: 48, reminderHours: 24, cutoffHours: 12 };

/** Quiet hours, Madrid wall clock in minutes: no request between 22:00 and 09:00. */
const QUIET_FROM = 22 * 60;
const QUIET_UNTIL = 9 * 60;
/** Where a cut-off inside the quiet hours moves: 21:30 the evening before. */
const EVENING_CUTOFF = 21 * 60 + 30;

/** Minutes after Madrid midnight of an instant. */
const madridMinutes = (at: number) => Math.floor((((madridLocalMs(at) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);

/** `at`, or the next 09:00 in Madrid when `at` falls between 22:00 and 09:00. */
export function afterQuietHours(at: number): number {
  const minutes = madridMinutes(at);
  if (minutes >= QUIET_UNTIL && minutes < QUIET_FROM) return at;
  const date = madridDate(at);
  return madridWallClock(minutes >= QUIET_FROM ? addDays(date, 1) : date, QUIET_UNTIL);
}

/** `at`, or 21:30 the evening before in Madrid when `at` falls between 22:00 and 09:00 (a cut-off). */
export function cutoffBeforeQuietHours(at: number): number {
  const minutes = madridMinutes(at);
  if (minutes >= QUIET_UNTIL && minutes < QUIET_FROM) return at;
  const date = madridDate(at);
  return madridWallClock(minutes >= QUIET_FROM ? date : addDays(date, -1), EVENING_CUTOFF);
}

/**
 * The confirm-or-release timeline of an appointment starting at `start`, booked at `created` (epoch ms):
 * `required` false when it was booked at or after its cut-off (no confirmation; guests are the caller's to
 * leave out); else the `cutoff` (start − cutoffHours, moved to 21:30 the evening before when inside the quiet
 * hours), the `request` (start − requestHours, or at once when booked later; after the quiet hours) and the
 * `reminder` (start − reminderHours after the quiet hours; null when it would not come after the request and
 * before the cut-off).
 */
export function confirmationPlan(
  start: number,
  created: number,
  settings: ConfirmationSettings = DEFAULT_CONFIRMATION,
): { required: false } | { required: true; request: number; reminder: number | null; cutoff: number } {
  const cutoff = cutoffBeforeQuietHours(start - settings.cutoffHours * HOUR_MS);
  if (created >= cutoff) return { required: false };
  const request = afterQuietHours(Math.max(start - settings.requestHours * HOUR_MS, created));
  const reminderAt = afterQuietHours(start - settings.reminderHours * HOUR_MS);
  const reminder = reminderAt > request && reminderAt < cutoff ? reminderAt : null;
  return { required: true, request: Math.min(request, cutoff), reminder, cutoff };
}
