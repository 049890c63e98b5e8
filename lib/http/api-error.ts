/**
 * The one error type of the /api/v1 routes: a code the client can branch on, the HTTP status it maps to, a message
 * for people and optional details (the file, line or field concerned). A handler, or anything it calls, throws it;
 * `errorResponse` (error-response.ts) turns it into `{error: {code, message, ...details}}` at the edge, so no
 * handler copies a try/catch.
 */

export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "unsupported_media_type"
  | "invalid_file"
  | "too_large"
  | "limit_reached"
  | "conflict"
  | "duplicate"
  | "name_taken"
  | "name_misleading"
  | "rate_limited"
  | "busy"
  | "unavailable"
  | "internal";

/** The HTTP status of each code. */
export const STATUS_OF_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  name_taken: 409,
  too_large: 413,
  unsupported_media_type: 415,
  invalid_file: 422,
  name_misleading: 422,
  limit_reached: 429,
  rate_limited: 429,
  internal: 500,
  busy: 503,
  unavailable: 503,
};

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** merged into the body's `error` object beside code and message */
    readonly details: Record<string, unknown> = {},
    /** headers of the answer (Retry-After, WWW-Authenticate) */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS_OF_CODE[code];
  }
}

/** The generic 500 message: internals never reach a client. */
export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again; if it persists, tell the maintainers.";
