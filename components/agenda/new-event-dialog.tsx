'use client';

import { useId, useLayoutEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { CalendarIcon } from '@/components/ui/icons';
import { toastSuccess } from '@/components/ui/toast';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { insertLeave } from '@/lib/api-client/staff';
import { blockOptions, type BlockChoice, type BlockOption } from '@/lib/domain/block';
import type { ShiftLike } from '@/lib/domain/schedule';
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

/** The message key of each one-tap block choice. */
const CHOICE_LABEL = {
  selection: 'blockSelection',
  30: 'block30',
  60: 'block60',
  120: 'block120',
  close: 'blockUntilClose',
} as const satisfies Record<BlockChoice, string>;

/**
 * Bloquear franja in one tap: the options of `blockOptions` (the selection as dragged, 30 min, 1 h, 2 h,
 * until the stylist's closing), each showing the range it blocks. A tap blocks that range from the selection's start
 * at once (`PATCH /schedules/insert/leave`), then shows Franja bloqueada and calls `onBlocked` with the
 * new leave's id; a refusal (an overlap, a start gone past) stays in the dialog with the server's message.
 */
function BlockChoices({
  selection,
  shifts,
  onBlocked,
}: {
  selection: SlotSelection;
  shifts: readonly ShiftLike[];
  onBlocked: (leaveId: string) => Promise<unknown> | void;
}) {
  const t = useTranslations('agenda');
  const tc = useTranslations('common');
  const titleId = useId();
  const [busy, setBusy] = useState<BlockChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = blockOptions({ start: Date.parse(selection.start), end: Date.parse(selection.end) }, shifts);

  const block = async (option: BlockOption) => {
    setBusy(option.choice);
    setError(null);
    try {
      const id = await insertLeave({
        start_time: selection.start,
        end_time: new Date(option.end).toISOString(),
        employee_id: selection.resourceId,
      });
      toastSuccess(t('blockDone'));
      await onBlocked(id);
    } catch (err) {
      setError(errorMessageOf(err, tc('genericError')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="agenda-block" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="agenda-block-title">
        {t('blockSlot')}
      </p>
      <div className="agenda-block-choices">
        {options.map((o) => (
          <button
            key={String(o.choice)}
            type="button"
            className="btn btn-secondary agenda-block-choice"
            disabled={busy !== null}
            aria-busy={busy === o.choice || undefined}
            onClick={() => void block(o)}
          >
            <span>{t(CHOICE_LABEL[o.choice])}</span>{' '}
            <span className="agenda-block-until">{t('timeRange', { start: timeOf(selection.start), end: timeOf(o.end) })}</span>
          </button>
        ))}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('blockError')} {error}
        </p>
      )}
    </div>
  );
}

/**
 * The selectSlot dialog, Nuevo evento, for the selected range: Nueva cita; Bloquear franja in one tap
 * for a length (see `BlockChoices`; `shifts` are the stylist's shifts of that date, for "until
 * closing"); and Otras horas o nota, the leave flow prefilled with the selection. Opened by a long
 * press (`guardRelease`), it ignores clicks in its first half second (see RELEASE_GUARD_MS).
 */
export function NewEventDialog({
  selection,
  guardRelease = false,
  shifts = [],
  onClose,
  onChoose,
  onBlocked,
}: {
  selection: SlotSelection | null;
  guardRelease?: boolean;
  shifts?: readonly ShiftLike[];
  onClose: () => void;
  onChoose: (kind: 'appointment' | 'leave', selection: SlotSelection) => void;
  /** After a one-tap block: the new leave's id (the agenda refreshes and closes the dialog). */
  onBlocked: (leaveId: string) => Promise<unknown> | void;
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
          </div>
          <BlockChoices key={`${selection.resourceId} ${selection.start} ${selection.end}`} selection={selection} shifts={shifts} onBlocked={onBlocked} />
          <button type="button" className="btn btn-ghost btn-block" onClick={() => onChoose('leave', selection)}>
            {t('blockOther')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
