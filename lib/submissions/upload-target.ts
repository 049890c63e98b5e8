import { dataVersionOf, getTrack } from "@/lib/benchmarks";
import { ensureModuleRows, moduleTrackId, platformTrackId } from "@/lib/benchmarks/module-rows";
import { checkedUploadSplit, goldHidden } from "@/lib/benchmarks/module-splits";
import { parseUploadRows } from "@/lib/uploads/read-upload-rows";
import { type Benchmark as BenchmarkModule, type HostedBenchmark, isPipelineBenchmark, type PipelineBenchmark } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import type { NewSubmission, SubmissionRefusal, UploadValidation } from "./contracts";
import { MAX_REPORTED_PROBLEMS } from "./limits";
import { moduleContentSha256, prepareModuleFile } from "./prepare-module-file";

/** A stored BenchmarkVersion an upload goes to. */
export type DataVersion = { id: string; slug: string };

/** A validated file, waiting for the transaction that stores it. */
export type PreparedFile = {
  /** a pipeline benchmark's track id (AlpsBench's `task3/d300`), or a module's `<module>/<track>` (module-rows.ts) */
  track: string;
  split: NewSubmission["split"];
  fileName: string;
  /** the path inside the run (the file name for a single upload) */
  path: string;
  report: Omit<UploadValidation, "storedGzip">;
  stored: Buffer;
  sha256: string;
  contentSha256: string;
  /**
   * whether the file is scored on a hidden gold (a test upload under the limits); absent: on the test split, or on
   * the full benchmark with test rows (a pipeline benchmark's files)
   */
  onHiddenGold?: boolean;
};

type FileToPrepare = { track: string; split: NewSubmission["split"]; fileName: string; path: string; body: AsyncIterable<Uint8Array>; budget?: UploadBudget };

/**
 * What the upload path needs of a hosted benchmark, the same for either kind, so lib/submissions/create-submission.ts
 * has one path: name the track, find the data version, validate a file; and, for a benchmark that takes runs, where
 * a run's file belongs. A module's answers come from its declarations (row schema, tracks); a pipeline benchmark's
 * from its hooks (`OwnPipeline`).
 */
type UploadTarget = {
  benchmark: HostedBenchmark;
  /** the stored track id an upload's `task` (and split) names, or the refusal */
  track(name: unknown, split: NewSubmission["split"]): { ok: true; id: string } | SubmissionRefusal;
  /** the data version an upload's `benchmark` field names (none: the benchmark's default); null: not on this server */
  dataVersion(db: Db, named: string | undefined): Promise<DataVersion | null>;
  prepare(db: Db, version: DataVersion, file: FileToPrepare): Promise<{ ok: true; file: PreparedFile } | SubmissionRefusal>;
  /** the content hash of a stored (gzipped, accepted) file as `prepare` computes it now; null: unknown track or none */
  storedContentSha256(track: string, fileName: string | null, stored: Uint8Array): Promise<string | null>;
  /** whether its tracks take table files (CSV, parquet) besides JSONL and JSON */
  tableFormats: boolean;
  /** null: the benchmark takes one file per upload */
  runs: Pick<PipelineBenchmark["pipeline"], "runFile" | "sendsRunFile" | "knownTracks" | "runFileExamples"> | null;
};

export function uploadTargetOf(benchmark: HostedBenchmark): UploadTarget {
  return isPipelineBenchmark(benchmark) ? pipelineTarget(benchmark) : moduleTarget(benchmark);
}

function pipelineTarget(benchmark: PipelineBenchmark): UploadTarget {
  const { pipeline } = benchmark;
  return {
    benchmark,
    track(name) {
      const id = typeof name === "string" ? pipeline.parseTrack(name) : null;
      return id === null ? { ok: false, code: "bad_request", message: `task: "${String(name)}" is not a track.` } : { ok: true, id };
    },
    dataVersion: (db, named) => db.benchmarkVersion.findUnique({ where: { slug: dataVersionOf(named ?? benchmark.id) }, select: { id: true, slug: true } }),
    prepare: (db, version, file) => pipeline.prepareFile(db, version, file),
    storedContentSha256: async (track, _fileName, stored) => (pipeline.storedContentSha256 ? pipeline.storedContentSha256(track, stored) : null),
    tableFormats: false,
    runs: pipeline,
  };
}

function moduleTarget(module: BenchmarkModule): UploadTarget {
  return {
    benchmark: module,
    track(name, split) {
      const track = typeof name === "string" ? getTrack(module, name) : null;
      if (!track) {
        return {
          ok: false,
          code: "bad_request",
          message: `task: "${String(name)}" is not a ${module.title} track; known: ${module.tracks.map((t) => t.id).join(", ")}.`,
        };
      }
      const checked = checkedUploadSplit(module, track, split);
      if (!checked.ok) return { ok: false, code: "bad_request", message: checked.message };
      return { ok: true, id: platformTrackId(module, track.id) };
    },
    dataVersion: (db) => ensureModuleRows(db, module),
    async prepare(db, _version, file) {
      const track = module.tracks.find((t) => platformTrackId(module, t.id) === file.track)!;
      const config = env();
      const limits = { maxBytes: config.UPLOAD_MAX_BYTES, maxDecompressedBytes: config.UPLOAD_MAX_DECOMPRESSED_BYTES, maxProblems: MAX_REPORTED_PROBLEMS };
      const prepared = await prepareModuleFile(db, module, track, file, limits);
      if (!prepared.ok) return prepared;
      const { report, stored, sha256, contentSha256 } = prepared;
      const onHiddenGold = goldHidden(module, track, file.split);
      return {
        ok: true,
        file: { track: file.track, split: file.split, fileName: file.fileName, path: file.fileName, report, stored, sha256, contentSha256, onHiddenGold },
      };
    },
    async storedContentSha256(storedTrack, fileName, stored) {
      const trackId = moduleTrackId(module, storedTrack);
      const track = trackId === null ? undefined : module.tracks.find((t) => t.id === trackId);
      if (!track) return null;
      // the stored bytes are the accepted file gzipped; the reader un-gzips them as the worker's scoring does
      async function* once(): AsyncGenerator<Uint8Array> {
        yield stored;
      }
      const parsed = await parseUploadRows(once(), track.predictionRow, {
        fileName: fileName ?? "predictions.jsonl",
        maxDecompressedBytes: env().UPLOAD_MAX_DECOMPRESSED_BYTES,
      });
      return parsed.problems.length > 0 ? null : moduleContentSha256(track, parsed.rows as Record<string, unknown>[]);
    },
    tableFormats: true,
    runs: null,
  };
}
