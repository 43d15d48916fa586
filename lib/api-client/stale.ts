/**
 * Stale saves (optimistic concurrency): every edit screen sends the `version` it was loaded with, and the
 * API answers 409 `conflict` with `details.current` (the resource as its GET shows it) when someone saved
 * in between. These helpers recognise that answer and refresh the cached resource.
 */
import { mutate } from 'swr';
import { ApiClientError } from './fetcher';

/**
 * The resource as the server holds it now when `err` is a stale save's answer (409 `conflict` carrying
 * `details.current` with a `version`), else null (any other failure, e.g. a sub-user with appointments).
 */
export function staleCurrentOf<T extends { version: string }>(err: unknown): T | null {
  if (!(err instanceof ApiClientError) || err.status !== 409 || err.code !== 'conflict') return null;
  const current = (err.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' && typeof (current as { version?: unknown }).version === 'string' ? (current as T) : null;
}

/**
 * Runs a versioned write. On a stale answer the cache entry `key` (the resource's GET) becomes the current
 * resource without a new request, so every view of it shows the current data; the error is rethrown for the
 * screen (`useVersionedDraft`).
 */
export async function versionedWrite<T>(key: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const current = staleCurrentOf(err);
    if (current) await mutate(key, current, { revalidate: false });
    throw err;
  }
}
