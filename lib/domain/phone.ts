/**
 * Phone rules (spec sections 5 and 9): international numbers, a plus sign then 10 to 15 digits;
 * a missing plus is added. Validity per libphonenumber-js.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

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
 * by default, decisions of issue 9: SMS pumping targets premium foreign ranges).
 */
export function phoneCountryAllowed(e164: string, allowed: readonly string[]): boolean {
  const country = phoneCountry(e164);
  return country !== null && allowed.includes(country);
}
