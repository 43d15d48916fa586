/**
 * Availability rules (spec sections 4, 5, 9; decisions "Available hours" and "Busy parts"):
 * split shifts, special shifts, busy time, rest gaps, the past cut-off, the client window and the
 * two daylight-saving changes of Europe/Madrid in 2026.
 */
import {
  availableStarts,
  clientWindowEnd,
  fits,
  groupByHour,
  openIntervals,
  segmentsOf,
  staffStartError,
  walkInStart,
  type BusySegment,
  type SpecialShift,
  type WeekShift,
} from './availability';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { timeOf } from '@/lib/format';
import { formatHHmm, isoUtc, madridWallClock, parseHHmm, weekdayOf, ZONE, type Range } from './time';

// 2026-11-23 is a Monday in winter time (UTC+1); 2026-11-22 is a Sunday.
const MONDAY = '2026-11-23';
const SUNDAY = '2026-11-22';

/** The seeded split shift: Monday–Friday 09:30–14:00 and 16:00–20:00, Saturday 09:00–14:00. */
const SPLIT: WeekShift[] = [
  ...[1, 2, 3, 4, 5].flatMap((day) => [
    { day, openMinute: 570, closeMinute: 840 },
    { day, openMinute: 960, closeMinute: 1200 },
  ]),
  { day: 6, openMinute: 540, closeMinute: 840 },
];

/** One shift on every day of the week (used for short, readable cases). */
const everyDay = (open: string, close: string): WeekShift[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, openMinute: parseHHmm(open), closeMinute: parseHHmm(close) }));

const COLOR: BusySegment[] = [
  { startMinutes: 0, endMinutes: 30 },
  { startMinutes: 60, endMinutes: 75 },
];

/** Epoch ms of a Madrid wall-clock time on a date. */
const at = (date: string, hhmm: string) => madridWallClock(date, parseHHmm(hhmm));
/** Madrid busy range on a date. */
const busy = (date: string, from: string, to: string): Range => ({ start: at(date, from), end: at(date, to) });
/** Madrid labels `HH:mm` every 15 minutes from `from` to `to`, both included. */
function quarters(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = parseHHmm(from); m <= parseHHmm(to); m += 15) out.push(formatHHmm(m));
  return out;
}
const labelsOf = (starts: number[]) => starts.map((s) => timeOf(s));
const iso = (ranges: Range[]) => ranges.map((r) => [isoUtc(r.start), isoUtc(r.end)]);

/** A point well before any date of these tests, so nothing is cut off as past. */
const LONG_AGO = Date.parse('2020-01-01T00:00:00Z');

describe('openIntervals', () => {
  it('gives both intervals of a split shift as UTC instants', () => {
    expect(iso(openIntervals(MONDAY, SPLIT))).toEqual([
      ['2026-11-23T08:30:00.000Z', '2026-11-23T13:00:00.000Z'],
      ['2026-11-23T15:00:00.000Z', '2026-11-23T19:00:00.000Z'],
    ]);
  });

  it('is empty on a weekday without shifts', () => {
    expect(openIntervals(SUNDAY, SPLIT)).toEqual([]);
  });

  it('lets a special shift replace the weekly shifts of its date', () => {
    const special: SpecialShift = { date: MONDAY, available: true, shifts: [{ open: '10:00', close: '12:00' }] };
    expect(iso(openIntervals(MONDAY, SPLIT, special))).toEqual([['2026-11-23T09:00:00.000Z', '2026-11-23T11:00:00.000Z']]);
  });

  it('opens a day without weekly shifts when a special shift says so', () => {
    const special: SpecialShift = { date: SUNDAY, available: true, shifts: [{ open: '10:00', close: '11:00' }] };
    expect(iso(openIntervals(SUNDAY, SPLIT, special))).toEqual([['2026-11-22T09:00:00.000Z', '2026-11-22T10:00:00.000Z']]);
  });

  it('closes the whole day with a special closed day', () => {
    const special: SpecialShift = { date: MONDAY, available: false, shifts: [{ open: '10:00', close: '12:00' }] };
    expect(openIntervals(MONDAY, SPLIT, special)).toEqual([]);
  });
});

