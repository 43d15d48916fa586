/**
 * The stylists, times and totals of a client's visit (beyond-the-spec section 2): "Cualquier estilista" as a
 * stylist value, who can do the visit, each service's time and the visit's minutes and price, and how many
 * services it takes. Pure; loaded with the wizard's later steps, out of its first-load JavaScript.
 */
import type { Employee, Service } from '@/lib/validation/dto';
import { VISIT_MAX_SERVICES } from '@/lib/validation/limits';
import { ANY_STYLIST } from './visit-choice';

/**
 * "Cualquier estilista" as the wizard's stylist value: an `Employee` with `ANY_STYLIST` as e-mail and no
 * schedule of its own (the date step reads the stylists who can do the visit instead).
 */
export function anyStylist(name: string): Employee {
  return {
    email: ANY_STYLIST,
    name,
    role: 'employee',
    description: '',
    color: '',
    avatar: null,
    tlf: null,
    services: [],
    week_shifts: [],
    special_shifts: [],
    version: '',
    services_version: '',
  };
}

/** The minutes of a visit: its services back to back. */
export const visitMinutes = (services: readonly Pick<Service, 'duration'>[]): number => services.reduce((sum, s) => sum + s.duration, 0);

/** The price of a visit in euros: the sum of its services'. */
export const visitPrice = (services: readonly Pick<Service, 'price'>[]): number => services.reduce((sum, s) => sum + s.price, 0);

/** True when one more service may be added to a visit of `count` services. */
export const canAddService = (count: number): boolean => count < VISIT_MAX_SERVICES;

/**
 * The stylist step of a visit from the stylists of each service (`perService`, one list per service):
 * `named`, the stylists who offer every service (one stylist does the whole visit), in the first list's
 * order; `pool`, everyone who offers at least one of them; `any`, whether "Cualquier estilista" is offered
 * (every service has someone, and two or more stylists are in the pool).
 */
export function visitStylists(perService: readonly (readonly Employee[])[]): { named: Employee[]; pool: Employee[]; any: boolean } {
  if (perService.length === 0) return { named: [], pool: [], any: false };
  const key = (e: Employee) => e.email.toLowerCase();
  const named = perService[0]!.filter((e) => perService.every((list) => list.some((o) => key(o) === key(e))));
  const pool = new Map<string, Employee>();
  for (const list of perService) for (const e of list) if (!pool.has(key(e))) pool.set(key(e), e);
  return { named, pool: [...pool.values()], any: pool.size >= 2 && perService.every((list) => list.length > 0) };
}

/** Each service of a visit starting at `start` (UTC ISO) with its own start and end (epoch ms): back to back. */
export function visitTimes(services: readonly Service[], start: string): { service: Service; start: number; end: number }[] {
  let at = Date.parse(start);
  return services.map((service) => {
    const part = { service, start: at, end: at + service.duration * 60_000 };
    at = part.end;
    return part;
  });
}
