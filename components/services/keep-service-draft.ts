/**
 * The service form after a stale save (components/ui/keep-draft.ts): name, description and price are kept
 * field by field; the working time (hours, minutes, the kept busy parts and the duration they were set for) is one unit, taken whole from the
 * person's draft when they changed any of it, else from the current service, so the busy parts always fit
 * the duration they were drawn for. Pure.
 */
import { keepDraft } from '@/components/ui/keep-draft';
import type { ServiceDraft } from './service-draft';

const grouped = (d: ServiceDraft) => ({
  name: d.name,
  description: d.description,
  price: d.price,
  employees: d.employees,
  timing: { hours: d.hours, minutes: d.minutes, segments: d.segments, segmentsFor: d.segmentsFor },
});

/** The draft rebased on `current` (all three drafts of the same service form). */
export function keepServiceDraft(loaded: ServiceDraft, draft: ServiceDraft, current: ServiceDraft): ServiceDraft {
  const { timing, ...rest } = keepDraft(grouped(loaded), grouped(draft), grouped(current));
  return { ...current, ...rest, ...timing };
}