type Case = {
  name: string;
  date?: string;
  week?: WeekShift[];
  special?: SpecialShift;
  busy?: [string, string][];
  duration: number;
  segments?: BusySegment[];
  /** Madrid `HH:mm` on the case's date, or epoch ms. */
  now?: string | number;
  until?: string;
  expected: string[];
};

const cases: Case[] = [
  {
    name: 'split shift, 30 min: starts every 15 min from each interval start, the service ends by the interval end',
    duration: 30,
    expected: [...quarters('09:30', '13:30'), ...quarters('16:00', '19:30')],
  },
  {
    name: 'split shift, 45 min: the last start of each interval ends exactly at its close',
    duration: 45,
    expected: [...quarters('09:30', '13:15'), ...quarters('16:00', '19:15')],
  },
  {
    name: 'split shift, 75-min colour: the whole service (rest gap included) fits before the close',
    duration: 75,
    segments: COLOR,
    expected: [...quarters('09:30', '12:45'), ...quarters('16:00', '18:45')],
  },
  {
    name: 'a shift opening off the quarter hour counts its 15-min steps from its own start',
    week: everyDay('09:40', '11:00'),
    duration: 30,
    expected: ['09:40', '09:55', '10:10', '10:25'],
  },
  {
    name: 'a trailing non-busy part must still fit inside the interval',
    week: everyDay('09:30', '11:00'),
    duration: 60,
    segments: [{ startMinutes: 0, endMinutes: 30 }],
    expected: ['09:30', '09:45', '10:00'],
  },
  {
    name: 'a special shift replaces the weekly split shift',
    special: { date: MONDAY, available: true, shifts: [{ open: '10:00', close: '11:00' }] },
    duration: 30,
    expected: ['10:00', '10:15', '10:30'],
  },
  {
    name: 'a special closed day offers nothing',
    special: { date: MONDAY, available: false, shifts: [] },
    duration: 30,
    expected: [],
  },
  {
    name: 'a Sunday without shifts offers nothing',
    date: SUNDAY,
    duration: 30,
    expected: [],
  },
  {
    name: 'a leave blocks every start whose service would overlap it',
    week: everyDay('09:30', '12:00'),
    busy: [['10:00', '11:00']],
    duration: 30,
    expected: ['09:30', '11:00', '11:15', '11:30'],
  },
  {
    name: 'an appointment ending exactly at a candidate start does not block it',
    week: everyDay('09:30', '11:00'),
    busy: [['09:30', '10:00']],
    duration: 30,
    expected: ['10:00', '10:15', '10:30'],
  },
  {
    name: 'an appointment starting exactly at a candidate end does not block it',
    week: everyDay('09:30', '11:00'),
    busy: [['10:30', '11:00']],
    duration: 30,
    expected: ['09:30', '09:45', '10:00'],
  },
  {
    name: "a 30-min cut fits inside another appointment's 30-min rest gap",
    week: everyDay('09:30', '12:00'),
    // A colour booked at 10:00: busy 10:00–10:30 and 11:00–11:15, resting 10:30–11:00.
    busy: [
      ['10:00', '10:30'],
      ['11:00', '11:15'],
    ],
    duration: 30,
    expected: ['09:30', '10:30', '11:15', '11:30'],
  },
  {
    name: "the colour's own rest gap need not be free",
    week: everyDay('09:30', '12:00'),
    busy: [['10:30', '11:00']],
    duration: 75,
    segments: COLOR,
    expected: ['10:00'],
  },
  {
    name: 'without busy parts the same colour (whole 75 min) does not fit around that cut',
    week: everyDay('09:30', '12:00'),
    busy: [['10:30', '11:00']],
    duration: 75,
    segments: segmentsOf(75, null),
    expected: [],
  },
  {
    name: 'nothing at `now` exactly: the first start is strictly after it',
    week: everyDay('09:30', '11:00'),
    duration: 30,
    now: '10:00',
    expected: ['10:15', '10:30'],
  },
  {
    name: 'between two steps, the next step is the first start',
    week: everyDay('09:30', '11:00'),
    duration: 30,
    now: '10:07',
    expected: ['10:15', '10:30'],
  },
  {
    name: 'after the day has ended nothing is offered',
    week: everyDay('09:30', '11:00'),
    duration: 30,
    now: '23:00',
    expected: [],
  },
  {
    name: 'an upper limit keeps only starts strictly before it',
    week: everyDay('09:30', '11:00'),
    duration: 30,
    until: '10:15',
    expected: ['09:30', '09:45', '10:00'],
  },
];

