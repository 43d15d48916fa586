/**
 * A client's history (spec section 2, Clients detail; states of section 4):
 * - Pendientes: not cancelled and ending after `now`, soonest first;
 * - Antiguas (Completada): not cancelled and ended — an appointment ending exactly at `now` is past —
 *   latest first;
 * - Canceladas: status cancelled, whatever their time, latest first (by start; then the latest cancelled).
 * Pure: instants are UTC ISO strings, `now` epoch ms.
 */

/** What the classification reads of an appointment. */
export type HistoryItem = { start_time: string; end_time: string; status: 'pending' | 'cancelled'; cancelled_at?: string | null };

export type History<T> = { pending: T[]; past: T[]; cancelled: T[] };

/** Splits appointments into the three sub-tabs, each in its order. */
export function classifyHistory<T extends HistoryItem>(appointments: readonly T[], now: number): History<T> {
  const out: History<T> = { pending: [], past: [], cancelled: [] };
  for (const a of appointments) {
    if (a.status === 'cancelled') out.cancelled.push(a);
    else if (Date.parse(a.end_time) > now) out.pending.push(a);
    else out.past.push(a);
  }
  const start = (a: T) => Date.parse(a.start_time);
  out.pending.sort((a, b) => start(a) - start(b));
  out.past.sort((a, b) => start(b) - start(a));
  out.cancelled.sort((a, b) => start(b) - start(a) || Date.parse(b.cancelled_at ?? '') - Date.parse(a.cancelled_at ?? '') || 0);
  return out;
}
