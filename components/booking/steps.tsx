'use client';

import type { ReactNode } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import type { AvailableHour, Employee, HourGroup, Service } from '@/lib/validation/dto';
import { euros, longDay, timeOf } from '@/lib/format';
import { ChoiceGroup, ChoiceRadio, onOptionKeyDown } from './choice-group';
import { MonthCalendar } from './month-calendar';
import { STEP_TITLE_ID } from './wizard-frame';
import { withHour, type Person, type WizardValues } from './wizard-state';

export type Loadable<T> = { data: T | undefined; error: unknown; isLoading: boolean };

/** Spinner while loading, the server's message on failure, else the content. */
export function LoadState<T>({ state, children }: { state: Loadable<T>; children: (data: T) => ReactNode }) {
  const tc = useTranslations('common');
  if (state.error) {
    return (
      <p className="form-error" role="alert">
        {errorMessageOf(state.error, tc('genericError'))}
      </p>
    );
  }
  if (state.data === undefined) return <Spinner />;
  return <>{children(state.data)}</>;
}

/** Picks the item of `list` whose key is `key` (a radio's value) and hands it to `onChange`. */
function pick<T>(list: T[], keyOf: (item: T) => string, onChange: (item: T) => void) {
  return (key: string) => {
    const item = list.find((i) => keyOf(i) === key);
    if (item !== undefined) onChange(item);
  };
}

const personKey = (p: Person) => p.id;
const serviceKey = (s: Service) => String(s.id);
const employeeKey = (e: Employee) => e.email.toLowerCase();
const hourKey = (h: AvailableHour) => String(Date.parse(h.start_time));

/** Person step: the client and its sub-users without a pending appointment, as a radio group. */
export function PersonStep({ people, value, onChange }: { people: Person[]; value?: Person; onChange: (p: Person) => void }) {
  return (
    <ChoiceGroup
      className="choice-list"
      labelledBy={STEP_TITLE_ID}
      value={value ? personKey(value) : null}
      onValueChange={pick(people, personKey, onChange)}
    >
      {people.map((p) => (
        <ChoiceRadio key={p.id} value={personKey(p)} name={p.name} media={<Initial name={p.name} />} />
      ))}
    </ChoiceGroup>
  );
}

/** Service step: services some stylist offers, with price and duration, as a radio group. */
export function ServiceStep({
  services,
  value,
  onChange,
  emptyText,
}: {
  services: Loadable<Service[]>;
  value?: Service;
  onChange: (s: Service) => void;
  emptyText?: string;
}) {
  const t = useTranslations('booking');
  return (
    <LoadState state={services}>
      {(list) =>
        list.length === 0 ? (
          <p className="empty">{emptyText ?? t('noServices')}</p>
        ) : (
          <ChoiceGroup
            className="choice-list"
            labelledBy={STEP_TITLE_ID}
            value={value ? serviceKey(value) : null}
            onValueChange={pick(list, serviceKey, onChange)}
          >
            {list.map((s) => (
              <ChoiceRadio
                key={s.id}
                value={serviceKey(s)}
                name={s.name}
                details={
                  <>
                    {s.description && <span className="choice-description">{s.description}</span>}
                    <span className="choice-meta">
                      {euros(s.price)} · {t('minutes', { minutes: s.duration })}
                    </span>
                  </>
                }
              />
            ))}
          </ChoiceGroup>
        )
      }
    </LoadState>
  );
}

/**
 * Employee step: the stylists offering the chosen service (client flow) or every stylist (staff flows),
 * as a radio group.
 */
export function EmployeeStep({
  employees,
  value,
  onChange,
  emptyText,
}: {
  employees: Loadable<Employee[]>;
  value?: Employee;
  onChange: (e: Employee) => void;
  emptyText?: string;
}) {
  const t = useTranslations('booking');
  return (
    <LoadState state={employees}>
      {(list) =>
        list.length === 0 ? (
          <p className="empty">{emptyText ?? t('noEmployees')}</p>
        ) : (
          <ChoiceGroup
            className="choice-list"
            labelledBy={STEP_TITLE_ID}
            value={value ? employeeKey(value) : null}
            onValueChange={pick(list, employeeKey, onChange)}
          >
            {list.map((e) => (
              <ChoiceRadio
                key={e.email}
                value={employeeKey(e)}
                name={e.name}
                media={<Avatar employee={e} />}
                details={e.description || undefined}
              />
            ))}
          </ChoiceGroup>
        )
      }
    </LoadState>
  );
}

