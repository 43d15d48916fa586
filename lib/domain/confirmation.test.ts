import { afterQuietHours, confirmationPlan, confirmationStep, cutoffBeforeQuietHours, inQuietHours, isLateCancellation, isUnconfirmed } from './confirmation';
import { HOUR_MS, madridWallClock } from './time';

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return madridWallClock(date, h! * 60 + m!);
};
const iso = (ms: number) => new Date(ms).toISOString();

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

describe('the scan step of a pending appointment', () => {
  const cutoffAt = at('2026-12-10', '09:00');

  it('asks at once outside the quiet hours, then waits for the cut-off', () => {
    const now = at('2026-12-08', '21:00');
    expect(confirmationStep({ requestedAt: null, cutoffAt }, now)).toEqual({ kind: 'request', next: cutoffAt });
    expect(confirmationStep({ requestedAt: now, cutoffAt }, now + HOUR_MS)).toEqual({ kind: 'wait', next: cutoffAt });
  });

  it('holds a request due at 23:00 until 09:00', () => {
    expect(inQuietHours(at('2026-12-08', '23:00'))).toBe(true);
    expect(inQuietHours(at('2026-12-08', '12:00'))).toBe(false);
    expect(confirmationStep({ requestedAt: null, cutoffAt }, at('2026-12-08', '23:00'))).toEqual({ kind: 'wait', next: at('2026-12-09', '09:00') });
  });

  it('acts at the cut-off after a request; lapses when no request went before it', () => {
    expect(confirmationStep({ requestedAt: at('2026-12-08', '09:00'), cutoffAt }, cutoffAt)).toEqual({ kind: 'cutoff' });
    expect(confirmationStep({ requestedAt: at('2026-12-08', '09:00'), cutoffAt }, cutoffAt - 1)).toEqual({ kind: 'wait', next: cutoffAt });
    expect(confirmationStep({ requestedAt: null, cutoffAt }, cutoffAt)).toEqual({ kind: 'lapse' });
    // Quiet hours until 09:00 and the cut-off at 09:00: no time is left to ask.
    expect(confirmationStep({ requestedAt: null, cutoffAt }, at('2026-12-10', '02:00'))).toEqual({ kind: 'lapse' });
  });

  it('marks "Sin confirmar" from the cut-off on while still pending; a cancellation from then is late', () => {
    expect(isUnconfirmed({ confirmation: 'pending', cutoff: cutoffAt }, cutoffAt - 1)).toBe(false);
    expect(isUnconfirmed({ confirmation: 'pending', cutoff: new Date(cutoffAt).toISOString() }, cutoffAt)).toBe(true);
    expect(isUnconfirmed({ confirmation: 'confirmed', cutoff: cutoffAt }, cutoffAt)).toBe(false);
    expect(isUnconfirmed({ confirmation: 'not_required', cutoff: null }, cutoffAt)).toBe(false);
    expect(isLateCancellation(cutoffAt, cutoffAt - 1)).toBe(false);
    expect(isLateCancellation(cutoffAt, cutoffAt)).toBe(true);
    expect(isLateCancellation(null, cutoffAt)).toBe(false);
  });
});
