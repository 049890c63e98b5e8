/**
 * What a direct POST /api/auth/signin/<provider> asks for, read the way Auth.js reads it, so that the per-address
 * e-mail limit (sign-in-guard.ts) counts the very address Auth.js will mail. Before, the guard read the body with
 * `formData()`: a JSON body made that read fail (nothing was counted, and Auth.js mailed `body.email` anyway), and
 * `email=decoy&email=victim` counted the first value while Auth.js (`Object.fromEntries`) mailed the last.
 *
 * So a sign-in POST must be a plain form post (what the sign-in page and next-auth's client send) with one `email`
 * field; anything else is refused with 400 before Auth.js sees it. The address is normalised as Auth.js's default
 * normaliser does (NFKC, lower case, trimmed, the domain cut at a comma), so `Victim@Example.org` and
 * `victim@example.org,x` count against the one mailbox they reach.
 */

type SignInRequestRead = { ok: true; provider: string | null; email: string | null } | { ok: false; message: string };

const FORM = "application/x-www-form-urlencoded";

/**
 * The provider a path starts a sign-in with, as Auth.js splits it (`/api/auth//signin/nodemailer/` is the same
 * request as `/api/auth/signin/nodemailer` to Auth.js, so it must be to the guard); null for any other action.
 */
export function signInProviderOf(pathname: string, basePath = "/api/auth"): string | null {
  if (!pathname.startsWith(basePath)) return null;
  const [action, provider, ...rest] = pathname.slice(basePath.length).split("/").filter(Boolean);
  return action === "signin" && provider !== undefined && rest.length === 0 ? provider : null;
}

/** Auth.js's defaultNormalizer (@auth/core send-token.js), without its throws: null where it would refuse. */
export function normalisedEmail(value: string): string | null {
  const trimmed = value.normalize("NFKC").toLowerCase().trim();
  if (trimmed.includes('"')) return null;
  const parts = trimmed.split("@");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const domain = parts[1].split(",")[0];
  return domain ? `${parts[0]}@${domain}` : null;
}

export async function readSignInRequest(request: Request): Promise<SignInRequestRead> {
  const provider = request.method === "POST" ? signInProviderOf(new URL(request.url).pathname) : null;
  if (provider === null || provider === "github") return { ok: true, provider, email: null };
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  // Auth.js reads the body as JSON whenever the header merely contains "application/json"
  if (mediaType !== FORM || contentType.toLowerCase().includes("application/json")) {
    return { ok: false, message: `A sign-in request is a form post: send Content-Type ${FORM} with one email field (got ${mediaType || "no Content-Type"}).` };
  }
  const fields = new URLSearchParams(await request.clone().text());
  const emails = fields.getAll("email");
  if (emails.length > 1) return { ok: false, message: `The sign-in form has ${emails.length} email fields; send exactly one.` };
  if (emails.length === 0 || emails[0]!.trim() === "") return { ok: true, provider, email: null };
  const email = normalisedEmail(emails[0]!);
  // Auth.js refuses what its normaliser refuses: nothing is mailed, so nothing to count, but say so plainly
  if (email === null) return { ok: false, message: "Enter a valid e-mail address, like you@example.org." };
  return { ok: true, provider, email };
}
