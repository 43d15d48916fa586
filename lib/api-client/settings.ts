/**
 * API access of the tenant settings (decisions "Admin-only actions"): staff read them, admins
 * change them. Built on the one fetcher, so errors arrive as `ApiClientError` with the Spanish message.
 */
import useSWR from 'swr';
import type { TenantSettings } from '@/lib/validation/dto';
import type { TenantSettingsPatch } from '@/lib/validation/settings';
import { apiFetch } from './fetcher';
import { FACILITY_ID } from './hooks';

/** Path (SWR key) of the settings. */
export const settingsPath = () => `/api/v1/facility/${FACILITY_ID}/settings`;

/** The tenant's settings; pass `enabled: false` to skip the request (e.g. for employees). */
export function useTenantSettings(enabled = true) {
  return useSWR<TenantSettings>(enabled ? settingsPath() : null, (path: string) =>
    apiFetch<{ data: TenantSettings }>(path).then((b) => b.data),
  );
}

/**
 * `PATCH /api/v1/facility/1/settings` (admins) → the stored settings. Throws `ApiClientError`; 409 `conflict`
 * with `details.current` when `body.version` is stale (the caller puts it in the cache: its optimistic
 * update rolls back after this call).
 */
export async function updateTenantSettings(body: TenantSettingsPatch): Promise<TenantSettings> {
  const answer = await apiFetch<{ data: TenantSettings }>(settingsPath(), { method: 'PATCH', body });
  return answer.data;
}
