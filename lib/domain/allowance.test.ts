/** The booking allowance (spec sections 4 and 5; decisions "Allowance" and "Sub-users"). */
import { bookablePeople, bookingOptions, canBook, needsAllowanceConfirmation, remaining } from './allowance';

describe('canBook: pending strictly below the allowance, and an allowance must exist', () => {
  test.each([
    [0, 1, true],
    [1, 1, false],
    [2, 1, false],
    [1, 2, true],
    [2, 2, false],
    [0, 0, false],
    [0, null, false],
    [0, undefined, false],
  ])('pending %p, allowed %p → %p', (pending, allowed, expected) => {
    expect(canBook(pending, allowed)).toBe(expected);
  });
});

describe('remaining: allowance minus pending, never negative', () => {
  test.each([
    [0, 2, 2],
    [1, 2, 1],
    [2, 2, 0],
    [3, 2, 0],
    [0, 0, 0],
    [0, null, 0],
    [1, undefined, 0],
  ])('pending %p, allowed %p → %p', (pending, allowed, expected) => {
    expect(remaining(pending, allowed)).toBe(expected);
  });
});

describe('bookablePeople', () => {
  const self = { id: 'u-ana', name: 'Ana García' };
  const subUsers = [
    { id: 's-leo', name: 'Leo García' },
    { id: 's-mar', name: 'Mar García' },
  ];

  it('lists the client first, then its sub-users', () => {
    expect(bookablePeople(self, subUsers, [])).toEqual([self, ...subUsers]);
  });

  it('leaves out everyone with a pending appointment', () => {
    expect(bookablePeople(self, subUsers, ['u-ana', 's-mar'])).toEqual([{ id: 's-leo', name: 'Leo García' }]);
  });

  it('ignores pending ids of people outside the account', () => {
    expect(bookablePeople(self, subUsers, ['someone-else'])).toEqual([self, ...subUsers]);
  });

  it('is empty when every person has a pending appointment', () => {
    expect(bookablePeople(self, [], ['u-ana'])).toEqual([]);
  });
});

describe('needsAllowanceConfirmation: staff confirm when the pending appointments reach the allowance', () => {
  test.each([
    [1, 1, true],
    [2, 1, true],
    [2, 2, true],
    [0, 1, false],
    [1, 2, false],
    [0, 0, false],
    [1, null, true],
  ])('pending %p, allowed %p → %p', (pending, allowed, expected) => {
    expect(needsAllowanceConfirmation(pending, allowed)).toBe(expected);
  });
});

describe('bookingOptions: the allowance and the one-pending-per-person rule together', () => {
  const self = { id: 'u-ana', name: 'Ana García' };
  const leo = { id: 's-leo', name: 'Leo García' };
  const mar = { id: 's-mar', name: 'Mar García' };

  it('a client without sub-users, allowance 2 and one pending appointment cannot book: everyone is busy', () => {
    expect(bookingOptions(self, [], ['u-ana'], 2)).toEqual({ people: [], busy: [self], available: 0, blocked: 'everyoneBusy' });
  });

  it('the client and every sub-user with a pending appointment, allowance left: everyone is busy', () => {
    expect(bookingOptions(self, [leo], ['s-leo', 'u-ana'], 3)).toEqual({ people: [], busy: [self, leo], available: 0, blocked: 'everyoneBusy' });
  });

  it('the allowance reached comes first, even with free people', () => {
    expect(bookingOptions(self, [leo, mar], ['u-ana'], 1)).toEqual({ people: [leo, mar], busy: [self], available: 0, blocked: 'allowanceReached' });
  });

  it('allowance 0 (or none) blocks a client without appointments', () => {
    expect(bookingOptions(self, [], [], 0).blocked).toBe('allowanceReached');
    expect(bookingOptions(self, [], [], null).blocked).toBe('allowanceReached');
  });

  it('counts at most one appointment per free person', () => {
    expect(bookingOptions(self, [leo], [], 5)).toEqual({ people: [self, leo], busy: [], available: 2, blocked: null });
    expect(bookingOptions(self, [leo, mar], ['s-leo'], 2)).toEqual({ people: [self, mar], busy: [leo], available: 1, blocked: null });
  });

  it('a restringido or bloqueado client books nothing online, before any other reason; other tiers change nothing', () => {
    expect(bookingOptions(self, [leo], [], 5, 'restringido')).toEqual({ people: [self, leo], busy: [], available: 0, blocked: 'restricted' });
    expect(bookingOptions(self, [], ['u-ana'], 1, 'bloqueado').blocked).toBe('restricted');
    expect(bookingOptions(self, [leo], [], 5, 'en_observacion')).toEqual(bookingOptions(self, [leo], [], 5));
    expect(bookingOptions(self, [leo], [], 5, 'nuevo').blocked).toBeNull();
  });

  it('a pending appointment of a removed sub-user counts for the allowance but leaves nobody out', () => {
    expect(bookingOptions(self, [leo], ['s-gone'], 2)).toEqual({ people: [self, leo], busy: [], available: 1, blocked: null });
  });
});
