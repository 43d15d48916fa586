'use client';

/**
 * The later wizard steps: date (month calendar), hours and the client summary. A module of their own, with
 * the calendar and the date formats, so the client booking wizard loads them only when reached (first-load JS);
 * the staff wizards import them directly.
 */
import { useTranslations } from 'next-intl';
import { longDay, timeOf } from '@/lib/format';
import type { AvailableHour, Employee, HourGroup, Service } from '@/lib/validation/dto';
import { ChoiceGroup, onOptionKeyDown, RadioItem } from './choice-group';
import { isBookableDate, lastBookableDate } from './date-rules';
import { euros } from '@/lib/money';
import { MonthCalendar } from './month-calendar';
import { LoadState, pick, SummaryList, type Loadable } from './steps';
import { STEP_TITLE_ID } from './wizard-frame';
import { isAnyStylist, visitMinutes, visitPrice, visitTimes } from './visit-choice';
import { withHour } from './wizard-preset';
import type { WizardValues } from './wizard-state';

const hourKey = (h: AvailableHour) => String(Date.parse(h.start_time));

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
 * The client flow's date step: today to today + 30 days, the days on which one of `employees` works (the
 * chosen stylist, or every stylist who can do part of the visit for "Cualquier estilista"; date-rules).
 */
export function ClientDateStep({
  today,
  employees,
  value,
  onChange,
}: {
  today: string;
  employees: Employee[];
  value?: string;
  onChange: (d: string) => void;
}) {
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
