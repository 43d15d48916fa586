/**
 * The HTTP server of the request edge (run by scripts/server.ts in front of Next.js): every request passes
 * here before Next sees it. Decisions are the pure rules of forwarding.ts and request-guards.ts; this file
 * only wires them to Node's `http.Server`:
 * - a method other than GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS gets 405 (`method_not_allowed`, with
 *   `Allow`), CONNECT included; a method Node's parser does not know (TRACK…) gets 501 (`not_implemented`);
 * - an absolute-form target (`GET http://host/path`) becomes origin-form when its authority is the `Host`,
 *   else 400 (`bad_request`), as do `*` and authority-form targets;
 * - a host outside the allowed hosts gets 421 (`host_not_allowed`), except the probes `/api/health` and
 *   `/api/ready`; a malformed percent escape in the path gets 400;
 * - forwarded headers are rewritten (edgeView), and every request gets an id (`x-klok-request-id` for Next,
 *   `X-Request-Id` on the answer);
 * - time limits: headers within `headersTimeoutMs`, the body within `bodyTimeoutMs` of the end of the
 *   headers, the whole request within `requestTimeoutMs` (Node's own check, every `checkIntervalMs`).
 *   Past them: 408 (`request_timeout`) and the connection closes;
 * - requests Node cannot parse get the JSON error shape too (400, 431, 501), never Node's bare text;
 * - a page that fails to render because the database failed under it gets the 503 page with
 *   `Retry-After` (unavailable-page.ts) instead of Next's 500.
 * Every answer of the edge is `{ error: { code, message } }` with a Spanish message (es.json) and
 * `Cache-Control: no-store`; none is logged (they are the client's fault, and cheap).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import messages from '../i18n/messages/es.json';
import { withRequestState, type RequestState } from './request-state';
import { UNAVAILABLE_RETRY_AFTER, unavailablePageHtml } from './unavailable-page';
import { edgeView, hostAllowed, isTrustedProxy, originFormTarget, pathEscapesValid, plainAddress } from './forwarding';
import {
  ALLOW_HEADER,
  EDGE_ERROR_STATUS,
  clientErrorCode,
  edgeErrorBody,
  expectsBody,
  methodAllowed,
  rawErrorResponse,
  type EdgeErrorCode,
} from './request-guards';

/** What the edge needs to know; durations in milliseconds. */
export type EdgeOptions = {
  /** Next's request handler (or any handler in tests). */
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
  /** Next's upgrade handler (development's hot-reload WebSocket); without it upgrades are refused. */
  upgrade?: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => unknown;
  /** Host patterns served (PUBLIC_HOSTS). */
  allowedHosts: readonly string[];
  /** Proxies whose forwarded headers are believed (TRUSTED_PROXIES). */
  trustedProxies: readonly string[];
  /** The token of our own middleware's internal requests. */
  internalToken: string;
  /** How long the body may take to arrive after the headers (BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
  /** How long the headers may take to arrive (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** How long the whole request may take to arrive (Node's `requestTimeout`); at least headers + body. */
  requestTimeoutMs: number;
  /** How often Node checks the two limits above (its `connectionsCheckingInterval`). */
  checkIntervalMs: number;
};

/** The edge server, its count of requests in progress and its upgraded sockets (for the drain). */
export type Edge = { server: http.Server; inFlight: () => number; upgraded: Set<Duplex> };

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port', 'forwarded', 'x-real-ip', 'x-klok-client-ip', 'x-klok-internal'];
/** Liveness and readiness: answered for any Host (they read no tenant and build no URL). */
const PROBES = new Set(['/api/health', '/api/ready']);
/** The id a proxy may give a request (as lib/server/log.ts REQUEST_ID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const MESSAGES: Record<EdgeErrorCode, string> = {
  bad_request: messages.errors.badRequest,
  method_not_allowed: messages.errors.methodNotAllowed,
  request_timeout: messages.errors.requestTimeout,
  host_not_allowed: messages.errors.hostNotAllowed,
  headers_too_large: messages.errors.headersTooLarge,
  not_implemented: messages.errors.methodNotImplemented,
};

/** Answers an edge error through `res`: its status, the JSON error shape, `Cache-Control: no-store`. */
function refuse(res: http.ServerResponse, code: EdgeErrorCode, message = MESSAGES[code], headers: Record<string, string> = {}) {
  const body = edgeErrorBody(code, message);
  res.writeHead(EDGE_ERROR_STATUS[code], {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** Writes an edge error straight to a socket Node's HTTP layer no longer answers on, then closes it. */
function refuseRaw(socket: Duplex, code: EdgeErrorCode, headers: Record<string, string> = {}) {
  if (socket.writable) socket.end(rawErrorResponse(code, MESSAGES[code], headers));
  else socket.destroy();
}

/** A page view: GET or HEAD outside the API and Next's static files. */
function isPageView(req: http.IncomingMessage): boolean {
  const path = req.url ?? '/';
  return (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/_next/');
}

/**
 * Turns a page's failure to render because the database failed under it (a 5xx from Next while the
 * request's state says the database was unavailable: request-state.ts) into the 503 page with
 * `Retry-After`, as the middleware answers when it cannot check the session; other answers pass untouched.
 * It decides when Next first writes (headers not yet sent), then drops Next's own error markup.
 */
function answerUnavailableFor(req: http.IncomingMessage, res: http.ServerResponse, state: RequestState): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);
  let replaced = false;
  const decide = (): boolean => {
    if (replaced) return true;
    if (res.headersSent || res.statusCode < 500 || !state.databaseUnavailable) return false;
    replaced = true;
    const requestId = res.getHeader('x-request-id');
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const nonce = randomUUID().replaceAll('-', '');
    const html = unavailablePageHtml(nonce, req.url ?? '/');
    res.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      'retry-after': UNAVAILABLE_RETRY_AFTER,
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'`,
      ...(requestId ? { 'x-request-id': String(requestId) } : {}),
    });
    end(req.method === 'HEAD' ? undefined : html);
    return true;
  };
  const done = (args: unknown[]) => {
    const callback = args.find((a): a is () => void => typeof a === 'function');
    if (callback) process.nextTick(callback);
  };
  res.write = ((...args: unknown[]) => {
    if (!decide()) return write(...args);
    done(args);
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (!decide()) return end(...args);
    done(args);
    return res;
  }) as typeof res.end;
  res.flushHeaders = () => {
    if (!decide()) flushHeaders();
  };
}

