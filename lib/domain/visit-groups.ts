/**
 * Grouping appointments into visits for display (beyond-the-spec section 2). Pure and import-free, apart
 * from lib/domain/visit.ts, so Mis citas loads no availability code.
 */

/**
 * Appointments grouped by visit (`visit_id`), each visit's services in order of start and the visits in
 * order of their first start: what Mis citas shows as one card per visit.
 */
export function groupVisits<T extends { visit_id: string; start_time: string }>(list: readonly T[]): T[][] {
  const byVisit = new Map<string, T[]>();
  for (const a of list) {
    const parts = byVisit.get(a.visit_id);
    if (parts) parts.push(a);
    else byVisit.set(a.visit_id, [a]);
  }
  const at = (a: T) => Date.parse(a.start_time);
  return [...byVisit.values()].map((parts) => parts.sort((a, b) => at(a) - at(b))).sort((a, b) => at(a[0]!) - at(b[0]!));
}
