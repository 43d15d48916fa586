'use client';

import { useId, type ReactNode } from 'react';

/** A value the administrator changes: a read-only text field. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input readonly-value" readOnly value={value} />
    </div>
  );
}

export type ReadOnlyFieldsProps = {
  /** The section's accessible name. */
  label: string;
  /** The note that the administrator changes these. */
  note: string;
  fields: { label: string; value: string }[];
  /** More read-only content after the fields (e.g. the photo). */
  children?: ReactNode;
};

/** The part of an editor that staff cannot change (e-mail, phone …): the note, then each value read-only. */
export function ReadOnlyFields({ label, note, fields, children }: ReadOnlyFieldsProps) {
  return (
    <section className="fieldset" aria-label={label}>
      <p className="note">{note}</p>
      {fields.map((f) => (
        <ReadOnlyField key={f.label} label={f.label} value={f.value} />
      ))}
      {children}
    </section>
  );
}
