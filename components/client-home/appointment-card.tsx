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
  appointment: Appointment;
  highlighted: boolean;
  onDownload: (appointment: Appointment) => void;
};

/**
 * A pending appointment on the client home (spec section 2): person, green badge Confirmada,
 * Fecha (`lunes, 23 de noviembre a las 10:00`, Madrid), Empleado, Servicio and Descargar recordatorio.
 */
export function AppointmentCard({ appointment, highlighted, onDownload }: AppointmentCardProps) {
  const t = useTranslations('home');
  const titleId = useId();
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
        <div>
          <dt>{t('employee')}</dt>
          <dd>{appointment.employee_name}</dd>
        </div>
        <div>
          <dt>{t('service')}</dt>
          <dd>{appointment.service_name}</dd>
        </div>
      </dl>
      <Button variant="secondary" block onClick={() => onDownload(appointment)}>
        <DownloadIcon />
        {t('download')}
      </Button>
    </article>
  );
}
