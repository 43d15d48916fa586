'use client';

import { useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { apiPaths, useHours, useServices } from '@/lib/api-client/hooks';
import { moveAppointment, useAgendaDays } from '@/lib/api-client/staff';
import { madridDate, MINUTE_MS } from '@/lib/domain/time';
import { longDateOf, timeOf } from '@/lib/format';
import type { Appointment, Employee, Service } from '@/lib/validation/dto';
import { isStaffDate, lastStaffDate } from './date-rules';
import { useHoursCheck } from './hours-check';
import { DateStep, EmployeeStep, HourStep, useAppointmentSummaryRows } from './later-steps';
import type { MoveTarget } from './move-query';
import { WithStaffEmployees } from './staff-steps';
import { SummaryList } from './steps';
import { useBookingConfirm } from './use-booking-confirm';
import { useWizard } from './use-wizard';
import { WizardFrame } from './wizard-frame';
import type { StepId, WizardValues } from './wizard-state';

/** The steps of Cambiar hora: the service and the client stay those of the appointment. */
const MOVE_STEPS: StepId[] = ['employee', 'date', 'hour', 'summary'];

/**
 * Cambiar hora (move an appointment, staff only): the wizard's stylist, date and hour steps and a summary
 * for the appointment `target` names, read from the agenda API. The service (its booked name, price and
 * length) and the client stay fixed; the current stylist comes preselected, so the flow opens on the
 * date. The hours leave the appointment's own slot free, so it may move by less than its length with the
 * same stylist. Mover cita moves it (the server re-checks every booking rule and e-mails the client) and returns
 * to the agenda on the moved appointment; a failure opens the Error modal. A service of a visit (beyond-the-spec
 * section 2) moves with the rest of its visit, by the same amount, unless "Mover toda la visita" is switched off;
 * the summary then lists the visit at its new times.
 */
export function MoveAppointmentWizard({ target }: { target: MoveTarget | null }) {
  const ts = useTranslations('staffWizard');
  const tc = useTranslations('common');
  const days = useAgendaDays(target ? { start: target.date, end: target.date } : null, { revalidateOnFocus: false });
  const services = useServices({ associated: false }, { revalidateOnFocus: false });
  const [openedAt] = useState(() => Date.now());
  const appointment = useMemo(() => {
    for (const day of days.data ?? []) {
      const found = day.appointments.find((r) => r.type === 'appointment' && r.id === target?.appointment);
      if (found?.type === 'appointment') return found;
    }
    return undefined;
  }, [days.data, target]);
  const service = useMemo(() => (appointment ? bookedService(appointment, services.data ?? []) : undefined), [appointment, services.data]);

  const failure = days.error ?? services.error;
  if (failure) return <Problem text={errorMessageOf(failure, tc('genericError'))} />;
  if (target && (!days.data || !services.data)) return <Spinner />;
  const movable = appointment && appointment.status === 'pending' && Date.parse(appointment.end_time) > openedAt;
  if (!appointment || !service || !movable) return <Problem text={ts('moveNotFound')} />;
  return (
    <WithStaffEmployees>
      {(employees) => <MoveFlow appointment={appointment} service={service} employees={employees} />}
    </WithStaffEmployees>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

/**
 * The service as the appointment booked it: the facility's service (its stylists and rest pattern) with
 * the appointment's own name, price and length (minutes from its start to its end); undefined when the
 * service no longer exists.
 */
function bookedService(appointment: Appointment, services: Service[]): Service | undefined {
  const current = services.find((s) => s.id === appointment.service_id);
  if (!current) return undefined;
  const duration = Math.round((Date.parse(appointment.end_time) - Date.parse(appointment.start_time)) / MINUTE_MS);
  return { ...current, name: appointment.service_name, price: appointment.service_price, duration };
}

function MoveFlow({ appointment, service, employees }: { appointment: Appointment; service: Service; employees: Employee[] }) {
  const t = useTranslations('booking');
  const ts = useTranslations('staffWizard');
  const checkHours = useHoursCheck();
  const [today] = useState(() => madridDate(Date.now()));

  // The stylists who offer the service; the current one first chosen.
  const offering = useMemo(() => {
    const emails = new Set(service.employees.map((e) => e.email.toLowerCase()));
    return employees.filter((e) => emails.has(e.email.toLowerCase()));
  }, [employees, service]);
  const [initial] = useState<WizardValues>(() => {
    const current = offering.find((e) => e.email.toLowerCase() === appointment.employee_id.toLowerCase());
    return { service, ...(current ? { employee: current } : {}) };
  });

  // Its own current slot is free for the appointment being moved (the same path as the date step's check).
  const hoursPath = (date: string, employee: Employee) => apiPaths.availableHours(date, employee.email, service.duration, service.id, appointment.id);

  const wizard = useWizard({
    steps: MOVE_STEPS,
    initial,
    beforeAdvance: async (step, v) => {
      if (step !== 'date') return null;
      if (!v.date || !v.employee) return t('selectValue');
      return checkHours(hoursPath(v.date, v.employee));
    },
  });
  const { step, values, set } = wizard;
  const hours = useHours(step === 'hour' && values.date && values.employee ? hoursPath(values.date, values.employee) : null);

  // A service of a visit (beyond-the-spec section 2) moves with the rest of its visit unless staff say otherwise.
  const [wholeVisit, setWholeVisit] = useState(true);
  const movesVisit = Boolean(appointment.visit) && wholeVisit;
  const { confirming, run, errorModal } = useBookingConfirm({ successText: ts('moved'), hours });
  const confirm = async () => {
    const { employee, hour } = values;
    if (!employee || !hour) return wizard.setMessage(t('selectValue'));
    await run(() =>
      moveAppointment({
        appointment_id: appointment.id,
        start_time: hour.start_time,
        employee_id: employee.email,
        ...(movesVisit ? { whole_visit: true } : {}),
      }),
    );
  };

  return (
    <>
      <WizardFrame wizard={wizard} confirm={{ label: ts('move'), busy: confirming, onClick: () => void confirm() }}>
        {step === 'employee' && (
          <EmployeeStep
            employees={{ data: offering, error: undefined, isLoading: false }}
            value={values.employee}
            onChange={(e) => set('employee', e)}
            emptyText={ts('noEmployees')}
          />
        )}
        {step === 'date' && values.employee && (
          <DateStep
            today={today}
            max={lastStaffDate(today)}
            isDisabled={(date) => !isStaffDate(date, values.employee!, today)}
            value={values.date}
            onChange={(d) => set('date', d)}
          />
        )}
        {step === 'hour' && <HourStep hours={hours} value={values.hour} onChange={(h) => set('hour', h)} />}
        {step === 'summary' && values.employee && values.date && values.hour && (
          <>
            <MoveSummary
              appointment={appointment}
              values={{ service, employee: values.employee, date: values.date, hour: values.hour }}
              wholeVisit={movesVisit}
            />
            {appointment.visit && <WholeVisitSwitch checked={wholeVisit} onChange={setWholeVisit} />}
          </>
        )}
      </WizardFrame>
      {errorModal}
    </>
  );
}

/**
 * The summary of a move: the new service, stylist, date and hour, the client, and the time it leaves; with
 * `wholeVisit`, the visit's services at their new times (each moved by the same amount, the named one with
 * the chosen stylist).
 */
function MoveSummary({
  appointment,
  values,
  wholeVisit,
}: {
  appointment: Appointment;
  values: Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour'>>;
  wholeVisit: boolean;
}) {
  const ts = useTranslations('staffWizard');
  const ta = useTranslations('agenda');
  const rows = useAppointmentSummaryRows(values);
  const shift = Date.parse(values.hour.start_time) - Date.parse(appointment.start_time);
  const visitRows: [string, string][] =
    wholeVisit && appointment.visit
      ? appointment.visit.parts.map((p): [string, string] => [
          ts('visitAfterMove'),
          ta('visitPartLine', {
            start: timeOf(Date.parse(p.start_time) + shift),
            end: timeOf(Date.parse(p.end_time) + shift),
            service: p.service_name,
            employee: p.id === appointment.id ? values.employee.name : p.employee_name,
          }),
        ])
      : [];
  return (
    <SummaryList
      rows={[
        ...rows,
        ...visitRows,
        [ts('client'), appointment.client_name],
        [
          ts('moveFrom'),
          ts('moveFromValue', { date: longDateOf(appointment.start_time), time: timeOf(appointment.start_time), employee: appointment.employee_name }),
        ],
      ]}
    />
  );
}

/** "Mover toda la visita": whether the other services of the visit move with this one. */
function WholeVisitSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const ts = useTranslations('staffWizard');
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="move-visit-row">
      <span>
        <span id={labelId} className="move-visit-label">
          {ts('moveWholeVisit')}
        </span>
        <span id={hintId} className="muted move-visit-hint">
          {ts('moveWholeVisitHint')}
        </span>
      </span>
      <Switch checked={checked} labelledBy={labelId} describedBy={hintId} onChange={onChange} />
    </div>
  );
}
