'use client';

import { useEffect, useState } from 'react';

/** Whole seconds left until `at` (epoch ms; 0 once past), refreshed while positive (resend countdowns). */
export function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= at && timer) clearInterval(timer);
    };
    const first = setTimeout(tick, 0);
    if (at > Date.now()) timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [at]);
  return left;
}

