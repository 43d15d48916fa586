/**
 * API access of the owner's summary, "Resumen" (beyond-the-spec section 6): the figures of a period (one SWR
 * key per period, so the period and the previous one are cached apart) and the address of the accountant's CSV.
 * Built on the one fetcher: errors arrive as `ApiClientError`.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { Period } from '@/lib/domain/summary';
import type { Summary } from '@/lib/validation/reports';
import { API_BASE_URL, apiFetch, retryOnlyServerErrors } from './fetcher';
import { apiPaths } from './paths';

const getSummary = (path: string) => apiFetch<{ data: Summary }>(path).then((b) => b.data);

/** The figures of `period`; an `SWRConfig` fallback under `apiPaths.summary(from, to)` gives the server's first read. */
export function useSummary(period: Period, config?: SWRConfiguration<Summary>) {
  return useSWR<Summary>(apiPaths.summary(period.from, period.to), getSummary, { shouldRetryOnError: retryOnlyServerErrors, ...config });
}

/** The download address of the period's appointments CSV (admins), on the configured API base. */
export function appointmentsCsvUrl(period: Period): string {
  return API_BASE_URL + apiPaths.appointmentsCsv(period.from, period.to);
}
