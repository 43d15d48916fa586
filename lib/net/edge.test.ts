/**
 * The edge server over real sockets (raw HTTP/1.1 written by hand, as an attacker would), in front of a
 * stand-in for Next.js that echoes what it was given (and renders pages the database fails under).
 */
import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import messages from '../i18n/messages/es.json';
import { createEdgeServer, type Edge } from './edge';
import { markDatabaseUnavailable } from './request-state';
import { DEFAULT_PUBLIC_HOSTS } from './forwarding';

type Seen = { method: string | undefined; url: string | undefined; host: string | undefined; body: string };
type Answer = { status: number; headers: Record<string, string>; body: string; raw: string };

let edge: Edge;
let port: number;
const seen: Seen[] = [];

/** How the stand-in's own answers after a broken body went: 'sent', or the code Node threw. */
const lateAnswers: string[] = [];
let lateAnswered: () => void = () => undefined;
function recordLateAnswer(outcome: string) {
  lateAnswers.push(outcome);
  lateAnswered();
}
/** Resolves once the stand-in has made its late answer (at once when it already has). */
const lateAnswer = () =>
  new Promise<void>((resolve) => {
    if (lateAnswers.length > 0) resolve();
    else lateAnswered = resolve;
  });

/**
 * Stand-in for Next: reads the whole body and answers 200 with what it saw; when the body breaks off, it
 * answers as Next's route wrapper does (408, headers then body).
 */
function echo(req: http.IncomingMessage, res: http.ServerResponse) {
  // Answers before reading the body, as the route wrapper does for a request without a session.
  if (req.url === '/early') {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{}');
    return;
  }
  // A page (or API call) whose rendering meets a database failure: marked as the database layer does, after
  // an await, then Next's 500 error page, or a page that recovered and answers 200.
  const failing = /^\/(api\/)?(broken|recovered)/.exec(req.url ?? '');
  if (failing) {
    void Promise.resolve().then(async () => {
      await new Promise((r) => setImmediate(r));
      markDatabaseUnavailable();
      res.statusCode = failing[2] === 'broken' ? 500 : 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.write('<!doctype html><html><body>Ha ocurrido un error');
      res.end(' inesperado</body></html>');
    });
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('error', () => undefined);
  req.on('close', () => {
    if (req.complete) return;
    try {
      res.setHeader('content-type', 'application/json');
      res.writeHead(408);
      res.end('{}');
      recordLateAnswer('sent');
    } catch (err) {
      recordLateAnswer((err as NodeJS.ErrnoException).code ?? 'error');
    }
  });
  req.on('end', () => {
    const s: Seen = { method: req.method, url: req.url, host: req.headers.host, body };
    seen.push(s);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(s));
  });
}

beforeAll(async () => {
  edge = createEdgeServer({
    handle: echo,
    allowedHosts: DEFAULT_PUBLIC_HOSTS,
    trustedProxies: [],
    internalToken: 'token',
    bodyTimeoutMs: 500,
    headersTimeoutMs: 600,
    requestTimeoutMs: 5_000,
    checkIntervalMs: 100,
  });
  await new Promise<void>((resolve) => edge.server.listen(0, '127.0.0.1', resolve));
  port = (edge.server.address() as AddressInfo).port;
});

afterAll(async () => {
  edge.server.closeAllConnections();
  await new Promise((resolve) => edge.server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  lateAnswers.length = 0;
});

function parse(raw: string): Answer {
  const at = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, at).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.slice(at + 4), raw };
}

/**
 * Opens a socket, writes `head` and then, when `trickle` is given, one of its pieces every `trickle.everyMs`;
 * resolves with the first answer once the server closes the connection (or after `waitMs`).
 */
function exchange(head: string, opts: { trickle?: { pieces: string[]; everyMs: number }; waitMs?: number } = {}): Promise<Answer & { closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    const done = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(wait);
      socket.destroy();
      if (!raw) reject(new Error('no answer'));
      else resolve({ ...parse(raw), closed });
    };
    const wait = setTimeout(() => done(false), opts.waitMs ?? 3_000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => done(true));
    socket.write(head);
    if (opts.trickle) {
      const pieces = [...opts.trickle.pieces];
      timer = setInterval(() => {
        const piece = pieces.shift();
        if (piece === undefined || socket.destroyed) clearInterval(timer);
        else socket.write(piece);
      }, opts.trickle.everyMs);
    }
  });
}

const json = (a: Answer) => JSON.parse(Buffer.from(a.body, 'latin1').toString('utf8')) as { error: { code: string; message: string } };

