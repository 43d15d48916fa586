/**
 * API access of action links (beyond-the-spec sections 3 and 4): "Confirmo" / "No puedo ir" and "Reservar este
 * hueco" from the `/c/{token}` page, without a session. Built on the one fetcher: errors arrive as `ApiClientError` with the Spanish message.
 */
import type { ActionBody, ActionView } from '@/lib/validation/actions';
import { apiFetch } from './fetcher';

/** `POST /api/v1/actions/{token} { action }` → where the appointment or the offer stands afterwards. */
export async function performAction(token: string, action: ActionBody['action']): Promise<ActionView> {
  const answer = await apiFetch<{ data: ActionView }>(`/api/v1/actions/${encodeURIComponent(token)}`, { method: 'POST', body: { action } });
  return answer.data;
}
