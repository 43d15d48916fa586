'use client';

import { useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useSalonWaitlist } from '@/lib/api-client/staff-waitlist';
import { longDay } from '@/lib/format';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { AddEntryDialog } from './add-entry-dialog';
import { WaitlistEntryCard } from './entry-card';
import { groupByFirstDate } from './entry-view';
import { OfferDialog } from './offer-dialog';
import './staff-waitlist.css';

export type WaitlistScreenProps = {
  /** Today's Madrid date when the page was served: entries whose range has begun group under it. */
  today: string;
};

/**
 * Lista de espera (`/waitlist`, beyond-the-spec section 4) for admins and stylists: the salon's active entries
 * grouped by the first date they still want, each a card with "Ofrecer" and "Quitar"; "Nadie en la lista de
 * espera." when empty; "Añadir a la lista" adds an entry for a client. The first list comes with the page (SWR
 * fallback) and is revalidated as usual.
 */
export function WaitlistScreen({ today }: WaitlistScreenProps) {
  const t = useTranslations('staffWaitlist');
  const list = useSalonWaitlist();
  const [offering, setOffering] = useState<WaitlistEntry | null>(null);
  const [adding, setAdding] = useState(false);
  const groups = useMemo(() => (list.data ? groupByFirstDate(list.data, today) : undefined), [list.data, today]);

  return (
    <div className="screen waitlist-screen">
      <PageHeader
        title={t('title')}
        action={
          <Button className="btn-compact" onClick={() => setAdding(true)}>
            <PlusIcon />
            {t('add')}
          </Button>
        }
      />
      {list.error && !groups ? (
        <LoadError error={list.error} onRetry={() => void list.mutate()} />
      ) : !groups ? (
        <Spinner />
      ) : groups.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        groups.map((g) => (
          <section key={g.date} className="waitlist-group" aria-labelledby={`waitlist-${g.date}`}>
            <h2 id={`waitlist-${g.date}`} className="waitlist-group-title">
              {t('groupFrom', { date: longDay(g.date) })}
            </h2>
            <ul className="card-list waitlist-list">
              {g.entries.map((e) => (
                <WaitlistEntryCard key={e.id} entry={e} onOffer={setOffering} />
              ))}
            </ul>
          </section>
        ))
      )}
      <OfferDialog entry={offering} onClose={() => setOffering(null)} />
      <AddEntryDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
