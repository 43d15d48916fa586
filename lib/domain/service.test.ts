/** Rules of a service's timing (spec sections 5 and 9; decisions "Busy parts"). */
import {
  bookingSetup,
  canAddSegment,
  DEFAULT_SERVICE_MINUTES,
  cutParts,
  keptForEdit,
  partsFor,
  isValidDuration,
  MAX_SERVICE_MINUTES,
  segmentsError,
  timeline,
  type KeptParts,
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

const kept = (duration: number, ...segments: Segment[]): KeptParts => ({ duration, segments });
/** The reported service: 90 minutes, busy 0–45 and 75–90 (a 30-minute rest while the colour acts). */
const COLOUR = kept(90, seg(0, 45), seg(75, 90));

describe('partsFor: the parts saved for a duration, derived from the kept parts', () => {
  test.each<[string, number, KeptParts, Segment[]]>([
    ['the duration they were set for: as set', 90, COLOUR, [seg(0, 45), seg(75, 90)]],
    ['longer: the last part reaching the end follows it', 120, COLOUR, [seg(0, 45), seg(75, 120)]],
    ['shorter inside the last part: it follows the total', 80, COLOUR, [seg(0, 45), seg(75, 80)]],
    ['shorter than the last start: that part is left out, the rest gap stays', 60, COLOUR, [seg(0, 45)]],
    ['shorter inside an earlier part: it is clipped, never merged with a later one', 30, COLOUR, [seg(0, 30)]],
    ['a rest at the end: the last part keeps its end when longer', 75, kept(60, seg(0, 45)), [seg(0, 45)]],
    ['a rest at the end: the last part is clipped when shorter', 30, kept(60, seg(0, 45)), [seg(0, 30)]],
    ['the default part of a new service follows the total', 75, kept(30, seg(0, 30)), [seg(0, 75)]],
    ['every part outside: none (the contract asks for one)', 10, kept(30, seg(15, 30)), []],
    ['duration 0: none', 0, COLOUR, []],
    ['no parts: none', 60, kept(60), []],
  ])('%s: duration %p, kept %j → %j', (_label, duration, parts, expected) => {
    expect(partsFor(duration, parts)).toEqual(expected);
  });

  it('gives the parts back as set after the reported sequence 1 h 30 → 0 h 30 → 1 h 30', () => {
    // Choosing "0 h" on the way to another duration shows 0–30 only ...
    expect(partsFor(30, COLOUR)).toEqual([seg(0, 30)]);
    // ... and choosing "1 h" again restores both parts and the rest gap, not one part 0–90.
    expect(partsFor(90, COLOUR)).toEqual([seg(0, 45), seg(75, 90)]);
  });

  it('answers parts that pass segmentsError whenever it answers any, for every valid duration', () => {
    let answered = 0;
    for (const parts of [COLOUR, kept(60, seg(0, 45)), kept(75, seg(0, 30), seg(60, 75)), kept(30, seg(15, 30))]) {
      for (let duration = 5; duration <= MAX_SERVICE_MINUTES; duration += 5) {
        const saved = partsFor(duration, parts);
        expect(saved.length === 0 ? null : segmentsError(duration, saved)).toBeNull();
        if (saved.length > 0) answered++;
      }
    }
    expect(answered).toBeGreaterThan(0);
  });
});

describe('cutParts: the kept parts a duration drops or shortens', () => {
  const cut = (index: number, k: Segment, saved: Segment | null) => ({ index, kept: k, saved, cut: true });
  test.each<[string, number, KeptParts, ReturnType<typeof cutParts>]>([
    ['the duration they were set for: nothing', 90, COLOUR, []],
    ['longer: nothing', 120, COLOUR, []],
    ['the last part following a shorter total: nothing', 80, COLOUR, []],
    ['shorter than the last start: the last part is dropped', 60, COLOUR, [cut(1, seg(75, 90), null)]],
    ['0 h 30 (the reported step): the first part clipped, the last dropped', 30, COLOUR, [cut(0, seg(0, 45), seg(0, 30)), cut(1, seg(75, 90), null)]],
    ['a part with a rest after it, clipped', 30, kept(60, seg(0, 45)), [cut(0, seg(0, 45), seg(0, 30))]],
    ['a part ending exactly at the new total: nothing', 45, kept(60, seg(0, 45)), []],
    ['duration 0: every part', 0, kept(30, seg(0, 30)), [cut(0, seg(0, 30), null)]],
  ])('%s', (_label, duration, parts, expected) => {
    expect(cutParts(duration, parts)).toEqual(expected);
  });
});

describe('keptForEdit: an edit while a duration is chosen', () => {
  test.each<[string, number, KeptParts, KeptParts]>([
    ['nothing cut: the shown parts, set for that duration', 120, COLOUR, kept(120, seg(0, 45), seg(75, 120))],
    ['nothing cut, rest at the end: unchanged parts, new duration', 75, kept(60, seg(0, 45)), kept(75, seg(0, 45))],
    ['parts cut: kept as set, so they come back', 30, COLOUR, COLOUR],
  ])('%s', (_label, duration, parts, expected) => {
    expect(keptForEdit(duration, parts)).toEqual(expected);
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

describe('bookingSetup', () => {
  test('no service, services nobody offers, and one offered service', () => {
    expect(bookingSetup([])).toBe('none');
    expect(bookingSetup([{ employees: [] }, { employees: [] }])).toBe('unassigned');
    expect(bookingSetup([{ employees: [] }, { employees: [{ email: 'sara@klok.demo' }] }])).toBe('ready');
  });
});
