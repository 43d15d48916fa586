'use client';

import { useMemo, useState } from 'react';
import { DateTime, Info } from 'luxon';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { ZONE } from '@/lib/domain/time';

export type MonthCalendarProps = {
  /** Selected Madrid date (YYYY-MM-DD), if any. */
  value: string | undefined;
  onChange: (date: string) => void;
  /** First and last dates that can be shown (months outside are not reachable). */
  min: string;
  max: string;
  /** True for dates that cannot be chosen. */
  isDisabled: (date: string) => boolean;
  /** Today's Madrid date, marked `aria-current="date"`. */
  today: string;
};

const ISO = 'yyyy-MM-dd';

/** The Monday-first weeks covering a month; days of other months are null. */
function monthGrid(month: DateTime): (DateTime | null)[] {
  const first = month.startOf('month');
  const cells: (DateTime | null)[] = Array(first.weekday - 1).fill(null);
  for (let d = first; d.month === first.month; d = d.plus({ days: 1 })) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/**
 * A Spanish month calendar, Monday first. Each day is a button named like `23 de noviembre` showing
 * its day of the month; disabled days are `disabled`. Month navigation stays within min and max.
 */
export function MonthCalendar({ value, onChange, min, max, isDisabled, today }: MonthCalendarProps) {
  const t = useTranslations('booking');
  const [month, setMonth] = useState(() => DateTime.fromISO(value ?? today, { zone: ZONE }).setLocale('es').startOf('month'));
  const cells = useMemo(() => monthGrid(month), [month]);
  const weekdays = useMemo(() => Info.weekdays('short', { locale: 'es' }), []);
  const minMonth = DateTime.fromISO(min, { zone: ZONE }).startOf('month');
  const maxMonth = DateTime.fromISO(max, { zone: ZONE }).startOf('month');
  const title = month.toFormat("LLLL 'de' yyyy");

  return (
    <div className="calendar">
      <div className="calendar-head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('previousMonth')}
          disabled={month <= minMonth}
          onClick={() => setMonth((m) => m.minus({ months: 1 }))}
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
          disabled={month >= maxMonth}
          onClick={() => setMonth((m) => m.plus({ months: 1 }))}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <div className="calendar-grid">
        {weekdays.map((w) => (
          <span key={w} className="calendar-weekday" aria-hidden="true">
            {w.replace('.', '')}
          </span>
        ))}
        {cells.map((day, i) => {
          if (!day) return <span key={`empty-${i}`} aria-hidden="true" />;
          const iso = day.toFormat(ISO);
          const disabled = iso < min || iso > max || isDisabled(iso);
          const selected = iso === value;
          return (
            <button
              key={iso}
              type="button"
              className={`calendar-day${selected ? ' is-selected' : ''}${iso === today ? ' is-today' : ''}`}
              aria-label={day.toFormat("d 'de' LLLL")}
              aria-pressed={selected}
              aria-current={iso === today ? 'date' : undefined}
              disabled={disabled}
              onClick={() => onChange(iso)}
            >
              {day.day}
            </button>
          );
        })}
      </div>
    </div>
  );
}
