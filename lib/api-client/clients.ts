/**
 * API access of the staff client screens (spec sections 2 "Clients" and 7): the paginated,
 * searchable list (`useSWRInfinite` over `next_cursor`), one client with its history, and the writes —
 * invite (`POST /users`), edit name / sub-users / allowance (`PATCH /users/{email}`), and the admin's
 * export and deletion. Every write revalidates what shows the client: its detail, every mounted client
 * list (whatever its search) and, for a deletion, the agenda and the activity feed.
 * Errors arrive as `ApiClientError` with the server's Spanish message.
 */
import { useEffect } from 'react';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ClientExport, ClientListItem, ClientPage, UserDetail, UserDto } from '@/lib/validation/dto';
import type { ClientCreate, StaffUserPatch } from '@/lib/validation/users';
import { apiFetch, isNotFoundError, retryOnlyServerErrors } from './fetcher';
import { versionedWrite } from './stale';
import { FACILITY_ID, apiPaths } from './hooks';

/** Clients per page of the list. */
export const CLIENTS_PAGE_SIZE = 30;

const enc = encodeURIComponent;
const USERS = '/api/v1/users';

/** Paths (SWR keys for the GETs) of the client resources. */
export const clientPaths = {
  /** One page of the list: the search (trimmed; left out when empty), the page size and the cursor. */
  page: (search: string, cursor: string | null, limit = CLIENTS_PAGE_SIZE) => {
    const params = new URLSearchParams();
    const q = search.trim();
    if (q) params.set('search', q);
    if (cursor) params.set('cursor', cursor);
    params.set('limit', String(limit));
    return `${USERS}?${params.toString()}`;
  },
  /** `POST` (invite) goes to the collection. */
  list: () => USERS,
  /** The same key as `useUser` (`GET`, `PATCH` and `DELETE`). */
  one: (email: string) => apiPaths.user(email),
  export: (email: string) => `${USERS}/${enc(email)}/export`,
};

/**
 * The key loader of `useSWRInfinite` for a search: the first page, then the page after each answer's
 * `next_cursor`, and no more once a page says there is none.
 */
export function clientPageKey(search: string) {
  return (index: number, previous: ClientPage | null): string | null => {
    if (index === 0) return clientPaths.page(search, null);
    if (!previous?.next_cursor) return null;
    return clientPaths.page(search, previous.next_cursor);
  };
}

/** Revalidators of the mounted client lists (SWR's key filters skip infinite keys). */
const liveLists = new Set<() => Promise<unknown>>();

export type ClientsResult = {
  /** The clients of every loaded page, in order (undefined until the first page arrives). */
  clients: ClientListItem[] | undefined;
  /** How many clients match the search (the count badge). */
  total: number | undefined;
  /** True while another page exists. */
  hasMore: boolean;
  /** Loads the next page. */
  loadMore: () => void;
  /** True while the next page is loading. */
  loadingMore: boolean;
  /** True while the answer shown is of another search (the new one is on its way). */
  stale: boolean;
  error: unknown;
  retry: () => void;
};

/**
 * The staff list of clients (`GET /users?search=&cursor=&limit=`), page by page, newest activity first;
 * the server searches name and e-mail (case- and accent-insensitive). While a new search loads, the
 * previous answer stays on screen (`stale`).
 */
export function useClients(search: string): ClientsResult {
  const key = clientPageKey(search);
  const swr = useSWRInfinite<ClientPage>(key, (path: string) => apiFetch<ClientPage>(path), {
    keepPreviousData: true,
    revalidateFirstPage: true,
    shouldRetryOnError: retryOnlyServerErrors,
  });
  const { data, size, setSize, isLoading, error, mutate: revalidate } = swr;

  useEffect(() => {
    const fn = () => revalidate();
    liveLists.add(fn);
    return () => {
      liveLists.delete(fn);
    };
  }, [revalidate]);

  const pages = data ?? [];
  const last = pages.at(-1);
  return {
    clients: data ? pages.flatMap((p) => p.items) : undefined,
    total: pages[0]?.total,
    hasMore: Boolean(last?.next_cursor),
    loadMore: () => void setSize((s) => s + 1),
    loadingMore: data !== undefined && size > pages.length && !error,
    // keepPreviousData: with nothing cached for this search yet, the pages on screen are the last search's.
    stale: data !== undefined && isLoading,
    error,
    retry: () => void revalidate(),
  };
}

