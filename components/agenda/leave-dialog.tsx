'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { deleteLeave } from '@/lib/api-client/staff';
import { type AgendaLeave } from '@/lib/domain/agenda';
import { longDateOf, timeOf } from '@/lib/format';
import { usePast } from './use-past';

/**
 * The openLeave dialog, Franja Bloqueada: date and Madrid time range; while it has not ended also the
 * note, who blocked it and Desbloquear franja, which asks for confirmation (¿Desbloquear esta franja?)
 * before it frees the slot. `now` is the agenda's minute clock (epoch ms); the end is also watched to
 * the millisecond (`usePast`), so the action disappears when the server starts refusing it.
 */
export function LeaveDialog({
  leave,
  now,
  onClose,
  onUnblocked,
}: {
  leave: AgendaLeave | null;
  now: number;
  onClose: () => void;
  onUnblocked: () => Promise<unknown> | void;
}) {
  const t = useTranslations('agenda');
  const te = useTranslations('errors');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [past, recheckPast] = usePast(leave?.end_time ?? null, now);

  const close = () => {
    setConfirming(false);
    onClose();
  };

  const unblock = async (l: AgendaLeave) => {
    if (recheckPast()) {
      toastError(te('cannotUnblockPast'));
      setConfirming(false);
      return;
    }
    setBusy(true);
    try {
      await deleteLeave({ id: l.id, employee_id: l.employee_id, date: l.date });
      toastSuccess(t('unblocked'));
      await onUnblocked();
      close();
    } catch (err) {
      toastError(t('unblockError'), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={leave !== null} onClose={busy ? () => undefined : close} title={t('leaveTitle')}>
        {leave && (
          <div className="agenda-dialog-body">
            <dl className="details agenda-details">
              <div>
                <dt>{t('date')}</dt>
                <dd className="agenda-capitalize">{longDateOf(leave.start_time)}</dd>
              </div>
              <div>
                <dt>{t('time')}</dt>
                <dd>{t('timeRange', { start: timeOf(leave.start_time), end: timeOf(leave.end_time) })}</dd>
              </div>
              {!past && (
                <>
                  <div>
                    <dt>{t('notes')}</dt>
                    <dd>{leave.notes?.trim() || <span className="muted">{t('noNotes')}</span>}</dd>
                  </div>
                  <div>
                    <dt>{t('blockedBy')}</dt>
                    <dd>{leave.created_by}</dd>
                  </div>
                </>
              )}
            </dl>
            {!past && (
              <Button variant="danger" block onClick={() => setConfirming(!recheckPast())}>
                {t('unblock')}
              </Button>
            )}
          </div>
        )}
      </Dialog>
      <Dialog
        open={leave !== null && confirming && !past}
        onClose={busy ? () => undefined : () => setConfirming(false)}
        title={t('unblockConfirmTitle')}
      >
        {leave && (
          <div className="agenda-dialog-body">
            <p>{t('unblockConfirmText', { start: timeOf(leave.start_time), end: timeOf(leave.end_time) })}</p>
            <Button variant="danger" block busy={busy} onClick={() => void unblock(leave)}>
              {t('unblockConfirm')}
            </Button>
          </div>
        )}
      </Dialog>
    </>
  );
}
