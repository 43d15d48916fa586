/**
 * Phone rules (spec sections 5 and 9): international numbers, a plus sign then 10 to 15 digits,
 * a missing plus added automatically, validity per libphonenumber-js.
 */
import { cleanPhone, isValidPhone, normalizePhone } from './phone';

describe('cleanPhone', () => {
  test.each([
    ['+34 699 111 222', '+34699111222'],
    ['34 612 34 56 78', '+34612345678'],
    ['+34 (699) 111-222', '+34699111222'],
    ['+44 7911 123456', '+447911123456'],
    // The input keeps at most 15 digits.
    ['+1234567890123456789', '+123456789012345'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(cleanPhone(input)).toBe(expected);
  });
});

describe('normalizePhone', () => {
  test.each([
    ['a Spanish mobile with spaces', '+34 699 111 222', '+34699111222'],
    ['a missing plus is added', '34699111222', '+34699111222'],
    ['dashes are accepted', '+34-699-111-222', '+34699111222'],
    ['brackets and dots are accepted', '+34 (699) 111.222', '+34699111222'],
    ['a Spanish landline', '+34 910 123 456', '+34910123456'],
    ['a UK mobile', '+44 7911 123456', '+447911123456'],
    ['a US number', '+1 212 736 5000', '+12127365000'],
  ])('accepts %s', (_name, input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(isValidPhone(input)).toBe(true);
  });

  test.each([
    ['fewer than 10 digits', '+34 699 11 12'],
    ['a national number without country code', '699111222'],
    ['letters inside the number', '+34 699 ABC 222'],
    ['other symbols inside the number', '+34 699 111 222 #1'],
    ['a Spanish number one digit too long', '+34 699 111 2229'],
    ['more than 15 digits', '+34 699 111 222 3333 4'],
    ['a number no Spanish line can have', '+34 099 111 222'],
    ['an empty string', ''],
  ])('refuses %s', (_name, input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });
});
