/**
 * Colour contrast of the agenda's events (WCAG 2.x): relative luminance, contrast ratio, a readable
 * text colour for a background, and the dimmed background of past events. Pure functions on `#rgb` /
 * `#rrggbb` colours, no DOM.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Text colours the events use: white, the app's ink, and black as the last resort. */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#211a1f';
export const BLACK_TEXT = '#000000';

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (case-insensitive) as 0–255 channels; null for anything else. */
export function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance (0 black … 1 white) of a hex colour. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 … 21) of two hex colours, in either order. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a background: white when it reaches AA (4.5:1), else the app's dark ink when
 * that does, else black (of white and black one always reaches 4.58:1 at least).
 */
export function readableTextColor(background: string): string {
  if (contrastRatio(background, LIGHT_TEXT) >= AA_CONTRAST) return LIGHT_TEXT;
  if (contrastRatio(background, DARK_TEXT) >= AA_CONTRAST) return DARK_TEXT;
  return contrastRatio(background, BLACK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? BLACK_TEXT : LIGHT_TEXT;
}

/**
 * A colour at `factor` of its brightness (CSS `filter: brightness(factor)` applied to the background
 * only), as `#rrggbb`. Past events use 0.8 (spec section 4) with a text colour chosen for the result,
 * instead of a filter that would dim the text too.
 */
export function dimColor(color: string, factor: number): string {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  return toHex(rgb.map((c) => Math.min(255, Math.max(0, c * factor))) as Rgb);
}
