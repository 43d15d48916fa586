/** Rules of a service's timing (spec sections 5 and 9; decisions "Busy parts"). */
import {
  canAddSegment,
  DEFAULT_SERVICE_MINUTES,
  followDuration,
  isValidDuration,
  MAX_SERVICE_MINUTES,
  segmentsError,
  timeline,
  type Segment,
} from './service';

const seg = (startMinutes: number, endMinutes: number): Segment => ({ startMinutes, endMinutes });

describe('constants of spec section 9', () => {
  it('caps the duration at 4 h 55 min and defaults to 30 minutes', () => {
    expect(MAX_SERVICE_MINUTES).toBe(295);
    expect(DEFAULT_SERVICE_MINUTES).toBe(30);
    expect(isValidDuration(DEFAULT_SERVICE_MINUTES)).toBe(true);
  });
});

describe('isValidDuration: above 0, at most 4 h 55 min, in 5-minute steps', () => {
  test.each([
    [0, false],
    [-5, false],
    [5, true],
    [7, false],
    [30, true],
    [75, true],
    [290, true],
    [295, true],
    [300, false],
    [12.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%p minutes → %p', (minutes, expected) => {
    expect(isValidDuration(minutes)).toBe(expected);
  });
});

describe('segmentsError: busy parts against the total duration', () => {
  test.each<[string, number, Segment[], ReturnType<typeof segmentsError>]>([
    ['no part at all', 60, [], 'empty'],
    ['one part covering the service', 60, [seg(0, 60)], null],
    ['touching parts (start equal to the previous end)', 60, [seg(0, 30), seg(30, 60)], null],
    ['a rest gap between parts', 75, [seg(0, 30), seg(60, 75)], null],
    ['a rest at the end (last part before the duration)', 60, [seg(0, 45)], null],
    ['a part starting later than 0', 60, [seg(15, 60)], null],
    ['an end off the 5-minute grid', 60, [seg(0, 32)], 'off_grid'],
    ['a start off the 5-minute grid', 60, [seg(3, 30)], 'off_grid'],
    ['a fractional minute', 60, [seg(0, 2.5)], 'off_grid'],
    ['a part ending where it starts', 60, [seg(30, 30)], 'empty_part'],
    ['a part ending before it starts', 60, [seg(30, 20)], 'empty_part'],
    ['a part starting before the previous end', 60, [seg(0, 30), seg(25, 60)], 'overlap'],
    ['parts out of order', 60, [seg(30, 60), seg(0, 15)], 'overlap'],
    ['a part contained in the previous one', 60, [seg(0, 60), seg(10, 20)], 'overlap'],
    ['a part starting before 0', 60, [seg(-5, 30)], 'outside'],
    ['a part ending after the duration', 60, [seg(0, 65)], 'outside'],
    ['a part entirely after the duration', 60, [seg(0, 30), seg(60, 65)], 'outside'],
    ['the first broken rule wins (off grid before outside)', 60, [seg(0, 32), seg(-5, 10)], 'off_grid'],
  ])('%s: duration %p, parts %j → %p', (_label, duration, segments, expected) => {
    expect(segmentsError(duration, segments)).toBe(expected);
  });
});

describe('canAddSegment: only while the last part ends before the total duration', () => {
  test.each<[number, Segment[], boolean]>([
    [60, [], true],
    [60, [seg(0, 30)], true],
    [60, [seg(0, 55)], true],
    [60, [seg(0, 60)], false],
    [75, [seg(0, 30), seg(60, 75)], false],
    [75, [seg(0, 30), seg(45, 60)], true],
  ])('duration %p, parts %j → %p', (duration, segments, expected) => {
    expect(canAddSegment(duration, segments)).toBe(expected);
  });
});

describe("followDuration: the last part's end follows the total duration", () => {
  test.each<[string, number, Segment[], Segment[]]>([
    ['no parts: one part covering the service', 30, [], [seg(0, 30)]],
    ['longer: the last part grows', 90, [seg(0, 30), seg(60, 75)], [seg(0, 30), seg(60, 90)]],
    ['shorter: the last part shrinks', 70, [seg(0, 30), seg(60, 75)], [seg(0, 30), seg(60, 70)]],
    ['shorter than a part start: that part is dropped, the new last follows', 60, [seg(0, 30), seg(60, 75)], [seg(0, 60)]],
    ['every part dropped: one part covering the service', 10, [seg(15, 30)], [seg(0, 10)]],
  ])('%s', (_label, duration, segments, expected) => {
    expect(followDuration(duration, segments)).toEqual(expected);
  });

  it('always answers parts that pass segmentsError for a valid duration', () => {
    for (const duration of [5, 30, 60, 75, 295]) {
      expect(segmentsError(duration, followDuration(duration, [seg(0, 30), seg(45, 60)]))).toBeNull();
    }
  });
});

describe('timeline: busy and rest pieces covering the whole service', () => {
  test.each<[string, number, Segment[], ReturnType<typeof timeline>]>([
    ['one busy part', 30, [seg(0, 30)], [{ kind: 'busy', startMinutes: 0, endMinutes: 30 }]],
    [
      'a rest gap (colour with exposure time)',
      75,
      [seg(0, 30), seg(60, 75)],
      [
        { kind: 'busy', startMinutes: 0, endMinutes: 30 },
        { kind: 'rest', startMinutes: 30, endMinutes: 60 },
        { kind: 'busy', startMinutes: 60, endMinutes: 75 },
      ],
    ],
    [
      'rest before and after',
      60,
      [seg(15, 45)],
      [
        { kind: 'rest', startMinutes: 0, endMinutes: 15 },
        { kind: 'busy', startMinutes: 15, endMinutes: 45 },
        { kind: 'rest', startMinutes: 45, endMinutes: 60 },
      ],
    ],
    ['no parts: all rest', 30, [], [{ kind: 'rest', startMinutes: 0, endMinutes: 30 }]],
    [
      'unsorted parts are drawn in order',
      60,
      [seg(30, 60), seg(0, 15)],
      [
        { kind: 'busy', startMinutes: 0, endMinutes: 15 },
        { kind: 'rest', startMinutes: 15, endMinutes: 30 },
        { kind: 'busy', startMinutes: 30, endMinutes: 60 },
      ],
    ],
  ])('%s', (_label, duration, segments, expected) => {
    expect(timeline(duration, segments)).toEqual(expected);
  });
});
