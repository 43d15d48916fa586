'use client';

import { useTranslations } from 'next-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import type { ConflictAppointment } from '@/lib/api-client/employees';
import { longDay, timeOf } from '@/lib/format';

export type ScheduleConflictDialogProps = {
  /** The pending appointments the change leaves outside working hours; null: closed. */
  appointments: ConflictAppointment[] | null;
  busy: boolean;
  /** Keeps the change: the caller resends it with `force: true`. */
  onKeep: () => void;
  onClose: () => void;
};

/**
 * The answer to a 409 `schedule_conflict` (decisions "Schedule changes and booked appointments"): the
 * pending appointments that would fall outside working hours (date, time, client, service). Staff keep
 * the change (the appointments stay as they are, to move or cancel from the agenda) or go back to edit.
 */
export function ScheduleConflictDialog({ appointments, busy, onKeep, onClose }: ScheduleConflictDialogProps) {
  const t = useTranslations('employees');
  const list = appointments ?? [];
  return (
    <Dialog
      open={appointments !== null}
      onClose={onClose}
      title={t('conflictTitle')}
      footer={
        <DialogActions confirmLabel={t('conflictKeep')} cancelLabel={t('conflictBack')} busy={busy} onConfirm={onKeep} onCancel={onClose} />
      }
    >
      <div className="special-form">
        <p>{t('conflictText', { count: list.length })}</p>
        <ConflictList appointments={list} />
      </div>
    </Dialog>
  );
}

/**
 * The pending appointments of a 409 answer, one card each (date, time, client, service): the schedule
 * conflicts, and the appointments that keep a stylist from being removed.
 */
export function ConflictList({ appointments, label }: { appointments: ConflictAppointment[]; label?: string }) {
  const t = useTranslations('employees');
  return (
    <ul className="conflict-list" aria-label={label ?? t('conflictListLabel')}>
      {appointments.map((a) => (
        <li key={a.id} className="card conflict-item">
          <dl className="details">
            <div>
              <dt>{t('conflictDate')}</dt>
              <dd className="chosen-date">{longDay(a.date)}</dd>
            </div>
            <div>
              <dt>{t('conflictTime')}</dt>
              <dd>{t('shiftRange', { open: timeOf(a.start_time), close: timeOf(a.end_time) })}</dd>
            </div>
            <div>
              <dt>{t('conflictClient')}</dt>
              <dd>{a.client_name}</dd>
            </div>
            <div>
              <dt>{t('conflictService')}</dt>
              <dd>{a.service_name}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
