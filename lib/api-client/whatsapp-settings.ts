/**
 * API access of the tenant's WhatsApp Business connection (beyond-the-spec section 5), admins only: read it
 * (credentials masked), save it and disconnect it. Built on the one fetcher, so errors arrive as
 * `ApiClientError` with the Spanish message.
 */
import useSWR, { mutate } from 'swr';
import type { WhatsAppSettings, WhatsAppSettingsPut } from '@/lib/validation/whatsapp';
import { apiFetch } from './fetcher';
import { versionedWrite } from './stale';
import { FACILITY_ID } from './hooks';

/** Path (SWR key) of the connection. */
export const whatsappSettingsPath = () => `/api/v1/facility/${FACILITY_ID}/whatsapp`;

/** The tenant's WhatsApp connection; pass `enabled: false` to skip the request (anyone but an admin). */
export function useWhatsAppSettings(enabled = true) {
  return useSWR<WhatsAppSettings>(enabled ? whatsappSettingsPath() : null, (path: string) =>
    apiFetch<{ data: WhatsAppSettings }>(path).then((b) => b.data),
  );
}

/**
 * `PUT /api/v1/facility/1/whatsapp` (admins) → the stored connection, which also becomes the cached one. On a
 * stale answer (409 `conflict`) the cache takes the current connection and the error is rethrown
 * (`versionedWrite`).
 */
export async function saveWhatsAppSettings(body: WhatsAppSettingsPut): Promise<WhatsAppSettings> {
  const saved = await versionedWrite(whatsappSettingsPath(), async () => (await apiFetch<{ data: WhatsAppSettings }>(whatsappSettingsPath(), { method: 'PUT', body })).data);
  await mutate(whatsappSettingsPath(), saved, { revalidate: false });
  return saved;
}

/** `DELETE /api/v1/facility/1/whatsapp` (admins): disconnects; the cached connection is read again. */
export async function disconnectWhatsApp(): Promise<void> {
  await apiFetch(whatsappSettingsPath(), { method: 'DELETE' });
  await mutate(whatsappSettingsPath());
}
