'use client';

import { createContext, useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

/**
 * Asked before a shell link leaves the page: returns true when the screen takes over (it asks ¿Salir sin
 * guardar? and leaves for `href` itself if confirmed), false to let the link go.
 */
export type LeaveGuard = (href: string) => boolean;

/** The shell's slot for the guard of the screen inside it (at most one: the open wizard). */
type GuardSlot = { get: () => LeaveGuard | null; set: (guard: LeaveGuard | null) => void };

const LeaveGuardContext = createContext<GuardSlot | null>(null);

function newSlot(): GuardSlot {
  let guard: LeaveGuard | null = null;
  return {
    get: () => guard,
    set: (next) => {
      guard = next;
    },
  };
}

/** Holds the guard of the screen shown inside the shell. */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [slot] = useState(newSlot);
  return <LeaveGuardContext.Provider value={slot}>{children}</LeaveGuardContext.Provider>;
}

/**
 * Registers `guard` (the latest one passed, read at click time) for the shell's links while the calling
 * component is mounted. Outside a shell it does nothing.
 */
export function useLeaveGuard(guard: LeaveGuard): void {
  const slot = useContext(LeaveGuardContext);
  const latest = useRef(guard);
  useEffect(() => {
    latest.current = guard;
  });
  useEffect(() => {
    if (!slot) return;
    const registered: LeaveGuard = (href) => latest.current(href);
    slot.set(registered);
    return () => {
      if (slot.get() === registered) slot.set(null);
    };
  }, [slot]);
}

/**
 * The click handler of a shell link to `href`: a plain click is stopped when the screen's guard takes
 * over; a click that opens a new tab or window (modifier keys, middle button) always goes.
 */
export function useGuardedClick(): (event: MouseEvent<HTMLAnchorElement>, href: string) => void {
  const slot = useContext(LeaveGuardContext);
  return (event, href) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (slot?.get()?.(href)) event.preventDefault();
  };
}
