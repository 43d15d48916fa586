/**
 * API access of the staff service screens (spec sections 2 "Services" and 7): the list and one service
 * (SWR hooks), and the four writes. Built on the one fetcher (`apiFetch`), so failures arrive as
 * `ApiClientError` with the server's Spanish message and, for invalid input, `details.fields`.
 * Every write revalidates the cached service lists (and the stylists, whose `services` change).
 */
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import type { Service } from '@/lib/validation/dto';
import type { ZServiceCreate, ZServiceEmployees, ZServiceUpdate } from '@/lib/validation/services';
import { apiFetch, retryOnlyServerErrors } from './fetcher';
import { FACILITY_ID, apiPaths, useServices } from './hooks';
import { versionedWrite } from './stale';

/** Paths (SWR keys) of the service resources. */
export const servicePaths = {
  /** Every service (the same key as `useServices({ associated: false })`). */
  list: () => apiPaths.services(false),
  one: (id: number) => `/api/v1/facility/${FACILITY_ID}/services/${id}`,
  employees: (id: number) => `/api/v1/facility/${FACILITY_ID}/services/${id}/employees`,
};

export type ServiceCreateBody = z.input<typeof ZServiceCreate>;
export type ServiceUpdateBody = z.input<typeof ZServiceUpdate>;
export type ServiceEmployeesBody = z.input<typeof ZServiceEmployees>;

/** Every service of the facility (the staff list). */
export function useServiceList() {
  return useServices({ associated: false });
}

/**
 * One service by id (null: no request). A missing or deleted service fails with status 404; answers
 * below 500 are not retried (they will not change by asking again).
 */
export function useService(id: number | null, config?: SWRConfiguration<Service>) {
  return useSWR<Service>(id === null ? null : servicePaths.one(id), (path: string) => apiFetch<{ data: Service }>(path).then((b) => b.data), {
    shouldRetryOnError: retryOnlyServerErrors,
    ...config,
  });
}

const SERVICES_PREFIX = `/api/v1/facility/${FACILITY_ID}/services`;
/** `/employees`, `/employees?service=` and `/employee/{email}`: stylists show the services they offer. */
const EMPLOYEE_PREFIX = `/api/v1/facility/${FACILITY_ID}/employee`;

/** True for the key of a service list (`/services`, `/services?associated=true`). */
const isServiceList = (key: string) => key === SERVICES_PREFIX || key.startsWith(`${SERVICES_PREFIX}?`);

/** Revalidates every cached service list and stylist resource (single services are left alone). */
async function revalidateLists(): Promise<void> {
  await mutate((key) => typeof key === 'string' && (isServiceList(key) || key.startsWith(EMPLOYEE_PREFIX)));
}

/** Stores a service answered by a write as the cached detail and refreshes the lists. */
async function remember(service: Service): Promise<Service> {
  await mutate(servicePaths.one(service.id), service, { revalidate: false });
  await revalidateLists();
  return service;
}

/**
 * `PUT /facility/1/services/order`: every service's id, first to last (the salon's order, which a visit's
 * services follow) → the services in that order, stored as the cached staff list. Throws `ApiClientError`
 * (409 `conflict` when a service was added or deleted meanwhile).
 */
export async function reorderServices(ids: number[]): Promise<Service[]> {
  const answer = await apiFetch<{ items: Service[] }>(`${SERVICES_PREFIX}/order`, { method: 'PUT', body: { ids } });
  await mutate(servicePaths.list(), answer.items, { revalidate: false });
  await revalidateLists();
  return answer.items;
}

/** `POST /facility/1/services` → the new service (201). Throws `ApiClientError`. */
export async function createService(body: ServiceCreateBody): Promise<Service> {
  const answer = await apiFetch<{ data: Service }>(servicePaths.list(), { method: 'POST', body });
  return remember(answer.data);
}

/**
 * `PATCH /facility/1/services/{id}`: name, description, price, duration and busy parts → the service.
 * Throws `ApiClientError`; 409 `conflict` when `body.version` is stale (the cached service then becomes
 * `details.current`).
 */
export async function updateService(id: number, body: ServiceUpdateBody): Promise<Service> {
  const answer = await versionedWrite(servicePaths.one(id), () => apiFetch<{ data: Service }>(servicePaths.one(id), { method: 'PATCH', body }));
  return remember(answer.data);
}

/**
 * `PATCH /facility/1/services/{id}/employees`: the stylists' e-mails (at least one) → the service. With
 * `version` (the service's `employees_version` as loaded) a stale save throws 409 `conflict` and the cached
 * service becomes `details.current`.
 */
export async function setServiceEmployees(id: number, employees: ServiceEmployeesBody['employees'], version?: string): Promise<Service> {
  const answer = await versionedWrite(servicePaths.one(id), () =>
    apiFetch<{ data: Service }>(servicePaths.employees(id), { method: 'PATCH', body: { employees, version } }),
  );
  return remember(answer.data);
}

/**
 * `DELETE /facility/1/services/{id}` (201). The service leaves the cached list at once; the lists are
 * then revalidated. Throws `ApiClientError` (the list is revalidated either way).
 */
export async function deleteService(id: number): Promise<void> {
  try {
    await apiFetch(servicePaths.one(id), { method: 'DELETE' });
    await mutate<Service[]>(servicePaths.list(), (list) => list?.filter((s) => s.id !== id), { revalidate: false });
  } finally {
    await revalidateLists();
  }
}
