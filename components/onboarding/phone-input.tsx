'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { AsYouType, type CountryCode } from 'libphonenumber-js';
import { useTranslations } from 'next-intl';
import { DEFAULT_PHONE_COUNTRY } from '@/lib/domain/phone';
import { countryOf, searchCountries } from './countries';
import { e164OfTyped, editField, formatTyped, numberForCountry, typedOfValue } from './phone-format';
import './onboarding.css';

export type PhoneInputProps = {
  id: string;
  /** The number in E.164 (`+34612345678`), or `''` while the field holds no number. */
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Ids of the elements describing the field (its hint or error message). */
  describedBy?: string;
};

/** `+34612345678` → `+34 612 34 56 78`, for display. */
export function formatForDisplay(value: string): string {
  return value.length > 1 ? new AsYouType().input(value) : value;
}

/** The selection of the field just before an edit, and the edit's kind (from `beforeinput`). */
type Selection = { start: number; end: number; inputType?: string };

/**
 * International phone input (spec sections 2 and 5): the spec's searchable country picker (Spain by
 * default) beside a number field that behaves like a phone's dialler. A national number of the chosen country
 * is formatted as it is typed (`612345678` → `612 34 56 78`); `+…` or `00…` makes it international and the
 * picker follows its calling code (`+44` → Reino Unido, `+1` → Estados Unidos) unless the chosen country
 * shares it. The caret stays after the digit just typed or before the one just deleted, Backspace on a space
 * deletes the digit before it, and a digit beyond the longest number of the country is refused without
 * moving anything. Pastes such as `+34 612 34 56 78`, `0034612345678` or `612-345-678` are read the same way.
 * The value is E.164 (complete or not), `''` when empty.
 */
export function PhoneInput({ id, value, onChange, onFocus, onBlur, invalid, describedBy }: PhoneInputProps) {
  const [typed, setTyped] = useState(() => typedOfValue(value, DEFAULT_PHONE_COUNTRY));
  // A value set from outside (not the one this field reported) resets the field.
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    setReported(value);
    if (value !== e164OfTyped(typed.number, typed.country)) setTyped(typedOfValue(value, typed.country));
  }
  const text = formatTyped(typed.number, typed.country);
  const inputRef = useRef<HTMLInputElement>(null);
  const selectionBefore = useRef<Selection | null>(null);

  // The selection before each edit: `change` only tells the text and caret after it.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const remember = (e: InputEvent) => {
      selectionBefore.current = { start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0, inputType: e.inputType };
    };
    input.addEventListener('beforeinput', remember);
    return () => input.removeEventListener('beforeinput', remember);
  }, []);

  const report = (number: string, country: CountryCode) => {
    const next = e164OfTyped(number, country);
    setTyped({ number, country });
    setReported(next);
    onChange(next);
  };

  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    // Without a `beforeinput` (older browsers), a collapsed selection where the new text began.
    const fallback = Math.max(0, caret - Math.max(0, input.value.length - text.length));
    const before = selectionBefore.current ?? { start: fallback, end: fallback };
    selectionBefore.current = null;
    const next = editField(typed, {
      before: text,
      selectionStart: before.start,
      selectionEnd: before.end,
      after: input.value,
      caret,
      inputType: before.inputType,
    });
    if (!next) {
      // One digit too many: the field stays exactly as it was.
      input.value = text;
      input.setSelectionRange(before.start, before.end);
      return;
    }
    // Written here so React finds the DOM already up to date and leaves the caret alone.
    input.value = next.text;
    input.setSelectionRange(next.caret, next.caret);
    report(next.number, next.country);
  };

  const pickCountry = (country: CountryCode) => {
    const number = numberForCountry(typed.number);
    report(number, country);
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    const end = formatTyped(number, country).length;
    requestAnimationFrame(() => input.setSelectionRange(end, end));
  };

  return (
    <div className={`phone-input${invalid ? ' is-invalid' : ''}`}>
      <CountryPicker value={typed.country} onChange={pickCountry} onFocus={onFocus} onBlur={onBlur} />
      <input
        ref={inputRef}
        id={id}
        className="input phone-number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={text}
        onChange={handleChange}
        onFocus={onFocus}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

/** The props of the country picker: the selected country and what picking another does. */
type CountryPickerProps = {
  value: CountryCode;
  onChange: (country: CountryCode) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * The country picker of the phone input (spec section 2: "searchable"): a button with the country's ISO code
 * and calling code opening a search field over the countries' Spanish names, ISO codes and calling codes.
 * Enter picks the first match; Escape or a click outside closes it.
 */
function CountryPicker({ value, onChange, onFocus, onBlur }: CountryPickerProps) {
  const t = useTranslations('onboarding');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const pickerRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const searchId = useId();
  const country = value;
  const selected = countryOf(country);
  const matches = useMemo(() => (open ? searchCountries(query) : []), [open, query]);

  // Focus the search field on opening; close the list on a click outside it.
  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (pickerRef.current && !pickerRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const pick = (iso2: CountryCode) => {
    setOpen(false);
    setQuery('');
    // The number field takes the focus (PhoneInput).
    onChange(iso2);
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (matches[0]) pick(matches[0].iso2);
    }
  };

  return (
    <div className="phone-country-picker" ref={pickerRef}>
      <button
        type="button"
        className="phone-country"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('countrySelected', { country: selected.name, iso: country, dial: selected.dialCode })}
        onClick={() => setOpen((o) => !o)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <span aria-hidden="true" className="phone-iso">
          {country}
        </span>
        <span aria-hidden="true" className="phone-dial">
          +{selected.dialCode}
        </span>
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="country-popover">
          <label htmlFor={searchId} className="sr-only">
            {t('phoneSearch')}
          </label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="input"
            placeholder={t('phoneSearch')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
            aria-controls={listId}
            autoComplete="off"
          />
          <div role="listbox" id={listId} aria-label={t('country')} className="country-list">
            {matches.length === 0 && <p className="muted country-empty">{t('noCountry')}</p>}
            {matches.map((c) => (
              <button
                key={c.iso2}
                type="button"
                role="option"
                aria-selected={c.iso2 === country}
                className="country-option"
                onClick={() => pick(c.iso2)}
                onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
              >
                <span aria-hidden="true" className="phone-iso">
                  {c.iso2}
                </span>
                <span className="country-name">{c.name}</span>
                <span className="muted">+{c.dialCode}</span>
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
