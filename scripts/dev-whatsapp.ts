/**
 * The local WhatsApp Cloud API double (beyond-the-spec section 5), as the mail catcher is for SMTP: a small
 * HTTP server on 127.0.0.1 that answers `POST /{phone_number_id}/messages` as the Graph API does, records
 * every request (path, Bearer token, body) and answers each with a fresh `wamid`, or with the failure a test
 * queued (`failNext`) or Meta's "message undeliverable" (#131026) for the numbers in `invalidNumbers`. It also
 * signs webhook bodies with an app secret (`X-Hub-Signature-256`, as Meta does) so a test or a developer can
 * post a client's reply to the app's webhook.
 * Point the app at it with `WHATSAPP_API_BASE=http://127.0.0.1:{port}`. Standalone:
 * `npx tsx scripts/dev-whatsapp.ts [port]` (default 3003) prints each message it receives.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the double received. */
export type RecordedMessage = { phoneNumberId: string; token: string | null; body: Record<string, unknown>; id: string };

export type GraphDouble = {
  /** The base URL to use as WHATSAPP_API_BASE. */
  url: string;
  /** Every message request received, oldest first. */
  messages: RecordedMessage[];
  /** Numbers (digits) the double refuses as not on WhatsApp (400, #131026). */
  invalidNumbers: Set<string>;
  /** Answers the next message request with this HTTP status and Meta error code (then back to normal). */
  failNext: (status: number, code: number, message?: string) => void;
  close: () => Promise<void>;
};

/** `X-Hub-Signature-256` of a webhook body: `sha256=` and the hex HMAC-SHA256 with the app secret. */
export function signWebhookBody(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the double on `port` (0: any free port) of 127.0.0.1. */
export async function startGraphDouble(opts: { port?: number; log?: (line: string) => void } = {}): Promise<GraphDouble> {
  const messages: RecordedMessage[] = [];
  const invalidNumbers = new Set<string>();
  const failures: { status: number; code: number; message: string }[] = [];
  const server = createServer(async (req, res) => {
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const match = /^\/(?:v\d+\.\d+\/)?([^/]+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readAll(req)) as Record<string, unknown>;
    } catch {
      return reply(400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100 } });
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : null;
    if (!token) return reply(401, { error: { message: 'Missing access token', type: 'OAuthException', code: 190 } });
    const failure = failures.shift();
    if (failure) return reply(failure.status, { error: { message: failure.message, type: 'OAuthException', code: failure.code } });
    const to = String(body.to ?? '');
    if (invalidNumbers.has(to)) {
      return reply(400, { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026 } });
    }
    const id = `wamid.${randomBytes(12).toString('hex')}`;
    messages.push({ phoneNumberId: decodeURIComponent(match[1]!), token, body, id });
    opts.log?.(`[whatsapp double] → ${to}: ${JSON.stringify(body.template ?? body)}`);
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    messages,
    invalidNumbers,
    failNext: (status, code, message = `(#${code}) refused by the double`) => void failures.push({ status, code, message }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && /dev-whatsapp\.ts$/.test(process.argv[1])) {
  const port = Number(process.argv[2] ?? 3003);
  void startGraphDouble({ port, log: (l) => console.log(l) }).then((d) => console.log(`[klok] WhatsApp API double at ${d.url} (WHATSAPP_API_BASE)`));
}
