/**
 * The keyset cursor of the client list (`GET /users?cursor=`): the position after the last item
 * of a page in the order "newest activity first" — that item's `last_activity_at` (the database's exact
 * text, microseconds included, so no row is skipped or repeated) and its id (the tie-breaker).
 * Opaque to callers: base64url of `<at>|<id>`. `at` may be `infinity` (before every client: the page
 * that follows a first page holding only the guest).
 */

/** A position in the client list: rows strictly after it, in `(last_activity_at desc, id desc)` order. */
export type KeysetPosition = { at: string; id: string };

/** The position before every row. */
export const KEYSET_START: KeysetPosition = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A UTC instant as the database prints it for the cursor (`YYYY-MM-DDTHH:MM:SS.ffffffZ`), or `infinity`. */
const AT = /^(infinity|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z)$/;

/** Encodes a position as an opaque URL-safe cursor. */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** Decodes a cursor; null when it is not one this API issued (the handler answers 400). */
export function decodeCursor(cursor: string): KeysetPosition | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at, id, ...rest] = text.split('|');
  if (rest.length > 0 || !at || !id || !AT.test(at) || !UUID.test(id)) return null;
  if (at !== 'infinity' && Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}
