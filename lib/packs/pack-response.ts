import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { Db } from "@/lib/db/create-client";
import { canViewSubmission, type Viewer } from "@/lib/db/queries/submission-status";
import { ApiError } from "@/lib/http/api-error";
import { takeRateLimitPoint, tooManyRequests } from "@/lib/security/rate-limit";
import { buildStoredPack, packKey, storedPackBytes, storedPackRef, type StoredPackRef } from "./pack-store";
import { packUrl } from "./pack-url";
import { writePack } from "./zip-pack";
import { findShownSubmission } from "@/lib/submissions/held-visibility";

const MIB = 1024 * 1024;

/** The version a pack's `Content-Location` carries: the start of its sha256 (the full hash is the ETag). */
export const packVersion = (sha256: string): string => sha256.slice(0, 16);

/** The strong ETag of a pack: its sha256, quoted. */
const etagOf = (sha256: string): string => `"${sha256}"`;

/** Whether If-None-Match names this ETag (a list, or `*`; weak validators compare weakly, as RFC 9110 says for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export type PackRequest = {
  /** who asks (null: a visitor) */
  viewer: Viewer;
  ifNoneMatch: string | null;
  /** the client's address, the key of its download bucket */
  clientAddress: string;
};

/**
 * GET /api/v1/submissions/{id}/pack answered (the route only authenticates): 404 for a submission the viewer cannot
 * see, a reported row or a run not scored yet; 304 when If-None-Match names the current pack; else the stored zip,
 * built once per submission and content key (lib/packs/pack-store.ts). A download of N MiB costs 1 + N points of the
 * address's `pack` bucket (429 when empty). Every answer, versioned URL or not, is `no-cache`: a cache may keep the
 * zip but must ask again before each reuse (a 304 while the ETag holds), so hiding, deleting or making a submission
 * private takes effect at once everywhere; never `immutable`, which would let a shared cache serve a withdrawn pack
 * for a year. A pack of a submission visitors cannot read is `private` (a browser's cache only, never a shared one).
 */
export async function packResponse(db: Db, id: string, request: PackRequest): Promise<Response> {
  const submission = await findShownSubmission(db, id, request.viewer);
  if (!submission) throw new ApiError("not_found", `No submission "${id}" (or it is private).`);
  // ALPSBENCH_PACK_STORE=off: built on every request, as before the store (scripts/bench/heavy-reads.ts compares)
  if (process.env.ALPSBENCH_PACK_STORE === "off") return unstoredPack(db, submission.id);
  const key = await packKey(db, submission.id);
  let ref: StoredPackRef | null = key ? await storedPackRef(db, submission.id) : null;
  if (ref && ref.key !== key) ref = null;
  // the visibility of the row as a visitor sees it decides whether shared caches may keep the zip
  const visitorMayRead = canViewSubmission(submission, null);
  const headersOf = (current: StoredPackRef) => ({
    etag: etagOf(current.sha256),
    "cache-control": `${visitorMayRead ? "public" : "private"}, no-cache`,
    "content-location": `${packUrl(submission.id)}?v=${packVersion(current.sha256)}`,
  });
  if (ref && matches(request.ifNoneMatch, etagOf(ref.sha256))) return new Response(null, { status: 304, headers: headersOf(ref) });

  // a download takes its size from the bucket (the stored size, or 1 MiB when it is still to be built)
  const decision = await takeRateLimitPoint("pack", `addr:${request.clientAddress}`, 1 + Math.floor((ref?.size ?? 0) / MIB));
  if (!decision.ok) return tooManyRequests("pack", decision);

  let bytes = ref ? await storedPackBytes(db, submission.id, ref) : null;
  if (!ref || !bytes) {
    const version = await db.submission.findUniqueOrThrow({ where: { id: submission.id }, select: { benchmarkVersion: { select: { slug: true } } } });
    const hook = benchmarkOfDataVersion(version.benchmarkVersion.slug).pack;
    const built = hook && key ? await buildStoredPack(db, submission.id, key, hook.build) : null;
    if (!built) throw new ApiError("not_found", `Submission "${id}" has no reproducibility pack (a reported row, or not scored yet).`);
    ref = built;
    bytes = built.bytes;
  }
  return new Response(Buffer.from(bytes), {
    headers: {
      ...headersOf(ref),
      "content-type": "application/zip",
      "content-length": String(bytes.byteLength),
      "content-disposition": `attachment; filename="pack-${submission.id.replace(/[^A-Za-z0-9._-]/g, "_")}.zip"`,
    },
  });
}

/** The pack built for this request alone, never stored: only with ALPSBENCH_PACK_STORE=off, to measure the store. */
async function unstoredPack(db: Db, id: string): Promise<Response> {
  const version = await db.submission.findUniqueOrThrow({ where: { id }, select: { benchmarkVersion: { select: { slug: true } } } });
  const built = await benchmarkOfDataVersion(version.benchmarkVersion.slug).pack?.build(db, id);
  if (!built) throw new ApiError("not_found", `Submission "${id}" has no reproducibility pack (a reported row, or not scored yet).`);
  return new Response(Buffer.from(writePack(built.manifest, built.entries)), {
    headers: { "content-type": "application/zip", "cache-control": "private, no-store" },
  });
}
