/**
 * The generated logo of a salon that has not uploaded one: its initials in white on a colour of its own,
 * as an SVG document. Pure: no I/O.
 */

/** Backgrounds that keep white initials at WCAG AA contrast or better (lib/domain/monogram.test.ts). */
export const MONOGRAM_COLORS = ['#7a3e65', '#2f5d8a', '#2e6b4f', '#8a4b2f', '#5b4a8a', '#8a2f4b', '#3f6170', '#6b5a1f'] as const;

/**
 * Up to two initials of a salon's name, upper case: the first letter or digit of its first two words
 * ("Klok Peluquería" → "KP", "Salón 2" → "S2", "barbería" → "B"); "?" for a name without any.
 */
export function initialsOf(name: string): string {
  const words = name.normalize('NFC').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const initials = words.slice(0, 2).map((w) => [...w][0]!.toLocaleUpperCase('es'));
  return initials.length ? initials.join('') : '?';
}

/** The monogram colour of a salon, stable for its `key` (the tenant's slug). */
export function monogramColor(key: string): string {
  // FNV-1a over the UTF-16 code units: a spread of colours with no dependency.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return MONOGRAM_COLORS[hash % MONOGRAM_COLORS.length]!;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/**
 * The monogram of the salon `name` (colour from `key`, the slug) as a 128 × 128 SVG document: a rounded
 * square with the initials, labelled with the name for assistive technology.
 */
export function monogramSvg(name: string, key: string): string {
  const initials = initialsOf(name);
  const size = initials.length > 1 ? 52 : 64;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="128" height="128" rx="28" fill="${monogramColor(key)}"/>`,
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}
