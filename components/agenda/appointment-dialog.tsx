'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { cancelAppointment } from '@/lib/api-client/staff';
import { isPast, type AgendaAppointment } from '@/lib/domain/agenda';
import { euros, longDateOf, timeOf } from '@/lib/format';
import { moveHref } from '@/components/booking/move-query';
import { pathSegment } from './paths';
import { usePast } from './use-past';

/**
 * The openAppointment dialog, Información cita: date, Madrid time range, client (Ver perfil unless a
 * guest), service and price, employee, creator; while the appointment has not ended, Cambiar hora
 * (the move flow, /move/appointment) and Eliminar cita, which opens the cancelAppointment dialog, Cancelar cita.
 */
export function AppointmentDialog({
  appointment,
  now,
  onClose,
  onCancelled,
}: {
  appointment: AgendaAppointment | null;
  now: number;
  onClose: () => void;
  /** After a successful cancellation: refresh the agenda. */
  onCancelled: () => Promise<unknown> | void;
}) {
  const t = useTranslations('agenda');
  const router = useAppRouter();
  const [confirming, setConfirming] = useState(false);
  const a = appointment;
  const [past, recheckPast] = usePast(a?.end_time ?? null, now);

  const close = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <>
      <Dialog open={a !== null} onClose={close} title={t('appointmentInfo')}>
        {a && (
          <div className="agenda-dialog-body">
            <dl className="details agenda-details">
              <div>
                <dt>{t('date')}</dt>
                <dd className="agenda-capitalize">{longDateOf(a.start_time)}</dd>
              </div>
              <div>
                <dt>{t('time')}</dt>
                <dd>{t('timeRange', { start: timeOf(a.start_time), end: timeOf(a.end_time) })}</dd>
              </div>
              <div>
                <dt>{t('client')}</dt>
                <dd className="agenda-client">
                  <span>{a.client_name}</span>
                  {!a.is_guest && (
                    <Link href={`/clients/${pathSegment(a.client_id)}`} className="agenda-link">
                      {t('viewProfile')}
                    </Link>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('service')}</dt>
                <dd>{t('serviceValue', { name: a.service_name, price: euros(a.service_price) })}</dd>
              </div>
              <div>
                <dt>{t('employee')}</dt>
                <dd>{a.employee_name}</dd>
              </div>
              <div>
                <dt>{t('createdBy')}</dt>
                <dd>{a.created_by_role === 'client' ? t('createdByClient') : a.created_by}</dd>
              </div>
            </dl>
            {!past && (
              <>
                <Button variant="secondary" block onClick={() => router.push(moveHref({ appointment: a.id, date: a.date }))}>
                  {t('moveAppointment')}
                </Button>
                <Button variant="danger" block onClick={() => setConfirming(!recheckPast())}>
                  {t('deleteAppointment')}
                </Button>
              </>
            )}
          </div>
        )}
      </Dialog>
      <CancelDialog
        appointment={confirming ? a : null}
        onClose={() => setConfirming(false)}
        onDone={async () => {
          await onCancelled();
          close();
        }}
      />
    </>
  );
}

/** Cancelar cita: an optional reason, who gets notified, and the confirmation. */
function CancelDialog({
  appointment,
  onClose,
  onDone,
}: {
  appointment: AgendaAppointment | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useTranslations('agenda');
  const te = useTranslations('errors');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (a: AgendaAppointment) => {
    if (isPast(a.end_time, Date.now())) {
      toastError(te('cannotCancelPast'));
      onClose();
      return;
    }
    setBusy(true);
    try {
      await cancelAppointment({
        date: a.date,
        employee_id: a.employee_id,
        client_id: a.client_id,
        appointment_id: a.id,
        notes: notes.trim() || null,
      });
      toastSuccess(t('cancelled'));
      setNotes('');
      await onDone();
    } catch (err) {
      toastError(t('cancelError'), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={appointment !== null} onClose={busy ? () => undefined : onClose} title={t('cancelTitle')}>
      {appointment && (
        <form
          className="agenda-dialog-body"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(appointment);
          }}
        >
          <div className="field">
            <label htmlFor="agenda-cancel-notes" className="sr-only">
              {t('cancelReason')}
            </label>
            <textarea
              id="agenda-cancel-notes"
              className="input textarea"
              rows={5}
              maxLength={1000}
              placeholder={t('cancelPlaceholder')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <p className="muted agenda-notice">{appointment.is_guest ? t('cancelGuestNotice') : t('cancelClientNotice')}</p>
          <Button type="submit" variant="danger" block busy={busy}>
            {t('cancelConfirm')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
