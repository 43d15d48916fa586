'use client';

import { useState } from 'react';
import { staleCurrentOf } from '@/lib/api-client/stale';
import { toastError } from './toast';

/**
 * The stale-save answer of every screen: when `err` is one (409 `conflict` with the current resource), shows
 * the server's Spanish message (Los datos han cambiado mientras se guardaban. Inténtalo de nuevo.) as an
 * error toast and returns the current resource; otherwise shows nothing and returns null.
 */
export function toastStale<R extends { version: string }>(err: unknown): R | null {
  const current = staleCurrentOf<R>(err);
  if (current) toastError((err as Error).message);
  return current;
}

/**
 * The draft of an edit screen tied to the version it was loaded with (lib/api-client/stale.ts), shared by
 * every edit screen. `toDraft` turns the resource into the form's values; `merge` rebases a draft after a
 * stale save (`keepDraft` of components/ui/keep-draft.ts, or a list-aware one). Options: `fresh` gives the
 * values of a form that creates the resource (`resource` undefined: nothing to version, `version`
 * undefined); `versionOf` picks the version the save is checked against when it is not `version` (the
 * stylist assignments: `employees_version`, `services_version`).
 *
 * Returns `loaded` (the values the form started from, to tell what changed), `version` (send it with the
 * save; it stays the loaded one even when the cache revalidates, so a colleague's save is never taken as
 * seen), `draft`/`setDraft`, and `handleStale(err)`: for a stale save's answer it shows the server's
 * Spanish message (Los datos han cambiado mientras se guardaban. Inténtalo de nuevo.) as an error toast,
 * makes the current resource the new starting point, keeps the person's changes on top of it and returns
 * true; for any other failure it returns false and changes nothing.
 */
export function useVersionedDraft<R extends { version: string }, D>(
  resource: R | undefined,
  toDraft: (resource: R) => D,
  merge: (loaded: D, draft: D, current: D) => D,
  { fresh, versionOf = (r: R) => r.version }: { fresh?: () => D; versionOf?: (resource: R) => string } = {},
) {
  const [base, setBase] = useState(() => {
    if (resource) return { version: versionOf(resource) as string | undefined, values: toDraft(resource) };
    if (!fresh) throw new Error('useVersionedDraft: no resource and no fresh draft');
    return { version: undefined, values: fresh() };
  });
  const [draft, setDraft] = useState<D>(base.values);

  const handleStale = (err: unknown): boolean => {
    const current = toastStale<R>(err);
    if (!current) return false;
    const values = toDraft(current);
    setDraft((mine) => merge(base.values, mine, values));
    setBase({ version: versionOf(current), values });
    return true;
  };

  return { loaded: base.values, version: base.version, draft, setDraft, handleStale };
}
