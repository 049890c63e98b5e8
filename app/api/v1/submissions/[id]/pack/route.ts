import type { NextRequest } from "next/server";
import { readingViewer } from "@/lib/auth/request-user";
import { db } from "@/lib/db/client";
import { packResponse } from "@/lib/packs/pack-response";
import { withErrors } from "@/lib/http/error-response";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";
import { optionalUser } from "@/lib/http/with-user";
import { clientAddress } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/submissions/{id}/pack[?v=<version>]: the run's reproducibility pack (zip: manifest.json with hashes
 * and figures, per-instance results, judge verdicts, the predictions where published), built once by its
 * benchmark's pack hook and served from the store with a strong ETag and `no-cache`, so caches revalidate and a
 * hidden or deleted submission's pack stops being served at once (lib/packs/pack-response.ts,
 * docs/reproducibility.md). `v` only names the content (Content-Location); every URL revalidates alike. 404 for a
 * submission the caller cannot see, a reported row or a run not scored yet. A few packs are answered at once per
 * process, the others wait in a bounded line (lib/http/heavy-read-gate.ts).
 */
export const GET = withErrors("GET /api/v1/submissions/{id}/pack", async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await optionalUser(request);
  return throughHeavyReadGate("pack", () =>
    packResponse(db(), id, {
      viewer: readingViewer(user),
      ifNoneMatch: request.headers.get("if-none-match"),
      clientAddress: clientAddress(request.headers),
    }),
  );
});
