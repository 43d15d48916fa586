'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { longDateOf, timeOf } from '@/lib/format';
import type { Appointment } from '@/lib/validation/dto';

/** The DOM id of an appointment card (target of the post-booking highlight). */
export const appointmentCardId = (id: string) => `appointment-${id}`;

export type AppointmentCardProps = {
  /** The visit's appointments in order of start (one for an appointment booked alone). */
  visit: Appointment[];
  highlighted: boolean;
  onDownload: (visit: Appointment[]) => void;
};

/**
 * A pending visit on the client home (spec section 2; beyond-the-spec section 2): person, green badge
 * Confirmada, Fecha (`lunes, 23 de noviembre a las 10:00`, Madrid), then Empleado and Servicio for one
 * service, or Servicios listing each service of a visit with its time and stylist; Descargar recordatorio.
 */
export function AppointmentCard({ visit, highlighted, onDownload }: AppointmentCardProps) {
  const t = useTranslations('home');
  const titleId = useId();
  const appointment = visit[0]!;
  const when = t('dateValue', { date: longDateOf(appointment.start_time), time: timeOf(appointment.start_time) });
  return (
    <article
      id={appointmentCardId(appointment.id)}
      className={`card appointment-card${highlighted ? ' is-highlighted' : ''}`}
      aria-labelledby={titleId}
    >
      <header className="appointment-head">
        <h3 id={titleId}>{appointment.client_name}</h3>
        <span className="badge badge-success">{t('confirmed')}</span>
      </header>
      <dl className="details">
        <div>
          <dt>{t('date')}</dt>
          <dd>{when}</dd>
        </div>
        {visit.length === 1 ? (
          <>
            <div>
              <dt>{t('employee')}</dt>
              <dd>{appointment.employee_name}</dd>
            </div>
            <div>
              <dt>{t('service')}</dt>
              <dd>{appointment.service_name}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t('services')}</dt>
            <dd>
              <ul className="visit-parts">
                {visit.map((part) => (
                  <li key={part.id}>{t('visitPart', { time: timeOf(part.start_time), service: part.service_name, employee: part.employee_name })}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      <Button variant="secondary" block onClick={() => onDownload(visit)}>
        <DownloadIcon />
        {t('download')}
      </Button>
    </article>
  );
}
