/**
 * A client's sub-users as staff edit them (spec sections 2 and 5, "Edit users"; decisions "Sub-users"):
 * each keeps a stable id, because appointments booked for a sub-user reference it (`user_id`).
 */

export type SubUserEntry = { id: string; name: string };

/**
 * The new list of sub-users from what staff sent, and the ones it removes.
 * - An entry with the id of a current sub-user keeps that id (a rename keeps its appointments).
 * - An entry without a known id takes the id of a current sub-user of the same name (trimmed,
 *   case-insensitive) not matched otherwise, so a form that resends names only removes nobody; else a
 *   new id from `newId()`. An unknown or repeated id is never trusted: it gets a new one.
 * - `removed`: current sub-users whose id is not in the new list.
 */
export function reconcileSubUsers(
  current: readonly SubUserEntry[],
  incoming: readonly { id?: string | undefined; name: string }[],
  newId: () => string,
): { next: SubUserEntry[]; removed: SubUserEntry[] } {
  const known = new Map(current.map((u) => [u.id, u]));
  const used = new Set<string>();
  const key = (name: string) => name.trim().toLocaleLowerCase('es');
  // First pass: explicit ids of current sub-users.
  const ids: (string | undefined)[] = incoming.map((u) => {
    if (u.id && known.has(u.id) && !used.has(u.id)) {
      used.add(u.id);
      return u.id;
    }
    return undefined;
  });
  // Second pass: entries without a known id reuse a free current sub-user of the same name.
  const next = incoming.map((u, i) => {
    let id = ids[i];
    if (!id) {
      const same = current.find((c) => !used.has(c.id) && key(c.name) === key(u.name));
      id = same ? same.id : newId();
      used.add(id);
    }
    return { id, name: u.name.trim() };
  });
  return { next, removed: current.filter((u) => !used.has(u.id)) };
}
