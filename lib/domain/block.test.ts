import { blockEnd, blockOptions } from './block';
import { madridWallClock } from './time';

/** A Madrid wall-clock time of a date, as epoch ms. */
const at = (date: string, hm: string) => {
  const [h, m] = hm.split(':').map(Number);
  return madridWallClock(date, h! * 60 + m!);
};

const DAY = '2027-05-04'; // a Tuesday (UTC+2)
const SPLIT = [
  { open: '09:30', close: '14:00' },
  { open: '16:00', close: '20:00' },
];

describe('blockEnd', () => {
  test.each([
    [30, '10:00', '10:30'],
    [60, '10:00', '11:00'],
    [120, '10:00', '12:00'],
    // The lengths ignore the shifts: an hour from a break or after closing is an hour.
    [60, '14:30', '15:30'],
    [120, '21:00', '23:00'],
  ] as const)('%i minutes from %s ends at %s', (length, start, end) => {
    expect(blockEnd(at(DAY, start), length, SPLIT)).toBe(at(DAY, end));
  });

  test('a length never passes the end of the Madrid day', () => {
    expect(blockEnd(at(DAY, '23:00'), 120, SPLIT)).toBe(madridWallClock(DAY, 1440));
    expect(blockEnd(at(DAY, '23:30'), 30, SPLIT)).toBe(madridWallClock(DAY, 1440));
  });

  test.each([
    ['inside the first shift', '10:00', '20:00'],
    ['in the break', '14:30', '20:00'],
    ['before opening', '08:00', '20:00'],
    ['inside the last shift', '19:30', '20:00'],
  ])('until closing from %s ends at the last close', (_, start, end) => {
    expect(blockEnd(at(DAY, start), 'close', SPLIT)).toBe(at(DAY, end));
  });

  test('until closing does not apply at or after the last close, or on a day without shifts', () => {
    expect(blockEnd(at(DAY, '20:00'), 'close', SPLIT)).toBeNull();
    expect(blockEnd(at(DAY, '21:00'), 'close', SPLIT)).toBeNull();
    expect(blockEnd(at(DAY, '10:00'), 'close', [])).toBeNull();
  });

  test('a shift until midnight closes at the next day’s start', () => {
    expect(blockEnd(at(DAY, '22:00'), 'close', [{ open: '18:00', close: '24:00' }])).toBe(madridWallClock(DAY, 1440));
  });

  test('the shift order does not matter', () => {
    expect(blockEnd(at(DAY, '10:00'), 'close', [...SPLIT].reverse())).toBe(at(DAY, '20:00'));
  });

  test('on the day summer time starts, an hour is sixty minutes of elapsed time', () => {
    // 2027-03-28: 02:00 becomes 03:00 in Madrid.
    const start = madridWallClock('2027-03-28', 90);
    expect(blockEnd(start, 60, [])).toBe(start + 60 * 60_000);
  });
});

describe('blockOptions', () => {
  test('a 30-minute selection: 30 min, 1 h, 2 h and until closing', () => {
    const options = blockOptions({ start: at(DAY, '10:00'), end: at(DAY, '10:30') }, SPLIT);
    expect(options).toEqual([
      { choice: 30, end: at(DAY, '10:30') },
      { choice: 60, end: at(DAY, '11:00') },
      { choice: 120, end: at(DAY, '12:00') },
      { choice: 'close', end: at(DAY, '20:00') },
    ]);
  });

  test('a dragged selection of another length comes first, as made', () => {
    const options = blockOptions({ start: at(DAY, '10:00'), end: at(DAY, '11:30') }, SPLIT);
    expect(options.map((o) => o.choice)).toEqual(['selection', 30, 60, 120, 'close']);
    expect(options[0]!.end).toBe(at(DAY, '11:30'));
  });

  test('a dragged selection of a fixed length is that length', () => {
    expect(blockOptions({ start: at(DAY, '10:00'), end: at(DAY, '12:00') }, SPLIT).map((o) => o.choice)).toEqual([30, 60, 120, 'close']);
  });

  test('near midnight, lengths that end at the day’s end are offered once; no closing after it', () => {
    const options = blockOptions({ start: at(DAY, '23:30'), end: madridWallClock(DAY, 1440) }, SPLIT);
    expect(options).toEqual([{ choice: 30, end: madridWallClock(DAY, 1440) }]);
  });

  test('a closed day offers the lengths only', () => {
    expect(blockOptions({ start: at(DAY, '10:00'), end: at(DAY, '10:30') }, []).map((o) => o.choice)).toEqual([30, 60, 120]);
  });
});
