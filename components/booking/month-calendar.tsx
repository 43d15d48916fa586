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
  /** First and last selectable dates; every month between them is shown. */
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

/** The first day of every month from `min`'s to `max`'s. */
function monthsBetween(min: string, max: string): DateTime[] {
  const months: DateTime[] = [];
  const last = DateTime.fromISO(max, { zone: ZONE }).startOf('month');
  for (let m = DateTime.fromISO(min, { zone: ZONE }).setLocale('es').startOf('month'); m <= last && months.length < 13; m = m.plus({ months: 1 })) {
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
 * Each day is a button named like `23 de noviembre` showing its day of the month; days that cannot be
 * chosen are `disabled`.
 */
export function MonthCalendar({ value, onChange, min, max, isDisabled, today }: MonthCalendarProps) {
  const t = useTranslations('booking');
  const months = useMemo(() => monthsBetween(min, max), [min, max]);
  const weekdays = useMemo(() => Info.weekdays('short', { locale: 'es' }).map((w) => w.replace('.', '')), []);
  const paged = months.length > STACKED_MONTHS;
  const [page, setPage] = useState(() => {
    const i = value ? months.findIndex((m) => m.toFormat('yyyy-MM') === value.slice(0, 7)) : -1;
    return Math.max(0, i);
  });
  const shown = paged ? months.slice(page, page + 1) : months;

  return (
    <div className="calendars">
      {shown.map((month) => {
        const title = month.toFormat("LLLL 'de' yyyy");
        return (
          <section key={month.toFormat('yyyy-MM')} className="calendar" aria-label={title}>
            {paged ? (
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
            ) : (
              <h2 className="calendar-title" aria-hidden="true">
                {title}
              </h2>
            )}
            <div className="calendar-grid">
              {weekdays.map((w) => (
                <span key={w} className="calendar-weekday" aria-hidden="true">
                  {w}
                </span>
              ))}
              {monthGrid(month).map((day, i) => {
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
          </section>
        );
      })}
    </div>
  );
}
