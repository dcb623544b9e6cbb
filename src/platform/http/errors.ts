/** Field → rule → message, the loyalty contract's `data.errors` style. */
export type FieldErrors = Record<string, Record<string, string>>;

/** Base of every error that maps to a REST response `{code, message, data:{status,…}}`. */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 404: the thing asked for does not exist. */
export class NotFoundError extends RestError {
  constructor(code = 'rest_not_found', message = 'Not found.', data: Record<string, unknown> = {}) {
    super(code, message, 404, data);
  }
}

/** 409: the request conflicts with the current state. */
export class ConflictError extends RestError {
  constructor(code: string, message: string, data: Record<string, unknown> = {}) {
    super(code, message, 409, data);
  }
}

/** 403: authenticated, but not allowed. */
export class ForbiddenError extends RestError {
  constructor(code = 'rest_forbidden', message = 'Sorry, you are not allowed to do that.') {
    super(code, message, 403);
  }
}

/** 401: not authenticated, or the credentials / nonce are not valid. */
export class UnauthorizedError extends RestError {
  constructor(
    code = 'rest_not_logged_in',
    message = 'You are not currently logged in.',
    headers: Record<string, string> = {},
  ) {
    super(code, message, 401, {}, headers);
  }
}

/** 429: too many requests; carries Retry-After. */
export class RateLimitedError extends RestError {
  constructor(
    retryAfterSeconds: number,
    code = 'rate_limited',
    message = 'Too many requests. Please try again later.',
  ) {
    const retry = Math.max(1, Math.ceil(retryAfterSeconds));
    super(code, message, 429, { retry_after: retry }, { 'Retry-After': String(retry) });
  }
}

/**
 * Invalid input. The status is chosen by the namespace (422 in loyalty/v1, 400 elsewhere)
 * unless given; the body carries `data.params` (WordPress) and `data.errors` (field → rule → message).
 */
export class ValidationError extends RestError {
  constructor(
    readonly fields: FieldErrors,
    status?: number,
  ) {
    super('rest_invalid_param', `Invalid parameter(s): ${Object.keys(fields).join(', ')}`, status ?? 0);
  }
}

/** Builds a one-field ValidationError: `invalid('amount', 'max', 'The amount may not exceed the balance.')`. */
export function invalid(field: string, rule: string, message: string, status?: number): ValidationError {
  return new ValidationError({ [field]: { [rule]: message } }, status);
}
