import { offerableStart, waitingBetween, waitingOn, type RangedEntry } from './waitlist';
import { madridWallClock, MINUTE_MS } from './time';

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return madridWallClock(date, h! * 60 + m!);
};

const entry = (from: string, to: string, status: RangedEntry['status'] = 'waiting'): RangedEntry => ({ from, to, status });

describe('"N en espera": the active entries that want a date', () => {
  const entries = [
    entry('2026-12-07', '2026-12-09'),
    entry('2026-12-09', '2026-12-09', 'offered'),
    entry('2026-12-10', '2026-12-12'),
    entry('2026-12-08', '2026-12-10', 'booked'),
    entry('2026-12-08', '2026-12-10', 'expired'),
    entry('2026-12-08', '2026-12-10', 'cancelled'),
  ];

  it.each([
    ['2026-12-06', 0],
    ['2026-12-07', 1],
    ['2026-12-08', 1],
    ['2026-12-09', 2],
    ['2026-12-10', 1],
    ['2026-12-12', 1],
    ['2026-12-13', 0],
  ])('on %s: %i (both ends of a range count; booked, expired and cancelled never)', (date, n) => {
    expect(waitingOn(entries, date)).toBe(n);
  });

  it('none without entries', () => {
    expect(waitingOn([], '2026-12-09')).toBe(0);
  });

  it.each([
    ['2026-12-01', '2026-12-06', 0],
    ['2026-12-01', '2026-12-07', 1],
    ['2026-12-07', '2026-12-13', 3],
    ['2026-12-12', '2026-12-18', 1],
    ['2026-12-13', '2026-12-19', 0],
  ])('between %s and %s (a week view): %i, each entry once', (start, end, n) => {
    expect(waitingBetween(entries, start, end)).toBe(n);
  });
});

describe('the hours staff may offer an entry', () => {
  const now = at('2026-12-09', '09:00');

  it.each([
    ['09:44', 'any', false],
    ['09:45', 'any', true],
    ['13:55', 'morning', true],
    ['14:00', 'morning', false],
    ['14:00', 'afternoon', true],
    ['13:55', 'afternoon', false],
    ['18:00', 'any', true],
  ] as const)('%s for %s: %s', (hhmm, part, ok) => {
    expect(offerableStart(at('2026-12-09', hhmm), part, now)).toBe(ok);
  });

  it('exactly 45 minutes ahead is the last moment', () => {
    const start = at('2026-12-10', '10:00');
    expect(offerableStart(start, 'any', start - 45 * MINUTE_MS)).toBe(true);
    expect(offerableStart(start, 'any', start - 45 * MINUTE_MS + 1)).toBe(false);
  });
});
