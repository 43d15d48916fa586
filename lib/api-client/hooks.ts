/**
 * SWR hooks of the client screens, one per API resource (spec section 7). Each hook unwraps the
 * answer (`data` or `items`) and shares its cache key with every other user of the same resource.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { ApiClientError, apiFetch } from './fetcher';
import { FACILITY_ID, apiPaths } from './paths';
import type { Appointment, Employee, Facility, HourGroup, Service, SessionInfo, UserDetail } from '@/lib/validation/dto';

export { FACILITY_ID, apiPaths } from './paths';

const getData = <T>(path: string) => apiFetch<{ data: T }>(path).then((b) => b.data);
const getItems = <T>(path: string) => apiFetch<{ items: T[] }>(path).then((b) => b.items ?? []);

/** The current session, or null when nobody is signed in (status 404). */
export function useSession() {
  return useSWR<SessionInfo | null>(apiPaths.session(), async (path: string) => {
    try {
      return await getData<SessionInfo>(path);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 404) return null;
      throw err;
    }
  });
}

/**
 * The facility (id 1 by default); a failed load is logged (spec section 7) and exposed as `error`.
 * `config.fallbackData`: the facility as a server page read it (shown at once, then revalidated).
 */
export function useFacility(id = FACILITY_ID, config?: SWRConfiguration<Facility>) {
  return useSWR<Facility>(apiPaths.facility(id), getData<Facility>, {
    onError: (err) => console.error('Facility could not be loaded', err),
    ...config,
  });
}

/** A user account by e-mail (null e-mail: no request). */
export function useUser(email: string | null, config?: SWRConfiguration<UserDetail>) {
  return useSWR<UserDetail>(email ? apiPaths.user(email) : null, getData<UserDetail>, config);
}

/** The pending appointments of an account, sub-users included (null e-mail: no request). */
export function usePendingAppointments(email: string | null, config?: SWRConfiguration<Appointment[]>) {
  return useSWR<Appointment[]>(email ? apiPaths.pending(email) : null, getItems<Appointment>, config);
}

/** Reads the pending appointments of an account once, outside the SWR cache. Throws `ApiClientError`. */
export function fetchPendingAppointments(email: string): Promise<Appointment[]> {
  return getItems<Appointment>(apiPaths.pending(email));
}

/**
 * The facility's services; `associated` keeps only services some stylist offers. `config.fallbackData`:
 * the list as a server page read it (shown at once, then revalidated).
 */
export function useServices({ associated }: { associated: boolean }, config?: SWRConfiguration<Service[]>) {
  return useSWR<Service[]>(apiPaths.services(associated), getItems<Service>, config);
}

/**
 * The stylists offering each service of a visit (beyond-the-spec section 2), one list per service in the
 * order given; no request for an empty visit.
 */
export function useVisitEmployees(serviceIds: readonly number[]) {
  return useSWR<Employee[][]>(serviceIds.length === 0 ? null : ['visit-employees', ...serviceIds], ([, ...ids]: [string, ...number[]]) =>
    Promise.all(ids.map((id) => getItems<Employee>(apiPaths.employees(id)))),
  );
}

/**
 * Bookable hour groups at `path` (`apiPaths.availableHours` or `apiPaths.visitHours`; with `appointmentId`,
 * staff moving that appointment, its own busy time is free; null: no request). Not revalidated on focus so
 * the list does not shift under the user's finger.
 */
export function useHours(path: string | null) {
  return useSWR<HourGroup[]>(path, getItems<HourGroup>, { revalidateOnFocus: false });
}