/**
 * Creates the edge's `http.Server` (not listening) in front of `options.handle`. Errors: none thrown;
 * every refusal is an answer (see the top of this file).
 */
export function createEdgeServer(options: EdgeOptions): Edge {
  const { allowedHosts, trustedProxies, internalToken } = options;

  /** The request's id: a trusted proxy's valid `X-Request-Id`, else a fresh UUID; client values are dropped. */
  const assignRequestId = (req: http.IncomingMessage): string => {
    const given = req.headers['x-request-id'];
    const fromProxy = isTrustedProxy(plainAddress(req.socket.remoteAddress), trustedProxies);
    const id = fromProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    delete req.headers['x-request-id'];
    req.headers['x-klok-request-id'] = id;
    return id;
  };

  /** Checks the target and host and rewrites the forwarded headers; the refusal's code, or null when admitted. */
  const admit = (req: http.IncomingMessage): EdgeErrorCode | null => {
    const target = originFormTarget(req.url ?? '', req.headers.host);
    if (!target.ok) return 'bad_request';
    req.url = target.url;
    const view = edgeView(
      { headers: req.headers, remoteAddress: req.socket.remoteAddress, encrypted: Boolean((req.socket as TLSSocket).encrypted) },
      { trustedProxies, internalToken },
    );
    for (const h of FORWARDED) delete req.headers[h];
    const probe = PROBES.has(req.url.split('?')[0] ?? '');
    if (!probe && !hostAllowed(view.host, allowedHosts)) return 'host_not_allowed';
    if (!pathEscapesValid(req.url)) return 'bad_request';
    req.headers.host = view.host;
    req.headers['x-forwarded-host'] = view.host;
    req.headers['x-forwarded-proto'] = view.proto;
    req.headers['x-forwarded-for'] = view.clientIp;
    req.headers['x-klok-client-ip'] = view.clientIp;
    return null;
  };

  /**
   * Answers 408 and closes the connection when the body is not complete within bodyTimeoutMs (only closes
   * it, once the answer is out, when the app answered before reading the body). The answer
   * goes straight to the socket, not through `res`: Next still holds `res`, and its own answer, once the
   * broken body fails its handler, then falls on a closed connection instead of headers already sent (an
   * error Next would log for every slow client).
   */
  const limitBody = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const timer = setTimeout(() => {
      const socket = req.socket;
      if (req.complete || socket.destroyed) return;
      // Answered early (e.g. 401 before the body was read): the rest of the body is not waited for.
      if (res.headersSent) {
        if (res.writableFinished) socket.destroy();
        else res.once('finish', () => socket.destroy());
        return;
      }
      socket.end(rawErrorResponse('request_timeout', MESSAGES.request_timeout, { 'x-request-id': String(res.getHeader('x-request-id')) }));
      // Half-closed first (destroying a socket with unread bytes resets the connection and the client may
      // never read the 408); destroyed if the client does not close its side.
      setTimeout(() => socket.destroy(), 1000).unref();
    }, options.bodyTimeoutMs);
    timer.unref();
    // Cleared when the body is complete, not when the answer is: an early answer leaves the body unread.
    req.once('end', () => clearTimeout(timer));
    req.socket.once('close', () => clearTimeout(timer));
  };

  let inFlight = 0;
  const server = http.createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: Math.max(options.requestTimeoutMs, options.headersTimeoutMs),
      connectionsCheckingInterval: options.checkIntervalMs,
    },
    (req, res) => {
      inFlight++;
      res.once('close', () => inFlight--);
      res.setHeader('x-request-id', assignRequestId(req));
      if (!methodAllowed(req.method)) {
        refuse(res, 'method_not_allowed', undefined, { allow: ALLOW_HEADER });
        return;
      }
      const refusal = admit(req);
      if (refusal) {
        refuse(res, refusal, refusal === 'bad_request' ? messages.errors.badPath : undefined);
        return;
      }
      if (expectsBody(req.headers)) limitBody(req, res);
      const state = withRequestState(() => void options.handle(req, res));
      if (isPageView(req)) answerUnavailableFor(req, res, state);
    },
  );

  // CONNECT (tunnels) is no method of ours; without this listener Node would drop the connection silently.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => refuseRaw(socket, 'method_not_allowed', { allow: ALLOW_HEADER }));

  // Requests Node's parser refuses (unknown method, oversized or malformed headers, headers or request too
  // slow): the JSON error shape instead of Node's bare text, unless an answer is already on its way.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || answering) {
      socket.destroy();
      return;
    }
    const code = clientErrorCode(err.code);
    refuseRaw(socket, code, code === 'not_implemented' ? { allow: ALLOW_HEADER } : {});
  });

  // Upgraded sockets (development's hot-reload WebSocket) never go idle: the drain ends them.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    assignRequestId(req);
    if (options.upgrade && methodAllowed(req.method) && admit(req) === null) void options.upgrade(req, socket, head);
    else socket.destroy();
  });

  return { server, inFlight: () => inFlight, upgraded };
}
