import { SITE } from "@/lib/platform/site";
import { ApiError } from "./api-error";

/** The 401 that says what to send, and why what was sent did not work. */
export function unauthorizedError(request: Request, needed = "an API token (Authorization: Bearer abk_…) or a signed-in session"): ApiError {
  const sent = request.headers.get("authorization");
  const message = sent === null ? `Sign in, or send ${needed}.` : "The Authorization header is not a valid, unrevoked API token (Authorization: Bearer abk_…).";
  return new ApiError("unauthorized", message, {}, { "www-authenticate": `Bearer realm="${SITE.cliName}"` });
}
