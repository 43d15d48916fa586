'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { refreshSalonWaitlist } from '@/lib/api-client/staff-waitlist';
import { leaveWaitlist } from '@/lib/api-client/waitlist';
import { madridDate } from '@/lib/domain/time';
import { dayMonth, longDay, shortDateOf, timeOf } from '@/lib/format';
import type { WaitlistEntry } from '@/lib/validation/waitlist';

export type WaitlistEntryCardProps = {
  entry: WaitlistEntry;
  /** Opens "Ofrecer" for this entry. */
  onOffer: (entry: WaitlistEntry) => void;
};

/**
 * One entry of the staff waitlist: the person waiting with the account's e-mail, the visit's services, the
 * stylist (or "Cualquier estilista"), the dates and part of the day, its state ("En espera", or the hour
 * offered and until when it can be claimed) and when it joined; "Ofrecer" opens the offer dialog and "Quitar"
 * asks inline before taking the entry off the list.
 */
export function WaitlistEntryCard({ entry, onOffer }: WaitlistEntryCardProps) {
  const t = useTranslations('staffWaitlist');
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  // The confirmation replaces the buttons: the keyboard focus moves to its Cancelar, and back to Quitar after.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  const remove = async () => {
    setRemoving(true);
    try {
      await leaveWaitlist(entry.client_id, entry.id);
      toastSuccess(t('removed', { name: entry.user_name }));
      await refreshSalonWaitlist();
    } catch (err) {
      toastError(t('removeError'), err);
      setRemoving(false);
      setConfirming(false);
    }
  };

  const dates = entry.from === entry.to ? t('oneDay', { date: longDay(entry.from) }) : t('dates', { from: dayMonth(entry.from), to: dayMonth(entry.to) });
  const offer = entry.status === 'offered' ? entry.offer : null;

  return (
    <li className="card waitlist-card" data-entry-id={entry.id}>
      <div className="waitlist-card-head">
        <p className="waitlist-card-name">
          {entry.user_name}
        </p>
        <span className={entry.status === 'offered' ? 'badge waitlist-state is-offered' : 'badge waitlist-state'}>
          {offer
            ? t('offered', { date: dayMonth(madridDate(offer.start_time)), time: timeOf(offer.start_time), until: timeOf(offer.expires_at) })
            : entry.status === 'offered'
              ? t('offeredNoHour')
              : t('waiting')}
        </span>
      </div>
      <p className="waitlist-card-email">{entry.client_id}</p>
      <p className="waitlist-card-visit">
        {entry.services.map((s) => s.name).join(' + ')} · {entry.employee_name ?? t('anyStylist')}
      </p>
      <p className="waitlist-card-when">
        {dates} · {t(`part.${entry.part_of_day}`)}
      </p>
      <p className="waitlist-card-joined">{t('joined', { date: shortDateOf(entry.created_at), time: timeOf(entry.created_at) })}</p>
      {confirming ? (
        <div className="waitlist-card-confirm" role="group" aria-label={t('removeConfirm', { name: entry.user_name })}>
          <p>{t('removeConfirm', { name: entry.user_name })}</p>
          <div className="waitlist-card-actions">
            <Button variant="danger" className="btn-compact" busy={removing} onClick={() => void remove()}>
              {t('remove')}
            </Button>
            <button type="button" className="btn btn-secondary btn-compact" disabled={removing} onClick={() => setConfirming(false)} ref={cancelRef}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="waitlist-card-actions">
          <Button className="btn-compact" onClick={() => onOffer(entry)}>
            {t('offer')}
          </Button>
          <button type="button" className="btn btn-secondary btn-compact" onClick={() => setConfirming(true)} ref={removeRef}>
            {t('remove')}
          </button>
        </div>
      )}
    </li>
  );
}
