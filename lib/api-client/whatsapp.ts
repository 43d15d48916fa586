/**
 * API access of click to chat (beyond-the-spec section 5): the WhatsApp message of an appointment, opened in a
 * new tab (WhatsApp Web, or the app on a phone). Built on the one fetcher.
 */
import type { WhatsAppMessage } from '@/lib/validation/whatsapp';
import { apiFetch } from './fetcher';

/** `POST /facility/1/appointments/{id}/whatsapp` → the `wa.me` link and when it was first opened. Throws `ApiClientError`. */
export async function fetchWhatsAppMessage(appointmentId: string): Promise<WhatsAppMessage> {
  const answer = await apiFetch<{ data: WhatsAppMessage }>(`/api/v1/facility/1/appointments/${encodeURIComponent(appointmentId)}/whatsapp`, { method: 'POST' });
  return answer.data;
}

/**
 * Opens the appointment's WhatsApp message in a new tab: the tab opens at the click (so no pop-up blocker
 * stops it) and goes to the `wa.me` link once the server answers; on an error it closes and the error is
 * thrown (`ApiClientError`, with the Spanish message). Resolves with the message.
 */
export async function openWhatsApp(appointmentId: string): Promise<WhatsAppMessage> {
  const tab = window.open('about:blank', '_blank');
  try {
    const message = await fetchWhatsAppMessage(appointmentId);
    if (tab) tab.location.href = message.url;
    else window.location.href = message.url;
    return message;
  } catch (err) {
    tab?.close();
    throw err;
  }
}
