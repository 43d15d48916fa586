/**
 * The arithmetic time path (per-date offsets, fast ISO text) against luxon and `Date`, on random
 * instants and dates, the daylight-saving days of Europe/Madrid (last Sundays of March and October) weighted in.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  datesBetween,
  formatHHmm,
  instantOf,
  isoUtc,
  isValidDate,
  madridDate,
  madridDay,
  madridDayOf,
  madridHourOn,
  madridOffsetMs,
  madridWallClock,
  utcDateOf,
  weekdayOf,
  ZONE,
} from './time';

/** The luxon formulation of `madridWallClock`: the reference the arithmetic path is held to. */
function madridWallClockLuxon(date: string, minutes: number): number {
  const day = DateTime.fromISO(date, { zone: ZONE }).startOf('day');
  if (minutes >= 1440) return day.plus({ days: 1 }).toMillis();
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
}

/** `YYYY-MM-DD` of the last Sunday of a month (1-based) in a year. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** Any date from 1980 to 2060, half of them a daylight-saving change day or one next to it. */
const arbDate = fc.oneof(
  fc.integer({ min: Date.UTC(1980, 0, 1) / 86_400_000, max: Date.UTC(2060, 11, 31) / 86_400_000 }).map((d) =>
    new Date(d * 86_400_000).toISOString().slice(0, 10),
  ),
  fc
    .record({ year: fc.integer({ min: 1981, max: 2060 }), month: fc.constantFrom(3, 10), shift: fc.integer({ min: -1, max: 1 }) })
    .map(({ year, month, shift }) => {
      const sunday = Date.parse(lastSunday(year, month));
      return new Date(sunday + shift * 86_400_000).toISOString().slice(0, 10);
    }),
);

/** Instants from 1980 to 2060, half of them within ±3 h of a change (01:00Z of the last Sundays). */
const arbInstant = fc.oneof(
  fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2060, 11, 31) }),
  fc
    .record({ year: fc.integer({ min: 1981, max: 2060 }), month: fc.constantFrom(3, 10), delta: fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }) })
    .map(({ year, month, delta }) => Date.parse(`${lastSunday(year, month)}T01:00:00Z`) + delta),
);

const RUNS = { numRuns: 2000 };

describe('per-date offsets against luxon', () => {
  it('madridWallClock gives luxon’s instant for every minute of a date, skipped and repeated hours included', () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: 0, max: 1500 }), (date, minutes) => {
        expect(madridWallClock(date, minutes)).toBe(madridWallClockLuxon(date, minutes));
      }),
      RUNS,
    );
  });

  it('every quarter hour of both 2026 change days matches luxon', () => {
    for (const date of ['2026-03-29', '2026-10-25']) {
      for (let m = 0; m <= 1440; m += 15) expect(madridWallClock(date, m)).toBe(madridWallClockLuxon(date, m));
    }
  });

  it('finds each change to the minute (01:00Z on the last Sundays of March and October)', () => {
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [3, 10]) {
        const day = madridDay(lastSunday(year, month))!;
        expect(day.transition).toBe(Date.parse(`${lastSunday(year, month)}T01:00:00Z`));
        expect(day.offsetBefore).toBe(month === 3 ? 3_600_000 : 7_200_000);
        expect(day.offsetAfter).toBe(month === 3 ? 7_200_000 : 3_600_000);
      }
    }
    expect(madridDay('2026-11-23')!.transition).toBeNull();
  });

  it('madridDayOf and madridHourOn give luxon’s Madrid date and hour of an instant', () => {
    fc.assert(
      fc.property(arbInstant, (t) => {
        const ref = DateTime.fromMillis(t, { zone: ZONE });
        const day = madridDayOf(t);
        expect(day.date).toBe(ref.toFormat('yyyy-MM-dd'));
        expect(madridHourOn(day, t)).toBe(ref.hour);
        expect(madridOffsetMs(t)).toBe(ref.offset * 60_000);
        expect(madridDate(t)).toBe(day.date);
      }),
      RUNS,
    );
  });

  it('weekdayOf gives luxon’s weekday (0 = Sunday) and NaN for an unreal date', () => {
    fc.assert(
      fc.property(arbDate, (date) => {
        expect(weekdayOf(date)).toBe(DateTime.fromISO(date, { zone: ZONE }).weekday % 7);
      }),
      RUNS,
    );
    expect(weekdayOf('2026-02-30')).toBeNaN();
    expect(madridDay('2026-02-30')).toBeNull();
    expect(madridWallClock('2026-02-30', 600)).toBeNaN();
  });
});

