'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { updateClient } from '@/lib/api-client/clients';
import { restrictsOnlineBooking } from '@/lib/domain/reliability';
import type { Reliability } from '@/lib/validation/dto';
import { ReliabilityBadge } from './reliability-badge';

/**
 * "Fiabilidad" of a client (beyond-the-spec section 3) on its detail: the tier as a badge, the last 12
 * months' visits attended, no-shows and late cancellations, what a restricted tier means, and "Bloquear
 * reservas online" / "Desbloquear" (staff; `booking_blocked` on `PATCH /users/{email}` with the client's
 * `version`: a change made meanwhile elsewhere answers 409 and the detail shows the current state).
 */
export function ReliabilityCard({ email, version, reliability }: { email: string; version: string; reliability: Reliability }) {
  const t = useTranslations('clients.reliability');
  const [saving, setSaving] = useState(false);
  const blocked = reliability.tier === 'bloqueado';
  const toggle = async () => {
    setSaving(true);
    try {
      await updateClient(email, { booking_blocked: !blocked, version });
      toastSuccess(blocked ? t('unblocked') : t('blocked'));
    } catch (err) {
      toastError(t('blockError'), err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card reliability-card" aria-labelledby="client-reliability">
      <div className="reliability-head">
        <h2 id="client-reliability" className="reliability-title">
          {t('title')}
        </h2>
        <ReliabilityBadge tier={reliability.tier} />
      </div>
      <p className="muted reliability-window">{t('window')}</p>
      <dl className="details reliability-counts">
        <div>
          <dt>{t('attended')}</dt>
          <dd>{reliability.attended}</dd>
        </div>
        <div>
          <dt>{t('noShows')}</dt>
          <dd>{reliability.no_shows}</dd>
        </div>
        <div>
          <dt>{t('lateCancellations')}</dt>
          <dd>{reliability.late_cancellations}</dd>
        </div>
      </dl>
      {restrictsOnlineBooking(reliability.tier) && <p className="note">{t('restrictedNote')}</p>}
      <Button variant={blocked ? 'secondary' : 'danger'} block busy={saving} onClick={() => void toggle()}>
        {blocked ? t('unblock') : t('block')}
      </Button>
    </section>
  );
}
