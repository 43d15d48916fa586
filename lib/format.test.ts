import { euros, longDateOf, longDay, timeOf } from './format';

describe('display formats', () => {
  it('writes long Spanish dates and Madrid times', () => {
    // 09:00 UTC on a winter Monday is 10:00 in Madrid.
    expect(longDateOf('2026-11-23T09:00:00.000Z')).toBe('lunes, 23 de noviembre');
    expect(timeOf('2026-11-23T09:00:00.000Z')).toBe('10:00');
    // Summer time: UTC+2; late evening UTC is already the next day in Madrid.
    expect(timeOf('2026-07-01T22:30:00.000Z')).toBe('00:30');
    expect(longDateOf('2026-07-01T22:30:00.000Z')).toBe('jueves, 2 de julio');
    expect(longDay('2026-11-23')).toBe('lunes, 23 de noviembre');
  });

  it('writes euros the Spanish way', () => {
    expect(euros(12.5).replace(/\s/g, ' ')).toBe('12,50 €');
  });
});
