import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { data, parse, route, z } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { receiveWhatsAppWebhook, signedWebhookAccount, verifyWebhookHandshake } from '@/lib/server/services/whatsapp-webhook';
import { dataOf } from '@/lib/validation/dto';
import { ZWebhookHandshakeQuery, ZWebhookPayload, ZWebhookResult } from '@/lib/validation/whatsapp-webhook';

/**
 * `GET /api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…` (beyond-the-spec
 * section 5; public: Meta calls it when the salon saves the callback URL) → 200 `text/plain` with the
 * challenge as sent, when the salon of the host has a WhatsApp connection and the verify token is its own.
 * Errors: 403 `forbidden` otherwise, 429 after 600 calls a minute to the salon's webhook.
 */
export const GET = route(
  {
    summary: 'WhatsApp webhook verification handshake (Meta)',
    access: 'public',
    query: ZWebhookHandshakeQuery,
    errors: { 403: 'forbidden: no WhatsApp connection, or a wrong verify token' },
    limits: [['whatsappWebhookPerTenant', ({ tenant }) => String(tenant.id)]],
  },
  async ({ tenant, query }) => {
    const challenge = await verifyWebhookHandshake(await getDb(), tenant.id, query);
    return new Response(challenge, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
);

/**
 * `POST /api/v1/webhooks/whatsapp` (beyond-the-spec section 5; public, server to server: Meta's events for the
 * salon of the host) with `X-Hub-Signature-256: sha256={hex HMAC-SHA256 of the body with the app secret}` →
 * 200 `{ data: { processed } }`, the number of events that changed something: quick replies confirm
 * or cancel their appointment, "BAJA"/"ALTA" set the client's opt-out, delivery statuses reach the outbox
 * (lib/server/services/whatsapp-webhook.ts). Errors: 401 `bad_signature` (no connection, or a missing or
 * wrong signature: nothing is read), 400 a body that is not Meta's payload, 413 over 64 KB, 415 not JSON,
 * 429 after 600 calls a minute to the salon's webhook.
 */
export const POST = route(
  {
    summary: 'WhatsApp webhook events (Meta, signed)',
    access: 'public',
    webhook: true,
    headers: z.object({ 'x-hub-signature-256': z.string().max(128).optional() }),
    response: dataOf(ZWebhookResult),
    errors: { 401: 'bad_signature: no WhatsApp connection, or X-Hub-Signature-256 missing or wrong' },
    limits: [['whatsappWebhookPerTenant', ({ tenant }) => String(tenant.id)]],
  },
  async ({ tenant, headers, rawBody, now }) => {
    const db = await getDb();
    const account = await signedWebhookAccount(db, tenant.id, rawBody, headers['x-hub-signature-256']);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new ApiError('bad_request', errorMessage('invalidRequest'));
    }
    return data(await receiveWhatsAppWebhook(db, tenant, account, parse(ZWebhookPayload, json), now));
  },
);
