'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { AGENDA_STORAGE_KEY, HIDDEN_STYLISTS_KEY, parseStoredHidden, parseStoredView, type AgendaView } from '@/lib/domain/agenda';
import { MINUTE_MS } from '@/lib/domain/time';

/** Components showing the agenda view, told when this visit's choice changes. */
const listeners = new Set<() => void>();
/** This visit's choice (kept in memory too, for when storage refuses it: private mode, full). */
let chosen: AgendaView | null = null;

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const clientView = (): AgendaView => chosen ?? parseStoredView(safeRead(AGENDA_STORAGE_KEY));
/** The server cannot know the stored choice: the page is rendered in the default (day) view. */
const serverView = (): AgendaView => parseStoredView(null);

/**
 * The agenda view mode, persisted in localStorage under `agenda-storage` as `{"view":"day"|"week"}` (default
 * day). The server renders the default; the browser switches to the stored view right after hydration.
 */
export function useAgendaView(): [AgendaView, (view: AgendaView) => void] {
  const view = useSyncExternalStore(subscribe, clientView, serverView);
  const setView = useCallback((next: AgendaView) => {
    chosen = next;
    try {
      window.localStorage.setItem(AGENDA_STORAGE_KEY, JSON.stringify({ view: next }));
    } catch {
      // private mode or storage full: the choice lasts for this visit only
    }
    for (const onChange of listeners) onChange();
  }, []);
  return [view, setView];
}

function safeRead(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** This visit's hidden stylists as stored text (kept in memory too, for when storage refuses it). */
let hiddenChosen: string | null = null;
/** The last snapshot, kept while its text is unchanged (useSyncExternalStore compares by reference). */
let hiddenSnapshot: { raw: string | null; set: ReadonlySet<string> } = { raw: null, set: new Set() };
const NONE_HIDDEN: ReadonlySet<string> = new Set();

function clientHidden(): ReadonlySet<string> {
  const raw = hiddenChosen ?? safeRead(HIDDEN_STYLISTS_KEY);
  if (raw !== hiddenSnapshot.raw) hiddenSnapshot = { raw, set: new Set(parseStoredHidden(raw)) };
  return hiddenSnapshot.set;
}

/**
 * The stylists (e-mails) hidden in Configuración, persisted in localStorage under `agenda-hidden-stylists`
 * as a JSON array (default none). The server renders every stylist; the browser applies the stored choice
 * right after hydration.
 */
export function useHiddenStylists(): [ReadonlySet<string>, (hidden: ReadonlySet<string>) => void] {
  const hidden = useSyncExternalStore(subscribe, clientHidden, () => NONE_HIDDEN);
  const setHidden = useCallback((next: ReadonlySet<string>) => {
    hiddenChosen = JSON.stringify([...next].sort());
    try {
      window.localStorage.setItem(HIDDEN_STYLISTS_KEY, hiddenChosen);
    } catch {
      // private mode or storage full: the choice lasts for this visit only
    }
    for (const onChange of listeners) onChange();
  }, []);
  return [hidden, setHidden];
}

const toMinute = (ms: number) => ms - (ms % MINUTE_MS);

/**
 * The current minute (epoch ms, seconds dropped), refreshed every `everyMs` (spec section 9: the time
 * indicator refreshes every 60 s). `initial` (the server's clock when it rendered the page) serves the
 * first render, so the browser's hydration renders what the server did; the browser's clock takes over
 * right after, which re-renders nothing within the same minute.
 */
export function useNow(everyMs = MINUTE_MS, initial?: number): number {
  const [now, setNow] = useState(() => toMinute(initial ?? Date.now()));
  useEffect(() => {
    const tick = () => setNow(toMinute(Date.now()));
    const first = initial !== undefined ? setTimeout(tick, 0) : undefined;
    const id = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [everyMs, initial]);
  return now;
}
