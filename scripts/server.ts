/**
 * Klok's HTTP server: Next.js (pages and /api/v1) behind a thin edge that owns what Next cannot know
 * (the edge itself is lib/net/edge.ts, its rules lib/net/forwarding.ts and request-guards.ts):
 * - the caller's address and the scheme come from the socket; `X-Forwarded-*` are honoured only from the
 *   proxies of TRUSTED_PROXIES (comma-separated addresses, or `loopback`), and are always rewritten before
 *   Next sees them, with the caller's IP in `x-klok-client-ip` for the rate limits;
 * - requests for a host outside PUBLIC_HOSTS (comma-separated, `*.` wildcards; default the local machine)
 *   get 421 with the JSON error shape, so a foreign host never reaches a redirect or the OpenID redirect_uri;
 *   except the probes `/api/health` and `/api/ready`, which build no URL and answer whatever Host an
 *   orchestrator or load balancer sends (often the instance's own address);
 * - an absolute-form target (`GET http://host/path`) is turned into origin-form when it names the Host, and
 *   refused (400) when it names another host; a malformed percent escape in the path gets 400 (Next's own
 *   answer is a text 500);
 * - methods other than GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS get 405 (501 when Node does not know
 *   them) with `Allow`, before Next;
 * - headers must arrive within 15 s, the body within BODY_TIMEOUT_MS (default 10 s) of the end of the
 *   headers, the whole request within 30 s (or headers + body timeouts when longer): else 408 and the
 *   connection closes;
 * - every request gets an id: a trusted proxy's valid `X-Request-Id`, else a fresh UUID, passed
 *   to Next as `x-klok-request-id` (a client's own value is dropped) and returned in `X-Request-Id`;
 * - SIGTERM or SIGINT drains: readiness turns 503, the listening socket closes (new
 *   connections are refused), in-flight requests finish (at most SHUTDOWN_TIMEOUT_MS, default 10 s; then
 *   their connections are cut), idle keep-alive connections are closed, then the shutdown hooks of
 *   lib/lifecycle.ts run (the outbox worker finishes its batch, the database pool closes) and the process
 *   exits 0 (1 when requests had to be cut or a hook failed).
 * Logs are JSON lines (pino, LOG_LEVEL) like lib/server/log.ts's.
 * Started by scripts/start.ts: `node --import tsx scripts/server.ts [--dev]` with PORT.
 */
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import pino from 'pino';
import { lifecycle, runShutdownHooks } from '../lib/lifecycle';
import { createEdgeServer } from '../lib/net/edge';
import { DEFAULT_PUBLIC_HOSTS, listSetting } from '../lib/net/forwarding';
import { msSetting } from '../lib/net/request-guards';

const dev = process.argv.includes('--dev');
// Embedded database (PGlite, no DATABASE_URL): compile its 9 MB WebAssembly module with the optimising
// compiler only, instead of the baseline compiler first and the optimiser for hot functions later: less
// resident code and faster queries from the first request, for a little more time when the database opens
// (bench/README.md). Set before anything compiles WebAssembly; the only other module (undici's small HTTP parser
// behind fetch) just compiles optimised too. PGLITE_LIFTOFF=1 keeps V8's default.
if (!process.env.DATABASE_URL && process.env.PGLITE_LIFTOFF !== '1') v8.setFlagsFromString('--no-liftoff');
// Old generation: collect once it grows 30% past what the last full collection kept, instead of V8's
// default factor (up to 4x on a machine with memory to spare). Under load, requests that wait a few hundred
// ms (32 queued on PGlite's one connection) survive the young-generation collections and die in the old
// one; with the default factor that garbage piles up to several times the live heap before the first
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
/** How long a request's body may take to arrive after its headers before the edge answers 408. */
const bodyTimeoutMs = msSetting(process.env.BODY_TIMEOUT_MS, 10_000);
/** How long a request's headers may take to arrive (Node's default is 60 s). */
const HEADERS_TIMEOUT_MS = 15_000;
/** How long a whole request may take to arrive (Node's default is 300 s); at least headers + body timeouts. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks the two limits above (its default, 30 s, would let them overrun by as much). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
// Tells instrumentation.ts that this edge owns SIGTERM (it registers shutdown hooks instead of a handler).
process.env.KLOK_EDGE = '1';

const log = pino({
  level: process.env.LOG_LEVEL || 'info',
  base: { pid: process.pid, component: 'edge' },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

async function main() {
  const { default: next } = await import('next');
  const app = next({ dev, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  const { server, inFlight, upgraded } = createEdgeServer({
    handle,
    upgrade: app.getUpgradeHandler(),
    allowedHosts,
    trustedProxies,
    internalToken,
    bodyTimeoutMs,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS + bodyTimeoutMs),
    checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
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
    log.info({ signal, in_flight: inFlight(), timeout_ms: shutdownTimeoutMs }, 'draining');
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
      log.warn({ in_flight: inFlight() }, 'drain timed out: closing the remaining connections');
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
