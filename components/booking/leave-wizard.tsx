'use client';

import { useCallback, useMemo, useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { insertLeave } from '@/lib/api-client/staff';
import type { Employee } from '@/lib/validation/dto';
import { madridDate } from '@/lib/domain/time';
import { agendaHref } from './conflict';
import { isStaffDate, lastStaffDate } from './date-rules';
import { LeaveSummary, RangeStep, WithStaffEmployees } from './staff-steps';
import { DateStep, EmployeeStep } from './later-steps';
import { useWizard } from './use-wizard';
import { WizardFrame } from './wizard-frame';
import { applyPreset, type Preset } from './wizard-preset';
import { flowSteps, type WizardValues } from './wizard-state';

/**
 * Bloquear franja, the leave flow (spec sections 2 and 4): stylist, date, hour range and summary (with
 * an optional note). Opened from a slot selected in the agenda, everything comes prefilled and the
 * wizard opens on the summary. Confirming blocks the range (toast Franja bloqueada) and goes back to
 * the agenda on it; a failure shows Error al bloquear la franja… with the server's message. The steps
 * follow the browser history and survive a reload, the typed note with them (it is one of the wizard's
 * values); closing asks first once something was entered, the note included, and returns to `closeHref`
 * (the agenda's day the wizard was opened from).
 */
export function LeaveWizard({ preset, closeHref }: { preset: Preset | null; closeHref?: string }) {
  return (
    <WithStaffEmployees>{(employees) => <LeaveFlow employees={employees} preset={preset} closeHref={closeHref} />}</WithStaffEmployees>
  );
}

function LeaveFlow({ employees, preset, closeHref }: { employees: Employee[]; preset: Preset | null; closeHref?: string }) {
  const t = useTranslations('booking');
  const ts = useTranslations('staffWizard');
  const router = useAppRouter();
  const steps = useMemo(() => flowSteps('leave'), []);
  const [today] = useState(() => madridDate(Date.now()));
  const [now] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);

  const [start] = useState(() => {
    const employee = preset ? employees.find((e) => e.email.toLowerCase() === preset.employee) : undefined;
    return { preset: employee ? preset : null, values: employee ? { employee } : {} };
  });
  const active = start.preset;
  const refine = useCallback((v: WizardValues) => applyPreset('leave', v, active), [active]);
  const wizard = useWizard({ steps, initial: refine(start.values), refine, sessionKey: 'klok-wizard:leave' });
  const { step, values, set } = wizard;
  const employeeEmail = values.employee?.email.toLowerCase();

  const confirm = async () => {
    const { employee, range } = values;
    if (!employee || !range?.start || !range.end) return wizard.setMessage(t('selectValue'));
    setConfirming(true);
    try {
      const eventId = await insertLeave({
        start_time: range.start,
        end_time: range.end,
        employee_id: employee.email,
        ...(values.notes?.trim() ? { notes: values.notes.trim() } : {}),
      });
      toastSuccess(ts('blocked'));
      wizard.discard();
      router.push(agendaHref(madridDate(range.start), eventId));
    } catch (err) {
      setConfirming(false);
      toastError(ts('blockError'), err);
    }
  };

  return (
    <WizardFrame
      wizard={wizard}
      title={step === 'summary' ? ts('leaveSummary') : undefined}
      confirm={{ label: ts('block'), busy: confirming, onClick: () => void confirm() }}
      close={{ href: closeHref, ask: true }}
    >
      {step === 'employee' && (
        <EmployeeStep
          employees={{ data: employees, error: undefined, isLoading: false }}
          value={values.employee}
          onChange={(e) => set('employee', e)}
          emptyText={ts('noEmployees')}
        />
      )}
      {step === 'date' && values.employee && (
        <DateStep
          today={today}
          max={lastStaffDate(today)}
          isDisabled={(date) => !isStaffDate(date, values.employee!, today, active?.employee === employeeEmail ? active?.date : undefined)}
          value={values.date}
          onChange={(d) => set('date', d)}
        />
      )}
      {step === 'range' && values.date && (
        <RangeStep
          date={values.date}
          now={now}
          value={values.range}
          keep={active?.employee === employeeEmail && active?.date === values.date ? { start: active?.start, end: active?.end } : undefined}
          onChange={(r) => set('range', r)}
        />
      )}
      {step === 'summary' && values.employee && values.date && values.range?.start && values.range.end && (
        <LeaveSummary
          employee={values.employee.name}
          date={values.date}
          range={{ start: values.range.start, end: values.range.end }}
          notes={values.notes ?? ''}
          // An emptied note is no note: the wizard counts as untouched again.
          onNotesChange={(text) => set('notes', text === '' ? undefined : text)}
        />
      )}
    </WizardFrame>
  );
}
