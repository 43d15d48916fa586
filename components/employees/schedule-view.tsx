'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { resolveDay, totalMinutes } from '@/lib/domain/schedule';
import { longDay, openingHours } from '@/lib/format';
import type { ShiftRange, SpecialShift, WeekShiftDay } from '@/lib/validation/dto';
import { displayOrder } from './schedule-draft';

/** `09:30 – 14:00` for each shift, or Cerrado when there is none. */
export function ShiftsText({ shifts }: { shifts: Pick<ShiftRange, 'open' | 'close'>[] }) {
  const t = useTranslations('employees');
  if (shifts.length === 0) return <span className="week-closed">{t('closed')}</span>;
  return (
    <>
      {shifts.map((s, i) => (
        <span key={`${s.open}-${i}`}>{t('shiftRange', { open: s.open, close: s.close })}</span>
      ))}
    </>
  );
}

/**
 * The weekly hours, Monday first (spec sections 2 and 9): per day its shifts (or Cerrado) and the
 * opening-hours total (`Xh Ymin`, `0h` when closed).
 */
export function WeekHours({ days }: { days: WeekShiftDay[] }) {
  const t = useTranslations('employees');
  const all = [0, 1, 2, 3, 4, 5, 6].map((id) => days.find((d) => d.id === id) ?? { id, label: '', available: false, shifts: [] });
  return (
    <ul className="card week-hours" aria-label={t('weekSchedule')}>
      {displayOrder(all).map((day) => {
        const shifts = resolveDay(day, null).shift;
        return (
          <li key={day.id} className="week-row">
            <span className="week-day">{t(`days.${day.id}`)}</span>
            <span className="week-shifts">
              <ShiftsText shifts={shifts} />
            </span>
            <span className="week-total">
              <span className="sr-only">{t('total')}: </span>
              {openingHours(totalMinutes(shifts))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Special schedules (spec section 2): the date in Spanish long form, the hours or Cerrado, and the note;
 * `action` renders a per-item control (the delete button of the editor).
 */
export function SpecialList({ items, action }: { items: SpecialShift[]; action?: (item: SpecialShift) => ReactNode }) {
  const t = useTranslations('employees');
  if (items.length === 0) return <p className="empty">{t('noSpecial')}</p>;
  return (
    <ul className="special-list" aria-label={t('specialSchedules')}>
      {items.map((item) => {
        const shifts = resolveDay(undefined, item).shift;
        return (
          <li key={item.date} className="card special-item">
            <div className="special-body">
              <span className="special-date">{longDay(item.date)}</span>
              <span className="special-hours">
                {shifts.length === 0 ? (
                  <span className="badge badge-closed">{t('closed')}</span>
                ) : (
                  <>
                    <span className="badge">{t('available')}</span>
                    <ShiftsText shifts={shifts} />
                  </>
                )}
              </span>
              {item.notes ? <span className="special-notes">{item.notes}</span> : null}
            </div>
            {action?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
