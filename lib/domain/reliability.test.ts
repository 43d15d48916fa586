import { afterQuietHours, confirmationPlan, cutoffBeforeQuietHours } from './confirmation';
import {
  attendanceMarkError,
  effectiveAttendance,
  releasedWhenUnconfirmed,
  reliabilityTier,
  reliabilityWindowStart,
  restrictsOnlineBooking,
} from './reliability';
import { HOUR_MS, madridWallClock } from './time';

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return madridWallClock(date, h! * 60 + m!);
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('reliability tiers', () => {
  const tier = (attended: number, noShows: number, lateCancellations = 0, blocked = false) =>
    reliabilityTier({ attended, noShows, lateCancellations, blocked });

  it.each([
    ['no visit yet', 0, 0, 0, false, 'nuevo'],
    ['one attended visit', 1, 0, 0, false, 'fiable'],
    ['one no-show, even with visits', 5, 1, 0, false, 'en_observacion'],
    ['two no-shows', 3, 2, 0, false, 'restringido'],
    ['one late cancellation', 1, 0, 1, false, 'fiable'],
    ['two late cancellations', 1, 0, 2, false, 'en_observacion'],
    ['blocked by staff, however reliable', 9, 0, 0, true, 'bloqueado'],
  ] as const)('%s → %s', (_, attended, noShows, late, blocked, expected) => {
    expect(tier(attended, noShows, late, blocked)).toBe(expected);
  });

  it('refuses restringido and bloqueado online, and releases the unconfirmed of nuevo, en_observacion and restringido', () => {
    expect(['nuevo', 'fiable', 'en_observacion', 'restringido', 'bloqueado'].filter((t) => restrictsOnlineBooking(t as never))).toEqual(['restringido', 'bloqueado']);
    expect(['nuevo', 'fiable', 'en_observacion', 'restringido', 'bloqueado'].filter((t) => releasedWhenUnconfirmed(t as never))).toEqual([
      'nuevo',
      'en_observacion',
      'restringido',
    ]);
  });

  it('counts the last 12 months: the window starts the same instant a year earlier', () => {
    expect(iso(reliabilityWindowStart(Date.parse('2026-11-27T10:00:00.000Z')))).toBe('2025-11-27T10:00:00.000Z');
  });
});

describe('attendance', () => {
  const end = Date.parse('2026-11-20T10:30:00.000Z');
  const appt = { status: 'pending' as const, attendance: null, end };

  it('counts an unmarked appointment as attended 48 hours after its end, not a minute before', () => {
    expect(effectiveAttendance(appt, end + 48 * HOUR_MS - 60_000)).toBe('unknown');
    expect(effectiveAttendance(appt, end + 48 * HOUR_MS)).toBe('attended');
  });

  it('takes the mark as it is, and never counts a cancelled appointment', () => {
    expect(effectiveAttendance({ ...appt, attendance: 'no_show' }, end + 100 * HOUR_MS)).toBe('no_show');
    expect(effectiveAttendance({ ...appt, attendance: 'attended' }, end)).toBe('attended');
    expect(effectiveAttendance({ ...appt, status: 'cancelled' }, end + 100 * HOUR_MS)).toBeNull();
  });

  it('may be marked from the start until 7 days after the end; never before the start nor on a cancelled one', () => {
    const a = { status: 'pending' as const, start: end - 30 * 60_000, end };
    expect(attendanceMarkError(a, a.start - 1)).toBe('notStarted');
    expect(attendanceMarkError(a, a.start)).toBeNull();
    expect(attendanceMarkError(a, end + 7 * 24 * HOUR_MS)).toBeNull();
    expect(attendanceMarkError(a, end + 7 * 24 * HOUR_MS + 1)).toBe('markClosed');
    expect(attendanceMarkError({ ...a, status: 'cancelled' }, end)).toBe('cancelled');
  });
});

describe('confirm or release', () => {
  it('asks 48 hours before, reminds at 24 and releases at 12', () => {
    // 21:00: its cut-off falls at 09:00, outside the quiet hours.
    const start = at('2026-12-10', '21:00');
    const plan = confirmationPlan(start, start - 7 * 24 * HOUR_MS);
    expect(plan).toEqual({ required: true, request: start - 48 * HOUR_MS, reminder: start - 24 * HOUR_MS, cutoff: start - 12 * HOUR_MS });
  });

  it('asks at once when booked 30 hours before; needs nothing when booked 3 hours before', () => {
    const start = at('2026-12-10', '21:00');
    const created = start - 30 * HOUR_MS;
    expect(confirmationPlan(start, created)).toEqual({ required: true, request: created, reminder: start - 24 * HOUR_MS, cutoff: start - 12 * HOUR_MS });
    expect(confirmationPlan(start, start - 3 * HOUR_MS)).toEqual({ required: false });
  });

  it('moves a 23:00 request to 09:00 and a 03:00 cut-off to 21:30 the evening before', () => {
    expect(iso(afterQuietHours(at('2026-12-08', '23:00')))).toBe(iso(at('2026-12-09', '09:00')));
    expect(iso(afterQuietHours(at('2026-12-09', '08:59')))).toBe(iso(at('2026-12-09', '09:00')));
    expect(iso(afterQuietHours(at('2026-12-09', '21:59')))).toBe(iso(at('2026-12-09', '21:59')));
    expect(iso(cutoffBeforeQuietHours(at('2026-12-10', '03:00')))).toBe(iso(at('2026-12-09', '21:30')));
    expect(iso(cutoffBeforeQuietHours(at('2026-12-09', '22:30')))).toBe(iso(at('2026-12-09', '21:30')));
    // A 15:00 appointment: its 03:00 cut-off moves to 21:30, its 15:00 request two days before stays.
    const start = at('2026-12-10', '15:00');
    const plan = confirmationPlan(start, at('2026-12-01', '10:00'));
    expect(plan.required && iso(plan.cutoff)).toBe(iso(at('2026-12-09', '21:30')));
    expect(plan.required && iso(plan.request)).toBe(iso(at('2026-12-08', '15:00')));
  });

  it('keeps the Madrid wall clock across the October change: a 01:00 request waits for 09:00 the same day', () => {
    // 2026-10-25 is the last Sunday of October in Madrid (03:00 summer time → 02:00 winter time).
    expect(iso(afterQuietHours(at('2026-10-25', '01:00')))).toBe(iso(at('2026-10-25', '09:00')));
    expect(iso(at('2026-10-25', '09:00'))).toBe('2026-10-25T08:00:00.000Z');
  });
});
