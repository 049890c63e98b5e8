import type { Db } from "@/lib/db/create-client";
import { builtGzipFile } from "@/lib/http/gzip-file-cache";
import { recordedDownloadSize } from "@/lib/http/download-sizes";
import { findBenchmarkVersion, inputsVersions } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { trackSlug, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { inputsCacheKey, type InputsFileKind } from "./inputs-cache-keys";
import { inputsSizeKey, type InputsSizes } from "./inputs-size-key";

/**
 * The sizes of every inputs link of `tracks` that this server knows without producing anything: a built file's
 * size on disk, a plain body's recorded size (lib/http/download-sizes.ts). One grouped query for the scopes'
 * content versions and a stat per file: never builds a file (a Task 3 d1000 one is minutes of work).
 */
export async function knownInputsSizes(db: Db, benchmark: string, tracks: readonly TrackId[]): Promise<InputsSizes> {
  const version = await findBenchmarkVersion(db, benchmark);
  if (!version) return {};
  const scopes = await inputsVersions(db, version.id, tracks);
  const sizes: InputsSizes = {};
  await Promise.all(
    scopes.map(async (scope) => {
      const key = (form: InputsFileKind) => inputsCacheKey(form, version.slug, trackSlug(scope.track), scope.split, scope.version);
      const [plain, gzip, compact] = await Promise.all([
        recordedDownloadSize(key("plain")),
        builtGzipFile(key("gzip")).then((f) => f?.bytes ?? null),
        scope.track.startsWith("task3/") ? builtGzipFile(key("compact")).then((f) => f?.bytes ?? null) : null,
      ]);
      sizes[inputsSizeKey(scope.track, scope.split)] = { plain, gzip, compact };
    }),
  );
  return sizes;
}
