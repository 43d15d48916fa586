/**
 * API access of the activity feed (spec section 2 "Activities"): the feed page by page
 * (`useSWRInfinite` over `next_cursor`), the caller's count of new items (the menu badge, refreshed every
 * 60 s and when the window regains focus) and marking the feed seen. `seen` and `unseen` are per staff
 * member (the session's). Errors arrive as `ApiClientError` with the server's Spanish message.
 */
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ActivityPage, ActivityUnseen } from '@/lib/validation/dto';
import { apiFetch, retryOnlyServerErrors } from './fetcher';
import { FACILITY_ID } from './hooks';

/**
 * How often the badge and the open feed look for new activity: one minute, in ms. A literal: the header
 * of every page loads this module, and lib/domain/time's constant would bring the whole time module along.
 */
export const ACTIVITY_REFRESH_MS = 60_000;

const FEED = `/api/v1/facility/${FACILITY_ID}/activities`;

/** Paths (SWR keys for the GETs) of the feed. */
export const activityPaths = {
  /** One page: the first without a cursor, then the page after `cursor` (the server's page size, 30). */
  page: (cursor: string | null) => (cursor ? `${FEED}?cursor=${encodeURIComponent(cursor)}` : FEED),
  /** The smallest page: only its `unseen` is read (the badge). */
  unseen: () => `${FEED}?limit=1`,
  seen: () => `${FEED}/seen`,
};

/** The key loader of `useSWRInfinite`: the first page, then the page after each `next_cursor`, until none. */
export function activityPageKey(index: number, previous: ActivityPage | null): string | null {
  if (index === 0) return activityPaths.page(null);
  if (!previous?.next_cursor) return null;
  return activityPaths.page(previous.next_cursor);
}

/**
 * The feed, newest first, page by page (keyset: each page continues after the previous one's last item,
 * so items written meanwhile never repeat or skip one). Revalidated every 60 s and on focus (the first
 * page brings what is new).
 */
export function useActivities() {
  const swr = useSWRInfinite<ActivityPage>(activityPageKey, (path: string) => apiFetch<ActivityPage>(path), {
    revalidateFirstPage: true,
    refreshInterval: ACTIVITY_REFRESH_MS,
    shouldRetryOnError: retryOnlyServerErrors,
  });
  const pages = swr.data ?? [];
  const last = pages.at(-1);
  return {
    pages: swr.data,
    hasMore: Boolean(last?.next_cursor),
    loadMore: () => void swr.setSize((s) => s + 1),
    loadingMore: swr.data !== undefined && swr.size > pages.length && !swr.error,
    error: swr.error as unknown,
  };
}

/** The caller's count of new activities (the Actividad badge), refreshed every 60 s and on focus. */
export function useUnseenActivities() {
  return useSWR<number>(activityPaths.unseen(), (path: string) => apiFetch<ActivityPage>(path).then((p) => p.unseen), {
    refreshInterval: ACTIVITY_REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: retryOnlyServerErrors,
  });
}

/**
 * `PATCH /facility/1/activities/seen`: the caller has seen the feed up to `upToId` (their watermark moves
 * forward only). The badge takes the answer's count at once. Throws `ApiClientError`.
 */
export async function markActivitiesSeen(upToId: number): Promise<number> {
  const answer = await apiFetch<{ data: ActivityUnseen }>(activityPaths.seen(), { method: 'PATCH', body: { up_to_id: upToId } });
  await mutate(activityPaths.unseen(), answer.data.unseen, { revalidate: false });
  return answer.data.unseen;
}
