/**
 * Country data of the phone input (spec section 3, "Phone input country data"): ISO code, Spanish
 * name and calling code, from libphonenumber-js metadata and `Intl.DisplayNames`.
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/min/metadata';

export type Country = { iso2: CountryCode; name: string; dialCode: string };

export const DEFAULT_COUNTRY: CountryCode = 'ES';

let cache: Country[] | null = null;

/** Every country with its Spanish name, sorted by name. */
export function listCountries(): Country[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['es'], { type: 'region' });
  cache = getCountries()
    .map((iso2) => ({ iso2, name: names.of(iso2) ?? iso2, dialCode: getCountryCallingCode(iso2) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return cache;
}

/** The country of an ISO code. */
export function countryOf(iso2: CountryCode): Country {
  return listCountries().find((c) => c.iso2 === iso2) ?? { iso2, name: iso2, dialCode: getCountryCallingCode(iso2) };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Countries whose name, ISO code or calling code matches a search text (accents ignored). */
export function searchCountries(query: string): Country[] {
  const q = fold(query.trim()).replace(/^\+/, '');
  if (!q) return listCountries();
  return listCountries().filter(
    (c) => fold(c.name).includes(q) || c.iso2.toLowerCase() === q || c.dialCode.startsWith(q),
  );
}

/**
 * The country a number's calling code points to. The current country wins while the number still
 * starts with its code, or with part of it (+1 stays Canada); otherwise the longest matching code and its main country.
 * Null when no calling code matches.
 */
export function guessCountry(digits: string, current: CountryCode): CountryCode | null {
  const own = getCountryCallingCode(current);
  // Still on the current code, or part-way through typing it.
  if (digits && (digits.startsWith(own) || own.startsWith(digits))) return current;
  const byCode = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
  const known = new Set<string>(getCountries());
  for (let len = Math.min(3, digits.length); len >= 1; len--) {
    const main = byCode[digits.slice(0, len)]?.find((iso) => known.has(iso));
    if (main) return main as CountryCode;
  }
  return null;
}

/** The `+{calling code}` prefix of a country (`+34` for Spain). */
export function dialPrefix(iso2: CountryCode = DEFAULT_COUNTRY): string {
  return `+${getCountryCallingCode(iso2)}`;
}
