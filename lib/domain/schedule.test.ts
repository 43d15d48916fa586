/**
 * THE schedule rule (spec sections 3 and 5): a special shift replaces the weekly shifts of its date;
 * `available` false or no shifts = closed; a date is available only with at least one shift.
 */
import { isWorkingDate, minutesOf, resolveDay, shiftOfDate, totalMinutes, WEEK_ORDER, type SpecialDayLike, type WeekDayLike } from './schedule';

const MORNING = { open: '09:30', close: '14:00' };
const AFTERNOON = { open: '16:00', close: '20:00' };
const EXTRA = { open: '10:00', close: '12:00' };

type Case = {
  name: string;
  weekday: Parameters<typeof resolveDay>[0];
  special: Parameters<typeof resolveDay>[1];
  expected: { available: boolean; special: boolean; notes: string; shift: { open: string; close: string }[] };
};

const cases: Case[] = [
  {
    name: 'no special shift: the weekday’s shifts',
    weekday: { available: true, shifts: [MORNING, AFTERNOON] },
    special: undefined,
    expected: { available: true, special: false, notes: '', shift: [MORNING, AFTERNOON] },
  },
  {
    name: 'null special shift is the same as none',
    weekday: { available: true, shifts: [MORNING] },
    special: null,
    expected: { available: true, special: false, notes: '', shift: [MORNING] },
  },
  {
    name: 'weekday marked unavailable: closed even with shifts listed',
    weekday: { available: false, shifts: [MORNING] },
    special: undefined,
    expected: { available: false, special: false, notes: '', shift: [] },
  },
  {
    name: 'weekday available with no shifts: closed',
    weekday: { available: true, shifts: [] },
    special: undefined,
    expected: { available: false, special: false, notes: '', shift: [] },
  },
  {
    name: 'no weekday at all: closed',
    weekday: undefined,
    special: undefined,
    expected: { available: false, special: false, notes: '', shift: [] },
  },
  {
    name: 'weekday available given as 1',
    weekday: { available: 1, shifts: [MORNING] },
    special: undefined,
    expected: { available: true, special: false, notes: '', shift: [MORNING] },
  },
  {
    name: 'weekday unavailable given as 0',
    weekday: { available: 0, shifts: [MORNING] },
    special: undefined,
    expected: { available: false, special: false, notes: '', shift: [] },
  },
  {
    name: 'special shift replaces the weekday’s shifts',
    weekday: { available: true, shifts: [MORNING, AFTERNOON] },
    special: { available: true, shift: [EXTRA], notes: 'Evento' },
    expected: { available: true, special: true, notes: 'Evento', shift: [EXTRA] },
  },
  {
    name: 'special shift opens a weekday that is closed',
    weekday: { available: false, shifts: [] },
    special: { available: 1, shift: [EXTRA] },
    expected: { available: true, special: true, notes: '', shift: [EXTRA] },
  },
  {
    name: 'special shift opens a date without a weekday',
    weekday: undefined,
    special: { available: true, shift: [EXTRA], notes: null },
    expected: { available: true, special: true, notes: '', shift: [EXTRA] },
  },
  {
    name: 'special closed day closes an open weekday',
    weekday: { available: true, shifts: [MORNING] },
    special: { available: false, shift: [], notes: 'Formación' },
    expected: { available: false, special: true, notes: 'Formación', shift: [] },
  },
  {
    name: 'special closed day (0) ignores the shifts it lists',
    weekday: { available: true, shifts: [MORNING] },
    special: { available: 0, shift: [EXTRA] },
    expected: { available: false, special: true, notes: '', shift: [] },
  },
  {
    name: 'special day marked available with no shifts is closed',
    weekday: { available: true, shifts: [MORNING] },
    special: { available: true, shift: [] },
    expected: { available: false, special: true, notes: '', shift: [] },
  },
];

describe('resolveDay', () => {
  test.each(cases)('$name', ({ weekday, special, expected }) => {
    expect(resolveDay(weekday, special)).toEqual(expected);
  });
});

describe('shiftOfDate / isWorkingDate: the weekday of a Madrid date (0 = Sunday) and its special shift', () => {
  // 2026-11-23 is a Monday, 2026-11-22 a Sunday, 2026-11-25 a Wednesday.
  const week: WeekDayLike[] = [
    { id: 0, available: false, shifts: [] },
    { id: 1, available: true, shifts: [MORNING, AFTERNOON] },
    { id: 3, available: true, shifts: [MORNING] },
  ];
  const specials: SpecialDayLike[] = [
    { date: '2026-11-25', available: false, shift: [], notes: 'Formación' },
    { date: '2026-11-29', available: true, shift: [EXTRA], notes: '' },
  ];
  const employee = { week_shifts: week, special_shifts: specials };

  test.each([
    ['2026-11-23', 'Monday: weekly', { available: true, special: false, notes: '', shift: [MORNING, AFTERNOON] }],
    ['2026-11-30', 'next Monday: weekly too', { available: true, special: false, notes: '', shift: [MORNING, AFTERNOON] }],
    ['2026-11-22', 'Sunday: weekly closed', { available: false, special: false, notes: '', shift: [] }],
    ['2026-11-24', 'Tuesday: no weekday entry', { available: false, special: false, notes: '', shift: [] }],
    ['2026-11-25', 'Wednesday: special closed day', { available: false, special: true, notes: 'Formación', shift: [] }],
    ['2026-12-02', 'next Wednesday: weekly again', { available: true, special: false, notes: '', shift: [MORNING] }],
    ['2026-11-29', 'a Sunday opened by a special shift', { available: true, special: true, notes: '', shift: [EXTRA] }],
  ] as const)('%s (%s)', (date, _label, expected) => {
    expect(shiftOfDate(employee, date)).toEqual(expected);
    expect(isWorkingDate(employee, date)).toBe(expected.available);
  });
});

describe('minutesOf', () => {
  test.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:55', 1435],
    ['24:00', 1440],
    ['24:05', null],
    ['9:30', null],
    ['09:60', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('%p → %p', (value, expected) => {
    expect(minutesOf(value)).toBe(expected);
  });
});

describe('totalMinutes', () => {
  test.each([
    [[], 0],
    [[MORNING], 270],
    [[MORNING, AFTERNOON], 510],
    [[{ open: '20:00', close: '24:00' }], 240],
  ] as const)('%j → %p', (shifts, expected) => {
    expect(totalMinutes([...shifts])).toBe(expected);
  });
});

it('shows Monday first and Sunday last', () => {
  expect(WEEK_ORDER).toEqual([1, 2, 3, 4, 5, 6, 0]);
});
