'use client';

import { useEffect, useState } from 'react';
import { isPast } from '@/lib/domain/agenda';

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
    // One millisecond after the end: `isPast` counts the end instant itself as not yet past.
    const delay = Math.max(0, Date.parse(end) - Date.now() + 1);
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
