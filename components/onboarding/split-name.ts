/**
 * Nombre and Apellido of the onboarding form from the account's one `name` field (spec section 2: "first
 * and last name are prefilled from the user's name"), helped by the identity provider's `given_name` /
 * `family_name` when it sent them: "María José Pérez Gil" with family_name "Pérez Gil" is
 * María José / Pérez Gil, not María / José Pérez Gil.
 */

/** The provider's name parts remembered at sign-in (OIDC standard claims), when it sent them. */
export type NameParts = { given?: string; family?: string };

export type SplitName = { firstName: string; surname: string };

const tidy = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');

/** Lower case for comparing, when it keeps every index in place (it does for Spanish names). */
const fold = (s: string) => {
  const lower = s.toLocaleLowerCase('es');
  return lower.length === s.length ? lower : s;
};

/**
 * Splits a full name into first name and surname: where the provider's family name ends the name, or where
 * its given name begins it; otherwise (no parts, or a name the client has since changed) the first word is
 * the first name and the rest the surname. Comparisons ignore case and repeated blanks.
 */
export function splitName(fullName: string, parts?: NameParts | null): SplitName {
  const name = tidy(fullName);
  const family = tidy(parts?.family);
  const given = tidy(parts?.given);
  const lower = fold(name);
  if (family && family.length < name.length && lower.endsWith(` ${fold(family)}`)) {
    return { firstName: name.slice(0, name.length - family.length - 1), surname: name.slice(name.length - family.length) };
  }
  if (given && given.length < name.length && lower.startsWith(`${fold(given)} `)) {
    return { firstName: name.slice(0, given.length), surname: name.slice(given.length + 1) };
  }
  const [firstName = '', ...rest] = name ? name.split(' ') : [];
  return { firstName, surname: rest.join(' ') };
}
