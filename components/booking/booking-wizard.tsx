'use client';

import { useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/dialog';
import { StepBar } from '@/components/ui/step-bar';
import { ApiClientError, apiFetch, errorMessageOf } from '@/lib/api-client/fetcher';
import { apiPaths, FACILITY_ID, useAvailableHours, useEmployees, useServices } from '@/lib/api-client/hooks';
import type { HourGroup } from '@/lib/api-client/types';
import { madridDate } from '@/lib/domain/time';
import { DateStep, EmployeeStep, HourStep, PersonStep, ServiceStep, SummaryStep } from './steps';
import { choose, clearAfter, clientSteps, isFilled, startIndex, type BookingValues, type Person, type StepId } from './wizard-state';

export type BookingWizardProps = {
  /** The client's e-mail (`client_id` of the booking). */
  email: string;
  /** The client itself, booked for when the account has no sub-users. */
  self: Person;
  /** True when the account has sub-users: the wizard first asks for whom the appointment is. */
  askPerson: boolean;
  /** The people the client may book for (the client and sub-users without a pending appointment). */
  people: Person[];
};

const STEP_LABEL = {
  user: 'stepUser',
  service: 'stepService',
  employee: 'stepEmployee',
  date: 'stepDate',
  hour: 'stepHour',
  summary: 'stepSummary',
} as const satisfies Record<StepId, string>;
const STEP_TITLE = {
  user: 'chooseUser',
  service: 'chooseService',
  employee: 'chooseEmployee',
  date: 'chooseDate',
  hour: 'chooseHour',
  summary: 'summary',
} as const satisfies Record<StepId, string>;

const hasHours = (groups: HourGroup[] | undefined) => Boolean(groups?.some((g) => g.hours.length > 0));

/**
 * Nueva cita, client flow (spec sections 2 and 4): [person,] service, employee, date, hour and
 * summary behind a step bar. Siguiente needs the step's value; leaving the date step checks there
 * are free hours; clicking an earlier step clears the later ones; confirming books and goes home.
 */
export function BookingWizard({ email, self, askPerson, people }: BookingWizardProps) {
  const t = useTranslations('booking');
  const tc = useTranslations('common');
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const steps = useMemo(() => clientSteps(askPerson), [askPerson]);
  const [values, setValues] = useState<BookingValues>(() => (askPerson ? {} : { user: self }));
  const [index, setIndex] = useState(() => startIndex(steps, askPerson ? {} : { user: self }));
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [today] = useState(() => madridDate(Date.now()));

  const step = steps[index] ?? 'summary';
  const services = useServices({ associated: true });
  const employees = useEmployees(values.service?.id ?? null);
  const hours = useAvailableHours(
    values.date ?? null,
    values.employee?.email ?? null,
    values.service?.duration ?? null,
    values.service?.id ?? null,
  );

  const set = <K extends Exclude<StepId, 'summary'>>(key: K, value: BookingValues[K]) => {
    setValues((v) => choose(steps, v, key, value));
    setMessage(null);
  };

  const goBackTo = (i: number) => {
    setValues((v) => clearAfter(steps, v, i));
    setIndex(i);
    setMessage(null);
  };

  const next = async () => {
    if (!isFilled(step, values)) return setMessage(t('selectValue'));
    if (step === 'date') {
      // Leaving the date step: make sure the day still has free hours.
      const { date, employee, service } = values;
      if (!date || !employee || !service) return setMessage(t('selectValue'));
      const key = apiPaths.availableHours(date, employee.email, service.duration, service.id);
      setChecking(true);
      try {
        const body = await apiFetch<{ items: HourGroup[] }>(key);
        await mutate(key, body.items ?? [], { revalidate: false });
        if (!hasHours(body.items)) return setMessage(t('noHours'));
      } catch (err) {
        return setMessage(errorMessageOf(err, t('noHours')));
      } finally {
        setChecking(false);
      }
    }
    setMessage(null);
    setIndex((i) => Math.min(i + 1, steps.length - 1));
  };

  const confirm = async () => {
    const { user, service, employee, hour } = values;
    if (!user || !service || !employee || !hour) return setMessage(t('selectValue'));
    setConfirming(true);
    try {
      const body = await apiFetch<{ data: { event_id: string } }>('/api/v1/schedules/insert/appointment', {
        method: 'PATCH',
        body: {
          start_time: hour.start_time,
          end_time: hour.end_time,
          facility_id: FACILITY_ID,
          employee_id: employee.email,
          service_id: service.id,
          client_id: email,
          user_id: user.id,
          user_name: user.name,
        },
      });
      toast.success(t('confirmed'));
      // Refresh the home's data before going there so the new card can be highlighted.
      await Promise.all([mutate(apiPaths.pending(email)), mutate(apiPaths.user(email))]);
      router.push(`/?eventId=${encodeURIComponent(body.data.event_id)}`);
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessageOf(err, t('confirmError')));
      if (err instanceof ApiClientError && err.status === 409) {
        // The hour was taken meanwhile: reload the free hours and let the client pick again.
        void hours.mutate();
        const hourIndex = steps.indexOf('hour');
        setValues((v) => clearAfter(steps, v, hourIndex - 1));
        setIndex(hourIndex);
      }
    }
  };

  return (
    <div className="wizard">
      <div className="wizard-top">
        <StepBar
          label={t('steps')}
          steps={steps.map((s) => ({ id: s, label: t(STEP_LABEL[s]) }))}
          current={index}
          onSelect={goBackTo}
        />
        <button type="button" className="icon-btn wizard-close" aria-label={tc('close')} onClick={() => router.push('/')}>
          <CloseIcon />
        </button>
      </div>

      <section className="wizard-step" aria-labelledby="wizard-step-title">
        <h1 id="wizard-step-title" className="step-title">
          {t(STEP_TITLE[step])}
        </h1>
        {step === 'user' && <PersonStep people={people} value={values.user} onChange={(p) => set('user', p)} />}
        {step === 'service' && <ServiceStep services={services} value={values.service} onChange={(s) => set('service', s)} />}
        {step === 'employee' && (
          <EmployeeStep employees={employees} value={values.employee} onChange={(e) => set('employee', e)} />
        )}
        {step === 'date' && values.employee && (
          <DateStep employee={values.employee} today={today} value={values.date} onChange={(d) => set('date', d)} />
        )}
        {step === 'hour' && <HourStep hours={hours} value={values.hour} onChange={(h) => set('hour', h)} />}
        {step === 'summary' && isComplete(values) && <SummaryStep values={values} />}
      </section>

      <div className="wizard-actions">
        <p className="form-error" role="alert">
          {message}
        </p>
        {step === 'summary' ? (
          <Button block busy={confirming} onClick={() => void confirm()}>
            {t('confirm')}
          </Button>
        ) : (
          <Button block busy={checking} onClick={() => void next()}>
            {tc('next')}
          </Button>
        )}
      </div>
    </div>
  );
}

function isComplete(values: BookingValues): values is Required<BookingValues> {
  return Boolean(values.user && values.service && values.employee && values.date && values.hour);
}
