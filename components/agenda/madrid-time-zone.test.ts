import fc from 'fast-check';
import { DateTime } from 'luxon';
import { ZONE } from '@/lib/domain/time';
import { MadridTimeZone } from './madrid-time-zone';

const zone = new MadridTimeZone(ZONE);

/** luxon's answers, as @fullcalendar/luxon3 computed them. */
const luxonArray = (ms: number) => {
  const d = DateTime.fromMillis(ms, { zone: ZONE });
  return [d.year, d.month - 1, d.day, d.hour, d.minute, d.second, d.millisecond];
};
const luxonOffset = (a: number[]) =>
  DateTime.fromObject(
    { year: a[0], month: a[1]! + 1, day: a[2], hour: a[3], minute: a[4], second: a[5], millisecond: a[6] },
    { zone: ZONE },
  ).offset;

// 1990–2060: the years an agenda shows, both daylight-saving changes of each included.
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });

describe('MadridTimeZone: the agenda calendar time zone agrees with luxon', () => {
  it('wall clock of any instant', () => {
    fc.assert(fc.property(instant, (ms) => expect(zone.timestampToArray(ms)).toEqual(luxonArray(ms))), { numRuns: 2000 });
  });

  it('offset of any wall-clock time outside the hour of a change', () => {
    // In the skipped and the repeated hour luxon's `fromObject` answers from the offset in force *now*
    // (today's date decides), so only the unambiguous times are compared with it.
    // A change day is one whose offset at its start and end differ (Spain's rules changed over the
    // years: until 1995 summer time ended in September).
    const unambiguous = (a: number[]) => {
      const day = DateTime.fromObject({ year: a[0], month: a[1]! + 1, day: a[2] }, { zone: ZONE });
      const changeDay = day.startOf('day').offset !== day.endOf('day').offset;
      return !(changeDay && a[3]! >= 1 && a[3]! <= 3);
    };
    fc.assert(
      fc.property(instant.map(luxonArray).filter(unambiguous), (a) => expect(zone.offsetForArray(a)).toBe(luxonOffset(a))),
      { numRuns: 2000 },
    );
  });

  it('the skipped hour moves forward, the repeated hour takes its first (summer) occurrence', () => {
    // 29 March 2026: 02:00 → 03:00; 02:30 is read as 03:30 summer time (01:30 UTC).
    expect(zone.offsetForArray([2026, 2, 29, 2, 30, 0, 0])).toBe(60);
    // 25 October 2026: 03:00 → 02:00; 02:30 is its first occurrence, 00:30 UTC.
    expect(zone.offsetForArray([2026, 9, 25, 2, 30, 0, 0])).toBe(120);
    expect(zone.offsetForArray([2026, 9, 25, 3, 0, 0, 0])).toBe(60);
  });

  it('winter +60, summer +120', () => {
    expect(zone.offsetForArray([2026, 0, 15, 12, 0, 0, 0])).toBe(60);
    expect(zone.offsetForArray([2026, 6, 15, 12, 0, 0, 0])).toBe(120);
    expect(zone.timestampToArray(Date.UTC(2026, 10, 26, 9, 0))).toEqual([2026, 10, 26, 10, 0, 0, 0]);
  });

  it('refuses another zone', () => {
    expect(() => new MadridTimeZone('Europe/Lisbon')).toThrow();
  });
});
