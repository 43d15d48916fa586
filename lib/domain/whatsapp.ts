/**
 * Click to chat (beyond-the-spec section 5): the `wa.me` link that opens WhatsApp on a chat with a client's
 * phone, the salon's message already typed. It needs no set-up and sends nothing by itself: staff press send.
 * Pure.
 */

/** The click-to-chat address; the phone's digits follow. */
export const WA_ME = 'https://wa.me/';

/**
 * The digits of an E.164 phone as `wa.me` takes them (`+34 612 34 56 78` → `34612345678`), or null when there
 * is no phone or too few digits for one (E.164 numbers have 8 to 15).
 */
export function whatsAppDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The link that opens a chat with `phone` with `text` typed in (none: an empty chat); null without a phone. */
export function clickToChatUrl(phone: string | null | undefined, text?: string): string | null {
  const digits = whatsAppDigits(phone);
  if (!digits) return null;
  return `${WA_ME}${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
