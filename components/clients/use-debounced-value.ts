'use client';

import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delay` ms (the search box asks the server after a pause in typing). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
