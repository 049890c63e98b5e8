import type { Db } from "@/lib/db/create-client";
import { hasSplits, trackSplits } from "./module-splits";
import { trackReadiness } from "./track-readiness";
import type { OneCallBenchmark } from "./types";
import type { UploadModuleOption } from "./types-submit-form";

/**
 * The registered benchmark modules' tracks and row formats, from their declarations, with each track's readiness
 * on this server (plain data for the submit form: a track without its evaluation data is shown with a notice and
 * cannot be chosen, before anything is uploaded).
 */
export async function moduleUploadOptions(db: Db, benchmarks: readonly OneCallBenchmark[]): Promise<UploadModuleOption[]> {
  return Promise.all(
    benchmarks.map(async (b) => {
      const readiness = new Map(((await trackReadiness(db, b, b)) ?? []).map((r) => [r.track, r.missing]));
      return {
        id: b.id,
        title: b.title,
        tracks: b.tracks.map((t) => {
          const track = { id: t.id, title: t.title, description: t.description, rowFormat: t.rowFormat, missingData: readiness.get(t.id) ?? null };
          // a module without splits sends none: the form shows no split picker for it
          return hasSplits(b) ? { ...track, splits: trackSplits(b, t).map((s) => ({ id: s.id, goldHidden: s.goldHidden === true })) } : track;
        }),
      };
    }),
  );
}
