/**
 * CSV for Spanish spreadsheets (beyond-the-spec section 6, the accountant's export): UTF-8 with a byte order
 * mark (so Excel reads accents right), `;` between fields, CRLF line ends, fields quoted as RFC 4180 says
 * when they hold `;`, `"` or a line break, and a leading apostrophe on any field a spreadsheet would read as
 * a formula. Dates `dd/MM/yyyy`, times `HH:mm` in Madrid, amounts with a decimal comma. Pure.
 */
import { DAY_MS, formatHHmm, madridDate, madridLocalMs, MINUTE_MS } from './time';

/** The byte order mark that starts the document (U+FEFF, the bytes EF BB BF in UTF-8). */
export const CSV_BOM = '\uFEFF';
/** The field separator Spanish spreadsheets expect (their decimal separator is the comma). */
export const CSV_SEPARATOR = ';';
/** The line end of RFC 4180. */
export const CSV_LINE_END = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the field quoted. */
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One field as written: a value starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading
 * apostrophe (shown as text, never run as a formula); then a value holding `;`, `"`, CR or LF is wrapped in
 * double quotes with its quotes doubled.
 */
export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A CSV document: the byte order mark, the header row, then each row, every line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (fields: readonly string[]) => fields.map(csvField).join(CSV_SEPARATOR) + CSV_LINE_END;
  return CSV_BOM + line(header) + rows.map(line).join('');
}

/** Cents as euros with a decimal comma and two decimals, no thousands separator: 2500 → `25,00`, 123456 → `1234,56`. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** The Madrid date of an instant (epoch ms) as `dd/MM/yyyy`. */
export function csvDate(instant: number): string {
  const [y, m, d] = madridDate(instant).split('-');
  return `${d}/${m}/${y}`;
}

/** The Madrid wall clock of an instant (epoch ms) as `HH:mm`. */
export function csvTime(instant: number): string {
  const local = madridLocalMs(instant);
  return formatHHmm(Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS));
}

/** `citas-<from>-<to>.csv`, the download name of the appointments of a period (Madrid dates `YYYY-MM-DD`). */
export function appointmentsCsvName(from: string, to: string): string {
  return `citas-${from}-${to}.csv`;
}
