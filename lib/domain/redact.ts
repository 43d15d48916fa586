/**
 * Erasing a person from stored text (the privacy policy's right to erasure; decisions "Deleting"): every
 * occurrence of their identifiers (e-mail, names, phone) in a string, or in every string of a JSON value,
 * is replaced by an anonymous stand-in. Pure: no I/O.
 */

/** One identifier and what takes its place. */
export type Redaction = { from: string; to: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function replacing, in any string, every redaction's `from` (case-insensitive, as a whole word: not
 * inside a longer word, so "Ana" leaves "Anabel" alone) by its `to`; longer identifiers first, so a full
 * name goes before the first name it contains. Empty and blank identifiers are ignored.
 */
export function redactor(redactions: Redaction[]): (text: string) => string {
  const list = redactions.filter((r) => r.from.trim() !== '').sort((a, b) => b.from.length - a.from.length);
  if (list.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${list.map((r) => escape(r.from.trim())).join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  const target = new Map(list.map((r) => [r.from.trim().toLocaleLowerCase(), r.to]));
  return (text) => text.replace(pattern, (hit) => target.get(hit.toLocaleLowerCase()) ?? hit);
}

/** `value` with `redact` applied to every string in it (object keys kept), as a new value. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}

/** A secret shown only by its last 4 characters (`••••abcd`); null stays null. */
export function maskToken(token: string | null): string | null {
  if (token === null) return null;
  return `••••${token.slice(-4)}`;
}

/**
 * A message text with the secrets of its links masked: sign-in links (`…?token=…`) and action links
 * (`/c/{token}`) keep their address but not the token that opens them.
 */
export function maskLinkTokens(text: string): string {
  return text.replace(/([?&]token=)[\w-]+/g, '$1••••').replace(/(\/c\/)[\w-]{16,}/g, '$1••••');
}
