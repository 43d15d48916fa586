import { entryRangeError, inPartOfDay, isActiveEntry, nextOffers, offerableFreed, offerPolicy, openedBySchedule, startsForWish, subtractRanges, wishWantsStart } from './waitlist';
import type { ScheduleOn } from './orphans';
import type { VisitService, VisitStylist } from './visit';
import { HOUR_MS, madridWallClock, MINUTE_MS } from './time';

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return madridWallClock(date, h! * 60 + m!);
};

describe('the offer policy by how near the freed hour is', () => {
  const start = at('2026-12-10', '17:00');

  it('more than 24 hours ahead: one entry at a time with 60 minutes to claim', () => {
    expect(offerPolicy(start, start - 25 * HOUR_MS)).toEqual({ kind: 'batch', size: 1, windowMs: 60 * MINUTE_MS });
    expect(offerPolicy(start, start - 24 * HOUR_MS - 1)).toEqual({ kind: 'batch', size: 1, windowMs: 60 * MINUTE_MS });
  });

  it('from 3 to 24 hours: three at a time with 20 minutes', () => {
    expect(offerPolicy(start, start - 24 * HOUR_MS)).toEqual({ kind: 'batch', size: 3, windowMs: 20 * MINUTE_MS });
    expect(offerPolicy(start, start - 3 * HOUR_MS)).toEqual({ kind: 'batch', size: 3, windowMs: 20 * MINUTE_MS });
  });

  it('under 3 hours: everyone at once, claimable until 45 minutes before; none under 45 minutes', () => {
    expect(offerPolicy(start, start - 3 * HOUR_MS + 1)).toEqual({ kind: 'all', windowMs: 3 * HOUR_MS - 1 - 45 * MINUTE_MS });
    expect(offerPolicy(start, start - 45 * MINUTE_MS)).toEqual({ kind: 'all', windowMs: 0 });
    expect(offerPolicy(start, start - 45 * MINUTE_MS + 1)).toEqual({ kind: 'none' });
  });
});

