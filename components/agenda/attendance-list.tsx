'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { AgendaAppointment } from '@/lib/domain/agenda';
import { timeOf } from '@/lib/format';
import { AttendanceChoice } from './appointment-dialog';

/**
 * "¿Vinieron?" on today's agenda (beyond-the-spec section 3): a toolbar button counting today's appointments
 * that have started without an attendance mark (`awaitingAttendance`), opening the list with "Vino" / "No vino"
 * for each; a marked one leaves the list when the agenda refreshes. Nothing when none is waiting.
 */
export function AttendanceList({ appointments, onMarked }: { appointments: AgendaAppointment[]; onMarked: () => Promise<unknown> | void }) {
  const t = useTranslations('agenda');
  const [open, setOpen] = useState(false);
  if (appointments.length === 0 && !open) return null;
  return (
    <>
      <Button variant="secondary" className="btn-compact agenda-awaiting-button" onClick={() => setOpen(true)}>
        {t('awaitingCount', { count: appointments.length })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('awaiting')}>
        <p className="muted">{t('awaitingHint')}</p>
        {appointments.length === 0 ? (
          <p>{t('awaitingDone')}</p>
        ) : (
          <ul className="agenda-awaiting">
            {appointments.map((a) => (
              <li key={a.id}>
                <span>{t('awaitingLine', { time: timeOf(a.start_time), client: a.client_name, service: a.service_name, employee: a.employee_name })}</span>
                <AttendanceChoice appointment={a} onMarked={onMarked} />
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
