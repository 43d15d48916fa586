import { endTimerDelay } from './use-past';

/** The timer that turns an open appointment's actions off when it ends. */
describe('endTimerDelay', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('fires one millisecond after the end, at once for an ended event', () => {
    expect(endTimerDelay('2026-11-27T10:30:00.000Z', now)).toBe(30 * 60_000 + 1);
    expect(endTimerDelay('2026-11-27T09:00:00.000Z', now)).toBe(0);
  });

  it('sets no timer for an end beyond setTimeout’s limit, which would fire at once and hide the actions of an appointment four weeks ahead', () => {
    expect(endTimerDelay('2026-12-20T10:00:00.000Z', now)).toBe(23 * 24 * 3_600_000 + 1);
    expect(endTimerDelay('2026-12-25T10:30:00.000Z', now)).toBeNull();
  });
});