describe('who is offered next', () => {
  const start = at('2026-12-10', '17:00');
  const waiting = [
    { id: 'c', joinedAt: 3 },
    { id: 'a', joinedAt: 1 },
    { id: 'b', joinedAt: 2 },
    { id: 'd', joinedAt: 4 },
  ];

  it('FIFO for an hour more than 24 hours ahead: only the first, for 60 minutes', () => {
    const now = start - 48 * HOUR_MS;
    expect(nextOffers(waiting, start, now)).toEqual({ offers: [{ id: 'a', joinedAt: 1 }], expiresAt: now + 60 * MINUTE_MS });
  });

  it('batches of three in joining order at 3–24 hours; everyone under 3 hours; nobody under 45 minutes', () => {
    expect(nextOffers(waiting, start, start - 5 * HOUR_MS).offers.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(nextOffers(waiting, start, start - 2 * HOUR_MS).offers.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(nextOffers(waiting, start, start - 30 * MINUTE_MS)).toEqual({ offers: [], expiresAt: null });
    expect(nextOffers([], start, start - 48 * HOUR_MS)).toEqual({ offers: [], expiresAt: null });
  });
});

describe('what an entry wants', () => {
  it('mañana is before 14:00 Madrid, tarde from 14:00', () => {
    expect(inPartOfDay(at('2026-12-10', '13:59'), 'morning')).toBe(true);
    expect(inPartOfDay(at('2026-12-10', '14:00'), 'morning')).toBe(false);
    expect(inPartOfDay(at('2026-12-10', '14:00'), 'afternoon')).toBe(true);
    expect(inPartOfDay(at('2026-12-10', '09:30'), 'afternoon')).toBe(false);
    expect(inPartOfDay(at('2026-12-10', '20:00'), 'any')).toBe(true);
    // Summer time: 13:30 Madrid is 11:30 UTC.
    expect(inPartOfDay(at('2026-07-10', '13:30'), 'morning')).toBe(true);
  });

  it('a start inside its date range and part of the day; never one past the range', () => {
    const wish = { serviceIds: [1], employeeId: null, from: '2026-12-09', to: '2026-12-11', partOfDay: 'afternoon' as const };
    expect(wishWantsStart(wish, at('2026-12-09', '16:00'))).toBe(true);
    expect(wishWantsStart(wish, at('2026-12-11', '19:30'))).toBe(true);
    expect(wishWantsStart(wish, at('2026-12-12', '16:00'))).toBe(false);
    expect(wishWantsStart(wish, at('2026-12-08', '16:00'))).toBe(false);
    expect(wishWantsStart(wish, at('2026-12-10', '10:00'))).toBe(false);
  });

  it('a range from today to the 30-day window, in order', () => {
    const now = at('2026-11-23', '10:00');
    expect(entryRangeError({ from: '2026-11-23', to: '2026-12-23' }, now)).toBeNull();
    expect(entryRangeError({ from: '2026-11-25', to: '2026-11-24' }, now)).toBe('waitlistRangeOrder');
    expect(entryRangeError({ from: '2026-11-22', to: '2026-11-24' }, now)).toBe('waitlistRangePast');
    expect(entryRangeError({ from: '2026-11-23', to: '2026-12-24' }, now)).toBe('waitlistRangeWindow');
  });

  it('waiting and offered entries are active; booked, expired and cancelled ones are not', () => {
    expect(['waiting', 'offered', 'booked', 'expired', 'cancelled'].map((s) => isActiveEntry(s as never))).toEqual([true, true, false, false, false]);
  });
});

describe('the starts a freed time offers an entry', () => {
  const day = '2026-12-10';
  const CUT: VisitService = { id: 1, durationMinutes: 30, segments: [{ startMinutes: 0, endMinutes: 30 }] };
  const COLOUR: VisitService = { id: 2, durationMinutes: 60, segments: [{ startMinutes: 0, endMinutes: 20 }, { startMinutes: 50, endMinutes: 60 }] };
  const open = [
    { start: at(day, '09:30'), end: at(day, '14:00') },
    { start: at(day, '16:00'), end: at(day, '20:00') },
  ];
  // Sara's afternoon is booked but for 17:00–17:30, just cancelled; Marcos is booked all day.
  const sara: VisitStylist = { id: 'sara', offers: [1, 2], open, busy: [{ start: at(day, '09:30'), end: at(day, '14:00') }, { start: at(day, '16:00'), end: at(day, '17:00') }, { start: at(day, '17:30'), end: at(day, '20:00') }] };
  const marcos: VisitStylist = { id: 'marcos', offers: [1], open, busy: open };
  const freed = { stylistId: 'sara', start: at(day, '17:00'), end: at(day, '17:30') };
  const now = at('2026-12-09', '10:00');
  const wish = (o: Partial<Parameters<typeof startsForWish>[0]> = {}) => ({ serviceIds: [1], employeeId: null, from: day, to: day, partOfDay: 'any' as const, ...o });
  const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());

  it('a cut with anyone, or with the freed stylist, takes the freed half hour', () => {
    expect(iso(startsForWish(wish(), { services: [CUT], stylists: [sara, marcos], freed, now }))).toEqual(iso([at(day, '17:00')]));
    expect(iso(startsForWish(wish({ employeeId: 'sara', partOfDay: 'afternoon' }), { services: [CUT], stylists: [sara, marcos], freed, now }))).toEqual(iso([at(day, '17:00')]));
  });

  it('none for another stylist, another part of the day, another date or a visit that does not fit', () => {
    const q = { services: [CUT], stylists: [sara, marcos], freed, now };
    expect(startsForWish(wish({ employeeId: 'marcos' }), q)).toEqual([]);
    expect(startsForWish(wish({ partOfDay: 'morning' }), q)).toEqual([]);
    expect(startsForWish(wish({ from: '2026-12-11', to: '2026-12-12' }), q)).toEqual([]);
    expect(startsForWish(wish({ serviceIds: [2] }), { ...q, services: [COLOUR] })).toEqual([]);
  });

  it('nothing under 45 minutes from now', () => {
    const q = { services: [CUT], stylists: [sara], freed };
    expect(startsForWish(wish(), { ...q, now: at(day, '16:15') })).toHaveLength(1);
    expect(startsForWish(wish(), { ...q, now: at(day, '16:16') })).toEqual([]);
  });
});

describe('the freed time worth offering', () => {
  const day = '2026-12-10';
  const iso = (rs: { start: number; end: number }[]) => rs.map((r) => [new Date(r.start).toISOString(), new Date(r.end).toISOString()]);

  it('cut at Madrid midnight, begun pieces start now, pieces ending within 45 minutes dropped', () => {
    const now = at(day, '17:00');
    const freed = [
      { start: at(day, '16:00'), end: at(day, '17:40') }, // ends 40 minutes from now: nothing can start
      { start: at(day, '16:30'), end: at(day, '18:00') }, // begun: from now on
      { start: at(day, '23:00'), end: at('2026-12-11', '01:00') }, // across midnight: two pieces
    ];
    expect(iso(offerableFreed(freed, now))).toEqual(
      iso([
        { start: now, end: at(day, '18:00') },
        { start: at(day, '23:00'), end: at('2026-12-11', '00:00') },
        { start: at('2026-12-11', '00:00'), end: at('2026-12-11', '01:00') },
      ]),
    );
  });

  it('subtracts ranges piece by piece', () => {
    const r = (a: string, b: string) => ({ start: at(day, a), end: at(day, b) });
    expect(iso(subtractRanges([r('09:00', '14:00'), r('16:00', '20:00')], [r('10:00', '11:00'), r('13:00', '17:00')]))).toEqual(
      iso([r('09:00', '10:00'), r('11:00', '13:00'), r('17:00', '20:00')]),
    );
    expect(subtractRanges([r('09:00', '10:00')], [r('08:00', '11:00')])).toEqual([]);
  });

  it('a longer shift and a removed closed day open time; a shorter one opens none', () => {
    const now = at('2026-12-07', '08:00'); // a Monday
    const week = [{ day: 4, openMinute: 9 * 60, closeMinute: 14 * 60 }]; // Thursdays 09:00–14:00
    const longer = [{ day: 4, openMinute: 9 * 60, closeMinute: 16 * 60 }];
    const same = (w: typeof week): ScheduleOn => () => ({ week: w, special: null });
    const opened = openedBySchedule(same(week), same(longer), now);
    // Every Thursday of the 30-day window gains 14:00–16:00.
    expect(opened.map((r) => new Date(r.start).toISOString())).toEqual(['2026-12-10', '2026-12-17', '2026-12-24', '2026-12-31'].map((d) => new Date(at(d, '14:00')).toISOString()));
    expect(opened.every((r) => r.end - r.start === 2 * HOUR_MS)).toBe(true);
    expect(openedBySchedule(same(longer), same(week), now)).toEqual([]);
    const closed: ScheduleOn = (date) => ({ week, special: date === day ? { date, available: false, shifts: [] } : null });
    expect(iso(openedBySchedule(closed, same(week), now))).toEqual(iso([{ start: at(day, '09:00'), end: at(day, '14:00') }]));
  });
});
