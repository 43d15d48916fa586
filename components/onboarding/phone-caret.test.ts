import fc from 'fast-check';
import { positionAfter, readEdit, significant, significantBefore } from './phone-caret';
import { formatTyped } from './phone-format';

/** Types `keys` one by one at the caret (or Backspace for `⌫`), formatting after each key as the field does. */
function typeKeys(start: string, caret: number, keys: string[]) {
  let text = start;
  let at = caret;
  for (const key of keys) {
    const after = key === '⌫' ? text.slice(0, at - 1) + text.slice(at) : text.slice(0, at) + key + text.slice(at);
    const edit = readEdit({
      before: text,
      selectionStart: at,
      selectionEnd: at,
      after,
      caret: key === '⌫' ? at - 1 : at + key.length,
      inputType: key === '⌫' ? 'deleteContentBackward' : 'insertText',
    });
    text = formatTyped(edit.number, 'ES');
    at = positionAfter(text, edit.caret);
  }
  return { text, caret: at };
}

describe('phone field caret', () => {
  it('keeps the digits and a leading plus only', () => {
    expect(significant('+34 612-34 (56) 78')).toBe('+34612345678');
    expect(significant('6+12')).toBe('612');
    expect(significantBefore('612 34 56', 4)).toBe(3);
    expect(positionAfter('612 34 56', 3)).toBe(3);
    expect(positionAfter('612 34 56', 4)).toBe(5);
    expect(positionAfter('612 34 56', 0)).toBe(0);
  });

  it('puts the caret right after a digit inserted in the middle, despite the spaces the format moves', () => {
    // "612 3|4 56 7" + 9 → "612 39 45 67", caret after the 9.
    const { text, caret } = typeKeys('612 34 56 7', 5, ['9']);
    expect(text).toBe('612 39 45 67');
    expect(text.slice(0, caret)).toBe('612 39');
  });

  it('deletes the digit before a space on Backspace, leaving the caret where that digit was', () => {
    const { text, caret } = typeKeys('612 34 56 78', 4, ['⌫']);
    expect(text).toBe('613 45 67 8');
    expect(caret).toBe(2);
  });

  it('deletes the digit after a space on Delete', () => {
    const edit = readEdit({ before: '612 34', selectionStart: 3, selectionEnd: 3, after: '61234', caret: 3, inputType: 'deleteContentForward' });
    expect(edit).toEqual({ number: '6124', caret: 3 });
  });

  it('reads a leading 00 as the plus of an international number', () => {
    expect(readEdit({ before: '', selectionStart: 0, selectionEnd: 0, after: '0034612345678', caret: 13, inputType: 'insertFromPaste' })).toEqual({
      number: '+34612345678',
      caret: 12,
    });
    expect(readEdit({ before: '612-345-678', selectionStart: 0, selectionEnd: 0, after: '612-345-678', caret: 11 }).number).toBe('612345678');
  });

  it('formatting then mapping the caret back never loses or reorders digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9]{0,15}$/), fc.nat(), (number, k) => {
        const formatted = formatTyped(number, 'ES');
        expect(significant(formatted)).toBe(number);
        const count = k % (number.length + 1);
        const position = positionAfter(formatted, count);
        expect(significantBefore(formatted, position)).toBe(count);
        // The caret sits against the digit, never after a space that follows it.
        if (count > 0) expect(formatted[position - 1]).toBe(number[count - 1]);
      }),
    );
  });
});
