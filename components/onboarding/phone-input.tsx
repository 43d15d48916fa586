'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ComponentProps, type KeyboardEvent } from 'react';
import PhoneNumberInput from 'react-phone-number-input';
import { AsYouType, type CountryCode } from 'libphonenumber-js';
import { useTranslations } from 'next-intl';
import { DEFAULT_PHONE_COUNTRY, internationalPrefixToPlus } from '@/lib/domain/phone';
import { countryOf, searchCountries } from './countries';
import './onboarding.css';

export type PhoneInputProps = {
  id: string;
  /** The number in E.164 (`+34612345678`), or `''` while the field holds no number. */
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Id of the element describing the field (its error message). */
  describedBy?: string;
};

/** `+34612345678` → `+34 612 34 56 78`, for display. */
export function formatForDisplay(value: string): string {
  return value.length > 1 ? new AsYouType().input(value) : value;
}

/**
 * International phone input (spec sections 2 and 5) on react-phone-number-input: the spec's
 * searchable country picker (Spain by default) beside a number field that reads what a person types the way
 * they always do: a national number of the chosen country with or without spaces (`612345678` →
 * +34 612 34 56 78), `+34…` or `00 34…`, or a pasted international number, whose country it then picks.
 * The number is cut at the country's longest possible length (15 digits at most); the value is E.164.
 */
export function PhoneInput({ id, value, onChange, onFocus, onBlur, invalid, describedBy }: PhoneInputProps) {
  return (
    <PhoneNumberInput
      id={id}
      value={value || undefined}
      onChange={(next) => onChange(next ?? '')}
      onFocus={onFocus}
      onBlur={onBlur}
      defaultCountry={DEFAULT_PHONE_COUNTRY}
      addInternationalOption={false}
      initialValueFormat="national"
      limitMaxLength
      countrySelectComponent={CountryPicker}
      inputComponent={NumberField}
      className={`phone-input${invalid ? ' is-invalid' : ''}`}
      numberInputProps={{ className: 'input phone-number' }}
      inputMode="tel"
      autoComplete="tel"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/**
 * The `<input>` under react-phone-number-input's formatting: a leading `00` (the international call prefix)
 * becomes `+` before the library reads the text, so `0034 612…` shows and means `+34 612…`.
 */
function NumberField({ onChange, ...props }: ComponentProps<'input'>) {
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const { text, caret } = internationalPrefixToPlus(input.value, input.selectionStart ?? input.value.length);
    if (text !== input.value) {
      input.value = text;
      input.setSelectionRange(caret, caret);
    }
    onChange?.(e);
  };
  return <input {...props} onChange={handleChange} />;
}

/** The props react-phone-number-input gives its `countrySelectComponent`. */
type CountryPickerProps = {
  value?: CountryCode;
  options: { value?: CountryCode; label: string; divider?: boolean }[];
  onChange: (country?: CountryCode) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/**
 * The country picker of the phone input (spec section 2: "searchable"): a button with the country's ISO code
 * and calling code opening a search field over the countries' Spanish names, ISO codes and calling codes.
 * Enter picks the first match; Escape or a click outside closes it.
 */
function CountryPicker({ value, options, onChange, onFocus, onBlur, disabled, readOnly }: CountryPickerProps) {
  const t = useTranslations('onboarding');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const pickerRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const searchId = useId();
  const country = value ?? DEFAULT_PHONE_COUNTRY;
  const selected = countryOf(country);
  const offered = useMemo(() => new Set(options.map((o) => o.value).filter(Boolean)), [options]);
  const matches = useMemo(() => (open ? searchCountries(query).filter((c) => offered.has(c.iso2)) : []), [open, query, offered]);

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
    // The library moves the focus to the number field.
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
        disabled={disabled || readOnly}
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
