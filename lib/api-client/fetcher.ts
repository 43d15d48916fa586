/**
 * The one way the browser talks to the API (spec section 7): same-origin calls with credentials,
 * a JSON content type, the `frontend-host` header and the informational `initiator` header
 * (the server never trusts it: the role comes from the session).
 */
import type { ApiErrorBody, Role } from '@/lib/validation/dto';

/**
 * Base URL of the API: empty (same origin, this app serves `/api/v1`) unless a separate API deployment is
 * configured at build time with NEXT_PUBLIC_API_BASE_URL (design card).
 */
export const API_BASE_URL = (process.env.NEXT_PUBLIC_API_BASE_URL ?? '').replace(/\/$/, '');

/** Message of a network failure (spec section 8: status 500 with text `Internal error`). */
export const NETWORK_ERROR_MESSAGE = 'Internal error';
/**
 * Code of a network failure (no answer from the server: offline, connection cut, blocked). Its English
 * message never reaches the screen: `errorMessageOf` gives the caller's Spanish text instead.
 */
export const NETWORK_ERROR_CODE = 'network';

/**
 * A failed API call: the status and the `{ error: { code, message, details } }` body of the answer, and for
 * a 429 the seconds to wait that its `Retry-After` header gave (`retryAfter`).
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/**
 * A call that got no answer (offline, connection cut, DNS): whether the server acted on it is unknown.
 * Status 500 `Internal error`, as the spec's network failure.
 */
export class ApiNetworkError extends ApiClientError {
  constructor() {
    super(500, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
    this.name = 'ApiNetworkError';
  }
}

let initiatorRole: Role | null = null;

/** Sets the role sent in the `initiator` header of every later call (informational only). */
export function setInitiatorRole(role: Role | null): void {
  initiatorRole = role;
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `idempotency-key`). */
  headers?: Record<string, string>;
};

/**
 * Calls the API and returns the parsed JSON body (null for an empty answer such as 204).
 * Throws an `ApiClientError` for any non-2xx answer (using the body's `error`), and an `ApiNetworkError`
 * (status 500 `Internal error`, code `network`) when the network fails (a fetch TypeError); an abort is
 * rethrown.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, 'content-type': 'application/json', accept: 'application/json' };
  if (initiatorRole) headers.initiator = initiatorRole;
  if (typeof window !== 'undefined') headers['frontend-host'] = window.location.host;

  let res: Response;
  try {
    res = await fetch(API_BASE_URL + path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiNetworkError();
  }

  const text = await res.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiClientError(
      res.status,
      error?.code ?? 'internal',
      error?.message ?? '',
      error?.details,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as T;
}

/** True for a failed call answered 404 (an unknown or deleted resource). */
export function isNotFoundError(err: unknown): boolean {
  return err instanceof ApiClientError && err.status === 404;
}

/** SWR's retry rule of the resource hooks: retry network and server failures, never a 4xx answer. */
export function retryOnlyServerErrors(err: unknown): boolean {
  return !(err instanceof ApiClientError && err.status < 500);
}

/** True for a call that got no answer (the network failed), as opposed to an error answered by the server. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiClientError && err.code === NETWORK_ERROR_CODE;
}

/**
 * The message to show for a failed call: the server's Spanish message, or `fallback` (Spanish) when the
 * call got no answer (network failure), an answer without a message, or the failure is not an API call's.
 */
export function errorMessageOf(err: unknown, fallback: string): string {
  return err instanceof ApiClientError && err.message && !isNetworkError(err) ? err.message : fallback;
}
