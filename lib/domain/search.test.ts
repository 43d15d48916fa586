/** Client search folding: accents and case off, the same in the app and in the database. */
import { COMBINING_MARKS, FOLD_FROM, FOLD_TO, foldForSearch, foldSql, matchesSearch, MAX_SEARCH_TERMS, searchTerms } from './search';

describe('foldForSearch', () => {
  test.each([
    ['María', 'maria'],
    ['PÉREZ', 'perez'],
    ['Pérez', 'perez'],
    ['José Ñúñez', 'jose nunez'],
    ['Çağlar Øberg', 'caglar oberg'],
    ['Łukasz Đoković', 'lukasz dokovic'],
    ['ANA@CORREO.ES', 'ana@correo.es'],
    ['Mari\u0301a', 'maria'], // decomposed (NFD) input folds like the composed one
    ['  dos  espacios ', '  dos  espacios '],
    ['', ''],
    ['123-abc_XYZ', '123-abc_xyz'],
  ])('%p → %p', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('maps every listed letter to the base letter of its canonical decomposition', () => {
    expect(FOLD_FROM.length).toBe(FOLD_TO.length);
    const special: Record<string, string> = { Ø: 'o', ø: 'o', Ł: 'l', ł: 'l', Đ: 'd', đ: 'd', Ħ: 'h', ħ: 'h', ı: 'i' };
    for (let i = 0; i < FOLD_FROM.length; i++) {
      const ch = FOLD_FROM[i]!;
      const base = special[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
      expect([ch, base]).toEqual([ch, FOLD_TO[i]]);
    }
  });

  it('drops every combining mark', () => {
    expect(COMBINING_MARKS).toHaveLength(0x70);
    expect(foldForSearch(`a${COMBINING_MARKS}b`)).toBe('ab');
  });

  it('writes the same fold as SQL (translate, then lower) with no quote to escape', () => {
    expect(FOLD_FROM + FOLD_TO).not.toContain("'");
    expect(foldSql('"name"')).toBe(`lower(translate("name", '${FOLD_FROM}${COMBINING_MARKS}', '${FOLD_TO}'))`);
  });
});

describe('searchTerms', () => {
  test.each([
    [undefined, []],
    ['', []],
    ['   ', []],
    ['maria', ['maria']],
    ['  María   PÉREZ ', ['maria', 'perez']],
    ['ana ANA Ána', ['ana']],
    ['a b c d e f g', ['a', 'b', 'c', 'd', 'e']],
  ])('%p → %p', (input, terms) => {
    expect(searchTerms(input)).toEqual(terms);
  });

  it('keeps at most MAX_SEARCH_TERMS words', () => {
    expect(searchTerms('1 2 3 4 5 6 7 8')).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe('matchesSearch: every word, in any order, in the name or the e-mail', () => {
  const text = 'María Pérez maria.perez@correo.es';
  test.each([
    ['maria', true],
    ['PEREZ', true],
    ['perez maria', true],
    ['correo.es', true],
    ['maria lopez', false],
    ['', true],
  ])('%p → %p', (search, expected) => {
    expect(matchesSearch(text, searchTerms(search))).toBe(expected);
  });
});
