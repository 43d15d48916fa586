/**
 * The label key (namespace `waitlist`) of each part of the day an entry wants (beyond-the-spec section 4). A
 * module of its own, free of the form's schema, so Mis citas can word its entries without loading it.
 */
import type { PartOfDay } from '@/lib/domain/waitlist';

export const PART_OF_DAY_LABEL = {
  morning: 'partMorning',
  afternoon: 'partAfternoon',
  any: 'partAny',
} as const satisfies Record<PartOfDay, string>;
