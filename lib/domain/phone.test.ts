/**
 * Phone rules (spec sections 5 and 9): international numbers, a plus sign then 10 to 15 digits,
 * a missing plus added automatically, validity per libphonenumber-js.
 */
import { cleanPhone, internationalPrefixToPlus, isValidPhone, normalizePhone, phoneFromInput } from './phone';

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

describe('phoneFromInput (what a person types in the phone field, Spain by default)', () => {
  test.each([
    ['a Spanish mobile without spaces', '612345678', '+34612345678'],
    ['a Spanish mobile with spaces', '612 34 56 78', '+34612345678'],
    ['a Spanish mobile grouped in threes', '612 345 678', '+34612345678'],
    ['a Spanish landline', '910 12 34 56', '+34910123456'],
    ['the 0034 prefix', '0034612345678', '+34612345678'],
    ['the 0034 prefix with spaces', '00 34 612 34 56 78', '+34612345678'],
    ['the +34 prefix', '+34612345678', '+34612345678'],
    ['the +34 prefix with spaces', '+34 612 34 56 78', '+34612345678'],
    ['the calling code without plus', '34612345678', '+34612345678'],
    ['a pasted Portuguese number', '+351912345678', '+351912345678'],
    ['a Portuguese number with 00', '00351 912 345 678', '+351912345678'],
    ['a Portuguese number without plus', '351912345678', '+351912345678'],
    ['dashes, dots and brackets', '(612) 34-56.78', '+34612345678'],
    ['surrounding blanks', '  612345678 ', '+34612345678'],
  ])('reads %s', (_name, input, expected) => {
    expect(phoneFromInput(input)).toBe(expected);
  });

  test.each([
    ['a UK national number in the UK', '07911 123456', 'GB', '+447911123456'],
    ['a Portuguese national number in Portugal', '912 345 678', 'PT', '+351912345678'],
    ['an international number whatever the country', '+34 612 34 56 78', 'PT', '+34612345678'],
  ] as const)('reads %s', (_name, input, country, expected) => {
    expect(phoneFromInput(input, country)).toBe(expected);
  });

  test.each([
    ['an incomplete Spanish number', '61234567'],
    ['a Spanish number one digit too long', '6123456789'],
    ['a number no Spanish line can have', '012345678'],
    ['a plus before a Spanish national number (too short for Australia)', '+612345678'],
    ['letters', '612 ABC 678'],
    ['a plus inside the number', '612+345678'],
    ['nothing', ''],
    ['only a prefix', '0034'],
  ])('refuses %s', (_name, input) => {
    expect(phoneFromInput(input)).toBeNull();
  });
});

describe('internationalPrefixToPlus', () => {
  test.each([
    ['00', 2, '+', 1],
    ['0034612345678', 13, '+34612345678', 12],
    ['00 34 612', 9, '+ 34 612', 8],
    [' 0034', 5, ' +34', 4],
    ['0034', 1, '+34', 1],
    ['0', 1, '0', 1],
    ['612 34 56 78', 12, '612 34 56 78', 12],
    ['+34 600', 7, '+34 600', 7],
    ['07911 123456', 12, '07911 123456', 12],
  ])('%j (caret %i) → %j (caret %i)', (text, caret, expected, expectedCaret) => {
    expect(internationalPrefixToPlus(text, caret)).toEqual({ text: expected, caret: expectedCaret });
  });
});
