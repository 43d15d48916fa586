'use client';

import { useId, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TimeField } from '@/components/ui/time-field';
import { ApiClientError, apiFetch, errorMessageOf } from '@/lib/api-client/fetcher';
import { formatHHmm } from '@/lib/domain/time';
import { useStaffEmployees } from '@/lib/api-client/staff';
import {
  END_OF_DAY,
  fieldMinutes,
  fieldValue,
  LEAVE_TIMES,
  leaveBounds,
  minutesOnDate,
  proposedLeaveEnd,
  readLeaveFields,
  type TimeFieldError,
} from '@/lib/domain/time-field';
import { NAME_MAX } from '@/lib/validation/common';
import type { Employee, Service } from '@/lib/validation/dto';
import { longDay, timeOf } from '@/lib/format';
import { ClientSearchList } from './client-search-list';
import type { ClientSummary } from './client-search';
import { useBookingSummaryRows } from './later-steps';
import { SummaryList } from './steps';
import type { ClientChoice, HourRange, WizardValues } from './wizard-state';

/** `GET /api/v1/users`: the tenant's clients, or null when the server does not offer the list (free typing only). */
export function useClientList() {
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
  const tb = useTranslations('booking');
  const ids = { search: useId(), name: useId(), email: useId(), hint: useId(), limit: useId() };
  const clients = useClientList();
  const current = value ?? { name: '', email: '' };
  const searchable = !clients.error && clients.data !== null;

  return (
    <div className="staff-client">
      {searchable && (
        <div className="field">
          <label htmlFor={ids.search}>{t('searchClient')}</label>
          <ClientSearchList
            inputId={ids.search}
            clients={clients.data ?? null}
            selected={current.email}
            onPick={(c) => onChange({ name: c.name, email: c.email })}
            labels={{ placeholder: t('searchPlaceholder'), results: t('results'), noMatches: t('noMatches') }}
          />
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
          maxLength={NAME_MAX}
          aria-describedby={current.name.length >= NAME_MAX ? ids.limit : undefined}
          value={current.name}
          onChange={(e) => onChange({ ...current, name: e.target.value })}
        />
        {current.name.length >= NAME_MAX && (
          <p id={ids.limit} className="field-hint">
            {tb('nameTooLong', { max: NAME_MAX })}
          </p>
        )}
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

/** The messages of the time fields' problems (an empty field is left to the wizard's Selecciona un valor). */
function useTimeFieldMessage() {
  const t = useTranslations('staffWizard');
  return (error: TimeFieldError | undefined, bounds: { min: number; max: number }): string | undefined => {
    switch (error) {
      case 'off_grid':
        return t('timeOffGrid');
      case 'out_of_range':
        return t('timeOutOfRange', { min: formatHHmm(bounds.min), max: formatHHmm(bounds.max) });
      case 'not_after_start':
        return t('timeNotAfterStart');
      case 'past':
        return t('timePast');
      default:
        return undefined;
    }
  };
}

/**
 * Leave flow, Horas: start and end time fields (typed or picked, 5-minute steps, 05:00–22:00 Madrid,
 * widened to a range selected in the agenda; see `readLeaveFields`). The wizard gets the range's valid
 * times; a field with a problem shows it in Spanish. A valid start with no end after it proposes the
 * end half an hour later.
 */
export function RangeStep({
  date,
  now,
  value,
  keep,
  onChange,
}: {
  date: string;
  now: number;
  value?: HourRange;
  /** A range selected in the agenda (UTC ISO), whose times are allowed even outside 05:00–22:00. */
  keep?: HourRange;
  onChange: (range: HourRange) => void;
}) {
  const t = useTranslations('staffWizard');
  const messageOf = useTimeFieldMessage();
  const ids = { start: useId(), end: useId() };
  const bounds = leaveBounds(date, keep);
  const textOf = (instant: string | undefined) => {
    const minutes = minutesOnDate(date, instant);
    return minutes === null ? '' : minutes === END_OF_DAY ? '24:00' : fieldValue(minutes);
  };
  // What the fields show: the typed text, kept while it is not a valid time (the wizard holds valid ones only).
  const [fields, setFields] = useState(() => ({ start: textOf(value?.start), end: textOf(value?.end) }));
  const read = readLeaveFields(date, fields, now, keep);

  const update = (next: { start: string; end: string }) => {
    setFields(next);
    const r = readLeaveFields(date, next, now, keep);
    onChange({ start: r.start, end: r.end });
  };

  const changeStart = (start: string) => {
    const minutes = fieldMinutes(start);
    const end = fieldMinutes(fields.end, true);
    const valid = minutes !== null && readLeaveFields(date, { start, end: fields.end }, now, keep).start !== undefined;
    // A valid start without an end, or with one that no longer follows it: propose half an hour later.
    const proposed = valid && (end === null || end <= minutes) ? proposedLeaveEnd(minutes, bounds) : null;
    update({ start, end: proposed === null ? fields.end : proposed === END_OF_DAY ? '24:00' : fieldValue(proposed) });
  };

  return (
    <div className="range-fields">
      <TimeField
        id={ids.start}
        label={t('from')}
        value={fields.start}
        min={fieldValue(bounds.start.min)}
        max={fieldValue(bounds.start.max)}
        step={LEAVE_TIMES.step}
        message={messageOf(read.errors.start, bounds.start)}
        onChange={changeStart}
      />
      <TimeField
        id={ids.end}
        label={t('to')}
        value={fields.end}
        min={fieldValue(bounds.end.min)}
        // An end at midnight shows as 00:00, below any minimum: no maximum then.
        max={bounds.end.max < END_OF_DAY ? fieldValue(bounds.end.max) : undefined}
        step={LEAVE_TIMES.step}
        endOfDay
        message={messageOf(read.errors.end, bounds.end)}
        onChange={(end) => update({ ...fields, end })}
      />
    </div>
  );
}

type AppointmentSummaryValues = Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour' | 'client'>>;

/** Summary of the staff appointment flow (`services`: the visit's services in visit order). */
export function StaffAppointmentSummary({ values, services }: { values: AppointmentSummaryValues; services: Service[] }) {
  const ts = useTranslations('staffWizard');
  const appointment = useBookingSummaryRows(values, services);
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
 * un error inesperado) and Aceptar. The booking endpoint answers no appointment in its errors, so the
 * modal has nothing to link to.
 */
export function BookingErrorModal({ error, onClose }: { error: { message: string } | null; onClose: () => void }) {
  const t = useTranslations('staffWizard');
  const tc = useTranslations('common');
  return (
    <Dialog
      open={error !== null}
      onClose={onClose}
      title={t('errorTitle')}
      footer={
        <Button block variant="primary" onClick={onClose}>
          {tc('accept')}
        </Button>
      }
    >
      {error && (
        <div className="booking-error">
          <p>{error.message || tc('genericError')}</p>
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
