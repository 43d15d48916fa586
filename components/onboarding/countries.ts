/**
 * Country data of the phone input (spec section 3, "Phone input country data"): ISO code, Spanish
 * name and calling code, from libphonenumber-js metadata and `Intl.DisplayNames`. Which country a typed
 * number belongs to is phone-format.ts's job.
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

export type Country = { iso2: CountryCode; name: string; dialCode: string };

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
 * ISO codes as a Spanish list of country names, in the given order (`['ES', 'PT']` → `España y Portugal`),
 * for the accepted countries of the phone field.
 */
export function countryNameList(codes: readonly string[]): string {
  const names = new Intl.DisplayNames(['es'], { type: 'region' });
  return new Intl.ListFormat('es', { style: 'long', type: 'conjunction' }).format(codes.map((c) => names.of(c) ?? c));
}
