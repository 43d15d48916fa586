'use client';

/**
 * The later wizard steps: stylist, date (month calendar), hours, the client summary and the services added to a
 * visit. A module of their own, with the calendar and the date formats, so the client booking wizard loads them
 * only when reached (first-load JS); the staff wizards import them directly.
 */
import { useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { longDay, timeOf } from '@/lib/format';
import type { AvailableHour, Employee, HourGroup, Service } from '@/lib/validation/dto';
import { ChoiceButton } from './choice-button';
import { ChoiceGroup, ChoiceRadio, onOptionKeyDown, RadioItem } from './choice-group';
import { isBookableDate, lastBookableDate } from './date-rules';
import { euros } from '@/lib/money';
import { MonthCalendar } from './month-calendar';
import { Initial, LoadState, pick, ServiceMeta, SummaryList, type Loadable } from './steps';
import { PeopleIcon } from '@/components/ui/icons';
import { STEP_TITLE_ID } from './wizard-frame';
import { isAnyStylist, visitServices } from './visit-choice';
import { anyStylist, canAddService, visitMinutes, visitPrice, visitStylists, visitTimes } from './visit-details';
import { withHour } from './wizard-preset';
import type { WizardValues } from './wizard-state';

const hourKey = (h: AvailableHour) => String(Date.parse(h.start_time));
const employeeKey = (e: Employee) => e.email.toLowerCase();

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
 * offered too, even outside the stylist's shifts; `walkIn` (staff only, today) comes first as
 * "Ahora · HH:mm", and the listed hour with the same start is left out.
 */
export function HourStep({
  hours,
  value,
  onChange,
  extra,
  walkIn,
}: {
  hours: Loadable<HourGroup[]>;
  value?: AvailableHour;
  onChange: (h: AvailableHour) => void;
  extra?: AvailableHour;
  walkIn?: AvailableHour;
}) {
  const t = useTranslations('booking');
  return (
    <LoadState state={hours}>
      {(loaded) => {
        const nowKey = walkIn ? hourKey(walkIn) : null;
        const groups = withHour(loaded, extra).map((g) => ({ ...g, hours: g.hours.filter((h) => hourKey(h) !== nowKey) }));
        const nonEmpty = groups.filter((g) => g.hours.length > 0);
        if (nonEmpty.length === 0 && !walkIn) return <p className="empty">{t('noHours')}</p>;
        const all = [...(walkIn ? [walkIn] : []), ...nonEmpty.flatMap((g) => g.hours)];
        const chosen = value ? hourKey(value) : null;
        return (
          <ChoiceGroup className="hour-groups" labelledBy={STEP_TITLE_ID} value={chosen} onValueChange={pick(all, hourKey, onChange)}>
            {walkIn && nowKey && (
              <RadioItem value={nowKey} className={`hour hour-now${nowKey === chosen ? ' is-selected' : ''}`} onKeyDown={onOptionKeyDown}>
                {t('walkInHour', { time: timeOf(walkIn.start_time) })}
              </RadioItem>
            )}
            {nonEmpty.map((g) => (
              <div key={g.hour} className="hour-group">
                <h3 className="hour-group-title" aria-hidden="true">
                  {g.hour}
                </h3>
                <div className="hour-grid">
                  {g.hours.map((h) => {
                    const key = hourKey(h);
                    return (
                      <RadioItem
                        key={h.id}
                        value={key}
                        className={`hour${key === chosen ? ' is-selected' : ''}`}
                        onKeyDown={onOptionKeyDown}
                      >
                        {timeOf(h.start_time)}
                      </RadioItem>
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

/**
 * The summary rows every appointment flow shows (client and staff): service, price, duration, stylist, date
 * and hour, as [label, value] pairs.
 */
export function useAppointmentSummaryRows(values: Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour'>>): [string, string][] {
  const t = useTranslations('booking');
  return [
    [t('stepService'), values.service.name],
    [t('price'), euros(values.service.price)],
    [t('duration'), t('minutes', { minutes: values.service.duration })],
    [t('stepEmployee'), values.employee.name],
    [t('stepDate'), longDay(values.date)],
    [t('stepHour'), timeOf(values.hour.start_time)],
  ];
}

/**
 * The summary rows of a booking (client and staff flows): for one service by a named stylist, those of
 * `useAppointmentSummaryRows`; for a visit of several services or with "Cualquier estilista" (beyond-the-spec
 * section 2), the date, each service with its time and stylist, then the visit's price and duration.
 * `services`: the visit's services in visit order.
 */
export function useBookingSummaryRows(values: Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour'>>, services: Service[]): [string, string][] {
  const t = useTranslations('booking');
  const single = useAppointmentSummaryRows(values);
  if (services.length <= 1 && !isAnyStylist(values.employee)) return single;
  return [
    [t('stepDate'), longDay(values.date)],
    ...visitTimes(services, values.hour.start_time).map(
      (p): [string, string] => [p.service.name, t('partTime', { start: timeOf(p.start), end: timeOf(p.end), stylist: values.employee.name })],
    ),
    [t('price'), euros(visitPrice(services))],
    [t('duration'), t('minutes', { minutes: visitMinutes(services) })],
  ];
}

/** Summary of the client flow: everything chosen, before confirming (`services`: the visit in visit order). */
export function SummaryStep({
  values,
  services,
}: {
  values: Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour'>> & Pick<WizardValues, 'user'>;
  services: Service[];
}) {
  const t = useTranslations('booking');
  const rows = useBookingSummaryRows(values, services);
  return <SummaryList rows={values.user ? [...rows, [t('person'), values.user.name]] : rows} />;
}

/**
 * The client flow's stylist step for a visit (beyond-the-spec section 2) from the stylists of each of its
 * services (`perService`): those who do every service, after "Cualquier estilista" when two or more stylists
 * can share the visit (`visitStylists`).
 */
export function ClientEmployeeStep({
  perService,
  value,
  onChange,
}: {
  perService: Loadable<Employee[][]>;
  value?: Employee;
  onChange: (e: Employee) => void;
}) {
  const t = useTranslations('booking');
  const stylists = useMemo(() => (perService.data ? visitStylists(perService.data) : undefined), [perService.data]);
  const anyName = t('anyStylist');
  const any = useMemo(() => (stylists?.any ? anyStylist(anyName) : undefined), [stylists?.any, anyName]);
  return <EmployeeStep employees={{ ...perService, data: stylists?.named }} any={any} value={value} onChange={onChange} />;
}

/**
 * The client flow's date step: today to today + 30 days, the days on which the chosen stylist works, or for
 * "Cualquier estilista" anyone who can do part of the visit (`perService`, the stylists of each service;
 * date-rules). A spinner while those are loading.
 */
export function ClientDateStep({
  today,
  employee,
  perService,
  value,
  onChange,
}: {
  today: string;
  employee: Employee;
  perService: Loadable<Employee[][]>;
  value?: string;
  onChange: (d: string) => void;
}) {
  const pool = useMemo(() => (perService.data ? visitStylists(perService.data).pool : undefined), [perService.data]);
  const employees = isAnyStylist(employee) ? pool : [employee];
  if (!employees) return <LoadState state={perService}>{() => null}</LoadState>;
  return (
    <DateStep
      today={today}
      max={lastBookableDate(today)}
      isDisabled={(date) => !employees.some((e) => isBookableDate(date, e, today))}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * Under the service step's list once a service is chosen (beyond-the-spec section 2): the services added to the
 * visit with "Quitar" and the visit's total, and "Añadir otro servicio", which lists the services not chosen
 * yet (up to VISIT_MAX_SERVICES in all) and adds the one tapped.
 */
export function VisitExtras({
  list,
  value,
  extra,
  onExtraChange,
}: {
  list: Service[];
  value: Service;
  extra: Service[];
  onExtraChange: (extra: Service[]) => void;
}) {
  const t = useTranslations('booking');
  const [adding, setAdding] = useState(false);
  const visit = visitServices(value, extra, list);
  const left = list.filter((s) => !visit.some((v) => v.id === s.id));
  return (
    <section className="visit-extra" aria-label={t('chosenServices')}>
      {extra.length > 0 && (
        <>
          <ul className="visit-extra-list">
            {extra.map((s) => (
              <li key={s.id}>
                <span className="visit-extra-name">{s.name}</span>
                <ServiceMeta service={s} />
                <button
                  type="button"
                  className="btn btn-ghost btn-compact"
                  aria-label={t('removeService', { name: s.name })}
                  onClick={() => onExtraChange(extra.filter((e) => e.id !== s.id))}
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
          <p className="visit-total">{t('visitTotal', { price: euros(visitPrice(visit)), minutes: visitMinutes(visit) })}</p>
        </>
      )}
      {canAddService(visit.length) && left.length > 0 && !adding && (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setAdding(true)}>
          {t('addService')}
        </button>
      )}
      {adding && canAddService(visit.length) && (
        <div className="choice-list" role="group" aria-label={t('addService')}>
          {left.map((s) => (
            <ChoiceButton
              key={s.id}
              name={s.name}
              selected={false}
              details={<ServiceMeta service={s} />}
              onSelect={() => {
                onExtraChange([...extra, s]);
                setAdding(false);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * Employee step: the stylists offering the chosen service (client flow) or every stylist (staff flows),
 * as a radio group; `any` ("Cualquier estilista", client flow) comes first when given.
 */
export function EmployeeStep({
  employees,
  any,
  value,
  onChange,
  emptyText,
}: {
  employees: Loadable<Employee[]>;
  any?: Employee;
  value?: Employee;
  onChange: (e: Employee) => void;
  emptyText?: string;
}) {
  const t = useTranslations('booking');
  return (
    <LoadState state={employees}>
      {(loaded) => {
        const list = any ? [any, ...loaded] : loaded;
        return list.length === 0 ? (
          <p className="empty">{emptyText ?? t('noEmployees')}</p>
        ) : (
          <ChoiceGroup
            className="choice-list"
            labelledBy={STEP_TITLE_ID}
            value={value ? employeeKey(value) : null}
            onValueChange={pick(list, employeeKey, onChange)}
          >
            {list.map((e) =>
              e === any ? (
                <ChoiceRadio key={e.email} value={employeeKey(e)} name={e.name} media={<span className="avatar avatar-icon"><PeopleIcon /></span>} details={t('anyStylistDetails')} />
              ) : (
                <ChoiceRadio
                  key={e.email}
                  value={employeeKey(e)}
                  name={e.name}
                  media={<Avatar employee={e} />}
                  details={e.description || undefined}
                />
              ),
            )}
          </ChoiceGroup>
        );
      }}
    </LoadState>
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
