'use client';

import { useState } from 'react';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { scheduleConflictOf, type ConflictAppointment } from '@/lib/api-client/employees';

export type ScheduleChangeOptions = {
  /** Sends the change; `force` keeps it over pending appointments that fall outside working hours. */
  send: (force: boolean) => Promise<unknown>;
  /** The toasts: done (e.g. Horario semanal actualizado) and failed (e.g. Error al actualizar la información). */
  done: string;
  failed: string;
  /** After the change went through (back to the detail, the dialog closes, …). */
  onDone: () => void;
  /** True when `onDone` leaves the screen or closes the form: it stays busy until gone (no second send). */
  leaves?: boolean;
  /** Takes a failure over first (a stale save: `useVersionedDraft`'s `handleStale`); true: handled. */
  stale?: (err: unknown) => boolean;
};

/**
 * A schedule change that may answer 409 `schedule_conflict` (decisions "Schedule changes and booked
 * appointments"): `run(false)` sends it; on a conflict `conflict` holds the appointments for
 * ScheduleConflictDialog, whose Mantener el cambio calls `run(true)`. A failure `stale` handles closes the
 * dialog; other failures toast with the server's message.
 */
export function useScheduleChange({ send, done, failed, onDone, leaves = false, stale }: ScheduleChangeOptions) {
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<ConflictAppointment[] | null>(null);

  const run = async (force: boolean) => {
    setBusy(true);
    try {
      await send(force);
    } catch (err) {
      setBusy(false);
      if (stale?.(err)) {
        setConflict(null);
        return;
      }
      const appointments = force ? null : scheduleConflictOf(err);
      setConflict(appointments);
      if (!appointments) toastError(failed, err);
      return;
    }
    toastSuccess(done);
    setConflict(null);
    if (!leaves) setBusy(false);
    onDone();
  };

  return { busy, conflict, run, closeConflict: () => setConflict(null) };
}
