'use client';

import { useId, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError, apiFetch, errorMessageOf } from '@/lib/api-client/fetcher';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { MINUTE_MS } from '@/lib/domain/time';
import type { Employee } from '@/lib/validation/dto';
import { longDay, timeOf } from '@/lib/format';
import { ChoiceButton } from './choice-button';
import { searchClients, type ClientSummary } from './client-search';
import { agendaHref, type ConflictAppointment } from './conflict';
import { useAppointmentSummaryRows } from './later-steps';
import { Initial, SummaryList } from './steps';
import { leaveEndSlots, leaveStartSlots, type TimeSlot } from './time-slots';
import type { ClientChoice, HourRange, WizardValues } from './wizard-state';

/** `GET /api/v1/users`: the tenant's clients, or null when the server does not offer the list (free typing only). */
function useClientList() {
  // A key of its own: other screens may cache the same path in another shape.
  return useSWR<ClientSummary[] | null>(
    ['/api/v1/users', 'client-search'],
    async ([path]: [string, string]) => {
      try {
        const body = await apiFetch<{ items?: ClientSummary[] }>(path);
        return Array.isArray(body?.items) ? body.items : null;
      } catch (err) {
        if (err instanceof ApiClientError && err.status !== 500) return null;
        throw err;
      }
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Loads the staff (once, no refetch on focus) and renders a staff flow with them; spinner or error meanwhile. */
export function WithStaffEmployees({ children }: { children: (employees: Employee[]) => ReactNode }) {
  const tc = useTranslations('common');
  const employees = useStaffEmployees({ revalidateOnFocus: false });
  if (employees.error) {
    return (
      <p className="form-error" role="alert">
        {errorMessageOf(employees.error, tc('genericError'))}
      </p>
    );
  }
  if (!employees.data) return <Spinner />;
  return <>{children(employees.data)}</>;
}

/**
 * Client step of the staff appointment flow (spec section 5: name required, e-mail optional): a search
 * over the existing clients (choosing one fills name and e-mail) and the two fields. Without an e-mail
 * the appointment goes to the guest with the typed name.
 */
export function ClientStep({ value, onChange }: { value?: ClientChoice; onChange: (c: ClientChoice) => void }) {
  const t = useTranslations('staffWizard');
  const ids = { search: useId(), name: useId(), email: useId(), hint: useId(), results: useId() };
  const clients = useClientList();
  const [query, setQuery] = useState('');
  const current = value ?? { name: '', email: '' };
  const list = clients.data ?? null;
  const matches = list ? searchClients(list, query) : [];
  const searchable = !clients.error && clients.data !== null;

  return (
    <div className="staff-client">
      {searchable && (
        <div className="field">
          <label htmlFor={ids.search}>{t('searchClient')}</label>
          <input
            id={ids.search}
            type="search"
            className="input"
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-controls={ids.results}
          />
          <div id={ids.results} className="choice-list client-results" role="group" aria-label={t('results')}>
            {matches.map((c) => (
              <ChoiceButton
                key={c.email}
                name={c.name}
                details={c.email}
                media={<Initial name={c.name} />}
                selected={current.email.trim().toLowerCase() === c.email.toLowerCase()}
                onSelect={() => {
                  onChange({ name: c.name, email: c.email });
                  setQuery('');
                }}
              />
            ))}
            {query.trim() !== '' && list && matches.length === 0 && <p className="muted">{t('noMatches')}</p>}
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.name}>{t('clientName')}</label>
        <input
          id={ids.name}
          className="input"
          autoComplete="off"
          required
          aria-required="true"
          value={current.name}
          onChange={(e) => onChange({ ...current, name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>{t('clientEmail')}</label>
        <input
          id={ids.email}
          type="email"
          inputMode="email"
          className="input"
          autoComplete="off"
          aria-describedby={ids.hint}
          value={current.email}
          onChange={(e) => onChange({ ...current, email: e.target.value })}
        />
        <p id={ids.hint} className="field-hint">
          {t('guestHint')}
        </p>
      </div>
    </div>
  );
}

/** Leave flow, Horas: start and end selects (5-minute steps, 05:00–22:00 Madrid), the end after the start. */
export function RangeStep({
  date,
  now,
  value,
  onChange,
}: {
  date: string;
  now: number;
  value?: HourRange;
  onChange: (range: HourRange) => void;
}) {
  const t = useTranslations('staffWizard');
  const ids = { start: useId(), end: useId() };
  const start = value?.start;
  const end = value?.end;
  const starts = leaveStartSlots(date, now, start);
  const ends = leaveEndSlots(date, start, end);

  const pickStart = (next: string) => {
    if (!next) return onChange({ end });
    // Keep the end when it still follows the start; else propose half an hour later.
    const keep = end && Date.parse(end) > Date.parse(next) ? end : undefined;
    const proposed = new Date(Date.parse(next) + 30 * MINUTE_MS).toISOString();
    const fallback = leaveEndSlots(date, next).find((s) => s.value === proposed)?.value;
    onChange({ start: next, end: keep ?? fallback });
  };

  return (
    <div className="range-fields">
      <TimeSelect id={ids.start} label={t('from')} slots={starts} value={start} onChange={pickStart} />
      <TimeSelect id={ids.end} label={t('to')} slots={ends} value={end} onChange={(v) => onChange({ start, end: v || undefined })} />
    </div>
  );
}

function TimeSelect({
  id,
  label,
  slots,
  value,
  onChange,
}: {
  id: string;
  label: string;
  slots: TimeSlot[];
  value?: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('staffWizard');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input select" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('chooseTime')}</option>
        {slots.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type AppointmentSummaryValues = Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour' | 'client'>>;

/** Summary of the staff appointment flow. */
export function StaffAppointmentSummary({ values }: { values: AppointmentSummaryValues }) {
  const ts = useTranslations('staffWizard');
  const appointment = useAppointmentSummaryRows(values);
  const email = values.client.email.trim();
  return (
    <SummaryList
      rows={[
        ...appointment,
        [ts('client'), values.client.name.trim()],
        [ts('email'), email || ts('noEmail')],
      ]}
    />
  );
}

/** Summary of the leave flow, with the optional note. */
export function LeaveSummary({
  employee,
  date,
  range,
  notes,
  onNotesChange,
}: {
  employee: string;
  date: string;
  range: { start: string; end: string };
  notes: string;
  onNotesChange: (notes: string) => void;
}) {
  const t = useTranslations('booking');
  const ts = useTranslations('staffWizard');
  const noteId = useId();
  return (
    <>
      <SummaryList
        rows={[
          [t('stepEmployee'), employee],
          [t('stepDate'), longDay(date)],
          [ts('hours'), ts('timeRange', { start: timeOf(range.start), end: timeOf(range.end) })],
        ]}
      />
      <div className="field">
        <label htmlFor={noteId}>{ts('note')}</label>
        <textarea
          id={noteId}
          className="input textarea"
          rows={5}
          maxLength={500}
          placeholder={ts('notePlaceholder')}
          value={notes}
          onChange={(e) => onNotesChange(e.target.value)}
        />
      </div>
    </>
  );
}

/**
 * The Error modal of a failed staff booking (spec section 8): the server's message (default Ha ocurrido
 * un error inesperado) and, when the server returned the client's pending appointment, its date, time,
 * employee and service with Ver en la agenda.
 */
export function BookingErrorModal({
  error,
  onClose,
}: {
  error: { message: string; appointment: ConflictAppointment | null } | null;
  onClose: () => void;
}) {
  const t = useTranslations('staffWizard');
  const tb = useTranslations('booking');
  const tc = useTranslations('common');
  const router = useRouter();
  const appointment = error?.appointment ?? null;
  return (
    <Dialog
      open={error !== null}
      onClose={onClose}
      title={t('errorTitle')}
      footer={
        <>
          {appointment && (
            <Button block onClick={() => router.push(agendaHref(appointment.date, appointment.id))}>
              {t('viewInAgenda')}
            </Button>
          )}
          <Button block variant={appointment ? 'secondary' : 'primary'} onClick={onClose}>
            {tc('accept')}
          </Button>
        </>
      }
    >
      {error && (
        <div className="booking-error">
          <p>{error.message || tc('genericError')}</p>
          {appointment && (
            <dl className="details">
              <div>
                <dt>{tb('stepDate')}</dt>
                <dd>{longDay(appointment.date)}</dd>
              </div>
              <div>
                <dt>{tb('stepHour')}</dt>
                <dd>{timeOf(appointment.start_time)}</dd>
              </div>
              <div>
                <dt>{tb('stepEmployee')}</dt>
                <dd>{appointment.employee_name}</dd>
              </div>
              <div>
                <dt>{tb('stepService')}</dt>
                <dd>{appointment.service_name}</dd>
              </div>
            </dl>
          )}
        </div>
      )}
    </Dialog>
  );
}

/**
 * Asks staff before booking a client whose pending appointments already reach its allowance (decisions
 * "Allowance": staff may book beyond it). `pending` is their number; null: closed.
 */
export function AllowanceConfirmDialog({ pending, onConfirm, onClose }: { pending: number | null; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations('staffWizard');
  return (
    <Dialog
      open={pending !== null}
      onClose={onClose}
      title={t('pendingTitle')}
      footer={<DialogActions confirmLabel={t('pendingConfirm')} cancelLabel={t('cancel')} busy={false} onConfirm={onConfirm} onCancel={onClose} />}
    >
      <p>{t('pendingText', { count: pending ?? 0 })}</p>
    </Dialog>
  );
}
