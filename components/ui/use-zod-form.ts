'use client';

import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';

/**
 * A value loaded once the component has mounted (e.g. a form's schema, kept out of the page's first-load
 * JavaScript with `import()`); null until it arrives.
 */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((v) => live && setValue(() => v));
    return () => {
      live = false;
    };
    // Loaded once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

/**
 * A small form of text fields validated by a schema (the contract's): each field's first schema message,
 * shown once the field was left or the form was sent. Sending an invalid form focuses the first invalid
 * field (the first field when the schema's first issue names none); a valid one hands over the parsed data.
 * A schema still loading (`null`, see `useLoaded`) shows no message and sends nothing.
 */
export function useZodForm<V extends Record<string, string>, T>(schema: ZodType<T> | null, initial: V) {
  type Name = keyof V & string;
  const base = useId();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const parsed = schema?.safeParse(values) ?? null;
  const errors: Partial<Record<Name, string>> = {};
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !errors[field as Name]) errors[field as Name] = issue.message;
    }
  }

  /** The id of a field's control (for `<Field id>`). */
  const id = (field: Name) => `${base}-${field}`;

  return {
    values,
    id,
    /** Whether the schema has loaded: a form's send button stays disabled until then, so no press is lost. */
    ready: schema !== null,
    /** A field's message, once it was left or the form was sent. */
    shown: (field: Name): string | undefined => (touched[field] || submitted ? errors[field] : undefined),
    /** value, onChange and onBlur of a field's input. */
    input: (field: Name) => ({
      value: values[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
      onBlur: () => setTouched((s) => ({ ...s, [field]: true })),
    }),
    /** The form's onSubmit: nothing while `busy`; otherwise validates, then focuses or calls `onValid`. */
    handleSubmit: (onValid: (data: T) => unknown, busy = false) => (e: FormEvent) => {
      e.preventDefault();
      if (busy || !parsed) return;
      setSubmitted(true);
      if (!parsed.success) {
        const first = parsed.error.issues[0]?.path[0];
        const field = typeof first === 'string' && first in values ? first : Object.keys(values)[0];
        if (field !== undefined) document.getElementById(id(field))?.focus();
        return;
      }
      void onValid(parsed.data);
    },
  };
}
