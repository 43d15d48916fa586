/**
 * The orphan guard's rule (decisions "Schedule changes and booked appointments"): which pending
 * appointments a schedule leaves outside working hours, busy part by busy part, per Madrid date, ignoring
 * what has already ended; and which ones a change (before → after) newly orphans.
 */
import type { SpecialShift, WeekShift } from './availability';
import { orphanedBy, outsideHours, piecesByDate, type ScheduleOn, type WithBusyParts } from './orphans';
import { isoUtc, madridWallClock, parseHHmm } from './time';

// 2026-11-23 is a Monday (winter, UTC+1); 2026-11-22 a Sunday; 2026-11-24 a Tuesday.
const MONDAY = '2026-11-23';
const SUNDAY = '2026-11-22';
const TUESDAY = '2026-11-24';
// Europe/Madrid changes clocks on Sunday 2026-03-29 (02:00 → 03:00) and Sunday 2026-10-25 (03:00 → 02:00).
const SPRING = '2026-03-29';
const AUTUMN = '2026-10-25';

const at = (date: string, hhmm: string) => madridWallClock(date, parseHHmm(hhmm));
const shift = (day: number, open: string, close: string): WeekShift => ({ day, openMinute: parseHHmm(open), closeMinute: parseHHmm(close) });

/** The seeded split shift: Monday–Friday 09:30–14:00 and 16:00–20:00, Saturday 09:00–14:00. */
const SPLIT: WeekShift[] = [...[1, 2, 3, 4, 5].flatMap((d) => [shift(d, '09:30', '14:00'), shift(d, '16:00', '20:00')]), shift(6, '09:00', '14:00')];
const EVERY_DAY_9_TO_13: WeekShift[] = [0, 1, 2, 3, 4, 5, 6].map((d) => shift(d, '09:00', '13:00'));

/** A schedule: weekly rows plus special shifts by date. */
const schedule =
  (week: WeekShift[], specials: SpecialShift[] = []): ScheduleOn =>
  (date) => ({ week, special: specials.find((s) => s.date === date) ?? null });

type Part = [date: string, from: string, toDate: string, to: string];
/** An appointment with busy parts given as Madrid date + `HH:mm` pairs (a part may end on a later date). */
function appt(id: string, parts: Part[]): WithBusyParts & { id: string } {
  const busy = parts.map(([d, from, d2, to]) => ({ start_time: isoUtc(at(d, from)), end_time: isoUtc(at(d2, to)) }));
  return { id, start_time: busy[0]!.start_time, end_time: busy[busy.length - 1]!.end_time, busy_slots: busy };
}
const same = (date: string, from: string, to: string): Part => [date, from, date, to];

/** A point well before every date of these cases. */
const LONG_AGO = Date.parse('2020-01-01T00:00:00Z');

type Case = { name: string; parts: Part[]; schedule: ScheduleOn; now?: number; outside: boolean };

