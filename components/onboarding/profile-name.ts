/**
 * The name the onboarding saves (spec section 2: Nombre and Apellido): the full name "Nombre Apellido" and
 * the Nombre alone (the greeting), both within the API's NAME_MAX, checked before any SMS is sent.
 */
import { NAME_MAX } from '@/lib/validation/limits';

/** A name as saved: trimmed, runs of spaces as one. */
const tidy = (s: string) => s.trim().replace(/\s+/g, ' ');

/** The full name saved for Nombre + Apellido (`' María  José ', 'Pérez'` → `'María José Pérez'`). */
export function fullName(firstName: string, surname: string): string {
  return `${tidy(firstName)} ${tidy(surname)}`.trim();
}

/** The Nombre saved as `given_name`. */
export function givenName(firstName: string): string {
  return tidy(firstName);
}

/** What is wrong with a Nombre / Apellido pair for the API, the field to mark and how many characters are too many. */
export type NameProblem = { field: 'name' | 'surname'; key: 'nameTooLong' | 'fullNameTooLong'; excess: number };

/**
 * The length problem of the names, or null: the Nombre longer than NAME_MAX (marked on Nombre), else the full
 * name longer than NAME_MAX (marked on Apellido, the part to shorten).
 */
export function nameProblem(firstName: string, surname: string): NameProblem | null {
  const first = givenName(firstName).length;
  if (first > NAME_MAX) return { field: 'name', key: 'nameTooLong', excess: first - NAME_MAX };
  const full = fullName(firstName, surname).length;
  if (full > NAME_MAX) return { field: 'surname', key: 'fullNameTooLong', excess: full - NAME_MAX };
  return null;
}
