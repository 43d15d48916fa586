import { searchCountries, listCountries, countryOf, countryNameList } from './countries';

describe('phone input countries', () => {
  it('lists every country with a Spanish name and calling code', () => {
    const spain = countryOf('ES');
    expect(spain).toEqual({ iso2: 'ES', name: 'España', dialCode: '34' });
    expect(listCountries().length).toBeGreaterThan(200);
  });

  it('searches by name without accents, by ISO code and by calling code', () => {
    expect(searchCountries('espana').map((c) => c.iso2)).toContain('ES');
    expect(searchCountries('pt').map((c) => c.iso2)).toContain('PT');
    expect(searchCountries('+34').map((c) => c.iso2)).toContain('ES');
  });

  it('names accepted countries as a Spanish list', () => {
    expect(countryNameList(['ES'])).toBe('España');
    expect(countryNameList(['ES', 'PT', 'GB'])).toBe('España, Portugal y Reino Unido');
  });
});