/**
 * Date step: a month calendar from today to `max` (the client's 30-day window, or a year for staff)
 * where `isDisabled` rules out the days the stylist does not work.
 */
export function DateStep({
  today,
  max,
  isDisabled,
  value,
  onChange,
}: {
  today: string;
  max: string;
  isDisabled: (date: string) => boolean;
  value?: string;
  onChange: (d: string) => void;
}) {
  return (
    <MonthCalendar
      value={value}
      onChange={onChange}
      min={today}
      max={max}
      today={today}
      isDisabled={isDisabled}
      labelledBy={STEP_TITLE_ID}
    />
  );
}

/**
 * Hour step: the free start times grouped by hour, labelled in Madrid time, as one radio group (one Tab
 * stop, arrow keys move through every hour); `extra` (the slot selected in the agenda, staff only) is
 * offered too, even outside the stylist's shifts.
 */
export function HourStep({
  hours,
  value,
  onChange,
  extra,
}: {
  hours: Loadable<HourGroup[]>;
  value?: AvailableHour;
  onChange: (h: AvailableHour) => void;
  extra?: AvailableHour;
}) {
  const t = useTranslations('booking');
  return (
    <LoadState state={hours}>
      {(loaded) => {
        const groups = withHour(loaded, extra);
        const nonEmpty = groups.filter((g) => g.hours.length > 0);
        if (nonEmpty.length === 0) return <p className="empty">{t('noHours')}</p>;
        const all = nonEmpty.flatMap((g) => g.hours);
        const chosen = value ? hourKey(value) : null;
        return (
          <ChoiceGroup className="hour-groups" labelledBy={STEP_TITLE_ID} value={chosen} onValueChange={pick(all, hourKey, onChange)}>
            {nonEmpty.map((g) => (
              <div key={g.hour} className="hour-group">
                <h3 className="hour-group-title" aria-hidden="true">
                  {g.hour}
                </h3>
                <div className="hour-grid">
                  {g.hours.map((h) => {
                    const key = hourKey(h);
                    return (
                      <RadioGroup.Item
                        key={h.id}
                        value={key}
                        className={`hour${key === chosen ? ' is-selected' : ''}`}
                        onKeyDown={onOptionKeyDown}
                      >
                        {timeOf(h.start_time)}
                      </RadioGroup.Item>
                    );
                  })}
                </div>
              </div>
            ))}
          </ChoiceGroup>
        );
      }}
    </LoadState>
  );
}

/** Summary of the client flow: everything chosen, before confirming. */
export function SummaryStep({ values }: { values: Required<Pick<WizardValues, 'user' | 'service' | 'employee' | 'date' | 'hour'>> }) {
  const t = useTranslations('booking');
  const rows: [string, string][] = [
    [t('stepService'), values.service.name],
    [t('price'), euros(values.service.price)],
    [t('duration'), t('minutes', { minutes: values.service.duration })],
    [t('stepEmployee'), values.employee.name],
    [t('stepDate'), longDay(values.date)],
    [t('stepHour'), timeOf(values.hour.start_time)],
    [t('person'), values.user.name],
  ];
  return <SummaryList rows={rows} />;
}

/** The summary card: label and value rows. */
export function SummaryList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="details summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A round badge with a name's initial. */
export function Initial({ name, color }: { name: string; color?: string }) {
  return (
    <span className="avatar" style={color ? { borderColor: color } : undefined} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** A stylist's photo, or the initial on the stylist's colour. */
function Avatar({ employee }: { employee: Employee }) {
  if (employee.avatar) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- avatars may live on a CDN
      <img className="avatar" src={employee.avatar} alt="" width={44} height={44} style={{ borderColor: employee.color }} />
    );
  }
  return <Initial name={employee.name} color={employee.color || '#cccccc'} />;
}