describe('availableStarts', () => {
  test.each(cases)('$name', (c) => {
    const date = c.date ?? MONDAY;
    const starts = availableStarts({
      date,
      open: openIntervals(date, c.week ?? SPLIT, c.special),
      busy: (c.busy ?? []).map(([from, to]) => busy(date, from, to)),
      durationMinutes: c.duration,
      segments: c.segments ?? segmentsOf(c.duration, null),
      now: c.now === undefined ? LONG_AGO : typeof c.now === 'number' ? c.now : at(date, c.now),
      until: c.until === undefined ? null : at(date, c.until),
    });
    expect(labelsOf(starts)).toEqual(c.expected);
    // Offered starts come in ascending order.
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });
});

describe('fits', () => {
  const open = [busy(MONDAY, '09:30', '12:00')];

  it('accepts a colour whose rest gap is taken but whose busy parts are clear', () => {
    expect(fits(at(MONDAY, '10:00'), { open, busy: [busy(MONDAY, '10:30', '11:00')], segments: COLOR })).toBe(true);
  });

  it('refuses a colour whose second busy part hits another appointment', () => {
    expect(fits(at(MONDAY, '10:00'), { open, busy: [busy(MONDAY, '11:00', '11:30')], segments: COLOR })).toBe(false);
  });

  it('refuses a service with a busy part outside open time', () => {
    expect(fits(at(MONDAY, '11:00'), { open, busy: [], segments: COLOR })).toBe(false);
  });
});

describe('clientWindowEnd (30 days ahead)', () => {
  test.each([
    ['a winter morning', '2026-11-23T09:00:00Z', '2026-12-23T23:00:00.000Z'],
    // 00:30 on 23 November in Madrid is still 22 November in UTC: the Madrid day counts.
    ['just after midnight in Madrid', '2026-11-22T23:30:00Z', '2026-12-23T23:00:00.000Z'],
    ['the last instant of a Madrid day', '2026-11-23T22:59:59Z', '2026-12-23T23:00:00.000Z'],
    // From winter time into summer time: midnight of 20 April in Madrid is 22:00Z.
    ['across the March change', '2026-03-20T12:00:00Z', '2026-04-19T22:00:00.000Z'],
  ])('%s', (_name, now, expected) => {
    expect(isoUtc(clientWindowEnd(Date.parse(now)))).toBe(expected);
  });

  it('keeps the 30th day bookable and the 31st empty for a client', () => {
    const now = Date.parse('2026-11-23T09:00:00Z'); // Monday
    const startsOn = (date: string) =>
      availableStarts({
        date,
        open: openIntervals(date, SPLIT),
        busy: [],
        durationMinutes: 30,
        segments: segmentsOf(30, null),
        now,
        until: clientWindowEnd(now),
      });
    // 23 December (Wednesday) is 30 days after 23 November; 24 December is 31 days after.
    expect(labelsOf(startsOn('2026-12-23'))).toEqual([...quarters('09:30', '13:30'), ...quarters('16:00', '19:30')]);
    expect(startsOn('2026-12-24')).toEqual([]);
  });
});

