import { MAX_ATTEMPTS, retryDelayMs } from './backoff';

const MIN = 60_000;

describe('retryDelayMs', () => {
  it.each([
    [1, 1 * MIN],
    [2, 5 * MIN],
    [3, 30 * MIN],
    [4, 120 * MIN],
    [5, null],
    [6, null],
    [100, null],
  ])('after failed attempt %i waits %p ms', (attempt, delay) => {
    expect(retryDelayMs(attempt)).toBe(delay);
  });

  it('allows five attempts in all', () => {
    expect(MAX_ATTEMPTS).toBe(5);
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt %p', (attempt) => {
    expect(() => retryDelayMs(attempt)).toThrow(RangeError);
  });
});
