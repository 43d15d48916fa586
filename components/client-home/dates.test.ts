import { longDateOf, timeOf } from '@/lib/format';
import { cardDate, cardTime } from './dates';

describe('client home card dates (Intl) match lib/format (luxon)', () => {
  // Every 7 h 13 min over a year: each weekday and month, both DST changes, midnight and noon neighbours.
  const start = Date.UTC(2026, 0, 1, 0, 0);
  const instants = Array.from({ length: 1300 }, (_, i) => start + i * (7 * 60 + 13) * 60_000);

  it('formats the long date as longDateOf', () => {
    for (const t of instants) expect(cardDate(t)).toBe(longDateOf(t));
  });

  it('formats the time as timeOf, from ISO strings too', () => {
    for (const t of instants) {
      expect(cardTime(t)).toBe(timeOf(t));
      expect(cardTime(new Date(t).toISOString())).toBe(timeOf(new Date(t).toISOString()));
    }
  });

  it('reads a known appointment as Madrid time', () => {
    expect(`${cardDate('2026-11-23T09:00:00.000Z')} a las ${cardTime('2026-11-23T09:00:00.000Z')}`).toBe('lunes, 23 de noviembre a las 10:00');
  });
});
