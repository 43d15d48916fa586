/**
 * The `next` destination of a sign-in (beyond-the-spec §1): where to return after signing in, e.g. the
 * booking confirmation of `/reservar`. Only a relative path of the same origin is ever followed, so a link
 * cannot send anyone to another site (open redirect). Pure; shared by the API contract and the login page.
 */

/** Longest `next` path accepted (characters). */
export const NEXT_PATH_MAX = 512;

/**
 * `value` when it is a same-origin relative path (`/reservar?x=1#y`), else null. Refused: anything not
 * starting with a single `/` (absolute URLs, `//host`, `/\host`, which browsers read as another host),
 * backslashes, control characters and whitespace, paths of the API (`/api/…`), and paths longer than
 * NEXT_PATH_MAX. The path is returned unchanged when accepted.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_PATH_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes (read as slashes by browsers), control characters and whitespace.
  if (/[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://klok.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://klok.invalid') return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return value;
}

/** Where a visitor's booking resumes once signed in (beyond-the-spec §1): the page that books the held hour. */
export const resumePath = (holdId: string) => `/reservar/confirmar?hold=${encodeURIComponent(holdId)}`;
