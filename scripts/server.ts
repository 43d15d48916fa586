/**
 * Klok's HTTP server: Next.js (pages and /api/v1) behind a thin edge that owns what Next cannot know
 * (issue 9, lib/net/forwarding.ts):
 * - the caller's address and the scheme come from the socket; `X-Forwarded-*` are honoured only from the
 *   proxies of TRUSTED_PROXIES (comma-separated addresses, or `loopback`), and are always rewritten before
 *   Next sees them, with the caller's IP in `x-klok-client-ip` for the rate limits;
 * - requests for a host outside PUBLIC_HOSTS (comma-separated, `*.` wildcards; default the local machine)
 *   get 421 with the JSON error shape, so a foreign host never reaches a redirect or the OpenID redirect_uri;
 *   except the probes `/api/health` and `/api/ready`, which build no URL and answer whatever Host an
 *   orchestrator or load balancer sends (often the instance's own address);
 * - a malformed percent escape in the path gets 400 with the JSON error shape (Next's own answer is a
 *   text 500);
 * - every request gets an id (issue 11): a trusted proxy's valid `X-Request-Id`, else a fresh UUID, passed
 *   to Next as `x-klok-request-id` (a client's own value is dropped) and returned in `X-Request-Id`;
 * - SIGTERM or SIGINT drains (issue 11, "Operations"): readiness turns 503, the listening socket closes (new
 *   connections are refused), in-flight requests finish (at most SHUTDOWN_TIMEOUT_MS, default 10 s; then
 *   their connections are cut), idle keep-alive connections are closed, then the shutdown hooks of
 *   lib/lifecycle.ts run (the outbox worker finishes its batch, the database pool closes) and the process
 *   exits 0 (1 when requests had to be cut or a hook failed).
 * Logs are JSON lines (pino, LOG_LEVEL) like lib/server/log.ts's.
 * Started by scripts/start.ts: `node --import tsx scripts/server.ts [--dev]` with PORT.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { TLSSocket } from 'node:tls';
import v8 from 'node:v8';
import pino from 'pino';
import messages from '../lib/i18n/messages/es.json';
import { lifecycle, runShutdownHooks } from '../lib/lifecycle';
import { DEFAULT_PUBLIC_HOSTS, edgeView, hostAllowed, isTrustedProxy, listSetting, pathEscapesValid, plainAddress } from '../lib/net/forwarding';

const dev = process.argv.includes('--dev');
// Embedded database (PGlite, no DATABASE_URL): compile its 9 MB WebAssembly module with the optimising
// compiler only, instead of the baseline compiler first and the optimiser for hot functions later (issue 11,
// memory): ~35 MB less resident code and faster queries from the first request, for ~1 s more when the
// database opens. Set before anything compiles WebAssembly; the only other module (undici's small HTTP parser
// behind fetch) just compiles optimised too. PGLITE_LIFTOFF=1 keeps V8's default.
if (!process.env.DATABASE_URL && process.env.PGLITE_LIFTOFF !== '1') v8.setFlagsFromString('--no-liftoff');
// Old generation: collect once it grows 30% past what the last full collection kept, instead of V8's
// default factor (up to 4x on a machine with memory to spare). Under load, requests that wait a few hundred
// ms (32 queued on PGlite's one connection) survive the young-generation collections and die in the old
// one; with the default factor that garbage piled up to ~430 MB of heap (live: ~135 MB) before the first
// full collection. Proportional, so a larger live heap still gets room (no fixed limit to run out of).
// V8_HEAP_GROWING_PERCENT=0 keeps V8's default.
const heapGrowing = Number(process.env.V8_HEAP_GROWING_PERCENT ?? 30);
if (heapGrowing > 0) v8.setFlagsFromString(`--heap-growing-percent=${heapGrowing}`);
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
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
// Tells instrumentation.ts that this edge owns SIGTERM (it registers shutdown hooks instead of a handler).
process.env.KLOK_EDGE = '1';

const log = pino({
  level: process.env.LOG_LEVEL || 'info',
  base: { pid: process.pid, component: 'edge' },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port', 'forwarded', 'x-real-ip', 'x-klok-client-ip', 'x-klok-internal'];
/** Liveness and readiness: answered for any Host (they read no tenant and build no URL). */
const PROBES = new Set(['/api/health', '/api/ready']);
/** The id a proxy may give a request (as lib/server/log.ts REQUEST_ID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** The request's id: a trusted proxy's valid `X-Request-Id`, else a fresh UUID; client values are dropped. */
function assignRequestId(req: http.IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const fromProxy = isTrustedProxy(plainAddress(req.socket.remoteAddress), trustedProxies);
  const id = fromProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  delete req.headers['x-request-id'];
  req.headers['x-klok-request-id'] = id;
  return id;
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
    const probe = PROBES.has((req.url ?? '').split('?')[0] ?? '');
    if (!probe && !hostAllowed(view.host, allowedHosts)) {
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

  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
    res.setHeader('x-request-id', assignRequestId(req));
    if (admit(req, res)) void handle(req, res);
  });
  // Upgraded sockets (development's hot-reload WebSocket) never go idle: the drain ends them.
  const upgraded = new Set<import('node:stream').Duplex>();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    assignRequestId(req);
    if (admit(req, null)) void upgrade(req, socket, head);
    else socket.destroy();
  });
  server.listen(port, hostname, () => {
    log.info({ port, mode: dev ? 'development' : 'production', hosts: allowedHosts }, `listening on http://localhost:${port}`);
  });

  let stopping = false;
  let interrupts = 0;
  /** The drain described at the top of this file. */
  const stop = async (signal: string) => {
    if (signal === 'SIGINT') interrupts++;
    if (stopping) {
      // A second Ctrl-C stops waiting (one Ctrl-C under `npm start` brings SIGINT and the parent's SIGTERM).
      if (interrupts >= 2) process.exit(1);
      return;
    }
    stopping = true;
    lifecycle().draining = true;
    log.info({ signal, in_flight: inFlight, timeout_ms: shutdownTimeoutMs }, 'draining');
    const started = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections go idle as their requests finish: close them as soon as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    for (const socket of upgraded) socket.destroy();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), shutdownTimeoutMs))),
    ]);
    clearInterval(sweep);
    clearTimeout(timer);
    if (!drained) {
      log.warn({ in_flight: inFlight }, 'drain timed out: closing the remaining connections');
      server.closeAllConnections();
    }
    const hooksOk = await runShutdownHooks(shutdownTimeoutMs, (name, err) => log.error({ err, step: name }, 'shutdown step failed'));
    log.info({ drained, duration_ms: Date.now() - started }, 'stopped');
    process.exit(drained && hooksOk ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  log.fatal({ err }, 'could not start');
  process.exit(1);
});
