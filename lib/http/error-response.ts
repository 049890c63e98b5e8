import { ZodError } from "zod";
import { ApiError, apiErrorAnswer, INTERNAL_MESSAGE } from "./api-error";
import { isDatabaseUnreachable } from "./database-unreachable";

/** how long a client waits before asking again while PostgreSQL is unreachable (proxy.ts says the same for pages) */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 10;

/**
 * The edge's one mapping from a thrown value to an answer: an ApiError answers its status and body; a ZodError a 400
 * naming each field; PostgreSQL out of reach a 503 with Retry-After (nothing was stored: the write's transaction never
 * committed); anything else is logged (with `where`) and answered with a generic 500 that says nothing of what broke.
 */
export function errorResponse(error: unknown, where: string): Response {
  if (error instanceof ApiError) return apiErrorAnswer(error);
  if (error instanceof ZodError) {
    const fields = error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "(body)", message: issue.message }));
    return apiErrorAnswer(new ApiError("bad_request", fields.map((f) => `field "${f.field}": ${f.message}`).join("; "), { fields }));
  }
  if (isDatabaseUnreachable(error)) {
    const message = "The database is unreachable for the moment; nothing was stored. Try again shortly.";
    return apiErrorAnswer(new ApiError("unavailable", message, {}, { "retry-after": String(UNREACHABLE_RETRY_AFTER_SECONDS) }));
  }
  console.error(`[${where}]`, error);
  return apiErrorAnswer(new ApiError("internal", INTERNAL_MESSAGE));
}

/** The status errorResponse answers a thrown value with (what a caller that charges refusals needs before the edge). */
export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : error instanceof ZodError ? 400 : isDatabaseUnreachable(error) ? 503 : 500;
}

/** A route handler whose throws are answered by errorResponse: no handler copies a try/catch. */
export function withErrors<R extends Request, C>(
  where: string,
  handler: (request: R, context: C) => Promise<Response>,
): (request: R, context: C) => Promise<Response> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, where);
    }
  };
}
