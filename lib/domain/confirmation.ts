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

/** Whether `at` (epoch ms) falls in the quiet hours (22:00–09:00 Madrid), when no request is sent. */
export const inQuietHours = (at: number): boolean => afterQuietHours(at) !== at;

/**
 * What the confirm-or-release scan does with a pending appointment whose step fell due at `now` (epoch ms):
 * - `request`: queue its confirmation request now; its next step is the cut-off;
 * - `wait`: nothing yet: the quiet hours hold the request until `next` (09:00), or the request went and the
 *   cut-off is `next`;
 * - `cutoff`: its cut-off came after a request: release it or mark it "Sin confirmar" (by the client's tier);
 * - `lapse`: the cut-off came before any request went (the worker was down): nothing is asked, and it needs
 *   no confirmation (a client is never released without having been asked).
 */
export type ConfirmationStep = { kind: 'request'; next: number } | { kind: 'wait'; next: number } | { kind: 'cutoff' } | { kind: 'lapse' };

/** The step of an appointment with `requestedAt` (null: not yet) and `cutoffAt` (epoch ms) at `now`. */
export function confirmationStep(s: { requestedAt: number | null; cutoffAt: number }, now: number): ConfirmationStep {
  if (s.requestedAt !== null) return now >= s.cutoffAt ? { kind: 'cutoff' } : { kind: 'wait', next: s.cutoffAt };
  if (now >= s.cutoffAt) return { kind: 'lapse' };
  const when = afterQuietHours(now);
  if (when !== now) return when < s.cutoffAt ? { kind: 'wait', next: when } : { kind: 'lapse' };
  return { kind: 'request', next: s.cutoffAt };
}

/** Confirmation states of an appointment (beyond-the-spec section 3). */
export type Confirmation = 'pending' | 'confirmed' | 'not_required';

/**
 * "Sin confirmar": an appointment still waiting for its confirmation at or after its cut-off (`cutoff`: UTC
 * ISO string or epoch ms; null: none) at `now` (epoch ms); the ones not released at the cut-off keep the mark.
 */
export function isUnconfirmed(a: { confirmation: Confirmation; cutoff: string | number | null }, now: number): boolean {
  if (a.confirmation !== 'pending' || a.cutoff === null) return false;
  return now >= (typeof a.cutoff === 'number' ? a.cutoff : Date.parse(a.cutoff));
}

/** Whether a client's "No puedo ir" at `now` (epoch ms) is a late cancellation: at or after the cut-off. */
export const isLateCancellation = (cutoffAt: number | null, now: number): boolean => cutoffAt !== null && now >= cutoffAt;
