import { fieldMinutes, fieldValue, leaveBounds, minutesOnDate, proposedLeaveEnd, readLeaveFields } from './time-field';
import { madridWallClock } from './time';

const DAY = '2027-05-04'; // UTC+2
const iso = (date: string, minutes: number) => new Date(madridWallClock(date, minutes)).toISOString();
/** The day before DAY: nothing on DAY is past. */
const EARLIER = Date.parse('2027-05-03T10:00:00Z');

describe('fieldMinutes / fieldValue', () => {
  test.each([
    ['00:00', 0],
    ['09:05', 545],
    ['23:55', 1435],
    ['12:30:00', 750],
    [' 07:15 ', 435],
  ])('%s is %i minutes', (text, minutes) => {
    expect(fieldMinutes(text)).toBe(minutes);
  });

  test.each(['', '9:05', '24:00', '12:60', '12:3', 'doce', '12:30:15'])('%j is not a time', (text) => {
    expect(fieldMinutes(text)).toBeNull();
  });

  test('an end field reads 00:00 as the end of the day, and shows the end of the day as 00:00', () => {
    expect(fieldMinutes('00:00', true)).toBe(1440);
    expect(fieldMinutes('24:00', true)).toBe(1440);
    expect(fieldMinutes('00:05', true)).toBe(5);
    expect(fieldValue(1440)).toBe('00:00');
    expect(fieldValue(545)).toBe('09:05');
  });
});

describe('minutesOnDate', () => {
  test('wall-clock minutes of an instant on its Madrid date, the next midnight as 1440', () => {
    expect(minutesOnDate(DAY, '2027-05-04T08:30:00.000Z')).toBe(630);
    expect(minutesOnDate(DAY, iso(DAY, 1440))).toBe(1440);
  });

  test('null for another date, a missing or a malformed instant', () => {
    expect(minutesOnDate(DAY, '2027-05-05T08:30:00.000Z')).toBeNull();
    expect(minutesOnDate(DAY, undefined)).toBeNull();
    expect(minutesOnDate(DAY, 'mañana')).toBeNull();
  });
});

describe('leaveBounds', () => {
  test('05:00–21:55 for starts and 05:05–22:00 for ends', () => {
    expect(leaveBounds(DAY)).toEqual({ start: { min: 300, max: 1315 }, end: { min: 305, max: 1320 } });
  });

  test('widened to take in a range selected in the agenda', () => {
    expect(leaveBounds(DAY, { start: iso(DAY, 1410), end: iso(DAY, 1440) })).toEqual({
      start: { min: 300, max: 1410 },
      end: { min: 305, max: 1440 },
    });
  });
});

describe('readLeaveFields', () => {
  test('two valid times become the range’s instants', () => {
    expect(readLeaveFields(DAY, { start: '12:00', end: '13:15' }, EARLIER)).toEqual({
      start: iso(DAY, 720),
      end: iso(DAY, 795),
      errors: {},
    });
  });

  test.each([
    [{ start: '', end: '13:00' }, { start: 'missing' }],
    [{ start: '12:03', end: '13:00' }, { start: 'off_grid' }],
    [{ start: '04:55', end: '13:00' }, { start: 'out_of_range' }],
    [{ start: '22:00', end: '22:00' }, { start: 'out_of_range' }],
    [{ start: '12:00', end: '' }, { end: 'missing' }],
    [{ start: '12:00', end: '12:58' }, { end: 'off_grid' }],
    [{ start: '12:00', end: '22:05' }, { end: 'out_of_range' }],
    [{ start: '12:00', end: '12:00' }, { end: 'not_after_start' }],
    [{ start: '12:00', end: '11:00' }, { end: 'not_after_start' }],
  ] as [{ start: string; end: string }, { start?: string; end?: string }][])('%j: %j', (fields, errors) => {
    const read = readLeaveFields(DAY, fields, EARLIER);
    expect(read.errors.start).toBe(errors.start);
    expect(read.errors.end).toBe(errors.end);
    // A field with a problem gives no instant; a valid one does.
    expect(read.start === undefined).toBe(errors.start !== undefined);
    expect(read.end === undefined).toBe(errors.end !== undefined);
  });

  test('a start more than 5 minutes ago is past; up to 5 minutes ago is allowed, as the server does', () => {
    const now = madridWallClock(DAY, 12 * 60 + 7);
    expect(readLeaveFields(DAY, { start: '12:00', end: '13:00' }, now).errors.start).toBe('past');
    const read = readLeaveFields(DAY, { start: '12:05', end: '13:00' }, now);
    expect(read.errors).toEqual({});
    expect(read.start).toBe(iso(DAY, 725));
  });

  test('a range selected in the agenda late in the evening is read back, 00:00 as midnight', () => {
    const keep = { start: iso(DAY, 1410), end: iso(DAY, 1440) };
    for (const end of ['00:00', '24:00']) {
      expect(readLeaveFields(DAY, { start: '23:30', end }, EARLIER, keep)).toEqual({ start: keep.start, end: keep.end, errors: {} });
    }
  });

  test('an invalid start leaves the end unchecked against it', () => {
    expect(readLeaveFields(DAY, { start: '12:03', end: '09:00' }, EARLIER).errors.end).toBeUndefined();
  });
});

describe('proposedLeaveEnd', () => {
  const bounds = leaveBounds(DAY);
  test('half an hour after the start, or the last end allowed', () => {
    expect(proposedLeaveEnd(720, bounds)).toBe(750);
    expect(proposedLeaveEnd(1305, bounds)).toBe(1320);
    expect(proposedLeaveEnd(1320, bounds)).toBeNull();
  });
});
