import { contrastRatio, AA_CONTRAST } from '@/components/agenda/contrast';
import { initialsOf, MONOGRAM_COLORS, monogramColor, monogramSvg } from './monogram';

describe('the generated salon logo', () => {
  test.each([
    ['Klok Peluquería', 'KP'],
    ['Salón 2', 'S2'],
    ['barbería', 'B'],
    ['  Élite   hair & co ', 'ÉH'],
    ["L'Atelier", 'L'],
    ['— ·', '?'],
  ])('%s has the initials %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  test('every colour keeps white initials at AA contrast', () => {
    for (const color of MONOGRAM_COLORS) expect(contrastRatio('#ffffff', color)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  test('a salon keeps its colour, and salons spread over the palette', () => {
    expect(monogramColor('salon2')).toBe(monogramColor('salon2'));
    const used = new Set(Array.from({ length: 64 }, (_, i) => monogramColor(`salon${i}`)));
    expect(used.size).toBeGreaterThanOrEqual(6);
  });

  test('the name is escaped in the document', () => {
    const svg = monogramSvg('<script>alert(1)</script> & "Co"', 'x');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('aria-label="&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"');
    expect(svg).toMatch(/<text[^>]*>SA<\/text>/);
  });
});
