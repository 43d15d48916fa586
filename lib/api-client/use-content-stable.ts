'use client';

import { useState } from 'react';

/**
 * `value`, or the value first seen with the same JSON content: data re-fetched unchanged (SWR revalidating
 * the page's fallback, a refresh of the same agenda) keeps its reference, so memoised work downstream —
 * the agenda's events and FullCalendar's re-render of every cell — is not redone. For JSON data (API
 * answers) only: key order counts. Nothing is serialised until a new reference arrives (not on the first
 * render, which the page's load pays for); then it costs a `JSON.stringify` of each.
 */
export function useContentStable<T>(value: T): T {
  const [kept, setKept] = useState<{ value: T; json: string | null }>(() => ({ value, json: null }));
  if (kept.value === value) return value;
  const json = JSON.stringify(value) ?? '';
  if (json === (kept.json ?? JSON.stringify(kept.value) ?? '')) return kept.value;
  setKept({ value, json });
  return value;
}
