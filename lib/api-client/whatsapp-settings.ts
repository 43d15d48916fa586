/**
 * API access of the tenant's WhatsApp Business connection (beyond-the-spec section 5), admins only: read it
 * (credentials masked), save it and disconnect it. Built on the one fetcher, so errors arrive as
 * `ApiClientError` with the Spanish message.
 */
import useSWR, { mutate } from 'swr';
import type { WhatsAppSettings, WhatsAppSettingsPut } from '@/lib/validation/whatsapp';
import { ApiClientError, apiFetch } from './fetcher';
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
 * The connection as the server holds it now when `err` is a stale save's answer (409 `conflict` with
 * `details.current`), else null.
 */
export function staleWhatsAppSettingsOf(err: unknown): WhatsAppSettings | null {
  if (!(err instanceof ApiClientError) || err.status !== 409 || err.code !== 'conflict') return null;
  const current = (err.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' && typeof (current as { connected?: unknown }).connected === 'boolean' ? (current as WhatsAppSettings) : null;
}

/**
 * `PUT /api/v1/facility/1/whatsapp` (admins) → the stored connection, which also becomes the cached one. On a
 * stale answer (409 `conflict`) the cache takes the current connection and the error is rethrown.
 */
export async function saveWhatsAppSettings(body: WhatsAppSettingsPut): Promise<WhatsAppSettings> {
  try {
    const saved = (await apiFetch<{ data: WhatsAppSettings }>(whatsappSettingsPath(), { method: 'PUT', body })).data;
    await mutate(whatsappSettingsPath(), saved, { revalidate: false });
    return saved;
  } catch (err) {
    const current = staleWhatsAppSettingsOf(err);
    if (current) await mutate(whatsappSettingsPath(), current, { revalidate: false });
    throw err;
  }
}

/** `DELETE /api/v1/facility/1/whatsapp` (admins): disconnects; the cached connection is read again. */
export async function disconnectWhatsApp(): Promise<void> {
  await apiFetch(whatsappSettingsPath(), { method: 'DELETE' });
  await mutate(whatsappSettingsPath());
}
