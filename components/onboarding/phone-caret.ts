/**
 * Caret arithmetic of the phone field: the field shows a formatted number (`612 34 56 78`, `+44 7911 123456`)
 * while the number itself is its significant characters, the digits and a leading `+` (`612345678`). An edit
 * of the formatted text is read as an edit of the significant characters, and the caret is kept after the
 * same significant character once the text is formatted again, so inserted or removed spaces never move it.
 * Pure: no DOM, no phone metadata.
 */

/** The significant characters of a text: its digits, and a `+` when it comes before every digit. */
export function significant(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '+' && out === '') out = '+';
  }
  return out;
}

/** How many significant characters of `text` lie before the position `caret` (0 … text.length). */
export function significantBefore(text: string, caret: number): number {
  return significant(text.slice(0, Math.max(0, Math.min(caret, text.length)))).length;
}

/**
 * The position in `formatted` right after its `count`-th significant character (0 → the start), so a caret
 * placed there sits against that character, before any space the formatting puts after it. A count beyond
 * the text's significant characters gives the end of the text.
 */
export function positionAfter(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  let plusAllowed = true;
  for (let i = 0; i < formatted.length; i++) {
    const ch = formatted[i]!;
    const digit = ch >= '0' && ch <= '9';
    if (digit || (ch === '+' && plusAllowed)) {
      seen++;
      plusAllowed = false;
      if (seen === count) return i + 1;
    }
  }
  return formatted.length;
}

/** An edit of the field as the browser reports it: the text and selection before, the text and caret after. */
export type FieldEdit = {
  /** The formatted text before the edit. */
  before: string;
  /** The selection before the edit (positions in `before`). */
  selectionStart: number;
  selectionEnd: number;
  /** The raw text after the edit, and the caret in it. */
  after: string;
  caret: number;
  /** The `InputEvent.inputType` of the edit (`insertText`, `deleteContentBackward`, …), when known. */
  inputType?: string;
};

/** The number an edit leaves (significant characters) and the caret, as a count of significant characters before it. */
export type NumberEdit = { number: string; caret: number };

/**
 * Reads a field edit as an edit of the number. Deleting a space (Backspace or Delete against one) deletes
 * the digit beyond it instead, as a phone's dialler does; `00` at the start (the international call prefix)
 * becomes `+`; anything else keeps the significant characters of the new text and the caret after the same
 * significant character.
 */
export function readEdit(edit: FieldEdit): NumberEdit {
  const previous = significant(edit.before);
  let number = significant(edit.after);
  let caret = significantBefore(edit.after, edit.caret);
  const deleting = edit.inputType === 'deleteContentBackward' || edit.inputType === 'deleteContentForward';
  if (deleting && edit.selectionStart === edit.selectionEnd && number === previous) {
    const at = significantBefore(edit.before, edit.selectionStart);
    if (edit.inputType === 'deleteContentBackward' && at > 0) {
      number = previous.slice(0, at - 1) + previous.slice(at);
      caret = at - 1;
    } else if (edit.inputType === 'deleteContentForward' && at < previous.length) {
      number = previous.slice(0, at) + previous.slice(at + 1);
      caret = at;
    } else {
      caret = at;
    }
  }
  if (number.startsWith('00')) {
    number = `+${number.slice(2)}`;
    caret = caret >= 2 ? caret - 1 : Math.min(caret, 1);
  }
  return { number, caret };
}