const cases: Case[] = [
  { name: 'a part inside the morning shift', parts: [same(MONDAY, '10:00', '10:30')], schedule: schedule(SPLIT), outside: false },
  { name: 'a part ending exactly at the close', parts: [same(MONDAY, '13:30', '14:00')], schedule: schedule(SPLIT), outside: false },
  { name: 'a part starting exactly at the opening', parts: [same(MONDAY, '09:30', '10:00')], schedule: schedule(SPLIT), outside: false },
  { name: 'a part starting before the opening', parts: [same(MONDAY, '09:15', '09:45')], schedule: schedule(SPLIT), outside: true },
  { name: 'a part crossing the lunch gap (not inside ONE interval)', parts: [same(MONDAY, '13:45', '16:15')], schedule: schedule(SPLIT), outside: true },
  { name: 'a part inside the lunch gap', parts: [same(MONDAY, '14:30', '15:00')], schedule: schedule(SPLIT), outside: true },
  { name: 'a day without weekly shifts (Sunday)', parts: [same(SUNDAY, '10:00', '10:30')], schedule: schedule(SPLIT), outside: true },
  {
    name: 'a colour whose second part falls in the lunch gap',
    parts: [same(MONDAY, '13:00', '13:30'), same(MONDAY, '14:00', '14:15')],
    schedule: schedule(SPLIT),
    outside: true,
  },
  {
    name: 'a colour whose rest gap (not a busy part) spans the lunch gap',
    parts: [same(MONDAY, '13:30', '14:00'), same(MONDAY, '16:00', '16:15')],
    schedule: schedule(SPLIT),
    outside: false,
  },
  {
    name: 'a special closed day',
    parts: [same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: MONDAY, available: false, shifts: [] }]),
    outside: true,
  },
  {
    name: 'a special day marked available with no shifts is closed',
    parts: [same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: MONDAY, available: true, shifts: [] }]),
    outside: true,
  },
  {
    name: 'a special closed day listing shifts is still closed',
    parts: [same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: MONDAY, available: false, shifts: [{ open: '09:00', close: '20:00' }] }]),
    outside: true,
  },
  {
    name: 'special hours replace the weekly ones: inside them',
    parts: [same(MONDAY, '14:30', '15:00')],
    schedule: schedule(SPLIT, [{ date: MONDAY, available: true, shifts: [{ open: '14:00', close: '18:00' }] }]),
    outside: false,
  },
  {
    name: 'special hours replace the weekly ones: weekly hours no longer count',
    parts: [same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: MONDAY, available: true, shifts: [{ open: '14:00', close: '18:00' }] }]),
    outside: true,
  },
  {
    name: 'a special open Sunday',
    parts: [same(SUNDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: SUNDAY, available: true, shifts: [{ open: '10:00', close: '12:00' }] }]),
    outside: false,
  },
  {
    name: "another date's special shift does not matter",
    parts: [same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT, [{ date: TUESDAY, available: false, shifts: [] }]),
    outside: false,
  },
  {
    name: 'a part over midnight, each piece inside its own date (late shift, early shift)',
    parts: [[MONDAY, '23:30', TUESDAY, '00:30']],
    schedule: schedule([shift(1, '20:00', '24:00'), shift(2, '00:00', '02:00')]),
    outside: false,
  },
  {
    name: 'a part over midnight when the next date has no early shift',
    parts: [[MONDAY, '23:30', TUESDAY, '00:30']],
    schedule: schedule([shift(1, '20:00', '24:00'), shift(2, '09:00', '14:00')]),
    outside: true,
  },
  {
    name: 'a part over midnight when the next date is a special closed day',
    parts: [[MONDAY, '23:30', TUESDAY, '00:30']],
    schedule: schedule([shift(1, '20:00', '24:00'), shift(2, '00:00', '02:00')], [{ date: TUESDAY, available: false, shifts: [] }]),
    outside: true,
  },
  {
    name: 'an appointment listing no busy parts is checked start to end',
    parts: [],
    schedule: schedule(SPLIT),
    outside: true,
  },
  {
    name: 'spring DST day: 09:00 Madrid (UTC+2) inside 09:00–13:00',
    parts: [same(SPRING, '09:00', '09:30')],
    schedule: schedule(EVERY_DAY_9_TO_13),
    outside: false,
  },
  {
    name: 'spring DST day: 08:30 Madrid is before the opening',
    parts: [same(SPRING, '08:30', '09:00')],
    schedule: schedule(EVERY_DAY_9_TO_13),
    outside: true,
  },
  {
    name: 'autumn DST day: 12:30 Madrid (UTC+1) inside 09:00–13:00',
    parts: [same(AUTUMN, '12:30', '13:00')],
    schedule: schedule(EVERY_DAY_9_TO_13),
    outside: false,
  },
  {
    name: 'autumn DST day: 13:00 Madrid is after the close',
    parts: [same(AUTUMN, '13:00', '13:30')],
    schedule: schedule(EVERY_DAY_9_TO_13),
    outside: true,
  },
  {
    name: 'a part already over does not matter, the rest is inside',
    parts: [same(SUNDAY, '10:00', '10:30'), same(MONDAY, '10:00', '10:30')],
    schedule: schedule(SPLIT),
    now: at(SUNDAY, '12:00'),
    outside: false,
  },
  {
    name: 'a part that ended exactly at now does not matter',
    parts: [same(MONDAY, '14:30', '15:00'), same(MONDAY, '16:00', '16:30')],
    schedule: schedule(SPLIT),
    now: at(MONDAY, '15:00'),
    outside: false,
  },
  {
    name: 'a part in progress still matters',
    parts: [same(MONDAY, '14:30', '15:00')],
    schedule: schedule(SPLIT),
    now: at(MONDAY, '14:45'),
    outside: true,
  },
  {
    name: 'the piece of an overnight part after midnight matters once the first piece is over',
    parts: [[SUNDAY, '23:30', MONDAY, '00:30']],
    schedule: schedule([shift(0, '20:00', '24:00'), shift(1, '09:00', '14:00')]),
    now: at(MONDAY, '00:00'),
    outside: true,
  },
  {
    name: 'the overnight piece before midnight alone is ignored once over',
    parts: [[SUNDAY, '23:30', MONDAY, '00:30']],
    schedule: schedule([shift(0, '09:00', '14:00'), shift(1, '00:00', '02:00')]),
    now: at(MONDAY, '00:00'),
    outside: false,
  },
];

