'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/ui/page-header';
import { WhatsAppButton } from '@/components/whatsapp/whatsapp-button';
import { longDay, timeOf } from '@/lib/format';
import type { DayReminder } from '@/lib/validation/whatsapp';
import './tomorrow-reminders.css';

/**
 * "Recordatorios de mañana" (`/reminders`, beyond-the-spec section 5) for admins and stylists: tomorrow's
 * pending visits by time, each with the client, services and stylists, whether it waits for the client's
 * confirmation, and its "WhatsApp" button (the salon's message typed in, click to chat), then "Abierto a las
 * HH:mm" once opened; "Sin teléfono" for the guest or a client without one. `date`: tomorrow's Madrid date.
 */
export function TomorrowReminders({ date, initial }: { date: string; initial: DayReminder[] }) {
  const t = useTranslations('reminders');
  const [items, setItems] = useState(initial);
  const opened = (id: string, at: string) => setItems((list) => list.map((r) => (r.appointment_id === id ? { ...r, opened_at: r.opened_at ?? at } : r)));
  return (
    <div className="screen reminders-screen">
      <PageHeader title={t('title')} />
      <p className="muted">{t('intro', { date: longDay(date) })}</p>
      {items.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <ul className="card-list reminders-list">
          {items.map((r) => (
            <li key={r.appointment_id} className="card reminders-card" data-appointment-id={r.appointment_id}>
              <p className="reminders-head">
                <span className="reminders-time">{timeOf(r.start_time)}</span>
                <span className="reminders-client">{r.client_name}</span>
              </p>
              <p className="muted">{t('visit', { services: r.services.join(', '), employees: r.employees.join(', ') })}</p>
              {r.confirmation === 'pending' && <p className="reminders-note">{t('unconfirmed')}</p>}
              {r.confirmation === 'confirmed' && <p className="reminders-note">{t('confirmed')}</p>}
              {r.phone === null ? (
                <p className="muted">{t('noPhone')}</p>
              ) : (
                <div className="reminders-actions">
                  <WhatsAppButton appointmentId={r.appointment_id} block={false} onOpened={() => opened(r.appointment_id, new Date().toISOString())} />
                  <span className={r.opened_at ? 'reminders-opened' : 'muted'}>{r.opened_at ? t('opened', { time: timeOf(r.opened_at) }) : t('notOpened')}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
