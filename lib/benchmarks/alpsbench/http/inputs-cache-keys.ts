/**
 * The download cache's keys for one inputs scope (lib/http/gzip-file-cache.ts, lib/http/download-sizes.ts): the
 * data version, track, split and the scope's content version (inputsVersion), so a new import is a new key. The
 * download (inputs-response.ts) and the pages that show a link's size (inputs-sizes.ts) both name files through here.
 */

/** Bump when the full form's lines change, so no cached gzip or recorded size of the old lines is used. */
const LINES_VERSION = "1";
/** Bump when the compact form's serialization changes (compact-task3-inputs.ts). */
const COMPACT_VERSION = "1";

export type InputsFileKind = "plain" | "gzip" | "compact";

export function inputsCacheKey(kind: InputsFileKind, benchmark: string, slug: string, split: string | null, version: string): string {
  // the gzip key is the one the cache used before the compact form: files already built stay valid
  const prefix = kind === "gzip" ? `inputs-${LINES_VERSION}` : kind === "plain" ? `inputs-plain-${LINES_VERSION}` : `inputs-compact-${COMPACT_VERSION}`;
  return `${prefix}-${benchmark}-${slug}-${split ?? "full"}-${version}`.replace(/[^A-Za-z0-9_-]/g, "_");
}
