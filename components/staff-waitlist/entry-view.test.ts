import messages from '@/lib/i18n/messages/es.json';
import { ApiClientError, ApiNetworkError } from '@/lib/api-client/fetcher';
import { madridWallClock, MINUTE_MS } from '@/lib/domain/time';
import { PARTS_OF_DAY } from '@/lib/domain/waitlist';
import type { HourGroup } from '@/lib/validation/dto';
import { firstDateOf, groupByFirstDate, offerableHours, offerDates, offerErrorKey, stylistsForAll } from './entry-view';

const iso = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(madridWallClock(date, h! * 60 + m!)).toISOString();
};

describe('grouping the list by the first date still wanted', () => {
  const today = '2026-12-09';

  it('an entry whose range has begun counts from today', () => {
    expect(firstDateOf({ from: '2026-12-07' }, today)).toBe(today);
    expect(firstDateOf({ from: '2026-12-11' }, today)).toBe('2026-12-11');
  });

  it('groups dates ascending and keeps the joining order inside a group', () => {
    const entries = [
      { id: 'a', from: '2026-12-12' },
      { id: 'b', from: '2026-12-07' },
      { id: 'c', from: '2026-12-10' },
      { id: 'd', from: '2026-12-09' },
      { id: 'e', from: '2026-12-12' },
    ];
    expect(groupByFirstDate(entries, today).map((g) => [g.date, g.entries.map((e) => e.id)])).toEqual([
      ['2026-12-09', ['b', 'd']],
      ['2026-12-10', ['c']],
      ['2026-12-12', ['a', 'e']],
    ]);
  });

  it('no groups without entries', () => {
    expect(groupByFirstDate([], today)).toEqual([]);
  });
});

describe('the dates an entry may be offered', () => {
  it.each([
    ['2026-12-09', '2026-12-11', '2026-12-08', ['2026-12-09', '2026-12-10', '2026-12-11']],
    ['2026-12-07', '2026-12-10', '2026-12-09', ['2026-12-09', '2026-12-10']],
    ['2026-12-09', '2026-12-09', '2026-12-09', ['2026-12-09']],
    ['2026-12-28', '2027-01-02', '2026-12-20', ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']],
    ['2026-12-01', '2026-12-05', '2026-12-09', []],
  ])('from %s to %s on %s', (from, to, today, dates) => {
    expect(offerDates({ from, to }, today)).toEqual(dates);
  });
});

describe('the hours staff may offer', () => {
  const date = '2026-12-09';
  const hour = (hhmm: string) => ({ id: hhmm, start_time: iso(date, hhmm), end_time: iso(date, hhmm) });
  const groups: HourGroup[] = [
    { hour: '14:00', hours: [hour('14:00'), hour('14:30')] },
    { hour: '09:00', hours: [hour('09:30'), hour('09:45')] },
    { hour: '13:00', hours: [hour('13:30')] },
  ];
  const now = madridWallClock(date, 9 * 60);

  it('at least 45 minutes ahead, in time order', () => {
    expect(offerableHours(groups, 'any', now).map((h) => h.id)).toEqual(['09:45', '13:30', '14:00', '14:30']);
  });

  it("in the entry's part of the day", () => {
    expect(offerableHours(groups, 'morning', now).map((h) => h.id)).toEqual(['09:45', '13:30']);
    expect(offerableHours(groups, 'afternoon', now).map((h) => h.id)).toEqual(['14:00', '14:30']);
    expect(offerableHours(groups, 'afternoon', madridWallClock(date, 13 * 60 + 46))).toEqual([]);
  });

  it('none from no hours', () => {
    expect(offerableHours([], 'any', now - 60 * MINUTE_MS)).toEqual([]);
  });
});

describe('the message of a refused offer', () => {
  it.each([
    [new ApiClientError(409, 'slot_taken', 'x'), 'slotTaken'],
    [new ApiClientError(409, 'conflict', 'x'), 'notActive'],
    [new ApiClientError(404, 'not_found', 'x'), 'notFound'],
    [new ApiClientError(422, 'unprocessable', 'x'), 'tooSoon'],
    [new ApiNetworkError(), 'network'],
    [new ApiClientError(500, 'internal', 'x'), null],
    [new Error('x'), null],
  ])('%s → %s', (err, key) => {
    expect(offerErrorKey(err)).toBe(key);
  });

  it('every key and part of the day has its Spanish text', () => {
    for (const key of ['slotTaken', 'notActive', 'notFound', 'tooSoon', 'network'] as const) expect(messages.staffWaitlist.errors[key]).toBeTruthy();
    expect(PARTS_OF_DAY.map((p) => messages.staffWaitlist.part[p])).toEqual(['Mañana', 'Tarde', 'Cualquiera']);
  });
});

describe('the stylists of a visit', () => {
  const team = [
    { email: 'a', services: [{ id: 1 }, { id: 2 }] },
    { email: 'b', services: [{ id: 2 }] },
    { email: 'c', services: [] },
  ];

  it.each([
    [[], ['a', 'b', 'c']],
    [[2], ['a', 'b']],
    [[1, 2], ['a']],
    [[3], []],
  ])('for services %j: %j', (ids, emails) => {
    expect(stylistsForAll(team, ids).map((e) => e.email)).toEqual(emails);
  });
});
