import { busyParts } from './availability';
import { HOUR_MS, instantOf, MINUTE_MS } from './time';
import {
  APPOINTMENT_KINDS,
  combineDays,
  countsAsBooked,
  countsAsRevenue,
  dayStartsOf,
  EMPTY_DAY,
  isClosedDay,
  kindCode,
  kindMask,
  kindsOfMask,
  kindsWhere,
  occupancyShare,
  outcomeOf,
  parseKind,
  periodDays,
  periodOf,
  periodWindow,
  previousPeriod,
  scheduledMinutes,
  summarize,
  visitOutcome,
  type AppointmentKind,
  type DayRows,
  type SummaryRows,
} from './summary';

const K = {
  attended: kindCode({ status: 'pending', attendance: 'attended', late: false, settled: false }),
  unmarkedSettled: kindCode({ status: 'pending', attendance: null, late: false, settled: true }),
  unmarkedRecent: kindCode({ status: 'pending', attendance: null, late: false, settled: false }),
  noShow: kindCode({ status: 'pending', attendance: 'no_show', late: false, settled: true }),
  cancelled: kindCode({ status: 'cancelled', attendance: null, late: false, settled: true }),
  lateCancelled: kindCode({ status: 'cancelled', attendance: null, late: true, settled: false }),
};

/** The mask of a visit whose services have these kind codes. */
const mask = (...codes: number[]) => kindMask(codes.map(parseKind));

const EMPTY: SummaryRows = { prices: [], visits: [], busy: [], schedules: [], clients: [], rebooking: [], waitlistRefills: 0 };

describe('periods', () => {
  it.each([
    ['day', '2027-05-05', '2027-05-05', '2027-05-05'],
    ['week', '2027-05-05', '2027-05-03', '2027-05-09'],
    ['week (a Sunday belongs to the week that began on Monday)', '2027-05-09', '2027-05-03', '2027-05-09'],
    ['month', '2027-02-14', '2027-02-01', '2027-02-28'],
    ['month (leap year)', '2028-02-14', '2028-02-01', '2028-02-29'],
    ['month (December)', '2027-12-31', '2027-12-01', '2027-12-31'],
  ] as const)('%s of %s is %s … %s', (kind, today, from, to) => {
    expect(periodOf(kind.split(' ')[0] as 'day' | 'week' | 'month', today)).toEqual({ from, to });
  });

  it.each([
    ['31 March (Hoy) → 30 March', '2027-03-31', '2027-03-31', '2027-03-30', '2027-03-30'],
    ['1 April (Hoy) → 31 March', '2027-04-01', '2027-04-01', '2027-03-31', '2027-03-31'],
    ['March (Mes, as on 31 March) → February', '2027-03-01', '2027-03-31', '2027-02-01', '2027-02-28'],
    ['March of a leap year → February 29 days', '2028-03-01', '2028-03-31', '2028-02-01', '2028-02-29'],
    ['January → December of the year before', '2027-01-01', '2027-01-31', '2026-12-01', '2026-12-31'],
    ['May (31 days) → April (30)', '2027-05-01', '2027-05-31', '2027-04-01', '2027-04-30'],
    ['a quarter → the quarter before', '2027-04-01', '2027-06-30', '2027-01-01', '2027-03-31'],
    ['a week → the week before, across a month end', '2027-03-01', '2027-03-07', '2027-02-22', '2027-02-28'],
    ['the week of the March change → the week before', '2027-03-22', '2027-03-28', '2027-03-15', '2027-03-21'],
    ['the day after the October change → the change day', '2027-11-01', '2027-11-01', '2027-10-31', '2027-10-31'],
    ['ten days of a month (not a whole month) → the ten days before', '2027-03-01', '2027-03-10', '2027-02-19', '2027-02-28'],
  ] as const)('previous period: %s', (_, from, to, pFrom, pTo) => {
    expect(previousPeriod({ from, to })).toEqual({ from: pFrom, to: pTo });
  });

  it.each([
    ['the last Sunday of March 2027: 23 hours', '2027-03-28', 23],
    ['the last Sunday of October 2027: 25 hours', '2027-10-31', 25],
    ['an ordinary day: 24 hours', '2027-05-05', 24],
  ] as const)('a day window follows Madrid midnights: %s', (_, date, hours) => {
    const w = periodWindow({ from: date, to: date });
    expect(w.start).toBe(instantOf(`${date}T00:00`));
    expect((w.end - w.start) / HOUR_MS).toBe(hours);
  });

  it('the week holding the March change has 167 hours, its previous week 168, and both 7 days', () => {
    const week = { from: '2027-03-22', to: '2027-03-28' };
    const before = previousPeriod(week);
    expect([periodDays(week), periodDays(before)]).toEqual([7, 7]);
    expect((periodWindow(week).end - periodWindow(week).start) / HOUR_MS).toBe(167);
    expect((periodWindow(before).end - periodWindow(before).start) / HOUR_MS).toBe(168);
  });

  it('lists the Madrid midnights of the days and the end', () => {
    const starts = dayStartsOf({ from: '2027-10-30', to: '2027-10-31' });
    expect(starts).toEqual([instantOf('2027-10-30'), instantOf('2027-10-31'), instantOf('2027-11-01')]);
    expect((starts[2]! - starts[1]!) / HOUR_MS).toBe(25);
  });
});

