'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiClientError } from '@/lib/api-client/fetcher';
import { performAction } from '@/lib/api-client/actions';
import { timeOf } from '@/lib/format';
import type { ClaimActionView } from '@/lib/validation/actions';
import { ActionVisit } from './action-visit';
import './appointment-action.css';

/**
 * The page of a claim link (beyond-the-spec section 4, "Se ha liberado un hueco"), on a phone first: the salon,
 * the hour offered with its services and stylist (or "Cualquier estilista"), until when it is the client's,
 * and "Reservar este hueco". After the claim, or when the link was used, it says what happened: booked, taken
 * by someone faster (the client still waits), or not available.
 */
export function ClaimAction({ token, initial }: { token: string; initial: ClaimActionView }) {
  const t = useTranslations('claim');
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      const after = await performAction(token, 'claim');
      if (after.purpose === 'claim') setView(after);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'slot_taken') setView({ ...view, state: 'taken' });
      else if (err instanceof ApiClientError && err.code === 'conflict') setView({ ...view, state: 'expired' });
      else setError(err instanceof ApiClientError && err.message ? err.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="action-card">
      <h1 className="action-title">{view.state === 'claimed' ? t('bookedHeading', { salon: view.salon.name }) : t('heading', { salon: view.salon.name })}</h1>
      <ActionVisit services={view.services.map((s) => ({ ...s, employee: s.employee_name ?? t('anyStylist') }))} address={view.salon.address} />

      <div className="action-state" role="status" aria-live="polite">
        {view.state === 'open' ? <p className="action-message">{t('offer', { client: view.client_name, time: timeOf(view.expires_at) })}</p> : null}
        {view.state === 'claimed' ? <p className="action-message action-message--ok">{t('claimed')}</p> : null}
        {view.state === 'taken' ? <p className="action-message">{t('taken')}</p> : null}
        {view.state === 'expired' ? <p className="action-message">{t('expired')}</p> : null}
      </div>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}

      {view.state === 'open' ? (
        <div className="action-buttons">
          <Button block busy={busy} disabled={busy} onClick={() => void claim()}>
            {t('claim')}
          </Button>
        </div>
      ) : (
        <Link href="/" className="btn btn-secondary btn-block">
          {t('myAppointments')}
        </Link>
      )}
      {view.salon.phone ? <p className="action-detail">{t('call', { phone: view.salon.phone })}</p> : null}
    </Card>
  );
}
