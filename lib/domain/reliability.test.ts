import {
  attendanceMarkError,
  effectiveAttendance,
  releasedWhenUnconfirmed,
  reliabilityTier,
  reliabilityWindowStart,
  restrictsOnlineBooking,
} from './reliability';
import { HOUR_MS } from './time';

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
