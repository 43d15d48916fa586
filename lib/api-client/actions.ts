/**
 * API access of action links (beyond-the-spec section 3): "Confirmo" / "No puedo ir" from the `/c/{token}`
 * page, without a session. Built on the one fetcher: errors arrive as `ApiClientError` with the Spanish message.
 */
import type { ActionBody, ActionView } from '@/lib/validation/actions';
import { apiFetch } from './fetcher';

/** `POST /api/v1/actions/{token} { action }` → where the appointment stands afterwards. */
export async function performAction(token: string, action: ActionBody['action']): Promise<ActionView> {
  const answer = await apiFetch<{ data: ActionView }>(`/api/v1/actions/${encodeURIComponent(token)}`, { method: 'POST', body: { action } });
  return answer.data;
}
