'use client';

import { useCallback, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { insertAppointment } from '@/lib/api-client/booking';
import { useHours, useServices, useUser } from '@/lib/api-client/hooks';
import { needsAllowanceConfirmation } from '@/lib/domain/allowance';
import type { Employee } from '@/lib/validation/dto';
import { madridDate } from '@/lib/domain/time';
import { isStaffDate, lastStaffDate } from './date-rules';
import { useHoursCheck } from './hours-check';
import { hoursPath, visitServices } from './visit-choice';
import { visitMinutes } from './visit-details';
import { AllowanceConfirmDialog, ClientStep, StaffAppointmentSummary, WithStaffEmployees } from './staff-steps';
import { DateStep, EmployeeStep, HourStep } from './later-steps';
import { ServiceStep } from './steps';
import { useBookingConfirm } from './use-booking-confirm';
import { useWizard } from './use-wizard';
import { WizardFrame } from './wizard-frame';
import { useNow } from '@/components/agenda/use-agenda-view';
import { applyPreset, presetApplies, presetHour, walkInHour, type Preset } from './wizard-preset';
import { flowSteps, type WizardValues } from './wizard-state';

/**
 * Nueva cita, employee flow (spec sections 2, 4 and 5): stylist, service, date, hour, client (name
 * required, e-mail optional) and summary. Opened from a slot selected in the agenda, the stylist, date
 * and hour come prefilled (`preset`) and that hour is accepted as is, shifts or not. Today, the hour step
 * offers "Ahora" first (the current minute rounded down to 5, shifts or not), and today can be chosen
 * for it even when the stylist does not work. Confirming books and goes back to the agenda on the new
 * appointment; a failure opens the Error modal. A client whose pending appointments already reach its
 * allowance is booked only after staff confirm it. The steps follow the browser history and survive a
 * reload; closing asks first once something was entered and returns to `closeHref` (the agenda's day the
 * wizard was opened from).
 */
export function StaffAppointmentWizard({ preset, closeHref }: { preset: Preset | null; closeHref?: string }) {
  return (
    <WithStaffEmployees>
      {(employees) => <StaffAppointmentFlow employees={employees} preset={preset} closeHref={closeHref} />}
    </WithStaffEmployees>
  );
}

function StaffAppointmentFlow({ employees, preset, closeHref }: { employees: Employee[]; preset: Preset | null; closeHref?: string }) {
  const t = useTranslations('booking');
  const ts = useTranslations('staffWizard');
  const checkHours = useHoursCheck();
  const steps = useMemo(() => flowSteps('staffAppointment'), []);
  const [today] = useState(() => madridDate(Date.now()));
  const [askPending, setAskPending] = useState<number | null>(null);

  // The preset counts only for a stylist of the facility.
  const [start] = useState(() => {
    const employee = preset ? employees.find((e) => e.email.toLowerCase() === preset.employee) : undefined;
    return { preset: employee ? preset : null, values: employee ? { employee } : {} };
  });
  const active = start.preset;
  const refine = useCallback((v: WizardValues) => applyPreset('staffAppointment', v, active), [active]);

  // The salon's services in its order (the visit's order).
  const services = useServices({ associated: true });

  const wizard = useWizard({
    steps,
    initial: refine(start.values),
    refine,
    sessionKey: 'klok-wizard:staffAppointment',
    beforeAdvance: async (step, v) => {
      if (step !== 'date') return null;
      if (!v.date || !v.employee || !v.service) return t('selectValue');
      // The slot selected in the agenda is offered on its date whatever the free hours, and so is "Ahora" today.
      if (presetApplies(active, v) && active.start) return null;
      const visit = visitServices(v.service, v.extra, services.data);
      if (walkInHour(v.date, visitMinutes(visit), Date.now())) return null;
      return checkHours(hoursPath(v.date, v.employee, visit));
    },
  });
  const { step, values, set } = wizard;

  const employeeEmail = values.employee?.email.toLowerCase();
  const ownServices = useMemo(
    () => ({
      ...services,
      data: services.data?.filter((s) => s.employees.some((e) => e.email.toLowerCase() === employeeEmail)),
    }),
    [services, employeeEmail],
  );
  // The visit: the chosen service and the added ones, in the salon's order (beyond-the-spec section 2).
  const visit = visitServices(values.service, values.extra, ownServices.data);
  const minutes = visitMinutes(visit);
  const hours = useHours(step === 'hour' && values.date && values.employee && visit.length > 0 ? hoursPath(values.date, values.employee, visit) : null);
  // The chosen client's account, read while the summary shows: a new e-mail (404) or no e-mail (the
  // guest) has no allowance to confirm.
  const clientEmail = values.client?.email.trim().toLowerCase() || null;
  const chosenClient = useUser(step === 'summary' ? clientEmail : null, { revalidateOnFocus: false, shouldRetryOnError: false });
  /** The client's pending appointments when they reach its allowance, else null. */
  const pendingToConfirm = async (): Promise<number | null> => {
    if (!clientEmail) return null;
    const account = chosenClient.data ?? (await chosenClient.mutate());
    if (!account || account.role !== 'client' || account.is_guest) return null;
    const pending = account.pending_appointments.length;
    return needsAllowanceConfirmation(pending, account.n_appointments_allowed) ? pending : null;
  };

  const slotHour = presetApplies(active, values) && values.service ? presetHour(active, minutes) : undefined;
  // "Ahora" (today only): the current minute rounded down to 5, by the browser's clock.
  const now = useNow();
  const walkIn = values.date && values.service ? walkInHour(values.date, minutes, now) : undefined;

  const { confirming, run, errorModal } = useBookingConfirm({ successText: ts('created'), onSuccess: wizard.discard, hours });
  const confirm = async (beyondAllowance = false) => {
    const { service, employee, hour, client } = values;
    if (!service || !employee || !hour || !client) return wizard.setMessage(t('selectValue'));
    await run(async () => {
      if (!beyondAllowance) {
        const pending = await pendingToConfirm();
        if (pending !== null) {
          setAskPending(pending);
          return null;
        }
      }
      const eventId = await insertAppointment({
        start_time: hour.start_time,
        ...(visit.length > 1 ? { service_ids: visit.map((s) => s.id) } : { end_time: hour.end_time, service_id: service.id }),
        employee_id: employee.email,
        client_id: client.email.trim().toLowerCase(),
        client_name: client.name.trim(),
      });
      return { id: eventId, start_time: hour.start_time };
    });
  };

  return (
    <>
      <WizardFrame
        wizard={wizard}
        confirm={{ label: ts('create'), busy: confirming, onClick: () => void confirm() }}
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
        {step === 'service' && (
          <ServiceStep
            services={ownServices}
            value={values.service}
            onChange={(s) => set('service', s)}
            extra={values.extra}
            onExtraChange={(extra) => set('extra', extra)}
            emptyText={ts('noServices')}
          />
        )}
        {step === 'date' && values.employee && (
          <DateStep
            today={today}
            max={lastStaffDate(today)}
            isDisabled={(date) =>
              !(values.service && walkInHour(date, minutes, now)) &&
              !isStaffDate(date, values.employee!, today, active?.employee === employeeEmail ? active?.date : undefined)
            }
            value={values.date}
            onChange={(d) => set('date', d)}
          />
        )}
        {step === 'hour' && (
          <HourStep hours={hours} value={values.hour} onChange={(h) => set('hour', h)} extra={slotHour} walkIn={walkIn} />
        )}
        {step === 'client' && <ClientStep value={values.client} onChange={(c) => set('client', c)} />}
        {step === 'summary' && isComplete(values) && <StaffAppointmentSummary values={values} services={visit} />}
      </WizardFrame>
      <AllowanceConfirmDialog
        pending={askPending}
        onClose={() => setAskPending(null)}
        onConfirm={() => {
          setAskPending(null);
          void confirm(true);
        }}
      />
      {errorModal}
    </>
  );
}

function isComplete(
  values: WizardValues,
): values is WizardValues & Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour' | 'client'>> {
  return Boolean(values.service && values.employee && values.date && values.hour && values.client);
}