describe('daylight-saving days of Europe/Madrid (2026)', () => {
  const query = (date: string, week: WeekShift[], duration = 30) =>
    availableStarts({
      date,
      open: openIntervals(date, week),
      busy: [],
      durationMinutes: duration,
      segments: segmentsOf(duration, null),
      now: LONG_AGO,
      until: null,
    });

  it('29 March (02:00 → 03:00): a 09:30 shift starts at 07:30Z', () => {
    const starts = query('2026-03-29', everyDay('09:30', '14:00'));
    expect(isoUtc(starts[0]!)).toBe('2026-03-29T07:30:00.000Z');
    expect(isoUtc(starts.at(-1)!)).toBe('2026-03-29T11:30:00.000Z');
    expect(labelsOf(starts)).toEqual(quarters('09:30', '13:30'));
  });

  it('25 October (03:00 → 02:00): a 09:30 shift starts at 08:30Z', () => {
    const starts = query('2026-10-25', everyDay('09:30', '14:00'));
    expect(isoUtc(starts[0]!)).toBe('2026-10-25T08:30:00.000Z');
    expect(isoUtc(starts.at(-1)!)).toBe('2026-10-25T12:30:00.000Z');
    expect(labelsOf(starts)).toEqual(quarters('09:30', '13:30'));
  });

  it('the days around each change keep their own offsets', () => {
    expect(isoUtc(query('2026-03-28', everyDay('09:30', '14:00'))[0]!)).toBe('2026-03-28T08:30:00.000Z');
    expect(isoUtc(query('2026-03-30', everyDay('09:30', '14:00'))[0]!)).toBe('2026-03-30T07:30:00.000Z');
    expect(isoUtc(query('2026-10-24', everyDay('09:30', '14:00'))[0]!)).toBe('2026-10-24T07:30:00.000Z');
    expect(isoUtc(query('2026-10-26', everyDay('09:30', '14:00'))[0]!)).toBe('2026-10-26T08:30:00.000Z');
  });

  it('29 March: a shift spanning the skipped hour lasts two real hours and skips the 02:xx labels', () => {
    const date = '2026-03-29';
    expect(iso(openIntervals(date, everyDay('01:00', '04:00')))).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T02:00:00.000Z'],
    ]);
    const starts = query(date, everyDay('01:00', '04:00'));
    expect(starts.map(isoUtc)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:15:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T00:45:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:15:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);
    expect(labelsOf(starts)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30']);
    const groups = groupByHour(starts, 30);
    expect(groups.map((g) => g.hour)).toEqual(['01:00', '03:00']);
    // 01:45 + 30 real minutes ends at 03:15 summer time.
    expect(groups[0]!.hours.at(-1)).toEqual({
      id: '2026-03-29T00:45:00.000Z_2026-03-29T01:15:00.000Z',
      start_time: '2026-03-29T00:45:00.000Z',
      end_time: '2026-03-29T01:15:00.000Z',
    });
  });

  it('25 October: a shift spanning the repeated hour lasts four real hours and offers 02:xx twice', () => {
    const date = '2026-10-25';
    expect(iso(openIntervals(date, everyDay('01:00', '04:00')))).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ]);
    const starts = query(date, everyDay('01:00', '04:00'));
    expect(starts).toHaveLength(15);
    expect(isoUtc(starts[0]!)).toBe('2026-10-24T23:00:00.000Z');
    expect(isoUtc(starts.at(-1)!)).toBe('2026-10-25T02:30:00.000Z');
    expect(labelsOf(starts)).toEqual([
      ...quarters('01:00', '02:45'), // summer time
      ...quarters('02:00', '02:45'), // winter time again
      ...quarters('03:00', '03:30'),
    ]);
    const groups = groupByHour(starts, 30);
    expect(groups.map((g) => [g.hour, g.hours.length])).toEqual([
      ['01:00', 4],
      ['02:00', 8],
      ['03:00', 3],
    ]);
    // Both 02:00 starts are offered, one hour apart in real time, with distinct ids.
    const twoOClock = groups[1]!.hours.filter((h) => timeOf(h.start_time) === '02:00');
    expect(twoOClock.map((h) => h.start_time)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z']);
  });
});

