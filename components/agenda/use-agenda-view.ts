'use client';

import { useCallback, useEffect, useState } from 'react';
import { AGENDA_STORAGE_KEY, parseStoredView, type AgendaView } from '@/lib/domain/agenda';

/** The agenda view mode, persisted in localStorage under `agenda-storage` as `{"view":"day"|"week"}` (default day). */
export function useAgendaView(): [AgendaView, (view: AgendaView) => void] {
  // The agenda renders in the browser only, so the stored value can be read at once.
  const [view, setViewState] = useState<AgendaView>(() =>
    typeof window === 'undefined' ? parseStoredView(null) : parseStoredView(safeRead()),
  );
  const setView = useCallback((next: AgendaView) => {
    setViewState(next);
    try {
      window.localStorage.setItem(AGENDA_STORAGE_KEY, JSON.stringify({ view: next }));
    } catch {
      // private mode or storage full: the choice lasts for this visit only
    }
  }, []);
  return [view, setView];
}

function safeRead(): string | null {
  try {
    return window.localStorage.getItem(AGENDA_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The current instant, refreshed every `everyMs` (spec section 9: the time indicator refreshes every 60 s). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
