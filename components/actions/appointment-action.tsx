'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiClientError } from '@/lib/api-client/fetcher';
import { performAction } from '@/lib/api-client/actions';
import type { ActionBody, AppointmentActionView } from '@/lib/validation/actions';
import { ActionVisit } from './action-visit';
import './appointment-action.css';

/**
 * The page of an action link (beyond-the-spec section 3), on a phone first: the salon, the appointment's date
 * and time, each service with its stylist, and where it stands. While it is booked: "Confirmo" and
 * "No puedo ir" (which asks once more, and warns that after the cut-off it is a late cancellation). After an
 * action, or when the link was already used, it says plainly what happened: confirmed, cancelled (the hour is
 * free for others), released for want of a confirmation, or cancelled by the salon. `problem`: the Spanish
 * message of a link that is unknown or has expired (nothing else is shown).
 */
export function AppointmentAction({ token, initial, problem }: { token: string; initial: AppointmentActionView | null; problem: string | null }) {
  const t = useTranslations('action');
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState<ActionBody['action'] | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(problem);

  const run = async (action: ActionBody['action']) => {
    setBusy(action);
    setError(null);
    try {
      const after = await performAction(token, action);
      if (after.purpose === 'appointment') setView(after);
      setAsking(false);
    } catch (err) {
      setError(err instanceof ApiClientError && err.message ? err.message : t('error'));
    } finally {
      setBusy(null);
    }
  };

  if (!view) {
    return (
      <Card className="action-card">
        <h1 className="action-title">{t('title')}</h1>
        <p className="action-message" role="alert">
          {error}
        </p>
      </Card>
    );
  }

  const stylists = [...new Set(view.services.map((s) => s.employee_name))].join(', ');
  const booked = view.state === 'pending' || view.state === 'confirmed';
  return (
    <Card className="action-card">
      <h1 className="action-title">{t('heading', { salon: view.salon.name })}</h1>
      <ActionVisit services={view.services.map((s) => ({ ...s, employee: s.employee_name }))} address={view.salon.address} />

      <div className="action-state" role="status" aria-live="polite">
        {view.state === 'pending' ? <p className="action-message">{t('ask', { client: view.client_name, stylist: stylists })}</p> : null}
        {view.state === 'confirmed' ? <p className="action-message action-message--ok">{t('confirmed')}</p> : null}
        {view.state === 'cancelled' ? <p className="action-message">{view.late ? t('cancelledLate') : t('cancelled')}</p> : null}
        {view.state === 'released' ? <p className="action-message">{t('released')}</p> : null}
        {view.state === 'salon_cancelled' ? <p className="action-message">{t('salonCancelled')}</p> : null}
      </div>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}

      {booked && !asking ? (
        <div className="action-buttons">
          {view.state === 'pending' ? (
            <Button block busy={busy === 'confirm'} disabled={busy !== null} onClick={() => void run('confirm')}>
              {t('confirm')}
            </Button>
          ) : (
            <p className="action-detail">{t('stillCannot')}</p>
          )}
          <Button block variant="secondary" disabled={busy !== null} onClick={() => setAsking(true)}>
            {t('cancel')}
          </Button>
        </div>
      ) : null}

      {booked && asking ? (
        <div className="action-buttons">
          <p className="action-message">{t('cancelAsk')}</p>
          {view.late ? <p className="action-detail">{t('lateWarning')}</p> : null}
          <Button block variant="danger" busy={busy === 'cancel'} disabled={busy !== null} onClick={() => void run('cancel')} data-autofocus>
            {t('cancelYes')}
          </Button>
          <Button block variant="ghost" disabled={busy !== null} onClick={() => setAsking(false)}>
            {t('cancelNo')}
          </Button>
        </div>
      ) : null}

      {!booked ? (
        <Link href="/reservar" className="btn btn-secondary btn-block">
          {t('bookAgain')}
        </Link>
      ) : null}
      {view.salon.phone ? <p className="action-detail">{t('call', { phone: view.salon.phone })}</p> : null}
    </Card>
  );
}
