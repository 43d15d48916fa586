'use client';

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { addDays, weekdayOf } from '@/lib/domain/time';
import { dayMonth, monthYear, shortWeekdays } from '@/lib/format';
import { ChoiceGroup, focusAndCheck, groupRadios, onOptionKeyDown, RadioItem } from './choice-group';

export type MonthCalendarProps = {
  /** Selected Madrid date (YYYY-MM-DD), if any. */
  value: string | undefined;
  onChange: (date: string) => void;
  /** First and last selectable dates; every month between them is shown. */
  min: string;
  max: string;
  /** True for dates that cannot be chosen. */
  isDisabled: (date: string) => boolean;
  /** Today's Madrid date, marked `aria-current="date"`. */
  today: string;
  /** Id of the heading naming the calendar's radio group (default name: Fecha). */
  labelledBy?: string;
};

/** The Monday-first weeks covering a month given by its first date (YYYY-MM-01); days of other months are null. */
function monthGrid(first: string): (string | null)[] {
  const cells: (string | null)[] = Array((weekdayOf(first) + 6) % 7).fill(null);
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** The first date (YYYY-MM-01) of every month from `min`'s to `max`'s, at most 13. */
function monthsBetween(min: string, max: string): string[] {
  const months: string[] = [];
  const last = `${max.slice(0, 7)}-01`;
  // The 28th plus 7 days is always in the next month.
  for (let m = `${min.slice(0, 7)}-01`; m <= last && months.length < 13; m = `${addDays(`${m.slice(0, 7)}-28`, 7).slice(0, 7)}-01`) {
    months.push(m);
  }
  return months;
}

/** Up to this many months are stacked; a longer window (staff) shows one month with Mes anterior / Mes siguiente. */
const STACKED_MONTHS = 2;

/**
 * Spanish month calendars, Monday first, one per month of the [min, max] window. The client's
 * 30-day window spans at most two months, stacked so no navigation is needed; a longer window (staff)
 * shows one month at a time, starting at the selected date's month, with previous/next buttons.
 * The days shown form one radio group (one Tab stop): each day is a radio named like `23 de noviembre`
 * showing its day of the month; days that cannot be chosen are `disabled` and skipped. Left/Right move
 * a day, Up/Down a week (to the same weekday, skipping closed weeks; into the next or previous month when
 * one month is shown at a time), Home/End to the first/last day;
 * moving checks the day.
 */
export function MonthCalendar({ value, onChange, min, max, isDisabled, today, labelledBy }: MonthCalendarProps) {
  const t = useTranslations('booking');
  const months = useMemo(() => monthsBetween(min, max), [min, max]);
  const weekdays = useMemo(() => shortWeekdays(), []);
  const paged = months.length > STACKED_MONTHS;
  const [page, setPage] = useState(() => {
    const i = value ? months.findIndex((m) => m.slice(0, 7) === value.slice(0, 7)) : -1;
    return Math.max(0, i);
  });
  // One month at a time: Up/Down to a day of another month shows that month and checks the day, focused
  // once it is drawn.
  const section = useRef<HTMLElement>(null);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const iso = pendingFocus.current;
    if (!iso) return;
    pendingFocus.current = null;
    section.current?.querySelector<HTMLButtonElement>(`[data-date="${iso}"]`)?.focus();
  }, [page]);

  /** Up/Down: the same weekday a week earlier/later (the next open one within six weeks); else as any option. */
  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
    if (modified || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return onOptionKeyDown(event);
    event.preventDefault();
    const from = event.currentTarget.dataset.date;
    if (!from) return;
    const radios = groupRadios(event.currentTarget);
    const step = event.key === 'ArrowDown' ? 7 : -7;
    let iso = from;
    for (let i = 0; i < 6; i++) {
      iso = addDays(iso, step);
      const target = radios.find((r) => r.dataset.date === iso);
      if (target) return focusAndCheck(target);
      const other = paged && iso >= min && iso <= max && !isDisabled(iso) ? months.findIndex((m) => m.slice(0, 7) === iso.slice(0, 7)) : -1;
      if (other >= 0 && other !== page) {
        pendingFocus.current = iso;
        setPage(other);
        onChange(iso);
        return;
      }
    }
  };
  const group = {
    value: value ?? null,
    onValueChange: onChange,
    labelledBy,
    label: labelledBy ? undefined : t('stepDate'),
  };
  const days = (month: string) => (
    <>
      {weekdays.map((w) => (
        <span key={w} className="calendar-weekday" aria-hidden="true">
          {w}
        </span>
      ))}
      {monthGrid(month).map((iso, i) => {
        if (!iso) return <span key={`empty-${i}`} aria-hidden="true" />;
        const disabled = iso < min || iso > max || isDisabled(iso);
        const selected = iso === value;
        return (
          <RadioItem
            key={iso}
            value={iso}
            data-date={iso}
            className={`calendar-day${selected ? ' is-selected' : ''}${iso === today ? ' is-today' : ''}`}
            aria-label={dayMonth(iso)}
            aria-current={iso === today ? 'date' : undefined}
            disabled={disabled}
            onKeyDown={onDayKeyDown}
          >
            {Number(iso.slice(8))}
          </RadioItem>
        );
      })}
    </>
  );

  if (!paged) {
    // Every month stacked: one radio group over all their days.
    return (
      <ChoiceGroup className="calendars" {...group}>
        {months.map((month) => {
          const title = monthYear(month);
          return (
            <section key={month} className="calendar" aria-label={title}>
              <h2 className="calendar-title" aria-hidden="true">
                {title}
              </h2>
              <div className="calendar-grid">{days(month)}</div>
            </section>
          );
        })}
      </ChoiceGroup>
    );
  }

  // One month at a time: the paging buttons stay outside the radio group.
  const month = months[page] ?? months[0]!;
  const title = monthYear(month);
  return (
    <div className="calendars">
      <section className="calendar" aria-label={title} ref={section}>
        <div className="calendar-head">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('previousMonth')}
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            <ChevronLeftIcon />
          </button>
          <h2 className="calendar-title" aria-live="polite">
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('nextMonth')}
            disabled={page >= months.length - 1}
            onClick={() => setPage((p) => Math.min(months.length - 1, p + 1))}
          >
            <ChevronRightIcon />
          </button>
        </div>
        <ChoiceGroup className="calendar-grid" {...group}>
          {days(month)}
        </ChoiceGroup>
      </section>
    </div>
  );
}

