'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { END_TIMES, MAX_SHIFTS, nextShift, shiftErrors, START_TIMES, timeOptions, type DraftShift } from './schedule-draft';

export type ShiftRowsProps = {
  shifts: DraftShift[];
  onChange: (shifts: DraftShift[]) => void;
  /** At least one shift stays (the day is closed with its switch instead). */
  keepOne?: boolean;
};

/**
 * The shifts of a day (spec section 5): a start and an end select per shift in 5-minute steps, a button
 * to remove it and one to add another after the last; each shift's error (from ZShiftList) under it.
 */
export function ShiftRows({ shifts, onChange, keepOne = true }: ShiftRowsProps) {
  const t = useTranslations('employees');
  const base = useId();
  const errors = shiftErrors(shifts);

  const update = (key: string, patch: Partial<DraftShift>) => onChange(shifts.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  return (
    <>
      <ul className="shift-rows">
        {shifts.map((s, i) => {
          const n = i + 1;
          const error = errors[i];
          const ids = { open: `${base}-${s.key}-open`, close: `${base}-${s.key}-close`, error: `${base}-${s.key}-error` };
          const described = error ? ids.error : undefined;
          return (
            <li key={s.key} className="shift-row">
              <div className="field">
                <label htmlFor={ids.open}>
                  {t('shiftStart')}
                  <span className="sr-only"> {t('ofShift', { n })}</span>
                </label>
                <select
                  id={ids.open}
                  className="input select"
                  value={s.open}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                  onChange={(e) => update(s.key, { open: e.target.value })}
                >
                  {timeOptions(START_TIMES, s.open).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.close}>
                  {t('shiftEnd')}
                  <span className="sr-only"> {t('ofShift', { n })}</span>
                </label>
                <select
                  id={ids.close}
                  className="input select"
                  value={s.close}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                  onChange={(e) => update(s.key, { close: e.target.value })}
                >
                  {timeOptions(END_TIMES, s.close).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              </div>
              {keepOne && shifts.length === 1 ? (
                <span aria-hidden="true" />
              ) : (
                <button
                  type="button"
                  className="icon-btn shift-remove"
                  aria-label={t('removeShift', { n })}
                  onClick={() => onChange(shifts.filter((x) => x.key !== s.key))}
                >
                  <CloseIcon />
                </button>
              )}
              {error && (
                <p id={ids.error} className="field-error shift-error">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {shifts.length < MAX_SHIFTS && (
        <Button variant="ghost" className="add-shift" onClick={() => onChange([...shifts, nextShift(shifts)])}>
          <PlusIcon size={18} />
          {t('addShift')}
        </Button>
      )}
    </>
  );
}
