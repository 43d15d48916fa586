'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { CalendarIcon } from '@/components/ui/icons';
import { longDateOf, timeOf } from '@/lib/format';

export type SlotSelection = { start: string; end: string; resourceId: string; resourceName: string };

/** The selectSlot dialog, Nuevo evento: Nueva cita or Bloquear franja for the selected range. */
export function NewEventDialog({
  selection,
  onClose,
  onChoose,
}: {
  selection: SlotSelection | null;
  onClose: () => void;
  onChoose: (kind: 'appointment' | 'leave', selection: SlotSelection) => void;
}) {
  const t = useTranslations('agenda');
  return (
    <Dialog open={selection !== null} onClose={onClose} title={t('newEvent')}>
      {selection && (
        <div className="agenda-dialog-body">
          <p className="agenda-selection">
            <CalendarIcon size={18} />
            <span>
              <span className="agenda-capitalize">{longDateOf(selection.start)}</span>
              {' · '}
              {t('timeRange', { start: timeOf(selection.start), end: timeOf(selection.end) })}
              {' · '}
              {selection.resourceName}
            </span>
          </p>
          <div className="agenda-choices">
            <button type="button" className="btn btn-primary btn-block" onClick={() => onChoose('appointment', selection)}>
              {t('newAppointment')}
            </button>
            <button type="button" className="btn btn-secondary btn-block" onClick={() => onChoose('leave', selection)}>
              {t('blockSlot')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