describe('groupByHour', () => {
  it('groups starts under their Madrid hour with id `start_end` and UTC ISO times', () => {
    const starts = ['09:30', '09:45', '10:00'].map((t) => at(MONDAY, t));
    expect(groupByHour(starts, 30)).toEqual([
      {
        hour: '09:00',
        hours: [
          {
            id: '2026-11-23T08:30:00.000Z_2026-11-23T09:00:00.000Z',
            start_time: '2026-11-23T08:30:00.000Z',
            end_time: '2026-11-23T09:00:00.000Z',
          },
          {
            id: '2026-11-23T08:45:00.000Z_2026-11-23T09:15:00.000Z',
            start_time: '2026-11-23T08:45:00.000Z',
            end_time: '2026-11-23T09:15:00.000Z',
          },
        ],
      },
      {
        hour: '10:00',
        hours: [
          {
            id: '2026-11-23T09:00:00.000Z_2026-11-23T09:30:00.000Z',
            start_time: '2026-11-23T09:00:00.000Z',
            end_time: '2026-11-23T09:30:00.000Z',
          },
        ],
      },
    ]);
  });

  it('gives the end of a 75-min service, rest gap included', () => {
    const [group] = groupByHour([at(MONDAY, '16:00')], 75);
    expect(group).toEqual({
      hour: '16:00',
      hours: [
        {
          id: '2026-11-23T15:00:00.000Z_2026-11-23T16:15:00.000Z',
          start_time: '2026-11-23T15:00:00.000Z',
          end_time: '2026-11-23T16:15:00.000Z',
        },
      ],
    });
  });

  it('is empty without starts', () => {
    expect(groupByHour([], 30)).toEqual([]);
  });
});

/**
 * The fast path (per-date offsets, sorted sweep, arithmetic labels) against the straightforward
 * luxon formulation it replaced, on random days (the daylight-saving change days weighted in), shifts,
 * busy ranges and multi-part services: the same starts, the same hour groups, the same client window.
 */
