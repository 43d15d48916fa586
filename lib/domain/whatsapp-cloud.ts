/**
 * The WhatsApp Business Platform (Cloud API) as Klok uses it (beyond-the-spec section 5): the six message
 * templates, the template request body, how Meta's errors are handled, and what a client's reply means.
 * Pure: the delivery (lib/server/notifications/whatsapp.ts) and the webhook
 * (lib/server/services/whatsapp-webhook.ts) call these. The templates' Spanish bodies live in the message file
 * (`whatsappTemplates`) and in the README, from where a salon submits them to Meta (category "utility").
 */

/** The template language Klok sends. */
export const TEMPLATE_LANGUAGE = 'es_ES';

/** A quick-reply button's meaning, carried in its payload (`confirm:{appointmentId}`). */
export type QuickReplyAction = 'confirm' | 'cancel';

/**
 * The templates: each one's body parameters in order (names for the README and the delivery), and its
 * quick-reply buttons in order (the Spanish labels are part of the template at Meta).
 */
export const WHATSAPP_TEMPLATES = {
  /** The answer to a confirmation ("Confirmo"). */
  cita_confirmada: { params: ['client', 'salon', 'services', 'when', 'employee'], buttons: [] },
  /** The confirmation request, with "Confirmo" and "No puedo ir". */
  confirma_tu_cita: { params: ['client', 'salon', 'services', 'when', 'employee'], buttons: ['confirm', 'cancel'] },
  /** The answer to a cancellation ("No puedo ir"). */
  cita_cancelada: { params: ['client', 'salon', 'services', 'when', 'booking_link'], buttons: [] },
  /** An unconfirmed appointment released at its cut-off. */
  cita_liberada: { params: ['client', 'salon', 'services', 'when', 'booking_link'], buttons: [] },
  /** A waitlist offer with its claim link. */
  hueco_disponible: { params: ['client', 'salon', 'services', 'when', 'employee', 'until', 'claim_link'], buttons: [] },
  /** The automatic reminder 24 hours before. */
  recordatorio_cita: { params: ['client', 'salon', 'services', 'when', 'employee'], buttons: [] },
} as const satisfies Record<string, { params: readonly string[]; buttons: readonly QuickReplyAction[] }>;

export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** The template names, in the README's order. */
export const TEMPLATE_NAMES = Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplate[];

/** Meta refuses a body parameter longer than this (characters); longer values are cut with an ellipsis. */
const PARAM_MAX = 1024;

/**
 * A template message as queued: the recipient's digits (E.164 without `+`), the template, its body
 * parameters in the template's order, and the appointment its quick replies answer (templates with buttons).
 */
export type TemplateMessage = { to: string; template: WhatsAppTemplate; params: string[]; appointmentId?: string };

/**
 * The JSON body of `POST {base}/{phone_number_id}/messages` for a template message: `messaging_product`
 * "whatsapp", `type` "template", language es_ES, one body component with the text parameters (no empty value:
 * Meta refuses them, so an empty one becomes "-"), and one quick-reply component per button whose payload
 * names the action and the appointment. Throws when the parameter count is not the template's.
 */
export function templateRequest(m: TemplateMessage) {
  const def = WHATSAPP_TEMPLATES[m.template];
  if (m.params.length !== def.params.length) {
    throw new RangeError(`${m.template} takes ${def.params.length} parameters, got ${m.params.length}`);
  }
  if (def.buttons.length > 0 && !m.appointmentId) throw new RangeError(`${m.template} needs the appointment its buttons answer`);
  const text = (v: string) => {
    const one = v.replace(/\s+/g, ' ').trim() || '-';
    return one.length > PARAM_MAX ? `${one.slice(0, PARAM_MAX - 1)}…` : one;
  };
  return {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to: m.to,
    type: 'template' as const,
    template: {
      name: m.template,
      language: { code: TEMPLATE_LANGUAGE },
      components: [
        { type: 'body' as const, parameters: m.params.map((v) => ({ type: 'text' as const, text: text(v) })) },
        ...def.buttons.map((action, index) => ({
          type: 'button' as const,
          sub_type: 'quick_reply' as const,
          index: String(index),
          parameters: [{ type: 'payload' as const, payload: quickReplyPayload(action, m.appointmentId!) }],
        })),
      ],
    },
  };
}

/** The payload of a quick-reply button: `confirm:{appointmentId}` or `cancel:{appointmentId}`. */
export function quickReplyPayload(action: QuickReplyAction, appointmentId: string): string {
  return `${action}:${appointmentId}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A quick reply's payload read back (null when it is not one of Klok's). */
export function parseQuickReply(payload: string | null | undefined): { action: QuickReplyAction; appointmentId: string } | null {
  const m = /^(confirm|cancel):(.+)$/.exec(payload ?? '');
  if (!m || !UUID.test(m[2]!)) return null;
  return { action: m[1] as QuickReplyAction, appointmentId: m[2]!.toLowerCase() };
}

/**
 * What a client's text message asks of the salon's WhatsApp: "BAJA" (or STOP) opts out of WhatsApp messages,
 * "ALTA" (or START) opts back in; anything else is nothing (the salon answers by hand). Case, accents,
 * spaces and punctuation around the word are ignored.
 */
export function optKeyword(text: string | null | undefined): 'out' | 'in' | null {
  const word = (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
  if (word === 'BAJA' || word === 'STOP') return 'out';
  if (word === 'ALTA' || word === 'START') return 'in';
  return null;
}

/** Meta error codes that mean "too many messages now": retried with the outbox's backoff. */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056, 133016]);
/** Meta error codes of a temporary failure on their side: retried. */
const TEMPORARY_CODES = new Set([1, 2, 131000, 131016, 133004]);
/** Meta error codes that say the recipient's number cannot receive WhatsApp messages. */
const INVALID_NUMBER_CODES = new Set([131026]);

/**
 * What to do after the Cloud API refused a message: `retry` (HTTP 429 or 5xx, a rate limit, a temporary
 * failure, or no answer at all: status 0), `invalid_number` (the number is not on WhatsApp: failed and
 * recorded on the client), or `fail` (anything else, e.g. a wrong token or template: failed with the error kept).
 */
export function metaFailure(httpStatus: number, code: number | null): 'retry' | 'invalid_number' | 'fail' {
  if (code !== null && INVALID_NUMBER_CODES.has(code)) return 'invalid_number';
  if (httpStatus === 0 || httpStatus === 429 || httpStatus >= 500) return 'retry';
  if (code !== null && (RATE_LIMIT_CODES.has(code) || TEMPORARY_CODES.has(code))) return 'retry';
  return 'fail';
}

/** The delivery statuses the webhook records on an outbox row, in the order they happen. */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Whether a reported status replaces the recorded one: statuses may arrive out of order (Meta does not
 * promise the order), so a later stage never goes back ("read" stays after a late "delivered"); "failed"
 * replaces anything but "read".
 */
export function advancesStatus(recorded: string | null, reported: DeliveryStatus): boolean {
  if (reported === 'failed') return recorded !== 'read';
  const rank = (s: string | null) => (s === null ? -1 : DELIVERY_STATUSES.indexOf(s as DeliveryStatus));
  return rank(reported) > rank(recorded) && recorded !== 'failed';
}
