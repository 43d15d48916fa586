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

/** Where a service stands in its visit: `position` (1-based, by start) of `size`, and the visit's services in order. */
export type VisitPlaceOf<T> = { position: number; size: number; parts: T[] };

/**
 * The place of each service of a visit of two or more services, by appointment id: the services of `parts`
 * grouped by `visit_id` (`groupVisits`, each visit by start); a visit of one gets no entry. What the agenda
 * labels "Visita 1/2", "Visita 2/2" and lists in Información cita; the caller passes the services that count
 * (the agenda: those not cancelled).
 */
export function visitPlaces<T extends { id: string; visit_id: string; start_time: string }>(parts: readonly T[]): Map<string, VisitPlaceOf<T>> {
  const out = new Map<string, VisitPlaceOf<T>>();
  for (const visit of groupVisits(parts)) {
    if (visit.length < 2) continue;
    visit.forEach((part, i) => out.set(part.id, { position: i + 1, size: visit.length, parts: visit }));
  }
  return out;
}
