'use client';

import type { ReactNode } from 'react';

/** What a field's control gets: its id and the ARIA links to the field's hint and message. */
export type FieldControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

export type FieldProps = {
  id: string;
  label: ReactNode;
  /** A hint under the control. */
  hint?: ReactNode;
  /** The field's message (invalid value); the control is marked invalid while there is one. */
  message?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled form field with its optional hint and message; the control (rendered by `children`) is described by both. */
export function Field({ id, label, hint, message, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const describedBy = [hint ? hintId : '', message ? messageId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': message ? true : undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={messageId} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}

export type SelectFieldProps<V extends string | number> = {
  id: string;
  label: ReactNode;
  /** Read after the label by screen readers only (e.g. `del turno 2` after Inicio). */
  labelSuffix?: string;
  value: V;
  options: readonly V[];
  /** An option's text (the value itself by default). */
  format?: (value: V) => string;
  onChange: (value: V) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** A labelled native select of `options`. */
export function SelectField<V extends string | number>({
  id,
  label,
  labelSuffix,
  value,
  options,
  format = String,
  onChange,
  invalid,
  describedBy,
}: SelectFieldProps<V>) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {labelSuffix && <span className="sr-only"> {labelSuffix}</span>}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const chosen = options[e.currentTarget.selectedIndex];
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