describe('absolute-form request targets', () => {
  it('refuses one naming another host with 400, without a redirect and without reaching Next', async () => {
    const a = await exchange('GET http://evil.com/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(a.status).toBe(400);
    expect(a.headers.location).toBeUndefined();
    expect(json(a).error.code).toBe('bad_request');
    expect(seen).toEqual([]);
  });

  it('passes one naming the Host on in origin-form', async () => {
    const a = await exchange('GET http://localhost/login?next=%2F HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(a.status).toBe(200);
    expect(seen).toEqual([{ method: 'GET', url: '/login?next=%2F', host: 'localhost', body: '' }]);
  });
});

describe('methods', () => {
  it.each(['TRACE', 'PROPFIND'])('answers %s with 405, Allow and the JSON error shape, before Next', async (method) => {
    const a = await exchange(`${method} / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(json(a).error).toEqual({ code: 'method_not_allowed', message: messages.errors.methodNotAllowed });
    expect(seen).toEqual([]);
  });

  it('answers CONNECT with 405 and closes', async () => {
    const a = await exchange('CONNECT evil.com:443 HTTP/1.1\r\nHost: evil.com:443\r\n\r\n');
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(json(a).error.code).toBe('method_not_allowed');
    expect(a.closed).toBe(true);
  });

  it('answers a method Node does not know (TRACK) with 501 and Allow', async () => {
    const a = await exchange('TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(a.status).toBe(501);
    expect(a.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(json(a).error.code).toBe('not_implemented');
    expect(a.closed).toBe(true);
  });
});

describe('time limits', () => {
  const post = 'POST /api/v1/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n';

  it('answers 408 and closes when the body trickles in slower than the body timeout', async () => {
    const started = Date.now();
    const a = await exchange(post, { trickle: { pieces: [...'x'.repeat(100)], everyMs: 200 } });
    expect(a.status).toBe(408);
    expect(json(a).error).toEqual({ code: 'request_timeout', message: messages.errors.requestTimeout });
    expect(a.headers.connection).toBe('close');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_500);
    // The stand-in for Next never got the whole body, and nothing else was written after the 408.
    expect(seen).toEqual([]);
    expect(a.raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    // Next's own late answer falls on the closed connection without an error (which Next would log).
    await lateAnswer();
    expect(lateAnswers).toEqual(['sent']);
  });

  it('closes the connection at the body timeout when the app answered before the body arrived', async () => {
    const started = Date.now();
    const early = post.replace('/api/v1/x', '/early').replace('Connection: close\r\n', '');
    const a = await exchange(early, { trickle: { pieces: [...'x'.repeat(100)], everyMs: 200 }, waitMs: 4_000 });
    expect(a.status).toBe(401);
    expect(a.closed).toBe(true);
    // Kept alive until the body timeout (500 ms here), not until the whole-request limit (5 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('passes a body that arrives in time', async () => {
    const body = '{"a":1}'.padEnd(100, ' ');
    const a = await exchange(post + body.slice(0, 50), { trickle: { pieces: [body.slice(50, 75), body.slice(75)], everyMs: 50 } });
    expect(a.status).toBe(200);
    expect(seen.map((s) => s.body)).toEqual([body]);
  });

  it('answers 408 with the JSON error shape when the headers do not arrive in time', async () => {
    const a = await exchange('GET / HTTP/1.1\r\nHost: localhost\r\n', { trickle: { pieces: [...'X-Slow: 1'.repeat(10)], everyMs: 100 } });
    expect(a.status).toBe(408);
    expect(json(a).error.code).toBe('request_timeout');
    expect(a.closed).toBe(true);
    expect(seen).toEqual([]);
  });
});

describe('requests Node cannot parse', () => {
  it('answers with the JSON error shape instead of bare text', async () => {
    const a = await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(a.status).toBe(400);
    expect(json(a).error.code).toBe('bad_request');
  });
});

describe('a page the database fails under', () => {
  it('answers the 503 page with Retry-After instead of Next’s 500', async () => {
    const a = await exchange('GET /broken HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(a.status).toBe(503);
    expect(a.headers['retry-after']).toBe('5');
    expect(a.headers['cache-control']).toBe('no-store');
    const html = Buffer.from(a.body, 'latin1').toString('utf8');
    expect(html).toContain(messages.errors.unavailable);
    expect(html).toContain('href="/broken"');
    expect(html).not.toContain('error inesperado');
    expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(html));
  });

  it('leaves a page that rendered, and the API’s own answers, as they are', async () => {
    const ok = await exchange('GET /recovered HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('Ha ocurrido un error');
    expect(ok.body).toContain(' inesperado</body>');
    const api = await exchange('GET /api/broken HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(api.status).toBe(500);
  });
});
