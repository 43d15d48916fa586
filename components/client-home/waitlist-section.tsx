'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CLIENT_TOAST_MS, toastError, toastSuccess } from '@/components/ui/toast';
import { isActiveWaitlistEntry, leaveWaitlist, useWaitlist } from '@/lib/api-client/waitlist';
import { dayRange, longDateOf, timeOf } from '@/lib/format';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { PART_OF_DAY_LABEL } from '@/components/waitlist/part-of-day';
import '@/components/waitlist/waitlist.css';

export type WaitlistSectionProps = {
  /** The account's e-mail. */
  email: string;
  /** The account holder's id: an entry for anyone else names the person. */
  accountId: string;
  /** The entries as the server page read them (shown at once, then revalidated); none: fetched here. */
  initial?: WaitlistEntry[];
};

/**
 * "En lista de espera" on Mis citas (beyond-the-spec section 4): the account's active entries (waiting or
 * offered), each with its services, stylist, dates, part of the day, person (when not the account holder), the
 * hour offered when there is one, and Quitar. Nothing at all while there is no active entry.
 */
export function WaitlistSection({ email, accountId, initial }: WaitlistSectionProps) {
  const t = useTranslations('waitlist');
  const titleId = useId();
  const { data } = useWaitlist(email, initial ? { fallbackData: initial } : undefined);
  const active = (data ?? []).filter(isActiveWaitlistEntry);
  if (active.length === 0) return null;
  return (
    <section className="waitlist-section" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId}>{t('section')}</h2>
        <span className="badge">{t('count', { count: active.length })}</span>
      </div>
      <div className="card-list">
        {active.map((entry) => (
          <WaitlistCard key={entry.id} email={email} entry={entry} accountId={accountId} />
        ))}
      </div>
    </section>
  );
}

/** One active entry on Mis citas, with Quitar and its inline confirmation. */
export function WaitlistCard({ email, entry, accountId }: { email: string; entry: WaitlistEntry; accountId: string }) {
  const t = useTranslations('waitlist');
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const services = entry.services.map((s) => s.name).join(', ');
  // Quitar and its confirmation replace each other: the focus moves to the first button of what appears.
  const actionsRef = useRef<HTMLDivElement>(null);
  const shownAsking = useRef(asking);
  useEffect(() => {
    if (shownAsking.current === asking) return;
    shownAsking.current = asking;
    actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [asking]);

  const remove = async () => {
    setBusy(true);
    try {
      await leaveWaitlist(email, entry.id);
      toastSuccess(t('removed'), { duration: CLIENT_TOAST_MS });
    } catch (err) {
      setBusy(false);
      setAsking(false);
      toastError(t('removeError'), err, { duration: CLIENT_TOAST_MS });
    }
  };

  return (
    <article className="card waitlist-card" aria-labelledby={titleId}>
      <header className="appointment-head">
        <h3 id={titleId}>{services}</h3>
        <span className={`badge${entry.status === 'offered' ? ' badge-success' : ''}`}>{t(entry.status === 'offered' ? 'statusOffered' : 'statusWaiting')}</span>
      </header>
      {entry.offer && (
        <p className="waitlist-offer">
          {t('offered', { when: t('when', { date: longDateOf(entry.offer.start_time), time: timeOf(entry.offer.start_time) }) })}
        </p>
      )}
      <dl className="details">
        <div>
          <dt>{t('stylist')}</dt>
          <dd>{entry.employee_id === 'any' || !entry.employee_name ? t('anyStylist') : entry.employee_name}</dd>
        </div>
        <div>
          <dt>{t('dates')}</dt>
          <dd>{dayRange(entry.from, entry.to)}</dd>
        </div>
        <div>
          <dt>{t('partOfDay')}</dt>
          <dd>{t(PART_OF_DAY_LABEL[entry.part_of_day])}</dd>
        </div>
        {entry.user_id !== accountId && (
          <div>
            <dt>{t('person')}</dt>
            <dd>{entry.user_name}</dd>
          </div>
        )}
      </dl>
      <div ref={actionsRef}>
        {asking ? (
          <div className="waitlist-confirm" role="group" aria-label={t('removeQuestion')}>
            <p>{t('removeQuestion')}</p>
            <div className="waitlist-confirm-actions">
              <Button variant="danger" busy={busy} onClick={() => void remove()}>
                {t('removeConfirm')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" block aria-label={t('removeLabel', { services })} onClick={() => setAsking(true)}>
            {t('remove')}
          </Button>
        )}
      </div>
    </article>
  );
}
