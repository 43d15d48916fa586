'use client';

import { useEffect, useState } from 'react';
import { isPast } from '@/lib/domain/agenda';

/** The longest delay setTimeout honours (2^31 − 1 ms); a longer one fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The delay (ms) of the timer that marks an event ending at `end` (ISO instant) as past, from `now` (epoch
 * ms): one millisecond after the end (`isPast` counts the end instant itself as not yet past), 0 once ended.
 * Null for an end beyond setTimeout's limit (about 24.8 days), whose timer would fire at once: the agenda's
 * minute clock reaches such an end long before.
 */
export function endTimerDelay(end: string, now: number): number | null {
  const delay = Math.max(0, Date.parse(end) - now + 1);
  return delay > MAX_TIMEOUT_MS ? null : delay;
}

/**
 * Whether the event ending at `end` (ISO instant; null when no event is open) has ended, by the rule
 * the server applies to cancelling and unblocking (`isPast`): from the agenda's minute clock `now`
 * (epoch ms) and, to the millisecond, from a timer that fires when the event ends while it is shown —
 * so a dialog never offers for a minute an action the server refuses. Returns `[past, recheck]`:
 * `recheck()` reads the clock again for a click and answers whether the event has ended.
 */
export function usePast(end: string | null, now: number): [past: boolean, recheck: () => boolean] {
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    if (end === null) return;
    const delay = endTimerDelay(end, Date.now());
    if (delay === null) return;
    const id = setTimeout(() => setEndedAt(end), delay);
    return () => clearTimeout(id);
  }, [end]);
  const past = end === null || endedAt === end || isPast(end, now);
  /** Re-reads the clock (for a click): true, and the state updated, when the event has ended. */
  const recheck = (): boolean => {
    if (end === null) return true;
    if (!isPast(end, Date.now())) return false;
    setEndedAt(end);
    return true;
  };
  return [past, recheck];
}
