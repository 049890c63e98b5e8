/**
 * The one error type of the routes: a code the client can branch on, the HTTP status it maps to, a message for
 * people and optional details (the file, line or field concerned). A handler, or anything it calls, throws it;
 * `errorResponse` (error-response.ts) turns it into an answer at the edge, so no handler copies a try/catch. A
 * function that answers rather than throws (a rate limit before the handler, a raw Node response) answers with
 * `apiErrorAnswer` or `apiErrorBody`: the body is built here and nowhere else (tests/lint/error-style.test.ts).
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
  | "sign_in_refused"
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
  sign_in_refused: 429,
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

/** The body of every error answer: `{error: {code, message, ...details}}`. */
export function apiErrorBody(error: ApiError): { error: Record<string, unknown> } {
  return { error: { code: error.code, message: error.message, ...error.details } };
}

/** The answer of an ApiError: its code's status, its body and its headers. */
export function apiErrorAnswer(error: ApiError): Response {
  return Response.json(apiErrorBody(error), { status: error.status, headers: error.headers });
}
