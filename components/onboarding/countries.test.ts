import { guessCountry, searchCountries, listCountries, countryOf, dialPrefix } from './countries';

describe('phone input countries', () => {
  it('lists every country with a Spanish name and calling code', () => {
    const spain = countryOf('ES');
    expect(spain).toEqual({ iso2: 'ES', name: 'España', dialCode: '34' });
    expect(listCountries().length).toBeGreaterThan(200);
  });

  it.each([
    ['34612345678', 'FR', 'ES'],
    ['447911123456', 'ES', 'GB'],
    ['1', 'ES', 'US'],
    ['1415', 'CA', 'CA'],
    ['351912345678', 'ES', 'PT'],
    ['3', 'ES', 'ES'],
  ] as const)('guesses the country of %s (current %s) as %s', (digits, current, expected) => {
    expect(guessCountry(digits, current)).toBe(expected);
  });

  it('returns null when no calling code matches', () => {
    expect(guessCountry('', 'FR')).toBeNull();
    expect(guessCountry('0', 'FR')).toBeNull();
  });

  it('searches by name without accents, by ISO code and by calling code', () => {
    expect(searchCountries('espana').map((c) => c.iso2)).toContain('ES');
    expect(searchCountries('pt').map((c) => c.iso2)).toContain('PT');
    expect(searchCountries('+34').map((c) => c.iso2)).toContain('ES');
  });

  it('writes calling code prefixes', () => {
    expect(dialPrefix()).toBe('+34');
    expect(dialPrefix('PT')).toBe('+351');
  });
});