describe('kinds', () => {
  it('has 24 kinds whose codes (0–31) parse back, and sets of kinds as masks', () => {
    expect(APPOINTMENT_KINDS).toHaveLength(24);
    for (const k of APPOINTMENT_KINDS) expect(parseKind(kindCode(k))).toEqual(k);
    expect(new Set(APPOINTMENT_KINDS.map(kindCode)).size).toBe(24);
    expect(APPOINTMENT_KINDS.every((k) => kindCode(k) >= 0 && kindCode(k) < 32)).toBe(true);
    expect(() => parseKind(6)).toThrow();
    const visit = [parseKind(K.cancelled), parseKind(K.attended), parseKind(K.attended)];
    expect(kindMask(visit)).toBe(2 ** K.cancelled + 2 ** K.attended);
    expect(kindsOfMask(kindMask(visit))).toEqual([parseKind(K.attended), parseKind(K.cancelled)]);
    expect(kindsOfMask(kindMask(APPOINTMENT_KINDS))).toEqual(APPOINTMENT_KINDS);
  });

  it.each([
    ['marked "Vino"', K.attended, 'attended', true, true],
    ['unmarked, 48 hours after its end', K.unmarkedSettled, 'attended', true, true],
    ['unmarked, less than 48 hours after its end (or still to come)', K.unmarkedRecent, 'upcoming', false, true],
    ['marked "No vino"', K.noShow, 'no_show', false, false],
    ['cancelled', K.cancelled, 'cancelled', false, false],
    ['cancelled late', K.lateCancelled, 'cancelled', false, false],
  ] as const)('%s: %s, revenue %s, booked %s', (_, key, outcome, revenue, booked) => {
    const kind = parseKind(key);
    expect(outcomeOf(kind)).toBe(outcome);
    expect(countsAsRevenue(kind)).toBe(revenue);
    expect(countsAsBooked(kind)).toBe(booked);
  });

  it('never counts a cancelled or no-show kind as revenue or booked time, whatever its other facts', () => {
    const lost = APPOINTMENT_KINDS.filter((k) => k.status === 'cancelled' || k.attendance === 'no_show');
    expect(lost).toHaveLength(16);
    expect(lost.filter((k) => countsAsRevenue(k) || countsAsBooked(k))).toEqual([]);
    const revenue = kindsOfMask(kindsWhere(countsAsRevenue));
    expect(revenue).toHaveLength(6);
    expect(revenue.every((k) => k.status === 'pending' && (k.attendance === 'attended' || (k.attendance === null && k.settled)))).toBe(true);
  });

  const kinds = (...codes: number[]): AppointmentKind[] => codes.map(parseKind);
  it.each([
    ['one attended service', [K.attended], 'attended'],
    ['attended and a cancelled service', [K.cancelled, K.attended], 'attended'],
    ['a no-show and an unmarked recent service', [K.noShow, K.unmarkedRecent], 'upcoming'],
    ['no-shows only', [K.noShow, K.noShow], 'no_show'],
    ['a no-show and a cancelled service', [K.cancelled, K.noShow], 'no_show'],
    ['cancelled services', [K.cancelled, K.lateCancelled], 'cancelled'],
  ] as const)('a visit with %s is %s', (_, keys, outcome) => {
    expect(visitOutcome(kinds(...keys))).toBe(outcome);
  });
});

