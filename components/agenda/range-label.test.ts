import { rangeLabel } from './range-label';

describe('rangeLabel: the visible date or week, short enough for a phone', () => {
  it.each([
    ['2026-11-25', 'day', 'mié, 25 nov 2026'],
    ['2026-11-25', 'week', '23–29 nov 2026'],
    ['2026-12-02', 'week', '30 nov – 6 dic 2026'],
    ['2026-12-30', 'week', '28 dic 2026 – 3 ene 2027'],
  ] as const)('%s (%s) → %s', (date, view, label) => expect(rangeLabel(date, view)).toBe(label));
});
