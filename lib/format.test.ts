import { durationLabel, euros, longDateOf, longDay, openingHours, relativeTime, sentenceDateOf, shortDateOf, timeOf } from './format';

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

describe('relative time (spec section 9)', () => {
  const NOW = Date.parse('2026-11-23T12:00:00.000Z'); // 13:00 in Madrid
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;

  it.each([
    ['the same instant', ago(0), { unit: 'now' }],
    ['59 s ago', ago(59 * S), { unit: 'now' }],
    ['a little in the future (clock skew)', ago(-30 * S), { unit: 'now' }],
    ['exactly 1 min ago', ago(M), { unit: 'minutes', n: 1 }],
    ['1 min 59 s ago', ago(M + 59 * S), { unit: 'minutes', n: 1 }],
    ['59 min 59 s ago', ago(H - S), { unit: 'minutes', n: 59 }],
    ['exactly 1 h ago', ago(H), { unit: 'hours', n: 1 }],
    ['2 h 59 min ago', ago(3 * H - M), { unit: 'hours', n: 2 }],
    ['23 h 59 min ago', ago(24 * H - M), { unit: 'hours', n: 23 }],
    ['exactly 24 h ago', ago(24 * H), { unit: 'date', date: '22/11/2026' }],
    ['a week ago', ago(7 * 24 * H), { unit: 'date', date: '16/11/2026' }],
    ['a Madrid date that is the next UTC day', '2026-07-01T22:30:00.000Z', { unit: 'date', date: '02/07/2026' }],
    ['epoch ms input', NOW - 5 * M, { unit: 'minutes', n: 5 }],
  ])('%s', (_label, instant, expected) => {
    expect(relativeTime(instant, NOW)).toEqual(expected);
  });

  it('writes dates as dd/MM/yyyy and inside sentences without a comma, in Madrid', () => {
    expect(shortDateOf('2026-01-05T09:00:00.000Z')).toBe('05/01/2026');
    expect(shortDateOf('2026-12-31T23:30:00.000Z')).toBe('01/01/2027');
    expect(sentenceDateOf('2026-11-23T09:00:00.000Z')).toBe('lunes 23 de noviembre');
  });
});