describe('isValidDate', () => {
  it('agrees with luxon on any `dddd-dd-dd` text and refuses other shapes', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(digits(4), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(
            ([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
          ),
          arbDate,
          fc.string({ maxLength: 12 }),
        ),
        (text) => {
          const luxon = /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: ZONE }).isValid;
          expect(isValidDate(text)).toBe(luxon);
        },
      ),
      { numRuns: 5000 },
    );
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('0000-01-01')).toBe(DateTime.fromISO('0000-01-01', { zone: ZONE }).isValid);
    expect(isValidDate('2026-11-23T10:00')).toBe(false);
  });
});

describe('isoUtc', () => {
  it('gives Date#toISOString’s text for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_000_000_000_000, max: 260_000_000_000_000 }), (ms) => {
        expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
    expect(isoUtc(new Date('2026-11-23T09:00:00.123Z'))).toBe('2026-11-23T09:00:00.123Z');
    expect(() => isoUtc(Number.NaN)).toThrow(RangeError);
  });

  it('utcDateOf gives the UTC date of an instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(utcDateOf(ms)).toBe(new Date(ms).toISOString().slice(0, 10));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('madridDate and datesBetween against luxon', () => {
  it('madridDate of an instant, a Date and a zoned ISO string is luxon’s Madrid date', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2080, 0, 1) }), (ms) => {
        const expected = DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd');
        expect(madridDate(ms)).toBe(expected);
        expect(madridDate(new Date(ms))).toBe(expected);
        expect(madridDate(new Date(ms).toISOString())).toBe(expected);
        expect(madridDate(DateTime.fromMillis(ms, { zone: ZONE }).toISO()!)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('madridDate and madridOffsetMs outside the memoised years (0–1900, 9998 on) are luxon’s', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -62_000_000_000_000, max: Date.UTC(1900, 0, 2) }), fc.integer({ min: Date.UTC(9998, 11, 31), max: 253_402_000_000_000 })),
        (ms) => {
          const ref = DateTime.fromMillis(ms, { zone: ZONE });
          expect(madridOffsetMs(ms)).toBe(ref.offset * 60_000);
          expect(madridDate(ms)).toBe(ref.toFormat('yyyy-MM-dd'));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('instantOf reads a local time as madridWallClock does; madridDate gives its date as luxon does', () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 59 }), (date, minutes, seconds) => {
        const text = `${date}T${formatHHmm(minutes)}:${String(seconds).padStart(2, '0')}`;
        const ref = DateTime.fromISO(text, { zone: ZONE });
        expect(instantOf(text)).toBe(madridWallClock(date, minutes) + seconds * 1000);
        expect(madridDate(text)).toBe(ref.toFormat('yyyy-MM-dd'));
      }),
      RUNS,
    );
    expect(instantOf('2026-11-23')).toBe(Date.parse('2026-11-22T23:00:00Z'));
    expect(instantOf('23/11/2026')).toBeNaN();
    expect(() => madridDate('not a date')).toThrow(RangeError);
  });

  it('madridDate of a bare date or a local time reads it as Madrid’s, as luxon does', () => {
    expect(madridDate('2026-03-29')).toBe('2026-03-29');
    expect(madridDate('2026-10-25T23:30')).toBe('2026-10-25');
    expect(madridDate('2026-10-25T23:30:00.000Z')).toBe('2026-10-26');
  });

  it('datesBetween lists the calendar dates luxon lists, and nothing for an inverted or unreal range', () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: -3, max: 70 }), (from, span) => {
        const to = DateTime.fromISO(from, { zone: ZONE }).plus({ days: span }).toFormat('yyyy-MM-dd');
        const expected: string[] = [];
        for (let d = DateTime.fromISO(from, { zone: ZONE }); d <= DateTime.fromISO(to, { zone: ZONE }); d = d.plus({ days: 1 })) {
          expected.push(d.toFormat('yyyy-MM-dd'));
        }
        expect(datesBetween(from, to)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
    expect(datesBetween('2026-02-28', '2026-03-01')).toEqual(['2026-02-28', '2026-03-01']);
    expect(datesBetween('2026-02-30', '2026-03-01')).toEqual([]);
    expect(datesBetween('2026-01-01', '2027-12-31')).toHaveLength(400);
  });
});
