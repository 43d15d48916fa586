/**
 * API access of the staff side of the waitlist, "Lista de espera" (beyond-the-spec section 4): the salon's
 * active entries (one SWR key shared by the list screen and the agenda's "N en espera"), offering an entry an
 * hour by hand, and taking an entry off the list. Built on the one fetcher: errors arrive as `ApiClientError`.
 */
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { WaitlistEntry, WaitlistOffer, WaitlistOfferCreate } from '@/lib/validation/waitlist';
import { apiFetch, retryOnlyServerErrors } from './fetcher';
import { apiPaths } from './paths';

/** Paths of the staff waitlist calls (`salon` is the SWR key of the list). */
export const staffWaitlistPaths = {
  salon: apiPaths.salonWaitlist,
  offers: (entryId: string) => `${apiPaths.salonWaitlist()}/${encodeURIComponent(entryId)}/offers`,
  entry: apiPaths.waitlistEntry,
};

const getItems = (path: string) => apiFetch<{ items?: WaitlistEntry[] }>(path).then((b) => b?.items ?? []);

/**
 * The salon's active entries (waiting or offered), by first date then joining order. `config.fallbackData`
 * or an `SWRConfig` fallback: the list as a server page read it.
 */
export function useSalonWaitlist(config?: SWRConfiguration<WaitlistEntry[]>) {
  return useSWR<WaitlistEntry[]>(staffWaitlistPaths.salon(), getItems, { shouldRetryOnError: retryOnlyServerErrors, ...config });
}

/** Fetches the salon's list again (after an offer or a removal), for every screen showing it. */
export function refreshSalonWaitlist(): Promise<unknown> {
  return mutate(staffWaitlistPaths.salon());
}

/**
 * `POST /facility/1/waitlist/{id}/offers`: offers the entry the visit starting at `start_time` with the
 * stylist (`employee_id`, or `any`) and e-mails its client a claim link. Resolves with the offer. Throws
 * `ApiClientError`: 404 unknown entry, 409 `conflict` entry not active, 409 `slot_taken` the hour is not
 * free for the visit, 422 an hour under 45 minutes ahead.
 */
export async function offerWaitlistHour(entryId: string, body: WaitlistOfferCreate): Promise<WaitlistOffer> {
  const answer = await apiFetch<{ data: WaitlistOffer }>(staffWaitlistPaths.offers(entryId), { method: 'POST', body });
  return answer.data;
}

