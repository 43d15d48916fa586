import 'server-only';

/** Error codes of the API and their HTTP status (one table for the whole API). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  /** A provider's webhook call without a valid signature (WhatsApp's `X-Hub-Signature-256`, beyond-the-spec §5). */
  bad_signature: 401,
  forbidden: 403,
  /** A write from another site or origin (CSRF): not the tenant's own origin nor a configured frontend. */
  cross_origin: 403,
  /** A client write before onboarding is finished (verified phone and accepted privacy policy). */
  onboarding_required: 403,
  /** Online booking by a client whose reliability tier is `restringido` or `bloqueado` (beyond-the-spec §3). */
  booking_restricted: 403,
  not_found: 404,
  tenant_not_found: 404,
  /** The request body broke off before its end (the client went away, or the edge's body timeout). */
  request_timeout: 408,
  conflict: 409,
  slot_taken: 409,
  allowance_exceeded: 409,
  phone_taken: 409,
  /** A schedule change would leave pending appointments outside working hours (`details.appointments`). */
  schedule_conflict: 409,
  /** An action link whose appointment has started (beyond-the-spec §3). */
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  /** An `Idempotency-Key` sent again with another request body (beyond-the-spec §1). */
  idempotency_key_reused: 422,
  code_invalid: 422,
  code_expired: 422,
  code_required: 422,
  phone_not_verified: 422,
  phone_country: 422,
  too_many_requests: 429,
  internal: 500,
  /** The database is unreachable or did not answer in time. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A failure the API reports to its caller as `{ error: { code, message, details? } }` with the
 * status of `ERROR_STATUS[code]`. `message` is Spanish and shown by the UI as is.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds the caller should wait (`Retry-After`), for 429 and 503. */
    readonly options: { retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** True for PostgreSQL's exclusion-violation error (23P01), from either driver. */
export function isExclusionViolation(err: unknown): boolean {
  return pgCode(err) === '23P01';
}

/** True for a unique-violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

/**
 * True when two transactions could not both go on and the database ended one of them: a deadlock
 * (40P01) or a serialization failure (40001). Nothing of the ended one was written; the caller may retry.
 */
export function isTransactionConflict(err: unknown): boolean {
  const code = pgCode(err);
  return code === '40P01' || code === '40001';
}

/**
 * True when the database could not be reached or did not answer in time: connection refused/reset/timed
 * out, the pool's connection timeout, a statement timeout (57014), connection exceptions (08xxx), too many
 * connections (53300), a server shutting down or a backend terminated (57P0x), a database that does not
 * accept connections (55000 "not currently accepting connections"), or a connection lost in the middle of
 * a transaction (the driver's "not queryable", which also replaces the error of the failed rollback).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgCode(err);
  if (code && (/^08/.test(code) || code === '57014' || code === '53300' || /^57P0/.test(code))) return true;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) return true;
  const message = messageChain(err);
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|not queryable|not currently accepting connections|terminating connection/i.test(
    message,
  );
}

/**
 * True when the connection under a statement was lost while it ran (a backend terminated, 57P01/57P02, or
 * the connection reset or ended): another connection may well work, unlike a database that refuses them.
 */
export function isConnectionLost(err: unknown): boolean {
  const code = pgCode(err);
  if (code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  return /Connection terminated unexpectedly|terminating connection due to administrator command/i.test(messageChain(err));
}

function messageChain(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string') parts.push(m);
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
