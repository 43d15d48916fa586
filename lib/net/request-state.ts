/**
 * What the edge learns about a request while Next.js serves it: whether the database failed under it
 * (refused, lost or timed out). The edge (edge.ts) opens one state per request; the database layer
 * (lib/server/db/client.ts) marks it. Both run in one process but load this file as separate module
 * instances (tsx and Next's bundle), so the AsyncLocalStorage lives on `globalThis`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestState = { databaseUnavailable: boolean };

const KEY = '__klokRequestState';
const storage: AsyncLocalStorage<RequestState> = ((globalThis as Record<string, unknown>)[KEY] ??= new AsyncLocalStorage<RequestState>()) as AsyncLocalStorage<RequestState>;

/** Runs `fn` with a fresh state for one request; returns the state (read it when answering). */
export function withRequestState(fn: () => void): RequestState {
  const state: RequestState = { databaseUnavailable: false };
  storage.run(state, fn);
  return state;
}

/** Records that the database failed under the current request (nothing outside a request). */
export function markDatabaseUnavailable(): void {
  const state = storage.getStore();
  if (state) state.databaseUnavailable = true;
}
