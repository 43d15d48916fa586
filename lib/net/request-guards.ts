/**
 * Rules of the request edge (scripts/server.ts, lib/net/edge.ts) about methods, bodies and the answers the
 * edge gives itself, as pure functions: no I/O, unit-tested in request-guards.test.ts.
 */

/** The methods Klok serves (pages and /api/v1); the value of every `Allow` header of the edge. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** `Allow` header value: the allowed methods, comma-separated. */
export const ALLOW_HEADER = ALLOWED_METHODS.join(', ');

/**
 * The edge's own error codes and their HTTP status. The edge answers before Next.js, so it keeps its
 * table here (lib/server/errors.ts is server-only); codes shared with the API have the same status.
 */
export const EDGE_ERROR_STATUS = {
  bad_request: 400,
  method_not_allowed: 405,
  request_timeout: 408,
  host_not_allowed: 421,
  headers_too_large: 431,
  not_implemented: 501,
} as const;

/** An error code of the edge. */
export type EdgeErrorCode = keyof typeof EDGE_ERROR_STATUS;

/**
 * True when the edge passes a method on to Next.js (one of ALLOWED_METHODS, case-sensitive as HTTP
 * methods are). Any other method Node's parser accepts (TRACE, CONNECT, PROPFIND…) gets 405.
 */
export function methodAllowed(method: string | undefined): boolean {
  return (ALLOWED_METHODS as readonly string[]).includes(method ?? '');
}

/**
 * True when a request announces a body: a `Transfer-Encoding`, or a `Content-Length` above 0 (bytes).
 * Only such requests get the body timeout.
 */
export function expectsBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * A duration setting in milliseconds: a positive integer from the environment, else `fallback` (ms) —
 * unset, empty, zero, negative or not a number.
 */
export function msSetting(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The JSON body of an edge error: `{ error: { code, message } }`. */
export function edgeErrorBody(code: EdgeErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

/**
 * A whole HTTP/1.1 error response as raw text, for answers written straight to a socket (a request Node
 * could not parse, CONNECT, a timed-out request): the JSON error shape with `Content-Length` (bytes),
 * `Connection: close`, `Cache-Control: no-store` and the given extra headers.
 */
export function rawErrorResponse(code: EdgeErrorCode, message: string, extraHeaders: Record<string, string> = {}): string {
  const status = EDGE_ERROR_STATUS[code];
  const body = edgeErrorBody(code, message);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${status} ${REASONS[status]}\r\n${lines.join('')}\r\n${body}`;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  421: 'Misdirected Request',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/**
 * The edge error for a request Node's HTTP parser gave up on (its `clientError` code): an unknown method
 * → `not_implemented` (501), headers over Node's limit → `headers_too_large` (431), headers or request
 * not received in time → `request_timeout` (408), anything else → `bad_request` (400).
 */
export function clientErrorCode(nodeCode: string | undefined): EdgeErrorCode {
  switch (nodeCode) {
    case 'HPE_INVALID_METHOD':
      return 'not_implemented';
    case 'HPE_HEADER_OVERFLOW':
      return 'headers_too_large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'request_timeout';
    default:
      return 'bad_request';
  }
}
