import { durationLabel, euros, longDateOf, longDay, openingHours, timeOf } from './format';

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

  it.each([
    [75, '1h 15m'],
    [30, '30m'],
    [60, '1h'],
    [120, '2h'],
    [295, '4h 55m'],
    [5, '5m'],
    [0, '0m'],
  ])('writes %i minutes as %s (Xh Ym)', (minutes, label) => {
    expect(durationLabel(minutes)).toBe(label);
  });
});

describe('openingHours', () => {
  it.each([
    [0, '0h'],
    [-15, '0h'],
    [45, '0h 45min'],
    [60, '1h'],
    [330, '5h 30min'],
    [480, '8h'],
    [725, '12h 5min'],
    [1440, '24h'],
  ])('%i minutes -> %s', (minutes, text) => {
    expect(openingHours(minutes)).toBe(text);
  });
});
