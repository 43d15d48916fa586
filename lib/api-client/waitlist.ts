/**
 * API access of an account's waitlist (beyond-the-spec section 4, "Lista de espera"): its entries, joining
 * ("Avísame si se libera un hueco") and taking an entry off ("Quitar"). Both writes revalidate the account's
 * list, so Mis citas shows what the server holds. Errors arrive as `ApiClientError` with the Spanish message.
 */
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { isActiveEntry } from '@/lib/domain/waitlist';
import type { WaitlistCreate, WaitlistEntry } from '@/lib/validation/waitlist';
import { apiFetch, retryOnlyServerErrors } from './fetcher';
import { apiPaths } from './paths';

/** Whether an entry is still on the list: waiting, or offered an hour (`isActiveEntry`). */
export const isActiveWaitlistEntry = (entry: Pick<WaitlistEntry, 'status'>): boolean => isActiveEntry(entry.status);

/**
 * The waitlist entries of the account `email`, newest first, every state included (null e-mail: no request).
 * `config.fallbackData`: the list as a server page read it (shown at once, then revalidated).
 */
export function useWaitlist(email: string | null, config?: SWRConfiguration<WaitlistEntry[]>) {
  return useSWR<WaitlistEntry[]>(
    email ? apiPaths.waitlist(email) : null,
    (path: string) => apiFetch<{ items: WaitlistEntry[] }>(path).then((b) => b.items ?? []),
    { shouldRetryOnError: retryOnlyServerErrors, ...config },
  );
}

/**
 * `POST /users/{email}/waitlist` → the new entry (201). The account's cached list takes it at once and is
 * revalidated. Throws `ApiClientError`: 409 three active entries or the person's pending appointment in the
 * range, 403 `booking_restricted`, 422 a rule of the entry.
 */
export async function joinWaitlist(email: string, body: WaitlistCreate): Promise<WaitlistEntry> {
  const answer = await apiFetch<{ data: WaitlistEntry }>(apiPaths.waitlist(email), { method: 'POST', body });
  const entry = answer.data;
  await mutate<WaitlistEntry[]>(apiPaths.waitlist(email), (list) => [entry, ...(list ?? []).filter((e) => e.id !== entry.id)], { revalidate: true });
  return entry;
}

/**
 * `DELETE /users/{email}/waitlist/{id}` (204): takes the entry off the list. On success the cached list drops
 * it; either way the list is revalidated (a 409 means the entry is not active). Throws `ApiClientError`.
 */
export async function leaveWaitlist(email: string, id: string): Promise<void> {
  try {
    await apiFetch(apiPaths.waitlistEntry(email, id), { method: 'DELETE' });
    await mutate<WaitlistEntry[]>(apiPaths.waitlist(email), (list) => list?.filter((e) => e.id !== id), { revalidate: true });
  } catch (err) {
    await mutate(apiPaths.waitlist(email));
    throw err;
  }
}
