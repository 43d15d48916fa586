'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { deleteLeave } from '@/lib/api-client/staff';
import { isPast, type AgendaLeave } from '@/lib/domain/agenda';
import { longDateOf, timeOf } from '@/lib/format';

/**
 * The openLeave dialog, Franja Bloqueada: date and Madrid time range; while it has not ended also the
 * note, who blocked it and Desbloquear franja.
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
  const [busy, setBusy] = useState(false);
  const past = leave ? isPast(leave.end_time, now) : true;

  const unblock = async (l: AgendaLeave) => {
    setBusy(true);
    try {
      await deleteLeave({ id: l.id, employee_id: l.employee_id, date: l.date });
      toastSuccess(t('unblocked'));
      await onUnblocked();
      onClose();
    } catch (err) {
      toastError(t('unblockError'), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={leave !== null} onClose={busy ? () => undefined : onClose} title={t('leaveTitle')}>
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
            <Button variant="danger" block busy={busy} onClick={() => void unblock(leave)}>
              {t('unblock')}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
