'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { cancelAppointment, markAttendance } from '@/lib/api-client/staff';
import { isUnconfirmed } from '@/lib/domain/confirmation';
import { attendanceMarkError } from '@/lib/domain/reliability';
import { isPast, type AgendaAppointment } from '@/lib/domain/agenda';
import { euros, longDateOf, timeOf } from '@/lib/format';
import { moveHref } from '@/components/booking/move-query';
import { ClientReliabilityBadge, ReliabilityBadge } from '@/components/clients/reliability-badge';
import { pathSegment } from './paths';
import { usePast } from './use-past';
import { WhatsAppButton } from '@/components/whatsapp/whatsapp-button';

/** What a cancellation cancels: an appointment booked alone, one service of a visit, or the whole visit. */
type CancelScope = 'appointment' | 'service' | 'visit';

/**
 * The openAppointment dialog, Información cita: date, Madrid time range, client (its reliability tier and Ver
 * perfil unless a guest), service and price, employee, creator, and for a service of a visit of two or more (beyond-the-spec
 * section 2) the whole visit: each service with its Madrid time range and stylist, in order. While the
 * appointment has not ended: WhatsApp for a client's pending one (beyond-the-spec section 5, click to chat),
 * Cambiar hora (the move flow, /move/appointment) and Eliminar cita, which opens
 * the cancelAppointment dialog, Cancelar cita; for a service of a visit, Cancelar servicio (this one) and
 * Cancelar visita (every service of the visit still to come) in its place. From its start until 7 days after
 * its end: "Vino" / "No vino" (beyond-the-spec section 3; the mark chosen again clears it). An appointment asked
 * to confirm (beyond-the-spec section 3) says whether the client confirmed, has until the cut-off, or let it pass
 * ("Sin confirmar").
 */
export function AppointmentDialog({
  appointment,
  now,
  onClose,
  onCancelled,
}: {
  appointment: AgendaAppointment | null;
  now: number;
  onClose: () => void;
  /** After a successful cancellation or attendance mark: refresh the agenda. */
  onCancelled: () => Promise<unknown> | void;
}) {
  const t = useTranslations('agenda');
  const router = useAppRouter();
  const [confirming, setConfirming] = useState(false);
  // Kept after the confirmation closes, so its title does not change while it fades out.
  const [scope, setScope] = useState<CancelScope>('appointment');
  const a = appointment;
  const [past, recheckPast] = usePast(a?.end_time ?? null, now);
  const confirm = (next: CancelScope) => {
    setScope(next);
    setConfirming(!recheckPast());
  };

  const close = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <>
      <Dialog open={a !== null} onClose={close} title={t('appointmentInfo')}>
        {a && (
          <div className="agenda-dialog-body">
            <dl className="details agenda-details">
              <div>
                <dt>{t('date')}</dt>
                <dd className="agenda-capitalize">{longDateOf(a.start_time)}</dd>
              </div>
              <div>
                <dt>{t('time')}</dt>
                <dd>{t('timeRange', { start: timeOf(a.start_time), end: timeOf(a.end_time) })}</dd>
              </div>
              <div>
                <dt>{t('client')}</dt>
                <dd className="agenda-client">
                  <span>{a.client_name}</span>
                  {a.client_tier ? <ReliabilityBadge tier={a.client_tier} /> : !a.is_guest && <ClientReliabilityBadge email={a.client_id} />}
                  {!a.is_guest && (
                    <Link href={`/clients/${pathSegment(a.client_id)}`} className="agenda-link">
                      {t('viewProfile')}
                    </Link>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('service')}</dt>
                <dd>{t('serviceValue', { name: a.service_name, price: euros(a.service_price) })}</dd>
              </div>
              <div>
                <dt>{t('employee')}</dt>
                <dd>{a.employee_name}</dd>
              </div>
              <div>
                <dt>{t('createdBy')}</dt>
                <dd>{a.created_by_role === 'client' ? t('createdByClient') : a.created_by}</dd>
              </div>
              {a.confirmation !== 'not_required' && (
                <div>
                  <dt>{t('confirmation')}</dt>
                  <dd>{confirmationText(a, now, t)}</dd>
                </div>
              )}
              {a.visit && (
                <div>
                  <dt>{t('visitServices')}</dt>
                  <dd>
                    <ol className="agenda-visit-parts">
                      {a.visit.parts.map((p) => (
                        <li key={p.id} aria-current={p.id === a.id ? 'true' : undefined}>
                          {t('visitPartLine', { start: timeOf(p.start_time), end: timeOf(p.end_time), service: p.service_name, employee: p.employee_name })}
                        </li>
                      ))}
                    </ol>
                  </dd>
                </div>
              )}
            </dl>
            {attendanceMarkError({ status: a.status, start: Date.parse(a.start_time), end: Date.parse(a.end_time) }, now) === null && (
              <AttendanceChoice appointment={a} onMarked={onCancelled} />
            )}
            {!past && (
              <>
                {!a.is_guest && a.status === 'pending' && <WhatsAppButton appointmentId={a.id} />}
                <Button variant="secondary" block onClick={() => router.push(moveHref({ appointment: a.id, date: a.date }))}>
                  {t('moveAppointment')}
                </Button>
                {a.visit ? (
                  <>
                    <Button variant="danger" block onClick={() => confirm('service')}>
                      {t('cancelService')}
                    </Button>
                    <Button variant="danger" block onClick={() => confirm('visit')}>
                      {t('cancelVisit')}
                    </Button>
                  </>
                ) : (
                  <Button variant="danger" block onClick={() => confirm('appointment')}>
                    {t('deleteAppointment')}
                  </Button>
                )}
              </>
            )}
          </div>
        )}
      </Dialog>
      <CancelDialog
        appointment={confirming ? a : null}
        scope={scope}
        onClose={() => setConfirming(false)}
        onDone={async () => {
          await onCancelled();
          close();
        }}
      />
    </>
  );
}

