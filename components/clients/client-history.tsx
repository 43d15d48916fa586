'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Tabs } from '@/components/ui/tabs';
import { euros, longDateWithYearOf, shortDateOf, timeOf } from '@/lib/format';
import { effectiveAttendance } from '@/lib/domain/reliability';
import type { Appointment, UserDetail } from '@/lib/validation/dto';

const KINDS = ['pending', 'past', 'cancelled'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Historial of a client (spec sections 2 and 4): sub-tabs Pendientes (not cancelled, ending in the
 * future), Antiguas (not cancelled, ended) and Canceladas, each with its count, as the server classifies
 * them; a card per appointment with date, time, stylist, service and price, the person served when it is
 * a sub-user (or the name typed for a walk-in), for an ended one its attendance (Vino, No vino or Sin marcar;
 * beyond-the-spec section 3), and for a cancelled one who cancelled it and the reason.
 */
export function ClientHistory({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const history = client.history ?? { pending: client.pending_appointments, past: [], cancelled: [] };
  const [kind, setKind] = useState<Kind>('pending');

  return (
    <section className="panel-section client-history" aria-labelledby="client-history">
      <h2 id="client-history" className="sr-only">
        {t('tabs.history')}
      </h2>
      <Tabs
        label={t('historyLabel')}
        selected={kind}
        onSelect={setKind}
        tabs={KINDS.map((k) => ({
          key: k,
          label: (
            <>
              {t(`history.${k}`)}{' '}
              <span className="badge tab-count">{history[k].length}</span>
            </>
          ),
          panel: <AppointmentList kind={k} appointments={history[k]} client={client} />,
        }))}
      />
    </section>
  );
}

function AppointmentList({ kind, appointments, client }: { kind: Kind; appointments: Appointment[]; client: UserDetail }) {
  const t = useTranslations('clients');
  if (appointments.length === 0) return <p className="empty">{t(`historyEmpty.${kind}`)}</p>;
  return (
    <ul className="history-list" aria-label={t(`historyList.${kind}`)}>
      {appointments.map((a) => (
        <li key={a.id}>
          <HistoryCard appointment={a} kind={kind} client={client} />
        </li>
      ))}
    </ul>
  );
}

function HistoryCard({ appointment: a, kind, client }: { appointment: Appointment; kind: Kind; client: UserDetail }) {
  const t = useTranslations('clients');
  const tc = useTranslations('common');
  // The person served, when it is not the account holder itself (a sub-user, or a walk-in's typed name).
  const person = client.is_guest ? a.client_name || a.user_name : a.user_name;
  const showPerson = Boolean(person) && (client.is_guest || a.user_id !== client.id);
  // How the visit counts for the client's Fiabilidad (beyond-the-spec section 3): marked, or attended 48 hours after its end.
  const [now] = useState(() => Date.now());
  const attendance = effectiveAttendance({ status: a.status, attendance: a.attendance, end: Date.parse(a.end_time) }, now);
  return (
    <article className={`card history-card is-${kind}`}>
      <header className="history-head">
        <h3 className="history-date">{longDateWithYearOf(a.start_time)}</h3>
        {kind === 'past' && attendance === 'no_show' ? (
          <span className="badge history-status is-no-show">{t('attendanceValue.no_show')}</span>
        ) : (
          <span className={`badge history-status is-${kind}`}>{t(`status.${kind}`)}</span>
        )}
      </header>
      <dl className="details history-facts">
        <div>
          <dt>{t('time')}</dt>
          <dd>{t('timeRange', { start: timeOf(a.start_time), end: timeOf(a.end_time) })}</dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>{euros(a.service_price)}</dd>
        </div>
        <div>
          <dt>{t('service')}</dt>
          <dd>{a.service_name}</dd>
        </div>
        <div>
          <dt>{t('employee')}</dt>
          <dd>{a.employee_name}</dd>
        </div>
        {showPerson && (
          <div className="history-wide">
            <dt>{t('person')}</dt>
            <dd>{person}</dd>
          </div>
        )}
        {kind === 'past' && attendance && (
          <div className="history-wide">
            <dt>{t('attendance')}</dt>
            <dd className={attendance === 'no_show' ? 'history-no-show' : undefined}>{t(`attendanceValue.${attendance}`)}</dd>
          </div>
        )}
        {kind === 'cancelled' && (
          <>
            <div className="history-wide">
              <dt>{t('cancelledBy')}</dt>
              <dd>
                {a.cancelled_by || tc('notAvailable')}
                {a.cancelled_at ? <span className="muted"> · {shortDateOf(a.cancelled_at)}</span> : null}
              </dd>
            </div>
            <div className="history-wide">
              <dt>{t('reason')}</dt>
              <dd className={a.notes ? undefined : 'muted'}>{a.notes || t('noReason')}</dd>
            </div>
          </>
        )}
      </dl>
    </article>
  );
}
