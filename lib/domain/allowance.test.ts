/** The booking allowance (spec sections 4 and 5; decisions "Allowance" and "Sub-users"). */
import { bookablePeople, canBook, needsAllowanceConfirmation, remaining } from './allowance';

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
