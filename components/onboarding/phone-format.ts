/**
 * What the phone field shows and means for a typed number (its significant characters, see phone-caret.ts)
 * and the selected country, on libphonenumber-js: the as-you-type format, the country a `+…` number
 * belongs to, the country's length limit and the E.164 value.
 */
import {
  AsYouType,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';
import { PHONE_MAX_DIGITS } from '@/lib/domain/phone';
import { positionAfter, readEdit, significant, type FieldEdit } from './phone-caret';

const international = (number: string) => number.startsWith('+');

/**
 * The number as the field shows it: `612345678` (Spain) → `612 34 56 78`, `+447911123456` →
 * `+44 7911 123456`. Never drops, adds or reorders a digit: a format that would is not used.
 */
export function formatTyped(number: string, country: CountryCode): string {
  if (number === '' || number === '+') return number;
  const formatted = international(number) ? new AsYouType().input(number) : new AsYouType(country).input(number);
  return significant(formatted) === number ? formatted : number;
}

/** The country whose numbers use this calling code first (`44` → GB, `1` → US), or null for an unknown code. */
export function mainCountryOf(callingCode: string): CountryCode | null {
  const codes = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
  return (codes[callingCode]?.[0] as CountryCode | undefined) ?? null;
}

/**
 * The country the selector shows for a typed number: for a `+…` number with a known calling code, the
 * selected country when it shares that code (a chosen Reino Unido stays Reino Unido for +44), else the
 * code's main country (`+44` → GB, `+1` → US); otherwise the selected country.
 */
export function countryOfTyped(number: string, selected: CountryCode): CountryCode {
  if (!international(number)) return selected;
  const typing = new AsYouType();
  typing.input(number);
  const code = typing.getCallingCode();
  if (!code) return selected;
  if (getCountryCallingCode(selected) === code) return selected;
  return mainCountryOf(code) ?? selected;
}

/**
 * True when the number has more digits than any number of its country can have: the calling code's
 * country for a `+…` number, else the selected country (and never more than 15 digits, E.164).
 */
export function isTooLong(number: string, country: CountryCode): boolean {
  if (number.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return true;
  if (number === '' || number === '+') return false;
  try {
    return validatePhoneNumberLength(number, international(number) ? undefined : country) === 'TOO_LONG';
  } catch {
    return false;
  }
}

/**
 * The E.164 form of a typed number (`+34612345678`), complete or not, for the form's value; `''` for an
 * empty field. A national number is read in the selected country (its national prefix dropped).
 */
export function e164OfTyped(number: string, country: CountryCode): string {
  if (number === '' || number === '+') return '';
  if (international(number)) return number;
  const parsed = parsePhoneNumberFromString(number, country);
  return parsed ? parsed.number : `+${getCountryCallingCode(country)}${number}`;
}

/**
 * The field's starting state for an E.164 value: its country (the calling code's, see countryOfTyped)
 * and its national number (`+34612345678` → ES, `612345678`); an empty value gives the default country.
 */
export function typedOfValue(value: string, fallback: CountryCode): { number: string; country: CountryCode } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed) return { number: significant(value), country: countryOfTyped(significant(value), fallback) };
  const country = parsed.country ?? countryOfTyped(parsed.number, fallback);
  return { number: parsed.nationalNumber, country };
}

/**
 * The number kept when another country is chosen: a `+…` number loses its calling code and stays as the
 * national number (`+351912345678` → `912345678`); a national number is kept as typed.
 */
export function numberForCountry(number: string): string {
  if (!international(number)) return number;
  const typing = new AsYouType();
  typing.input(number);
  const code = typing.getCallingCode();
  return code ? number.slice(1 + code.length) : number.slice(1);
}

/** The phone field's state: the typed number (significant characters) and the selected country. */
export type TypedPhone = { number: string; country: CountryCode };

/**
 * One edit of the phone field (phone-caret.ts's FieldEdit of its formatted text) → the field's next state,
 * the text it shows and the caret position in it; or null when the edit is refused (a digit more than the
 * longest number of the country), so the field stays exactly as it was.
 */
export function editField(state: TypedPhone, edit: FieldEdit): (TypedPhone & { text: string; caret: number }) | null {
  const read = readEdit(edit);
  const country = countryOfTyped(read.number, state.country);
  if (read.number.length > state.number.length && isTooLong(read.number, country)) return null;
  const text = formatTyped(read.number, country);
  return { number: read.number, country, text, caret: positionAfter(text, read.caret) };
}
