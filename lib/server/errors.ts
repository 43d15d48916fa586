import 'server-only';

/** Error codes of the API and their HTTP status (one table for the whole API). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  tenant_not_found: 404,
  conflict: 409,
  slot_taken: 409,
  allowance_exceeded: 409,
  phone_taken: 409,
  /** A schedule change would leave pending appointments outside working hours (`details.appointments`). */
  schedule_conflict: 409,
  unprocessable: 422,
  code_invalid: 422,
  code_expired: 422,
  code_required: 422,
  phone_not_verified: 422,
  too_many_requests: 429,
  internal: 500,
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

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
