'use client';

import type { ReactNode } from 'react';
import { fieldMinutes, fieldValue, END_OF_DAY } from '@/lib/domain/time-field';

export type TimeFieldProps = {
  id: string;
  label: ReactNode;
  /** Read after the label by screen readers only (e.g. `del turno 2` after Inicio). */
  labelSuffix?: string;
  /**
   * The time, `HH:mm` (Madrid wall clock); `24:00` in an `endOfDay` field; empty while none is set or the
   * typed one is incomplete.
   */
  value: string;
  /** Called with each change: `HH:mm` (`24:00` for an `endOfDay` field's `00:00`), or `''` when incomplete. */
  onChange: (value: string) => void;
  /** Earliest and latest times offered by the picker, `HH:mm` (hints: the caller's rules decide). */
  min?: string;
  max?: string;
  /** Minutes between two times of the picker's steps (5 by default). */
  step?: number;
  /** An end field: it shows the end of the day (24:00) as 00:00 and reads 00:00 back as 24:00. */
  endOfDay?: boolean;
  /** The field's message (invalid value), shown under it; the field is marked invalid while there is one. */
  message?: string;
  /** Marks the field invalid when its message is shown elsewhere (`describedBy` points at it). */
  invalid?: boolean;
  describedBy?: string;
};

const END_OF_DAY_VALUE = '24:00';

/**
 * A labelled time field: a native `<input type="time">` in `step`-minute steps, which phones show as
 * their time picker and desktops as a typed field (arrow keys step it). Its value is `HH:mm`; the rules
 * (grid, range, order) are the caller's, whose message shows under the field.
 */
export function TimeField({
  id,
  label,
  labelSuffix,
  value,
  onChange,
  min,
  max,
  step = 5,
  endOfDay = false,
  message,
  invalid,
  describedBy,
}: TimeFieldProps) {
  const messageId = `${id}-message`;
  const described = [describedBy ?? '', message ? messageId : ''].filter(Boolean).join(' ') || undefined;
  const shown = endOfDay && value === END_OF_DAY_VALUE ? fieldValue(END_OF_DAY) : value;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {labelSuffix && <span className="sr-only"> {labelSuffix}</span>}
      </label>
      <input
        id={id}
        type="time"
        className="input time-input"
        step={step * 60}
        min={min}
        max={max}
        value={shown}
        aria-invalid={message || invalid ? true : undefined}
        aria-describedby={described}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          const minutes = fieldMinutes(raw, endOfDay);
          // Seconds some browsers add are dropped; an end field's 00:00 is the end of the day.
          onChange(minutes === null ? raw : minutes === END_OF_DAY ? END_OF_DAY_VALUE : fieldValue(minutes));
        }}
      />
      {message && (
        <p id={messageId} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}
