'use client';

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { AsYouType, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { useTranslations } from 'next-intl';
import { cleanPhone, PHONE_MAX_DIGITS } from '@/lib/domain/phone';
import { countryOf, DEFAULT_COUNTRY, guessCountry, searchCountries } from './countries';

export type PhoneInputProps = {
  id: string;
  /** The number as `+` and digits (at most 15), e.g. `+34612345678`. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Id of the element describing the field (its error message). */
  describedBy?: string;
};

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** `+34612345678` → `+34 612 34 56 78`, for display. */
export function formatForDisplay(value: string): string {
  return value.length > 1 ? new AsYouType().input(value) : value;
}

/** Index in `text` just after its `n`-th digit (0 → right after a leading `+`). */
function caretAfterDigits(text: string, n: number): number {
  if (n === 0) return text.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]!)) seen++;
    if (seen === n) return i + 1;
  }
  return text.length;
}

/**
 * International phone input (spec sections 2 and 5): a searchable country picker (Spain by default)
 * beside a number field. The value is always `+` and at most 15 digits (a missing plus is added);
 * typing a calling code selects its country, picking a country swaps the calling code.
 */
export function PhoneInput({ id, value, onChange, onBlur, invalid, describedBy }: PhoneInputProps) {
  const t = useTranslations('onboarding');
  const [country, setCountry] = useState<CountryCode>(() => guessCountry(digitsOf(value), DEFAULT_COUNTRY) ?? DEFAULT_COUNTRY);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const searchId = useId();

  const display = formatForDisplay(value);
  const selected = countryOf(country);
  const matches = useMemo(() => (open ? searchCountries(query) : []), [open, query]);

  // Keep the caret after the same digit once the number is re-formatted.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      const pos = caretAfterDigits(input.value, pendingCaret.current);
      input.setSelectionRange(pos, pos);
    }
    pendingCaret.current = null;
  }, [display]);

  // Close the country list on a click outside it.
  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (pickerRef.current && !pickerRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const update = (digits: string) => {
    const next = cleanPhone(digits);
    const guessed = guessCountry(digitsOf(next), country);
    if (guessed) setCountry(guessed);
    onChange(next);
  };

  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const caret = e.target.selectionStart ?? raw.length;
    let digits = digitsOf(raw);
    let caretDigits = digitsOf(raw.slice(0, caret)).length;
    // Backspace over a formatting space removes the digit before it.
    const inputType = (e.nativeEvent as InputEvent).inputType;
    if (inputType === 'deleteContentBackward' && digits === digitsOf(value) && caretDigits > 0) {
      digits = digits.slice(0, caretDigits - 1) + digits.slice(caretDigits);
      caretDigits -= 1;
    }
    pendingCaret.current = Math.min(caretDigits, PHONE_MAX_DIGITS);
    update(digits);
  };

  const pick = (iso2: CountryCode) => {
    const oldCode = getCountryCallingCode(country);
    const digits = digitsOf(value);
    const national = digits.startsWith(oldCode) ? digits.slice(oldCode.length) : digits;
    setCountry(iso2);
    onChange(cleanPhone(getCountryCallingCode(iso2) + national));
    setOpen(false);
    setQuery('');
    inputRef.current?.focus();
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
    <div className={`phone-input${invalid ? ' is-invalid' : ''}`} ref={pickerRef}>
      <button
        type="button"
        className="phone-country"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('countrySelected', { country: selected.name })}
        onClick={() => setOpen((o) => !o)}
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
      <input
        ref={inputRef}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className="input phone-number"
        value={display}
        onChange={handleChange}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
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
