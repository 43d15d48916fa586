'use client';

import { useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { ChoiceGroup, onOptionKeyDown, RadioItem } from '@/components/booking/choice-group';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/components/ui/toast';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { apiPaths, useHours } from '@/lib/api-client/hooks';
import { offerWaitlistHour, refreshSalonWaitlist } from '@/lib/api-client/staff-waitlist';
import { madridDate } from '@/lib/domain/time';
import { longDay, timeOf } from '@/lib/format';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { offerDates, offerableHours, offerErrorKey } from './entry-view';

export type OfferDialogProps = {
  /** The entry to offer an hour to; null: closed. */
  entry: WaitlistEntry | null;
  onClose: () => void;
};

/**
 * "Ofrecer" of an entry of the staff waitlist (beyond-the-spec section 4): staff pick a date within the entry's
 * range and one of the free hours of its visit (its services, its stylist or anyone, from the staff flow's visit
 * availability; only hours in its part of the day and at least 45 minutes ahead), then "Ofrecer" sends the
 * offer: the client gets an e-mail with a claim link, a toast says "Hueco ofrecido a {nombre}." and the list
 * is fetched again. A refusal shows in Spanish in the dialog (the server's message, else one of ours by its
 * status); an hour taken meanwhile reloads the hours.
 */
export function OfferDialog({ entry, onClose }: OfferDialogProps) {
  // A new entry starts afresh (its dates, no hour chosen, no error).
  return <OfferSheet key={entry?.id ?? 'none'} entry={entry} onClose={onClose} />;
}

/** The dialog of one entry (or closed): date, hours and the error, with the actions in its footer. */
function OfferSheet({ entry, onClose }: OfferDialogProps) {
  const t = useTranslations('staffWaitlist');
  const tc = useTranslations('common');
  const ids = { date: useId(), hours: useId(), hint: useId() };
  // The clock of the dialog's opening: which dates and hours are still ahead.
  const [openedAt] = useState(() => Date.now());
  const dates = useMemo(() => (entry ? offerDates(entry, madridDate(openedAt)) : []), [entry, openedAt]);
  const [date, setDate] = useState(dates[0] ?? '');
  const [start, setStart] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const hours = useHours(entry && date ? apiPaths.visitHours(date, entry.employee_id, entry.services.map((s) => s.id)) : null);
  const part = entry?.part_of_day ?? 'any';
  const offerable = useMemo(() => (hours.data ? offerableHours(hours.data, part, openedAt) : []), [hours.data, part, openedAt]);

  const submit = async () => {
    if (!entry || !start) return;
    setBusy(true);
    setError('');
    try {
      await offerWaitlistHour(entry.id, { start_time: start, employee_id: entry.employee_id });
      toastSuccess(t('offerDone', { name: entry.user_name }));
      void refreshSalonWaitlist();
      onClose();
    } catch (err) {
      const key = offerErrorKey(err);
      // The server's Spanish message; ours when the answer has none (or none came).
      setError(errorMessageOf(err, key ? t(`errors.${key}`) : tc('genericError')));
      if (key === 'slotTaken' || key === 'tooSoon') {
        setStart(null);
        void hours.mutate();
      }
      if (key === 'notActive' || key === 'notFound') void refreshSalonWaitlist();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={entry ? t('offerTitle', { name: entry.user_name }) : ''}
      variant="bottom"
      footer={
        <DialogActions confirmLabel={t('offer')} cancelLabel={t('cancel')} busy={busy} disabled={!start} onConfirm={() => void submit()} onCancel={onClose} />
      }
    >
      {entry && (
        <div className="waitlist-offer">
          <p id={ids.hint} className="muted">
            {entry.services.map((s) => s.name).join(' + ')} · {entry.employee_name ?? t('anyStylist')} · {t(`part.${entry.part_of_day}`)}
            <br />
            {t('offerHint', { email: entry.client_id })}
          </p>
          <div className="field">
            <label htmlFor={ids.date}>{t('offerDate')}</label>
            <select
              id={ids.date}
              className="input select"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setStart(null);
                setError('');
              }}
            >
              {dates.map((d) => (
                <option key={d} value={d}>
                  {longDay(d)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <p id={ids.hours} className="field-label">
              {t('offerHour')}
            </p>
            {hours.error ? (
              <LoadError error={hours.error} onRetry={() => void hours.mutate()} />
            ) : !hours.data ? (
              <Spinner />
            ) : offerable.length === 0 ? (
              <p className="empty">{t('noHours')}</p>
            ) : (
              <ChoiceGroup labelledBy={ids.hours} value={start} onValueChange={(v) => setStart(v)} className="hour-grid">
                {offerable.map((h) => (
                  <RadioItem key={h.id} value={h.start_time} className={`hour${h.start_time === start ? ' is-selected' : ''}`} onKeyDown={onOptionKeyDown}>
                    {timeOf(h.start_time)}
                  </RadioItem>
                ))}
              </ChoiceGroup>
            )}
          </div>
          <p className="form-error" role="alert">
            {error}
          </p>
        </div>
      )}
    </Dialog>
  );
}
