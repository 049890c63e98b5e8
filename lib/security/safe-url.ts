/**
 * A user-supplied link as something safe to put in an href: absolute http(s) URLs only, anything else (javascript:,
 * data:, relative paths, protocol-relative "//host") is null and must be rendered as plain text. Checked when
 * links are stored (zod, app/api/v1/submissions/_lib/upload-fields.ts) and again when rendered, so a row written
 * by another path (a seed, an older version) cannot become a script link.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.hostname === "") return null;
    return url.href;
  } catch {
    return null;
  }
}