/**
 * One client with its history (`GET /users/{email}`; null e-mail: no request). A 404 is not retried: the
 * screen shows Error. No se ha encontrado al cliente. An editor passes `{ revalidateOnFocus: false }` so
 * the values its form started from stay put.
 */
export function useClient(email: string | null, config?: SWRConfiguration<UserDetail>) {
  return useSWR<UserDetail>(
    email ? clientPaths.one(email) : null,
    (path: string) => apiFetch<{ data: UserDetail }>(path).then((b) => b.data),
    { shouldRetryOnError: retryOnlyServerErrors, ...config },
  );
}

/** True when a load failed because the client does not exist (or was deleted). */
export const isClientNotFound = isNotFoundError;

const AGENDA_PREFIX = `/api/v1/facility/${FACILITY_ID}/appointments`;
const ACTIVITIES_PREFIX = `/api/v1/facility/${FACILITY_ID}/activities`;

/** Revalidates every mounted client list. */
async function revalidateLists(): Promise<void> {
  await Promise.all([...liveLists].map((fn) => fn()));
}

/** `POST /users` (staff): invites a client by e-mail → 201 with the new user. Throws `ApiClientError` (409 when it exists). */
export async function createClient(body: ClientCreate): Promise<UserDto> {
  const answer = await apiFetch<{ data: UserDto }>(clientPaths.list(), { method: 'POST', body });
  await Promise.all([revalidateLists(), mutate((key) => typeof key === 'string' && key.startsWith(ACTIVITIES_PREFIX))]);
  return answer.data;
}

/**
 * `PATCH /users/{email}` by staff: name, sub-users and/or allowance → 201 with the user. The cached detail
 * takes the answer at once (its history kept) and is revalidated; the lists too. Throws `ApiClientError`:
 * 409 `conflict` when a removed sub-user has a pending appointment (the Spanish message says so), or when
 * `patch.version` is stale (the cached client then becomes `details.current`).
 */
export async function updateClient(email: string, patch: StaffUserPatch): Promise<UserDto | null> {
  const answer = await versionedWrite(clientPaths.one(email), () =>
    apiFetch<{ data?: UserDto } | null>(clientPaths.one(email), { method: 'PATCH', body: patch }),
  );
  const fresh = answer?.data ?? null;
  await Promise.all([
    fresh
      ? mutate<UserDetail>(clientPaths.one(email), (current) => (current ? { ...current, ...fresh } : current), { revalidate: true })
      : mutate(clientPaths.one(email)),
    revalidateLists(),
  ]);
  return fresh;
}

/**
 * `DELETE /users/{email}` (admins only; decisions "Deleting"): personal data erased or anonymised, pending
 * appointments cancelled with the usual e-mail → 200. The client leaves the cache without being fetched
 * again; the lists, the agenda (cancelled appointments) and the activity feed revalidate.
 */
export async function deleteClient(email: string): Promise<void> {
  await apiFetch(clientPaths.one(email), { method: 'DELETE' });
  await mutate(clientPaths.one(email), undefined, { revalidate: false });
  await Promise.all([
    revalidateLists(),
    mutate((key) => typeof key === 'string' && (key.startsWith(AGENDA_PREFIX) || key.startsWith(ACTIVITIES_PREFIX))),
  ]);
}

/** The address of a client's data export (`GET /users/{email}/export`, admins only): a JSON attachment. */
export function exportClientUrl(email: string): string {
  return clientPaths.export(email);
}

/**
 * `GET /users/{email}/export` (admins only): `{ data }` with everything the salon holds about the client
 * (profile, sub-users, appointments), the same document the endpoint serves as its attachment. Throws
 * `ApiClientError` (403 for employees, 404 unknown, 422 the guest).
 */
export function exportClient(email: string): Promise<{ data: ClientExport }> {
  return apiFetch<{ data: ClientExport }>(exportClientUrl(email));
}
