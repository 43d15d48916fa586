/**
 * Idempotent writes (beyond-the-spec §1 "Idempotency"): how long a stored answer replays, and the canonical
 * form of a request whose hash tells "the same body" from "another body". Pure.
 */

/** How long an `Idempotency-Key` replays its answer: 24 hours, in ms. Older keys are ignored. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The expiry instant at `now` (epoch ms): a key stored at or before it is expired (ignored, and may be purged);
 * one stored after it still replays.
 */
export function keyExpiryCutoff(now: number): number {
  return now - IDEMPOTENCY_TTL_MS;
}

/**
 * A JSON text of a value with object keys sorted at every depth (arrays keep their order; `undefined`
 * members are left out, as JSON.stringify does), so two bodies that differ only in key order compare equal.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
