/**
 * The WhatsApp webhook (beyond-the-spec section 5): the query of Meta's verification handshake
 * (`GET /api/v1/webhooks/whatsapp`) and the parts of Meta's event payload Klok reads
 * (`POST /api/v1/webhooks/whatsapp`). Lenient by design: Meta adds fields over time, so unknown keys are
 * dropped, message and status kinds Klok does not act on pass and are ignored, and only what Klok reads has a
 * shape.
 */
import { z } from 'zod';

/** The handshake's query: `hub.mode=subscribe`, the verify token set in Meta's app, and the challenge to echo. */
export const ZWebhookHandshakeQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});
export type WebhookHandshakeQuery = z.infer<typeof ZWebhookHandshakeQuery>;

const id = z.string().min(1).max(512);

/**
 * An incoming message: its id (`wamid`), the sender's number (digits), its type, and the part of each type
 * Klok reads: a template's quick reply (`button`), an interactive button reply, or a text.
 */
export const ZWebhookMessage = z.object({
  id,
  from: z.string().max(32),
  type: z.string().max(64),
  button: z.object({ payload: z.string().max(1024).optional(), text: z.string().max(1024).optional() }).optional(),
  interactive: z
    .object({
      type: z.string().max(64),
      button_reply: z.object({ id: z.string().max(1024), title: z.string().max(1024).optional() }).optional(),
    })
    .optional(),
  text: z.object({ body: z.string().max(8192) }).optional(),
});
export type WebhookMessage = z.infer<typeof ZWebhookMessage>;

/** A delivery status of a message the salon sent: its `wamid`, the status, and Meta's errors of a failure. */
export const ZWebhookStatus = z.object({
  id,
  status: z.string().max(64),
  recipient_id: z.string().max(32).optional(),
  errors: z.array(z.object({ code: z.number().int().optional(), title: z.string().max(1024).optional() })).max(32).optional(),
});
export type WebhookStatus = z.infer<typeof ZWebhookStatus>;

/** One change of an entry: the number it concerns (`metadata.phone_number_id`), messages and statuses. */
export const ZWebhookValue = z.object({
  messaging_product: z.string().max(64).optional(),
  metadata: z.object({ phone_number_id: z.string().max(64), display_phone_number: z.string().max(64).optional() }).optional(),
  messages: z.array(ZWebhookMessage).max(1000).optional(),
  statuses: z.array(ZWebhookStatus).max(1000).optional(),
});
export type WebhookValue = z.infer<typeof ZWebhookValue>;

/** Meta's webhook payload for a WhatsApp Business Account: entries of changes (`field` "messages"). */
export const ZWebhookPayload = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        id: z.string().max(64).optional(),
        changes: z.array(z.object({ field: z.string().max(64).optional(), value: ZWebhookValue })).max(100),
      }),
    )
    .max(100),
});
export type WebhookPayload = z.infer<typeof ZWebhookPayload>;

/** The webhook's answer: how many events changed something (a replayed or ignored event is not counted). */
export const ZWebhookResult = z.object({ processed: z.number().int() });
export type WebhookResult = z.infer<typeof ZWebhookResult>;
