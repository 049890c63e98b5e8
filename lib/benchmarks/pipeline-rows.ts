import type { Db } from "@/lib/db/create-client";
import { dataVersionLabel } from "./index";
import type { PipelineBenchmark } from "./types";

/** Positions after the benchmark at "/"'s tracks and the modules' (module-rows.ts starts at 1000). */
const FIRST_PIPELINE_POSITION = 2000;

/**
 * The rows a pipeline benchmark without a `seed` of its own needs before it takes an upload, written at start-up
 * (lib/db/seed.ts): a BenchmarkVersion per declared data version and a Track per declared track. Creates what is
 * missing and changes nothing that exists (an operator's import or an earlier start wrote it). Answers the seed
 * report's phrases.
 */
export async function ensurePipelineRows(db: Db, benchmark: PipelineBenchmark): Promise<string[]> {
  const versions = await db.benchmarkVersion.createMany({
    data: benchmark.pipeline.dataVersions.map((slug) => ({
      slug,
      name: dataVersionLabel(slug),
      description: `${benchmark.title}: its data version ${slug}, declared by the benchmark.`,
      source: `pipeline:${benchmark.id}`,
    })),
    skipDuplicates: true,
  });
  const tracks = await db.track.createMany({
    data: benchmark.tracks.map((track, index) => ({
      id: track.id,
      task: benchmark.id,
      label: `${benchmark.title} · ${track.title}`,
      position: FIRST_PIPELINE_POSITION + index,
    })),
    skipDuplicates: true,
  });
  return [`${versions.count} data versions`, `${tracks.count} tracks`];
}
