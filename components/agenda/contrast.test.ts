import {
  AA_CONTRAST,
  BLACK_TEXT,
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  dimColor,
  parseHex,
  readableTextColor,
  relativeLuminance,
} from './contrast';

describe('parseHex', () => {
  it.each([
    ['#ffffff', [255, 255, 255]],
    ['#FFF', [255, 255, 255]],
    ['#2fb8ac', [47, 184, 172]],
    [' #000 ', [0, 0, 0]],
  ])('%s', (input, rgb) => expect(parseHex(input)).toEqual(rgb));

  it.each(['', 'red', '#ff', '#fffff', 'rgb(0,0,0)', '#ggg'])('rejects %p', (input) => expect(parseHex(input)).toBeNull());
});

describe('relativeLuminance and contrastRatio (WCAG 2 formula)', () => {
  it('black and white are the extremes', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
  });

  it.each([
    // Reference values from the WCAG formula (as WebAIM's contrast checker reports them).
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#595959', '#ffffff', 7.0],
    ['#ffffff', '#0000ff', 8.59],
    ['#ff0000', '#ffffff', 4.0],
  ])('%s on %s is %d:1', (a, b, ratio) => expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1));

  it('throws on a colour it cannot read', () => {
    expect(() => relativeLuminance('blue')).toThrow();
  });
});

describe('readableTextColor', () => {
  it.each([
    // The avatar swatches and colours of spec section 9.
    ['#2FB8AC', DARK_TEXT],
    ['#F9A825', DARK_TEXT],
    ['#4CAF50', DARK_TEXT],
    ['#607D8B', BLACK_TEXT],
    ['#D16BA5', DARK_TEXT],
    ['#cccccc', DARK_TEXT],
    ['#bdbdbd', DARK_TEXT],
    ['#7a3e65', LIGHT_TEXT],
    ['#1e6fd9', LIGHT_TEXT],
    ['#000000', LIGHT_TEXT],
    ['#ffffff', DARK_TEXT],
  ])('%s → %s', (bg, text) => expect(readableTextColor(bg)).toBe(text));

  it('falls back to black where neither white nor the ink reaches AA', () => {
    // Mid grey: white 4.2:1, ink 4.4:1, black 5.0:1.
    const bg = '#7c7c7c';
    expect(contrastRatio(bg, LIGHT_TEXT)).toBeLessThan(AA_CONTRAST);
    expect(contrastRatio(bg, DARK_TEXT)).toBeLessThan(AA_CONTRAST);
    expect(readableTextColor(bg)).toBe(BLACK_TEXT);
  });

  it('always reaches AA (every grey and a sweep of hues)', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (let v = 0; v <= 255; v += 1) {
      const bg = `#${hex(v)}${hex(v)}${hex(v)}`;
      expect(contrastRatio(bg, readableTextColor(bg))).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 17) {
        for (let b = 0; b <= 255; b += 17) {
          const bg = `#${hex(r)}${hex(g)}${hex(b)}`;
          expect(contrastRatio(bg, readableTextColor(bg))).toBeGreaterThanOrEqual(AA_CONTRAST);
        }
      }
    }
  });
});

describe('dimColor', () => {
  it('scales each channel like filter: brightness()', () => {
    expect(dimColor('#ffffff', 0.8)).toBe('#cccccc');
    expect(dimColor('#bdbdbd', 0.8)).toBe('#979797');
    expect(dimColor('#FFF', 1)).toBe('#ffffff');
    expect(dimColor('#000000', 0.8)).toBe('#000000');
  });

  it('clamps to the channel range', () => {
    expect(dimColor('#808080', 3)).toBe('#ffffff');
  });
});
