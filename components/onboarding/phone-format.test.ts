import type { CountryCode } from 'libphonenumber-js';
import { countryOfTyped, e164OfTyped, editField, formatTyped, isTooLong, numberForCountry, typedOfValue, type TypedPhone } from './phone-format';

type Field = TypedPhone & { text: string; caret: number };

/** A field holding `number` in `country`, the caret at the end. */
function field(number: string, country: CountryCode = 'ES'): Field {
  const text = formatTyped(number, country);
  return { number, country, text, caret: text.length };
}

/** Presses keys at the caret as a browser does (a character, or ⌫ for Backspace); a refused key changes nothing. */
function press(start: Field, keys: string): Field {
  let f = start;
  for (const key of keys) {
    const back = key === '⌫';
    const after = back ? f.text.slice(0, f.caret - 1) + f.text.slice(f.caret) : f.text.slice(0, f.caret) + key + f.text.slice(f.caret);
    const edit = { before: f.text, selectionStart: f.caret, selectionEnd: f.caret, after, caret: back ? f.caret - 1 : f.caret + 1 };
    f = editField(f, { ...edit, inputType: back ? 'deleteContentBackward' : 'insertText' }) ?? f;
  }
  return f;
}

/** Pastes `text` over the whole field. */
function paste(start: Field, text: string): Field {
  const edit = { before: start.text, selectionStart: 0, selectionEnd: start.text.length, after: text, caret: text.length, inputType: 'insertFromPaste' };
  return editField(start, edit) ?? start;
}

describe('phone field typing', () => {
  it('refuses a digit beyond a full Spanish number without moving the caret', () => {
    const full = press(field(''), '612345678');
    expect(full.text).toBe('612 34 56 78');
    const extra = press(full, '8');
    expect(extra).toEqual(full);
    const again = press(extra, '⌫8');
    expect(again.text).toBe('612 34 56 78');
    expect(again.caret).toBe(again.text.length);
  });

  it('refuses a digit typed in the middle of a full number, caret included', () => {
    const full = { ...field('612345678'), caret: 5 };
    expect(press(full, '9')).toEqual(full);
  });

  it('reads pasted numbers in any usual writing', () => {
    expect(paste(field(''), '+34 612 34 56 78')).toMatchObject({ text: '+34 612 34 56 78', country: 'ES' });
    expect(paste(field(''), '0034612345678')).toMatchObject({ text: '+34 612 34 56 78', country: 'ES' });
    expect(paste(field(''), '612-345-678')).toMatchObject({ text: '612 34 56 78', country: 'ES' });
    expect(paste(field(''), '0044 7400 123456')).toMatchObject({ text: '+44 7400 123456', country: 'GB' });
  });

  it('follows the calling code typed: +44 is Reino Unido, +1 Estados Unidos, with their own length', () => {
    const uk = press(field(''), '+447400123456');
    expect(uk).toMatchObject({ text: '+44 7400 123456', country: 'GB' });
    expect(e164OfTyped(uk.number, uk.country)).toBe('+447400123456');
    const us = press(field(''), '+12025550123');
    expect(us.country).toBe('US');
    expect(us.number).toBe('+12025550123');
    expect(press(us, '4')).toEqual(us);
  });

  it('keeps a chosen country that shares the calling code', () => {
    expect(countryOfTyped('+447911123456', 'GB')).toBe('GB');
    expect(countryOfTyped('+447911123456', 'ES')).toBe('GB');
    expect(countryOfTyped('+1', 'CA')).toBe('CA');
    expect(countryOfTyped('612', 'GB')).toBe('GB');
  });

  it('limits a national number to the selected country’s length', () => {
    expect(isTooLong('6123456789', 'ES')).toBe(true);
    expect(isTooLong('07400123456', 'GB')).toBe(false);
    expect(press(field('', 'GB'), '074001234567').text).toBe('07400 123456');
  });

  it('gives the E.164 value of a national number and keeps the national number on a country change', () => {
    expect(e164OfTyped('07400123456', 'GB')).toBe('+447400123456');
    expect(e164OfTyped('612', 'ES')).toBe('+34612');
    expect(e164OfTyped('', 'ES')).toBe('');
    expect(numberForCountry('+351912345678')).toBe('912345678');
    expect(typedOfValue('+34612345678', 'ES')).toEqual({ number: '612345678', country: 'ES' });
    expect(typedOfValue('', 'ES')).toEqual({ number: '', country: 'ES' });
  });
});