describe('outsideHours', () => {
  test.each(cases)('$name → outside: $outside', ({ parts, schedule: on, now, outside }) => {
    const a =
      parts.length > 0
        ? appt('a', parts)
        : { id: 'a', start_time: isoUtc(at(MONDAY, '14:15')), end_time: isoUtc(at(MONDAY, '14:45')), busy_slots: [] };
    expect(outsideHours([a], on, now ?? LONG_AGO)).toEqual(outside ? [a] : []);
  });

  it('keeps the input order and returns the same objects', () => {
    const list = [
      appt('lunch', [same(MONDAY, '14:30', '15:00')]),
      appt('fine', [same(MONDAY, '10:00', '10:30')]),
      appt('sunday', [same(SUNDAY, '10:00', '10:30')]),
    ];
    const out = outsideHours(list, schedule(SPLIT), LONG_AGO);
    expect(out.map((a) => a.id)).toEqual(['lunch', 'sunday']);
    expect(out[0]).toBe(list[0]);
  });

  it('asks the schedule once per date', () => {
    const asked: string[] = [];
    const on: ScheduleOn = (date) => {
      asked.push(date);
      return { week: SPLIT, special: null };
    };
    outsideHours([appt('a', [same(MONDAY, '10:00', '10:30')]), appt('b', [same(MONDAY, '11:00', '11:30')])], on, LONG_AGO);
    expect(asked).toEqual([MONDAY]);
  });

  it('is empty for no appointments', () => {
    expect(outsideHours([], schedule([]), LONG_AGO)).toEqual([]);
  });
});

describe('orphanedBy: only what the change leaves outside', () => {
  const morning = appt('morning', [same(MONDAY, '10:00', '10:30')]);
  const evening = appt('evening', [same(MONDAY, '18:00', '18:30')]);
  const overtime = appt('overtime', [same(MONDAY, '21:00', '21:30')]); // booked by staff outside the shifts
  const all = [morning, evening, overtime];

  test.each([
    { name: 'dropping the afternoon shift orphans the evening one', after: schedule(SPLIT.filter((s) => !(s.day === 1 && s.openMinute === 960))), expected: ['evening'] },
    { name: 'a closed Monday orphans both booked inside the old hours', after: schedule(SPLIT, [{ date: MONDAY, available: false, shifts: [] }]), expected: ['morning', 'evening'] },
    { name: 'the same schedule orphans nothing', after: schedule(SPLIT), expected: [] },
    { name: 'wider hours orphan nothing', after: schedule([shift(1, '08:00', '22:00')]), expected: [] },
    { name: 'moving the morning shift later orphans the morning one', after: schedule([shift(1, '11:00', '14:00'), shift(1, '16:00', '20:00')]), expected: ['morning'] },
  ])('$name', ({ after, expected }) => {
    expect(orphanedBy(all, schedule(SPLIT), after, LONG_AGO).map((a) => a.id)).toEqual(expected);
  });

  it('does not report an appointment that was already outside the old hours', () => {
    expect(outsideHours([overtime], schedule(SPLIT), LONG_AGO)).toEqual([overtime]);
    expect(orphanedBy([overtime], schedule(SPLIT), schedule([]), LONG_AGO)).toEqual([]);
  });

  it('reports an appointment of a removed special open day that the weekly hours do not cover', () => {
    const sunday = appt('sunday', [same(SUNDAY, '10:00', '10:30')]);
    const before = schedule(SPLIT, [{ date: SUNDAY, available: true, shifts: [{ open: '10:00', close: '12:00' }] }]);
    expect(orphanedBy([sunday], before, schedule(SPLIT), LONG_AGO)).toEqual([sunday]);
  });
});

describe('piecesByDate', () => {
  const r = (d: string, from: string, d2: string, to: string) => ({ start: at(d, from), end: at(d2, to) });
  test.each([
    { name: 'within one date', range: r(MONDAY, '10:00', MONDAY, '11:00'), expected: [[MONDAY, r(MONDAY, '10:00', MONDAY, '11:00')]] },
    { name: 'ending at midnight', range: r(MONDAY, '23:00', TUESDAY, '00:00'), expected: [[MONDAY, r(MONDAY, '23:00', TUESDAY, '00:00')]] },
    {
      name: 'over one midnight',
      range: r(SUNDAY, '23:00', MONDAY, '01:00'),
      expected: [
        [SUNDAY, r(SUNDAY, '23:00', MONDAY, '00:00')],
        [MONDAY, r(MONDAY, '00:00', MONDAY, '01:00')],
      ],
    },
    {
      name: 'over two midnights',
      range: r(SUNDAY, '23:00', TUESDAY, '01:00'),
      expected: [
        [SUNDAY, r(SUNDAY, '23:00', MONDAY, '00:00')],
        [MONDAY, r(MONDAY, '00:00', TUESDAY, '00:00')],
        [TUESDAY, r(TUESDAY, '00:00', TUESDAY, '01:00')],
      ],
    },
    { name: 'empty', range: r(MONDAY, '10:00', MONDAY, '10:00'), expected: [] },
    { name: 'inverted', range: r(MONDAY, '11:00', MONDAY, '10:00'), expected: [] },
  ])('$name', ({ range, expected }) => {
    expect(piecesByDate(range)).toEqual(expected.map(([date, piece]) => ({ date, range: piece })));
  });

  it('cuts at Madrid midnight, not UTC midnight (23:30 Madrid is 22:30 UTC in winter)', () => {
    const pieces = piecesByDate(r(MONDAY, '00:30', MONDAY, '01:30'));
    expect(pieces).toHaveLength(1);
    expect(isoUtc(pieces[0]!.range.start)).toBe('2026-11-22T23:30:00.000Z');
  });
});
