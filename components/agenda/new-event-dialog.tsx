'use client';

import { useLayoutEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { CalendarIcon } from '@/components/ui/icons';
import { longDateOf, timeOf } from '@/lib/format';

export type SlotSelection = { start: string; end: string; resourceId: string; resourceName: string };

/**
 * How long (ms) after the dialog opens clicks are ignored. A long press on a phone selects the slot when
 * the finger lifts, and the browser then sends that release as a click at the same point, which would
 * land on whatever the new dialog shows there (a choice, or the backdrop that closes it).
 */
export const RELEASE_GUARD_MS = 500;

/**
 * Swallows every click for `ms` after `active` turns on (capture phase on the window, so nothing under
 * it sees them): the release of the gesture that opened a dialog cannot activate the dialog.
 */
function useReleaseGuard(active: boolean, ms = RELEASE_GUARD_MS) {
  // A layout effect: it runs in the same commit that opens the dialog, before the browser can
  // dispatch the click that follows the touch.
  useLayoutEffect(() => {
    if (!active) return;
    const until = performance.now() + ms;
    const swallow = (e: MouseEvent) => {
      if (performance.now() >= until) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('click', swallow, true);
    const id = window.setTimeout(() => window.removeEventListener('click', swallow, true), ms);
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('click', swallow, true);
    };
  }, [active, ms]);
}

/**
 * The selectSlot dialog, Nuevo evento: Nueva cita or Bloquear franja for the selected range. Opened by
 * a long press (`guardRelease`), it ignores clicks in its first half second (see RELEASE_GUARD_MS).
 */
export function NewEventDialog({
  selection,
  guardRelease = false,
  onClose,
  onChoose,
}: {
  selection: SlotSelection | null;
  guardRelease?: boolean;
  onClose: () => void;
  onChoose: (kind: 'appointment' | 'leave', selection: SlotSelection) => void;
}) {
  const t = useTranslations('agenda');
  useReleaseGuard(selection !== null && guardRelease);
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
