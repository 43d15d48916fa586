'use client';

import { useState, type ReactElement } from 'react';
import { useTranslations } from 'next-intl';
import { toastSuccess } from '@/components/ui/toast';
import { useAppRouter } from '@/components/ui/use-app-router';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';
import { madridDate } from '@/lib/domain/time';
import { agendaHref } from './conflict';
import { BookingErrorModal } from './staff-steps';

/** Where a confirmed booking or move lands: the appointment's id and start (UTC ISO). */
export type BookedAppointment = { id: string; start_time: string };

export type UseBookingConfirmOptions = {
  /** The toast shown once the server accepted (Cita creada, Cita movida…). */
  successText: string;
  /** Runs after success, before navigating (forgetting the wizard's draft). */
  onSuccess?: () => void;
  /** The hour step's list, reloaded when the server answers `slot_taken` (someone took the hour meanwhile). */
  hours: { mutate: () => unknown };
};

/**
 * The confirm step of the staff appointment flows (Nueva cita, Cambiar hora; spec section 8): `run(task)`
 * marks the button busy and runs `task`, the server call. On success (`task` gives the appointment) it
 * shows `successText`, runs `onSuccess` and returns to the agenda on the appointment's day with it
 * selected; `task` giving null (staff asked to confirm something first) only ends the busy state. A
 * failure opens the Error modal with the server's message (Ha ocurrido un error inesperado without one)
 * and, on `slot_taken`, reloads the free hours. `errorModal` is the modal to render.
 */
export function useBookingConfirm({ successText, onSuccess, hours }: UseBookingConfirmOptions): {
  confirming: boolean;
  run: (task: () => Promise<BookedAppointment | null>) => Promise<void>;
  errorModal: ReactElement;
} {
  const tc = useTranslations('common');
  const router = useAppRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<{ message: string } | null>(null);

  const run = async (task: () => Promise<BookedAppointment | null>) => {
    setConfirming(true);
    try {
      const done = await task();
      if (!done) {
        setConfirming(false);
        return;
      }
      toastSuccess(successText);
      onSuccess?.();
      router.push(agendaHref(madridDate(done.start_time), done.id));
    } catch (err) {
      setConfirming(false);
      setError({ message: errorMessageOf(err, tc('genericError')) });
      if (err instanceof ApiClientError && err.code === 'slot_taken') void hours.mutate();
    }
  };

  return { confirming, run, errorModal: <BookingErrorModal error={error} onClose={() => setError(null)} /> };
}
