/**
 * Accent- and case-insensitive search of clients by name or e-mail ("maria" finds "María",
 * "PEREZ" finds "Pérez"). One folding, defined once and used on both sides:
 * - in the database, the generated column `users.search_text` is `FOLD_SQL` over `name || ' ' || email`
 *   (`translate()` and `lower()`, immutable and plain on PostgreSQL and PGlite alike, no extension);
 * - in the app, `foldForSearch()` folds what staff typed exactly the same way, character by character.
 *
 * The fold: every Latin letter with a diacritic (Latin-1 and Latin Extended-A, plus ø, ł, đ, ħ, ı) becomes
 * its lower-case base letter, combining marks U+0300–U+036F are dropped (so decomposed "a\u0301" folds
 * like "á"), then ASCII (and the database's locale) lower-cases the rest. No I/O: importable by schema.ts.
 */

/** Letters folded to a base letter: `FOLD_FROM[i]` → `FOLD_TO[i]`. */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøŁłĐđĦħı';
export const FOLD_TO =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoollddhhi';
/** Combining diacritical marks U+0300–U+036F: deleted (listed in `translate`'s from, with no counterpart). */
export const COMBINING_MARKS = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('');

const FOLD = new Map<string, string>();
for (let i = 0; i < FOLD_FROM.length; i++) FOLD.set(FOLD_FROM[i]!, FOLD_TO[i]!);
for (const mark of COMBINING_MARKS) FOLD.set(mark, '');

/**
 * The SQL of the fold over an SQL expression (the generated column's definition): PostgreSQL's
 * `translate(x, from, to)` maps `from[i]` to `to[i]` and deletes the `from` characters beyond `to`'s length.
 */
export function foldSql(expression: string): string {
  return `lower(translate(${expression}, '${FOLD_FROM}${COMBINING_MARKS}', '${FOLD_TO}'))`;
}

/** Folds a text for search: diacritics off, lower case (the same result as `foldSql` in the database). */
export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD.get(ch) ?? ch;
  return out.toLowerCase();
}

/** The most words of a search that are matched (each must occur); the rest are ignored. */
export const MAX_SEARCH_TERMS = 5;

/**
 * The words of a search, folded: split on white space, empty ones dropped, at most `MAX_SEARCH_TERMS`,
 * duplicates removed. A client matches when every word occurs in its folded name or e-mail, in any order
 * ("perez maria" finds "María Pérez"). An empty list means no filter.
 */
export function searchTerms(search: string | undefined | null): string[] {
  if (!search) return [];
  const words = foldForSearch(search).split(/\s+/).filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** True when every term occurs in the folded text (the app-side twin of the SQL filter, for tests and UIs). */
export function matchesSearch(text: string, terms: string[]): boolean {
  const folded = foldForSearch(text);
  return terms.every((t) => folded.includes(t));
}
