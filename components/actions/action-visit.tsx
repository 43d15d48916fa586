'use client';

import { useTranslations } from 'next-intl';
import { longDateOf, timeOf } from '@/lib/format';

/**
 * The visit an action page is about (beyond-the-spec sections 3 and 4): its date and first time, each service
 * with its time and stylist (`employee`: a name, or "cualquier estilista" for an offer of any), and the
 * salon's address when it has one. Instants are UTC ISO strings.
 */
export function ActionVisit({ services, address }: { services: { name: string; start_time: string; employee: string }[]; address: string | null }) {
  const t = useTranslations('action');
  const first = services[0]!;
  return (
    <>
      <p className="action-when">
        <span className="action-date">{longDateOf(first.start_time)}</span>
        <span className="action-time">{t('at', { time: timeOf(first.start_time) })}</span>
      </p>
      <ul className="action-services">
        {services.map((s) => (
          <li key={`${s.start_time}-${s.name}`}>
            <span className="action-service">{s.name}</span>
            <span className="action-detail">{t('serviceDetail', { time: timeOf(s.start_time), employee: s.employee })}</span>
          </li>
        ))}
      </ul>
      {address ? <p className="action-detail">{address}</p> : null}
    </>
  );
}
