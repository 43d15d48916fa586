/**
 * What an edit screen shows after a stale save (409 `conflict` with the current resource): the person's
 * own changes stay, everything they did not touch takes the current value. Pure.
 *
 * Why this merge: a salon owner who pressed Guardar meant what they typed, so it must not vanish; and what a
 * colleague saved meanwhile in the other fields (the Saturday shift, the new price) must appear instead of
 * being silently overwritten by the stale copy the screen was loaded with. Where both changed the same
 * field, the person's typing stays on screen and the message says the data changed: the next Guardar is then
 * a decision taken with the current data in view, never an accident.
 */

/** Equality of two plain JSON values (form drafts: strings, numbers, booleans, arrays, plain objects). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The draft rebased on `current`: for each field of the draft, the draft's value when it differs from
 * `loaded` (the person changed it), else `current`'s. `same` compares two values of one field.
 */
export function keepDraft<D extends Record<string, unknown>>(
  loaded: D,
  draft: D,
  current: D,
  same: (a: unknown, b: unknown) => boolean = sameJson,
): D {
  const out = { ...current };
  for (const key of Object.keys(draft) as (keyof D)[]) {
    if (!same(draft[key], loaded[key])) out[key] = draft[key];
  }
  return out;
}

/**
 * `keepDraft` for lists of items with an identity (the seven days of a week): an item the person changed
 * keeps the draft's version, any other item (and any item only in `current`) is `current`'s, in `current`'s
 * order; an item the person removed that is still unchanged in `current` stays removed.
 */
export function keepDraftItems<T>(
  loaded: readonly T[],
  draft: readonly T[],
  current: readonly T[],
  idOf: (item: T) => string | number,
  same: (a: T, b: T) => boolean = sameJson,
): T[] {
  const loadedById = new Map(loaded.map((i) => [idOf(i), i]));
  const draftById = new Map(draft.map((i) => [idOf(i), i]));
  const out: T[] = [];
  for (const item of current) {
    const id = idOf(item);
    const before = loadedById.get(id);
    const mine = draftById.get(id);
    if (before === undefined) out.push(item);
    else if (mine === undefined) {
      if (!same(item, before)) out.push(item); // removed here, changed there: the colleague's version shows
    } else out.push(same(mine, before) ? item : mine);
  }
  for (const item of draft) if (!loadedById.has(idOf(item))) out.push(item); // added by the person
  return out;
}

/**
 * `keepDraft` for a set of choices (the stylists of a service, the services of a stylist): the person's
 * ticks and unticks stay, every other choice follows `current`. Returned in `current`'s order, then the
 * person's additions.
 */
export function keepDraftSet<T>(loaded: readonly T[], draft: readonly T[], current: readonly T[]): T[] {
  const before = new Set(loaded);
  const mine = new Set(draft);
  const removed = new Set(loaded.filter((x) => !mine.has(x)));
  const added = draft.filter((x) => !before.has(x));
  const out = current.filter((x) => !removed.has(x));
  for (const x of added) if (!out.includes(x)) out.push(x);
  return out;
}
