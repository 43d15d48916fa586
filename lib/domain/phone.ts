/**
 * Phone rules (spec sections 5 and 9): international numbers, a plus sign then 10 to 15 digits;
 * a missing plus is added. Validity per libphonenumber-js.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/** Digits and a leading plus only; a missing plus is added (`34 612 34 56 78` → `+34612345678`). */
export function cleanPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  return digits ? `+${digits}` : '';
}

/** The E.164 form of a valid international number, or null when it breaks the rules. */
export function normalizePhone(input: string): string | null {
  const cleaned = cleanPhone(input);
  const digits = cleaned.length - 1;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return null;
  if (input.replace(/[\s()+.-]/g, '').replace(/\d/g, '') !== '') return null;
  const parsed = parsePhoneNumberFromString(cleaned);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** True when the input is an acceptable international number. */
export function isValidPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

/** ISO 3166 country of an E.164 number (`+34612345678` → `ES`), or null when it has none. */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/**
 * True when a verified-format number belongs to one of the tenant's allowed countries (ISO codes; Spain only
 * by default: SMS pumping targets premium foreign ranges).
 */
export function phoneCountryAllowed(e164: string, allowed: readonly string[]): boolean {
  const country = phoneCountry(e164);
  return country !== null && allowed.includes(country);
}

/** The default country of phone input: national numbers without a prefix are Spanish. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'ES';

/**
 * What a person typed or pasted → the E.164 number it means, or null when it is not a valid number.
 * Spaces, dashes, dots and brackets are ignored; `00` (the international call prefix) counts as `+`; a number
 * with `+` is international; anything else is a national number of `country` (Spain by default), which may
 * start with that country's calling code without the plus (`34 612…`); failing that, the missing plus of
 * another country's number is added (`351 912…`).
 */
export function phoneFromInput(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = internationalPrefixToPlus(input.trim().replace(/[\s().-]/g, '')).text;
  if (!/^\+?\d+$/.test(text)) return null;
  const valid = (candidate: string, defaultCountry?: CountryCode) => {
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry);
    return parsed?.isValid() && parsed.number.length - 1 <= PHONE_MAX_DIGITS ? parsed.number : null;
  };
  if (text.startsWith('+')) return valid(text);
  return valid(text, country) ?? valid(`+${text}`);
}

/**
 * Rewrites a leading `00` (the international call prefix used in Spain and most of Europe) as `+`, keeping a
 * caret position after the same character: `0034 612…` → `+34 612…`. Anything else is returned as is.
 */
export function internationalPrefixToPlus(text: string, caret: number = text.length): { text: string; caret: number } {
  const m = /^(\s*)00/.exec(text);
  if (!m) return { text, caret };
  const start = m[1]!.length;
  const next = `${text.slice(0, start)}+${text.slice(start + 2)}`;
  const moved = caret >= start + 2 ? caret - 1 : Math.min(caret, start + 1);
  return { text: next, caret: moved };
}
