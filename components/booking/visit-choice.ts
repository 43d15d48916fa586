/**
 * The client wizard's visit (beyond-the-spec section 2): the services chosen in the salon's order, "Cualquier
 * estilista" and the free-hours call that fits the choice. Pure, and light: the wizard's first-load JavaScript
 * imports it (no zod, no availability code); the rest of the visit's rules (its stylists, times and totals)
 * are in ./visit-details, loaded with the later steps.
 */
import { apiPaths } from '@/lib/api-client/paths';
import type { Employee, Service } from '@/lib/validation/dto';

/** The API's name for "Cualquier estilista" (in place of a stylist's e-mail). */
export const ANY_STYLIST = 'any';

/** True for the "Cualquier estilista" value. */
export const isAnyStylist = (employee: Pick<Employee, 'email'> | undefined): boolean => employee?.email === ANY_STYLIST;

/** The visit of a choice: the chosen service and the added ones, in the order of `list` (the salon's), when listed. */
export function visitServices(service: Service | undefined, extra: readonly Service[] | undefined, list?: readonly Service[]): Service[] {
  const chosen = service ? [service, ...(extra ?? [])] : [];
  if (!list) return chosen;
  const at = (s: Service) => {
    const i = list.findIndex((l) => l.id === s.id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...chosen].sort((a, b) => at(a) - at(b));
}

/**
 * The free-hours path of a choice: the spec's call for one service by a named stylist, else the visit call
 * (`services=` in visit order, `any` for "Cualquier estilista").
 */
export function hoursPath(date: string, employee: Pick<Employee, 'email'>, services: readonly Service[]): string {
  const [first] = services;
  if (services.length === 1 && first && !isAnyStylist(employee)) return apiPaths.availableHours(date, employee.email, first.duration, first.id);
  return apiPaths.visitHours(date, employee.email, services.map((s) => s.id));
}