/** The title, explanation and success toast of each cancellation (es.json `agenda`). */
const SCOPE_TEXTS = {
  appointment: { title: 'cancelTitle', text: null, done: 'cancelled' },
  service: { title: 'cancelServiceTitle', text: 'cancelServiceText', done: 'cancelled' },
  visit: { title: 'cancelVisitTitle', text: 'cancelVisitText', done: 'cancelledVisit' },
} as const;

/**
 * Cancelar cita (Cancelar servicio, Cancelar visita for a visit's `scope`): what is cancelled, an optional
 * reason, who gets notified, and the confirmation; the whole visit goes in one call (`whole_visit`).
 */
function CancelDialog({
  appointment,
  scope,
  onClose,
  onDone,
}: {
  appointment: AgendaAppointment | null;
  scope: CancelScope;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useTranslations('agenda');
  const te = useTranslations('errors');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const texts = SCOPE_TEXTS[scope];

  const submit = async (a: AgendaAppointment) => {
    if (isPast(a.end_time, Date.now())) {
      toastError(te('cannotCancelPast'));
      onClose();
      return;
    }
    setBusy(true);
    try {
      await cancelAppointment({
        date: a.date,
        employee_id: a.employee_id,
        client_id: a.client_id,
        appointment_id: a.id,
        notes: notes.trim() || null,
        ...(scope === 'visit' ? { whole_visit: true } : {}),
      });
      toastSuccess(t(texts.done));
      setNotes('');
      await onDone();
    } catch (err) {
      toastError(t('cancelError'), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={appointment !== null} onClose={busy ? () => undefined : onClose} title={t(texts.title)}>
      {appointment && (
        <form
          className="agenda-dialog-body"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(appointment);
          }}
        >
          {texts.text && <p className="agenda-notice">{t(texts.text)}</p>}
          <div className="field">
            <label htmlFor="agenda-cancel-notes" className="sr-only">
              {t('cancelReason')}
            </label>
            <textarea
              id="agenda-cancel-notes"
              className="input textarea"
              rows={5}
              maxLength={1000}
              placeholder={t('cancelPlaceholder')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <p className="muted agenda-notice">{appointment.is_guest ? t('cancelGuestNotice') : t('cancelClientNotice')}</p>
          <Button type="submit" variant="danger" block busy={busy}>
            {t('cancelConfirm')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/**
 * "Vino" / "No vino" of an appointment that has started (beyond-the-spec section 3): two toggle buttons showing
 * the current mark; the one already chosen clears it. Saves at once and refreshes the agenda.
 */
export function AttendanceChoice({ appointment, onMarked }: { appointment: AgendaAppointment; onMarked: () => Promise<unknown> | void }) {
  const t = useTranslations('agenda');
  const [mark, setMark] = useState(appointment.attendance);
  const [saving, setSaving] = useState(false);
  const choose = async (next: 'attended' | 'no_show') => {
    const value = mark === next ? null : next;
    setSaving(true);
    try {
      const saved = await markAttendance({ appointment_id: appointment.id, attendance: value });
      setMark(saved.attendance);
      toastSuccess(t('attendanceSaved'));
      await onMarked();
    } catch (err) {
      toastError(t('attendanceError'), err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="agenda-attendance" role="group" aria-label={t('attendance')}>
      <Button variant={mark === 'attended' ? 'primary' : 'secondary'} aria-pressed={mark === 'attended'} disabled={saving} onClick={() => void choose('attended')}>
        {t('attended')}
      </Button>
      <Button variant={mark === 'no_show' ? 'danger' : 'secondary'} aria-pressed={mark === 'no_show'} disabled={saving} onClick={() => void choose('no_show')}>
        {t('noShow')}
      </Button>
    </div>
  );
}

/** The confirmation line of Información cita: confirmed, pending until the cut-off, or "Sin confirmar" after it. */
function confirmationText(a: AgendaAppointment, now: number, t: (key: string, values?: Record<string, string>) => string): string {
  if (a.confirmation === 'confirmed' || !a.confirmation_cutoff_time) return t('confirmationConfirmed');
  const values = { date: longDateOf(a.confirmation_cutoff_time), time: timeOf(a.confirmation_cutoff_time) };
  return isUnconfirmed({ confirmation: a.confirmation, cutoff: a.confirmation_cutoff_time }, now)
    ? t('confirmationUnconfirmed', values)
    : t('confirmationPending', values);
}
