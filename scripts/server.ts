/**
 * Klok's HTTP server: Next.js (pages and /api/v1) behind a thin edge that owns what Next cannot know
 * (issue 9, lib/net/forwarding.ts):
 * - the caller's address and the scheme come from the socket; `X-Forwarded-*` are honoured only from the
 *   proxies of TRUSTED_PROXIES (comma-separated addresses, or `loopback`), and are always rewritten before
 *   Next sees them, with the caller's IP in `x-klok-client-ip` for the rate limits;
 * - requests for a host outside PUBLIC_HOSTS (comma-separated, `*.` wildcards; default the local machine)
 *   get 421 with the JSON error shape, so a foreign host never reaches a redirect or the OpenID redirect_uri;
 * - a malformed percent escape in the path gets 400 with the JSON error shape (Next's own answer is a
 *   text 500).
 * Started by scripts/start.ts: `node --import tsx scripts/server.ts [--dev]` with PORT.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { TLSSocket } from 'node:tls';
import messages from '../lib/i18n/messages/es.json';
import { DEFAULT_PUBLIC_HOSTS, edgeView, hostAllowed, listSetting, pathEscapesValid } from '../lib/net/forwarding';

const dev = process.argv.includes('--dev');
(process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';
// No internet on these machines, and no need for Next's telemetry notice in the log.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME_BIND ?? '0.0.0.0';
// The token our middleware shows on its loopback session check so its forwarded host is believed.
process.env.KLOK_INTERNAL_TOKEN ||= randomBytes(24).toString('base64url');
const internalToken = process.env.KLOK_INTERNAL_TOKEN;
const publicHosts = listSetting(process.env.PUBLIC_HOSTS);
const allowedHosts = publicHosts.length ? publicHosts : DEFAULT_PUBLIC_HOSTS;
const trustedProxies = listSetting(process.env.TRUSTED_PROXIES);

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port', 'forwarded', 'x-real-ip', 'x-klok-client-ip', 'x-klok-internal'];

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

async function main() {
  const { default: next } = await import('next');
  const app = next({ dev, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  const upgrade = app.getUpgradeHandler();

  /** Rewrites the forwarded headers of a request; false when it was refused. */
  const admit = (req: http.IncomingMessage, res: http.ServerResponse | null): boolean => {
    const view = edgeView(
      { headers: req.headers, remoteAddress: req.socket.remoteAddress, encrypted: Boolean((req.socket as TLSSocket).encrypted) },
      { trustedProxies, internalToken },
    );
    for (const h of FORWARDED) delete req.headers[h];
    if (!hostAllowed(view.host, allowedHosts)) {
      if (res) refuse(res, 421, 'host_not_allowed', messages.errors.hostNotAllowed);
      return false;
    }
    if (!pathEscapesValid(req.url ?? '/')) {
      if (res) refuse(res, 400, 'bad_request', messages.errors.badPath);
      return false;
    }
    req.headers.host = view.host;
    req.headers['x-forwarded-host'] = view.host;
    req.headers['x-forwarded-proto'] = view.proto;
    req.headers['x-forwarded-for'] = view.clientIp;
    req.headers['x-klok-client-ip'] = view.clientIp;
    return true;
  };

  const server = http.createServer((req, res) => {
    if (admit(req, res)) void handle(req, res);
  });
  server.on('upgrade', (req, socket, head) => {
    if (admit(req, null)) void upgrade(req, socket, head);
    else socket.destroy();
  });
  server.listen(port, hostname, () => {
    console.log(`[klok] listening on http://localhost:${port} (${dev ? 'development' : 'production'}; hosts: ${allowedHosts.join(', ')})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
