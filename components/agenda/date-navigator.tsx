'use client';

import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import type { AgendaView } from '@/lib/domain/agenda';
import { rangeLabel } from './range-label';

export type DateNavigatorProps = {
  date: string;
  view: AgendaView;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onPick: (date: string) => void;
};

/**
 * Previous / next (±1 day or ±7 days), the visible date or week with a date input laid over it
 * (the native picker opens on click), and Hoy.
 */
export function DateNavigator({ date, view, onPrevious, onNext, onToday, onPick }: DateNavigatorProps) {
  const t = useTranslations('agenda');
  return (
    <div className="agenda-nav" role="group" aria-label={t('navigator')}>
      <button type="button" className="icon-btn" aria-label={t('calendar.previous')} onClick={onPrevious}>
        <ChevronLeftIcon />
      </button>
      <div className="agenda-date">
        <span className="agenda-date-label" aria-hidden="true">
          {rangeLabel(date, view)}
        </span>
        <input
          type="date"
          className="agenda-date-input"
          aria-label={t('calendar.date')}
          value={date}
          required
          onClick={(e) => {
            try {
              e.currentTarget.showPicker?.();
            } catch {
              // showPicker needs a user gesture and a supporting browser; the field still works
            }
          }}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onPick(e.target.value);
          }}
        />
      </div>
      <button type="button" className="icon-btn" aria-label={t('calendar.next')} onClick={onNext}>
        <ChevronRightIcon />
      </button>
      <button type="button" className="btn btn-secondary agenda-today" onClick={onToday}>
        {t('calendar.today')}
      </button>
    </div>
  );
}