describe('scheduled minutes', () => {
  const monToFri = [1, 2, 3, 4, 5].map((day) => ({ day, openMinute: 9 * 60, closeMinute: 17 * 60 }));
  const at = (date: string, hhmm: string) => instantOf(`${date}T${hhmm}`);

  it.each([
    ['a weekday of 09:00–17:00', ['2027-05-03'], [], [], 480],
    ['a week Monday–Sunday (the weekend closed)', ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07', '2027-05-08', '2027-05-09'], [], [], 2400],
    ['a special day replacing the weekly shift', ['2027-05-03'], [{ date: '2027-05-03', available: true, shifts: [{ open: '10:00', close: '12:00' }] }], [], 120],
    ['a special closed day', ['2027-05-03'], [{ date: '2027-05-03', available: false, shifts: [] }], [], 0],
    ['a special open Saturday', ['2027-05-08'], [{ date: '2027-05-08', available: true, shifts: [{ open: '09:00', close: '14:00' }] }], [], 300],
    ['a leave of an hour inside the shift', ['2027-05-03'], [], [{ start: at('2027-05-03', '10:00'), end: at('2027-05-03', '11:00') }], 420],
    ['a leave reaching past the shift (only the shift part counts)', ['2027-05-03'], [], [{ start: at('2027-05-03', '16:00'), end: at('2027-05-03', '19:00') }], 420],
    [
      'two overlapping leaves (counted once)',
      ['2027-05-03'],
      [],
      [
        { start: at('2027-05-03', '10:00'), end: at('2027-05-03', '11:00') },
        { start: at('2027-05-03', '10:30'), end: at('2027-05-03', '11:30') },
      ],
      390,
    ],
    ['the March change Monday after (09:00–17:00 still 8 hours)', ['2027-03-29'], [], [], 480],
  ] as const)('%s: %s minutes', (_, dates, specials, leaves, minutes) => {
    expect(scheduledMinutes(dates, monToFri, specials as never, leaves)).toBe(minutes);
  });
});

describe('the figures', () => {
  it('counts revenue from attended prices only; no-show loss from no-show prices; cancelled and no-show never as revenue', () => {
    const f = summarize(
      {
        ...EMPTY,
        prices: [
          { kind: K.attended, priceCents: 1800 },
          { kind: K.unmarkedSettled, priceCents: 2500 },
          { kind: K.unmarkedRecent, priceCents: 1000 },
          { kind: K.noShow, priceCents: 4500 },
          { kind: K.cancelled, priceCents: 2000 },
          { kind: K.lateCancelled, priceCents: 3000 },
        ],
      },
    );
    expect(f.revenueEstimatedCents).toBe(4300);
    expect(f.noShowLossCents).toBe(4500);
  });

  it('counts each visit once: attended, no-shows, cancelled, late cancellations among the cancelled', () => {
    const f = summarize(
      {
        ...EMPTY,
        visits: [
          { kinds: mask(K.attended), visits: 3 },
          { kinds: mask(K.attended, K.unmarkedSettled), visits: 1 },
          { kinds: mask(K.attended, K.cancelled), visits: 1 },
          { kinds: mask(K.noShow), visits: 2 },
          { kinds: mask(K.cancelled), visits: 2 },
          { kinds: mask(K.lateCancelled), visits: 1 },
          { kinds: mask(K.cancelled, K.lateCancelled), visits: 1 },
          { kinds: mask(K.unmarkedRecent), visits: 4 },
        ],
      },
    );
    expect([f.attended, f.noShows, f.cancelled, f.lateCancellations]).toEqual([5, 2, 4, 2]);
  });

  it('a colour of 20 active + 30 processing + 10 finishing minutes in an 8-hour day is 30/480 = 6.25 % occupancy', () => {
    const start = instantOf('2027-05-03T10:00');
    const parts = busyParts(start, [
      { startMinutes: 0, endMinutes: 20 },
      { startMinutes: 50, endMinutes: 60 },
    ]);
    const minutes = parts.reduce((n, p) => n + (p.end - p.start) / MINUTE_MS, 0);
    const scheduled = scheduledMinutes(['2027-05-03'], [{ day: 1, openMinute: 9 * 60, closeMinute: 17 * 60 }], [], []);
    const f = summarize(
      { ...EMPTY, busy: [{ employeeId: 'sara', kind: K.attended, minutes }], schedules: [{ employeeId: 'sara', scheduledMinutes: scheduled }] },
    );
    expect(f.occupancy).toEqual([{ employeeId: 'sara', bookedMinutes: 30, scheduledMinutes: 480 }]);
    expect(occupancyShare(f.occupancy[0]!)).toBe(0.0625);
  });

  it('never counts cancelled or no-show time as booked; upcoming time counts; a removed stylist with busy time is listed last', () => {
    const f = summarize(
      {
        ...EMPTY,
        busy: [
          { employeeId: 'sara', kind: K.attended, minutes: 30 },
          { employeeId: 'sara', kind: K.unmarkedRecent, minutes: 45 },
          { employeeId: 'sara', kind: K.noShow, minutes: 60 },
          { employeeId: 'sara', kind: K.cancelled, minutes: 90 },
          { employeeId: 'ex', kind: K.attended, minutes: 15 },
          { employeeId: 'gone', kind: K.cancelled, minutes: 15 },
        ],
        schedules: [
          { employeeId: 'marcos', scheduledMinutes: 480 },
          { employeeId: 'sara', scheduledMinutes: 480 },
        ],
      },
    );
    expect(f.occupancy).toEqual([
      { employeeId: 'marcos', bookedMinutes: 0, scheduledMinutes: 480 },
      { employeeId: 'sara', bookedMinutes: 75, scheduledMinutes: 480 },
      { employeeId: 'ex', bookedMinutes: 15, scheduledMinutes: 0 },
    ]);
    expect(occupancyShare({ bookedMinutes: 10, scheduledMinutes: 0 })).toBeNull();
  });

  it('a client whose first attended visit falls in the period is new, even with two visits in it; earlier ones make it returning', () => {
    // Ana: first attended visit ever on Monday, back on Thursday (new on Monday only); Luis: first visit a
    // year ago, here on Monday and Friday; Eva: new on Friday.
    const monday: DayRows = { ...EMPTY_DAY, clients: [{ clientId: 'ana', isNew: true }, { clientId: 'luis', isNew: false }] };
    const thursday: DayRows = { ...EMPTY_DAY, clients: [{ clientId: 'ana', isNew: false }] };
    const friday: DayRows = { ...EMPTY_DAY, clients: [{ clientId: 'luis', isNew: false }, { clientId: 'eva', isNew: true }] };
    const f = summarize({ ...EMPTY, ...combineDays([monday, thursday, friday]) });
    expect([f.newClients, f.returningClients]).toEqual([2, 1]);
    // Thursday alone: Ana came back.
    expect(summarize({ ...EMPTY, ...combineDays([thursday]) })).toMatchObject({ newClients: 0, returningClients: 1 });
  });

  it('a period is the sum of its days: prices, visits, busy minutes and rebooked visits add up by key', () => {
    const day1: DayRows = {
      ...EMPTY_DAY,
      prices: [{ kind: K.attended, priceCents: 1800 }],
      visits: [{ kinds: mask(K.attended), visits: 1 }],
      busy: [{ employeeId: 'sara', kind: K.attended, minutes: 30 }],
      rebooking: [{ rebooked: true, visits: 1 }],
    };
    const day2: DayRows = {
      ...EMPTY_DAY,
      prices: [{ kind: K.attended, priceCents: 2500 }, { kind: K.noShow, priceCents: 4500 }],
      visits: [{ kinds: mask(K.attended), visits: 2 }, { kinds: mask(K.noShow), visits: 1 }],
      busy: [{ employeeId: 'sara', kind: K.attended, minutes: 45 }, { employeeId: 'marcos', kind: K.attended, minutes: 60 }],
      rebooking: [{ rebooked: false, visits: 2 }],
    };
    const f = summarize({ ...EMPTY, ...combineDays([day1, day2, EMPTY_DAY]), schedules: [{ employeeId: 'sara', scheduledMinutes: 960 }] });
    expect(f).toMatchObject({ revenueEstimatedCents: 4300, noShowLossCents: 4500, attended: 3, noShows: 1, rebookedShare: 1 / 3 });
    expect(f.occupancy).toEqual([
      { employeeId: 'sara', bookedMinutes: 75, scheduledMinutes: 960 },
      { employeeId: 'marcos', bookedMinutes: 60, scheduledMinutes: 0 },
    ]);
    expect(combineDays([])).toEqual(EMPTY_DAY);
  });

  it.each([
    ['a day ending 24 hours before the 48-hour line', 0, true],
    ['a day ending a minute later', MINUTE_MS, false],
  ] as const)('isClosedDay: %s → %s', (_, later, closed) => {
    const settled = instantOf('2027-05-10T08:00');
    expect(isClosedDay(settled - 24 * HOUR_MS + later, settled)).toBe(closed);
  });

  it.each([
    ['3 of 4 attended visits rebooked', [{ rebooked: true, visits: 3 }, { rebooked: false, visits: 1 }], 0.75],
    ['none rebooked', [{ rebooked: false, visits: 2 }], 0],
    ['no attended visit: no share', [], null],
  ] as const)('rebooked share: %s → %s', (_, rebooking, share) => {
    expect(summarize({ ...EMPTY, rebooking }).rebookedShare).toBe(share);
  });

  it('passes the waitlist refills through and answers zeros for an empty period', () => {
    expect(summarize({ ...EMPTY, waitlistRefills: 2 })).toEqual({
      revenueEstimatedCents: 0,
      attended: 0,
      noShows: 0,
      cancelled: 0,
      lateCancellations: 0,
      noShowLossCents: 0,
      occupancy: [],
      newClients: 0,
      returningClients: 0,
      rebookedShare: null,
      waitlistRefills: 2,
    });
  });
});
