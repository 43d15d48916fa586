import { HOUR_MS, MINUTE_MS } from './time';

/**
 * Retry schedule of the outbox: after the 1st failed attempt wait 1 minute, after
 * the 2nd 5 minutes, after the 3rd 30 minutes, after the 4th 2 hours; the 5th failure is final (the row
 * becomes `failed`, keeping its last error).
 */
export const RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS] as const;

/** Attempts in all before a message is given up: one first try and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * The wait before the next attempt after attempt number `attempt` (1-based) failed, in milliseconds;
 * `null` when that was the last attempt and the message is failed.
 */
export function retryDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}
