/**
 * TEXT values of iCalendar files (RFC 5545 §3.3.11), the one place every `.ics` of Klok prepares its user
 * text (salon names, addresses, service and stylist names) before it reaches the `ics` package.
 *
 * `ics` escapes backslash, `;`, `,` and LF/CRLF in SUMMARY, DESCRIPTION and LOCATION, but leaves a bare CR
 * as it is (a parser that splits lines on CR then reads whatever follows as a property of its own), and
 * writes an alarm's DESCRIPTION with only its line breaks encoded. Hence two forms:
 * - `icsLines` for the values `ics` escapes itself (escaping them here too would double the backslashes);
 * - `icsText` for the values `ics` writes as given.
 * Pure: no I/O.
 */

/** Control characters RFC 5545 does not allow in TEXT (all of C0 but HTAB, LF and CR; and DEL). */
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A text with every line break (CRLF, bare CR, LF) as LF — the one break `ics` encodes as `\n` — and
 * without the control characters TEXT does not allow. For values `ics` escapes: SUMMARY, DESCRIPTION,
 * LOCATION of the event.
 */
export function icsLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(FORBIDDEN_CONTROLS, '');
}

/**
 * A text escaped as an RFC 5545 TEXT value: `\` → `\\`, `;` → `\;`, `,` → `\,`, any line break (CRLF,
 * CR, LF) → `\n`; forbidden control characters dropped. The result holds no CR or LF. For values `ics`
 * writes as given (an alarm's DESCRIPTION).
 */
export function icsText(text: string): string {
  return icsLines(text).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
}
