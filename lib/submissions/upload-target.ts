import { ensureModuleRows, moduleTrackId, platformTrackId } from "@/lib/benchmarks/module-rows";
import { checkedUploadSplit, goldHidden } from "@/lib/benchmarks/module-splits";
import type { Benchmark, OneCallBenchmark, OwnPipeline, PreparedUpload } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import type { NewSubmission, SubmissionRefusal } from "./contracts";
import { MAX_REPORTED_PROBLEMS } from "./limits";

/** A stored BenchmarkVersion an upload goes to. */
export type DataVersion = { id: string; slug: string };

/**
 * A validated file waiting for the transaction that stores it; `onHiddenGold`: scored on a hidden gold (a test upload
 * under the limits); absent: on the test split, or on the full benchmark with test rows (its own files).
 */
export type PreparedFile = Extract<PreparedUpload, { ok: true }>["file"] & { onHiddenGold?: boolean };

type FileToPrepare = Parameters<NonNullable<OwnPipeline["prepareFile"]>>[2];

/**
 * A benchmark's `upload` capability (hosted-capabilities.ts), so create-submission.ts has one path: name the track,
 * find the data version, validate a file, place a run's files: its own hooks, or the one-call default (row schemas).
 */
type UploadTarget = {
  benchmark: Benchmark;
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
  runs: Required<Pick<OwnPipeline, "runFile" | "sendsRunFile" | "knownTracks" | "runFileExamples">> | null;
};

/** The upload path of a benchmark that prepares its own files (`pipeline.prepareFile`, `parseTrack`, runs if declared). */
export function ownUploadTarget(benchmark: Benchmark, own: OwnPipeline, dataVersions: readonly [string, ...string[]]): UploadTarget {
  return {
    benchmark,
    track(name) {
      const id = typeof name === "string" ? own.parseTrack!(name) : null;
      return id === null ? { ok: false, code: "bad_request", message: `task: "${String(name)}" is not a track.` } : { ok: true, id };
    },
    // its id names its default data version; any other name is a data version itself
    dataVersion: (db, named) =>
      db.benchmarkVersion.findUnique({ where: { slug: named === undefined || named === benchmark.id ? dataVersions[0] : named }, select: { id: true, slug: true } }),
    prepare: (db, version, file) => own.prepareFile!(db, version, file),
    storedContentSha256: async (track, _fileName, stored) => (own.storedContentSha256 ? own.storedContentSha256(track, stored) : null),
    tableFormats: false,
    // the hooks of runs come together (types-pipeline.ts)
    runs: own.runFile && own.sendsRunFile ? (own as Required<OwnPipeline>) : null,
  };
}

/** The platform's default upload path: one file of a one-call track, parsed with its row schema and checked against its items. */
export function oneCallUploadTarget(module: OneCallBenchmark): UploadTarget {
  return {
    benchmark: module,
    track(name, split) {
      const track = typeof name === "string" ? (module.tracks.find((t) => t.id === name) ?? null) : null;
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
      // loaded when an upload comes: the parsers stay out of the pages that read the registry
      const prepared = await (await import("./prepare-module-file")).prepareModuleFile(db, module, track, file, limits);
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
      const parsed = await (
        await import("@/lib/uploads/read-upload-rows")
      ).parseUploadRows(once(), track.predictionRow, {
        fileName: fileName ?? "predictions.jsonl",
        maxDecompressedBytes: env().UPLOAD_MAX_DECOMPRESSED_BYTES,
      });
      const { moduleContentSha256 } = await import("./prepare-module-file");
      return parsed.problems.length > 0 ? null : moduleContentSha256(track, parsed.rows as Record<string, unknown>[]);
    },
    tableFormats: true,
    runs: null,
  };
}
