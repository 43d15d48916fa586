'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { TimeField } from '@/components/ui/time-field';
import { MAX_SHIFTS, nextShift, shiftErrors, TIME_STEP, type DraftShift } from './schedule-draft';

export type ShiftRowsProps = {
  shifts: DraftShift[];
  onChange: (shifts: DraftShift[]) => void;
  /** At least one shift stays (the day is closed with its switch instead). */
  keepOne?: boolean;
};

/**
 * The shifts of a day (spec section 5): a start and an end time field per shift (typed or picked, in
 * 5-minute steps; an end at midnight shows as 00:00), a button to remove it and one to add another after
 * the last; each shift's error (from ZShiftList: a missing, unaligned or misordered time) under it.
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
              <TimeField
                id={ids.open}
                label={t('shiftStart')}
                labelSuffix={t('ofShift', { n })}
                value={s.open}
                step={TIME_STEP}
                invalid={Boolean(error)}
                describedBy={described}
                onChange={(open) => update(s.key, { open })}
              />
              <TimeField
                id={ids.close}
                label={t('shiftEnd')}
                labelSuffix={t('ofShift', { n })}
                value={s.close}
                step={TIME_STEP}
                endOfDay
                invalid={Boolean(error)}
                describedBy={described}
                onChange={(close) => update(s.key, { close })}
              />
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