describe('fast path = luxon reference (property)', () => {
  /** The luxon formulation of `madridWallClock`. */
  const madridWallClockLuxon = (date: string, minutes: number): number => {
    const day = DateTime.fromISO(date, { zone: ZONE }).startOf('day');
    if (minutes >= 1440) return day.plus({ days: 1 }).toMillis();
    return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
  };
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    return last.toISOString().slice(0, 10);
  };
  const arbDate = fc.oneof(
    fc.integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2050, 11, 31) / 86_400_000 }).map((d) =>
      new Date(d * 86_400_000).toISOString().slice(0, 10),
    ),
    fc.record({ year: fc.integer({ min: 1990, max: 2050 }), month: fc.constantFrom(3, 10) }).map(({ year, month }) => lastSunday(year, month)),
  );

  const refOpen = (date: string, week: WeekShift[]): Range[] => {
    const day = DateTime.fromISO(date, { zone: ZONE }).weekday % 7;
    return week
      .filter((s) => s.day === day && s.openMinute < s.closeMinute)
      .map((s) => ({ start: madridWallClockLuxon(date, s.openMinute), end: madridWallClockLuxon(date, s.closeMinute) }))
      .filter((r) => r.start < r.end)
      .sort((a, b) => a.start - b.start);
  };
  const refStarts = (q: { open: Range[]; busy: Range[]; durationMinutes: number; segments: BusySegment[]; now: number; until: number | null }) => {
    const out: number[] = [];
    for (const o of q.open) {
      for (let s = o.start; s + q.durationMinutes * 60_000 <= o.end; s += 15 * 60_000) {
        if (s <= q.now || (q.until !== null && s >= q.until)) continue;
        const ok = q.segments.every((seg) => {
          const part = { start: s + seg.startMinutes * 60_000, end: s + seg.endMinutes * 60_000 };
          return q.open.some((x) => x.start <= part.start && part.end <= x.end) && !q.busy.some((b) => b.start < part.end && part.start < b.end);
        });
        if (ok) out.push(s);
      }
    }
    return [...new Set(out)].sort((a, b) => a - b);
  };
  const refGroups = (starts: number[], duration: number) => {
    const groups = new Map<string, { id: string; start_time: string; end_time: string }[]>();
    for (const s of starts) {
      const label = `${String(DateTime.fromMillis(s, { zone: ZONE }).hour).padStart(2, '0')}:00`;
      const a = new Date(s).toISOString();
      const b = new Date(s + duration * 60_000).toISOString();
      groups.set(label, [...(groups.get(label) ?? []), { id: `${a}_${b}`, start_time: a, end_time: b }]);
    }
    return [...groups.entries()].map(([hour, hours]) => ({ hour, hours }));
  };

  /** Shifts on the 5-minute grid, possibly across the change hours (00:00–05:00) and up to 24:00. */
  const arbShift = fc
    .tuple(fc.integer({ min: 0, max: 288 }), fc.integer({ min: 1, max: 288 }))
    .map(([a, len]) => ({ openMinute: a * 5, closeMinute: Math.min(1440, a * 5 + len * 5) }));
  const arbSegments = fc.oneof(
    fc.constant(null),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 8 })), { minLength: 1, maxLength: 4 }).map((parts) =>
      parts.map(([a, len]) => ({ startMinutes: a * 5, endMinutes: a * 5 + len * 5 })),
    ),
  );

  it('gives the same starts, hour groups and client window as the luxon formulation', () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.array(arbShift, { minLength: 0, maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: -120, max: 1560 }), fc.integer({ min: 0, max: 90 })), { maxLength: 40 }),
        fc.integer({ min: 1, max: 48 }).map((q) => q * 5),
        arbSegments,
        fc.integer({ min: -2000, max: 1600 }),
        fc.boolean(),
        (date, shifts, busyList, duration, rawSegments, nowMinute, client) => {
          const week = shifts.map((s) => ({ day: weekdayOf(date), ...s }));
          const open = openIntervals(date, week);
          expect(open).toEqual(refOpen(date, week));
          const dayStart = madridWallClockLuxon(date, 0);
          const busyRanges = busyList.map(([m, len]) => ({ start: dayStart + m * 60_000, end: dayStart + (m + len) * 60_000 }));
          const now = dayStart + nowMinute * 60_000;
          const until = client ? DateTime.fromMillis(now, { zone: ZONE }).startOf('day').plus({ days: 31 }).toMillis() : null;
          expect(client ? clientWindowEnd(now) : null).toBe(until);
          const q = { date, open, busy: busyRanges, durationMinutes: duration, segments: segmentsOf(duration, rawSegments), now, until };
          const starts = availableStarts(q);
          expect(starts).toEqual(refStarts(q));
          expect(groupByHour(starts, duration)).toEqual(refGroups(starts, duration));
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('walkInStart', () => {
  test.each([
    ['14:02 → 14:00', '2027-05-03T12:02:00Z', '2027-05-03T12:00:00Z'],
    ['14:00:00 exactly stays', '2027-05-03T12:00:00Z', '2027-05-03T12:00:00Z'],
    ['14:04:59.999 → 14:00', '2027-05-03T12:04:59.999Z', '2027-05-03T12:00:00Z'],
    ['14:05 → 14:05', '2027-05-03T12:05:00Z', '2027-05-03T12:05:00Z'],
    ['23:59 → 23:55 (Madrid, winter)', '2026-11-26T22:59:30Z', '2026-11-26T22:55:00Z'],
  ])('%s', (_n, now, expected) => {
    expect(walkInStart(Date.parse(now))).toBe(Date.parse(expected));
  });
});

describe('staffStartError', () => {
  const now = Date.parse('2027-05-03T12:02:00Z'); // 14:02 in Madrid
  it('admits a future start on the 5-minute grid, off the 15-minute one', () => {
    expect(staffStartError(Date.parse('2027-05-03T12:05:00Z'), now)).toBeNull();
    expect(staffStartError(Date.parse('2027-05-03T15:35:00Z'), now)).toBeNull();
  });
  it('admits the current minute rounded down to 5 (a walk-in): 14:00 at 14:02', () => {
    expect(staffStartError(Date.parse('2027-05-03T12:00:00Z'), now)).toBeNull();
  });
  it('refuses 5 minutes before that (13:55 at 14:02) as past', () => {
    expect(staffStartError(Date.parse('2027-05-03T11:55:00Z'), now)).toBe('pastDate');
    expect(staffStartError(Date.parse('2027-05-02T12:00:00Z'), now)).toBe('pastDate');
  });
  it('refuses a start off the 5-minute grid, in the past or the future', () => {
    expect(staffStartError(Date.parse('2027-05-03T12:07:00Z'), now)).toBe('slotUnavailable');
    expect(staffStartError(Date.parse('2027-05-03T12:01:00Z'), now)).toBe('slotUnavailable');
  });
  it('moves with the clock: at 14:05 the 14:00 start is past', () => {
    expect(staffStartError(Date.parse('2027-05-03T12:00:00Z'), Date.parse('2027-05-03T12:05:00Z'))).toBe('pastDate');
  });
});
