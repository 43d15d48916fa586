import { DateTime, Info } from 'luxon';
import {
  dayMonth,
  dayRange,
  durationLabel,
  euros,
  longDateOf,
  longDateWithYearOf,
  longDay,
  mediumDay,
  monthYear,
  shortWeekdays,
  openingHours,
  relativeTime,
  sentenceDateOf,
  shortDateOf,
  timeOf,
} from './format';
import { ZONE } from './domain/time';

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

  it('shows the long date in Madrid with the year', () => {
    expect(longDateWithYearOf('2026-11-23T09:00:00.000Z')).toBe('lunes, 23 de noviembre de 2026');
    // 23:30 UTC on 30 November is 00:30 on 1 December in Madrid.
    expect(longDateWithYearOf('2026-11-30T23:30:00.000Z')).toBe('martes, 1 de diciembre de 2026');
  });

  it.each([
    ['2026-05-03', '2026-05-05', 'del 3 al 5 de mayo'],
    ['2026-04-30', '2026-05-02', 'del 30 de abril al 2 de mayo'],
    ['2026-12-30', '2027-01-02', 'del 30 de diciembre al 2 de enero'],
    ['2026-05-03', '2026-05-03', 'el 3 de mayo'],
  ])('writes the dates %s to %s as "%s"', (from, to, label) => {
    expect(dayRange(from, to)).toBe(label);
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

describe('Intl formats against luxon', () => {
  // Every 7 h 13 min over a year: each weekday and month, both DST changes, midnight and noon neighbours.
  const start = Date.UTC(2026, 0, 1, 0, 0);
  const instants = Array.from({ length: 1300 }, (_, i) => start + i * (7 * 60 + 13) * 60_000);
  const madrid = (t: number) => DateTime.fromMillis(t, { zone: ZONE }).setLocale('es');

  it('writes the dates and times luxon writes, from epoch ms and ISO strings', () => {
    for (const t of instants) {
      const iso = new Date(t).toISOString();
      expect(longDateOf(t)).toBe(madrid(t).toFormat("cccc, d 'de' LLLL"));
      expect(longDateWithYearOf(iso)).toBe(madrid(t).toFormat("cccc, d 'de' LLLL 'de' yyyy"));
      expect(sentenceDateOf(iso)).toBe(madrid(t).toFormat("cccc d 'de' LLLL"));
      expect(shortDateOf(t)).toBe(madrid(t).toFormat('dd/MM/yyyy'));
      expect(timeOf(t)).toBe(madrid(t).toFormat('HH:mm'));
      expect(timeOf(iso)).toBe(madrid(t).toFormat('HH:mm'));
      const date = madrid(t).toFormat('yyyy-MM-dd');
      expect(longDay(date)).toBe(madrid(t).toFormat("cccc, d 'de' LLLL"));
      expect(mediumDay(date)).toBe(madrid(t).toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY));
      expect(dayMonth(date)).toBe(madrid(t).toFormat("d 'de' LLLL"));
      expect(monthYear(date)).toBe(madrid(t).toFormat("LLLL 'de' yyyy"));
    }
  });

  it('names the weekdays as luxon, Monday first', () => {
    expect(shortWeekdays()).toEqual(Info.weekdays('short', { locale: 'es' }).map((w) => w.replace('.', '')));
    expect(shortWeekdays()).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']);
  });
});
