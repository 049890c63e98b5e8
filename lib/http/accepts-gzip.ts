/** The content codings a download or page is stored in besides none (lib/http/gzip-file-cache.ts, lib/page-cache). */
type Coding = "gzip" | "br";

/** Whether an Accept-Encoding header accepts gzip (a `gzip;q=0` refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return accepts(acceptEncoding, "gzip");
}

/** The coding to answer with: br when accepted, else gzip when accepted, else none. */
export function preferredCoding(acceptEncoding: string | null): Coding | null {
  return accepts(acceptEncoding, "br") ? "br" : accepts(acceptEncoding, "gzip") ? "gzip" : null;
}

function accepts(acceptEncoding: string | null, wanted: Coding): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== wanted && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
