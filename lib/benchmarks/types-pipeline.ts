import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { JudgeSetup } from "@/lib/llm-judge/setup";
import type { ReadAnswer } from "./types-answer";
import type { SubmissionRefusal, UploadValidation } from "@/lib/submissions/contracts";
import type { UploadBudget } from "@/lib/uploads/upload-budget";

/**
 * Part of the benchmark contract (lib/benchmarks/types.ts re-exports it): the capabilities a benchmark may bring
 * with its own pipeline, and what the platform's upload path and worker hand them. Declarations only; imports
 * nothing from a benchmark or the registry.
 */

/** The worker's settings for one scoring step, passed through as the operator or a test gave them. */
export interface PipelineStepOptions {
  /** instances per chunk (default WORKER_CHUNK_SIZE) */
  chunkSize?: number;
  /** instances per judge chunk (default: the chunk size, at most 4 × JUDGE_CONCURRENCY) */
  judgeChunkSize?: number;
  /** a chunk stops taking instances after this long (default: 40 % of WORKER_CHUNK_EXPIRE_SECONDS) */
  budgetMs?: number;
  /** judge calls still running after this long are aborted and asked again by the next chunk */
  judgeBudgetMs?: number;
  /** an LLM judge given by a test or the caller; undefined: the benchmark builds its own from JUDGE_* (null: none) */
  judge?: JudgeSetup | null;
  /** the queue's attempt of this step; absent when run outside the queue (then it is the last attempt) */
  control?: { readonly retryCount: number; readonly retryLimit: number };
  /** tests only: a pause before a chunk commits, to kill a worker in the middle of one */
  testDelayMs?: number;
  log?: (line: string) => void;
}

/** One step of an upload's scoring, as the platform's worker hands it to a pipeline (lib/worker/score-submission.ts). */
export interface PipelineStepContext {
  /** the score version the job was queued under (already checked equal to the pipeline's) */
  scoreVersion: string;
  options: PipelineStepOptions;
  /** the step's one transaction: claim the job, write, queue the next phase ("score" or "judge") and complete */
  commit(write: (tx: Prisma.TransactionClient) => Promise<void>, jobOutput: Record<string, unknown>, next?: "score" | "judge"): Promise<void>;
  log(line: string): void;
}

/**
 * The hooks of a benchmark's own pipeline, each one call the platform makes at a fixed point (the benchmark never
 * sees the queue, the limits or the Submission table's writes); one left out takes the platform's default
 * (hosted-capabilities.ts). A capability's hooks come together: scoring (`scoreVersion`, `scoreStep`), file
 * preparation (`parseTrack`, `knownTracks`, `prepareFile`), runs (`runFile`, `sendsRunFile`, `runFileExamples`).
 */
export interface OwnPipeline {
  /** the version its uploads are scored under (stored with each upload; `rescore --all` compares it) */
  scoreVersion?: string;
  /**
   * The data versions (BenchmarkVersion slugs) it ships, its default first: an upload's `benchmark` field names
   * one of them, or the benchmark's id for the default. The benchmark at "/" also owns every slug no benchmark
   * declares (an imported release). Default: one, the benchmark's id.
   */
  dataVersions?: readonly [string, ...string[]];
  /** optional: what pages call each data version ("AlpsBench", "Demo (synthetic)"); a slug without one shows as itself */
  dataVersionLabels?: Readonly<Record<string, string>>;
  /** a track by any name people give it (official harness, release folder, URL slug), as its id; null: no track */
  parseTrack?(name: string): string | null;
  /** the tracks as people name them, one phrase for messages ("task1, task2, …, task4_ability5 (also written task3/d300 or task3-d300)") */
  knownTracks?: string;
  /**
   * Checks one uploaded file against the data version's instances of its track and split, streaming; stores
   * nothing. The platform then stores what this returns in its one transaction (limits, duplicates, queue).
   */
  prepareFile?(
    db: Db,
    version: { id: string; slug: string },
    file: {
      track: string;
      split: "full" | "dev" | "validation" | "test";
      fileName: string;
      path: string;
      body: AsyncIterable<Uint8Array>;
      /** the request's decompressed-bytes budget, shared by every file and nesting level of one upload */
      budget?: UploadBudget;
    },
  ): Promise<PreparedUpload>;
  /**
   * Optional: the content hash of a stored (gzipped, already accepted) upload of a track as `prepareFile` computes
   * it today (`alpsbench admin rehash-content`); null when the track is unknown. Absent: stored hashes are kept.
   */
  storedContentSha256?(track: string, stored: Uint8Array): Promise<string | null>;
  /**
   * Optional: the hidden test set a track's test-split answers are about. Tracks scored against the same hidden
   * test instances and gold (AlpsBench: Task 3's five pool sizes share one set of test sessions) name the same
   * set, so the test-upload limits count each of them as an answer on it (lib/submissions/upload-limits.ts).
   * Absent: every track is a set of its own.
   */
  hiddenTestSet?(track: string): string;
  /**
   * Where a file of a multi-file upload (a run: an archive or many files) belongs, by its path: a track (and
   * split) its folders name; ignored (README, hidden files, anything that is no prediction file); or refused
   * (a prediction file in no track's folder), with the reason the uploader reads.
   */
  runFile?(
    path: string,
  ): { kind: "placed"; track: string; split: "dev" | "validation" | "test" | null } | { kind: "ignored" } | { kind: "refused"; message: string };
  /**
   * Whether a client uploading a run folder sends this file at all (`submit --dir`): archive metadata and files
   * that cannot be predictions stay home; every other file is sent and the server's `runFile` decides (it may
   * ignore it and say so, or refuse it), so a client of another release never decides for the server.
   */
  sendsRunFile?(path: string): boolean;
  /** a run's file paths as the benchmark lays them out, for the platform's messages ("a/predictions.jsonl or b/c/predictions.jsonl") */
  runFileExamples?: string;
  /**
   * one step of an upload's scoring (lib/worker/score-submission.ts calls it after its own checks); a failure that
   * retrying cannot fix is a `SubmissionScoringError` (types-scoring-error.ts)
   */
  scoreStep?(db: Db, submissionId: string, context: PipelineStepContext): Promise<"continued" | "done">;
  /**
   * `GET /api/v1/leaderboards/<benchmark>[/<view>]` and, for the benchmark at `/`, `/api/v1/leaderboards/<view>`: the
   * view's data, which the platform answers (lib/benchmarks/read-answer.ts)
   */
  viewAnswer?(db: Db, viewId: string, search: URLSearchParams): Promise<ReadAnswer>;
  /**
   * `GET /api/v1/inputs/<track>` (the model inputs of a track, never gold) and `…/<track>/example` (a small valid
   * prediction file); optional: a benchmark whose inputs are a public dataset serves none here. `gzip`: "br" or "encoding"
   * (gzip) when the client accepts it, "file" for the `<track>.jsonl.gz` link, "compact" for the `<track>.compact.jsonl.gz`
   * link (the benchmark's compact form as a gzip file; a 404 saying so where a track has none), else "no". Data the
   * platform answers (app/api/v1/inputs/_lib/inputs-response.ts): a download is a stored file, which it streams
   */
  inputsAnswer?(db: Db, track: string, search: URLSearchParams, kind: "inputs" | "example", gzip?: InputsGzip): Promise<ReadAnswer>;
  /** `GET /api/v1/snapshot` for this benchmark: its data, which the platform answers */
  snapshotAnswer?(db: Db, search: URLSearchParams): Promise<ReadAnswer>;
  /**
   * optional: what its own tables add to a stored pack's key (lib/packs/pack-store.ts packKey), one string per part,
   * so a re-score that writes only its own rows still rebuilds the pack; sorted with the platform's Score parts.
   * Default: none (the platform's columns and Score rows alone)
   */
  packKeyParts?(db: Db, submissionId: string): Promise<string[]>;
}

/** What `prepareFile` answers: a file ready to store, or a refusal the platform passes on as it is. */
export type PreparedUpload =
  | {
      ok: true;
      file: {
        track: string;
        split: "full" | "dev" | "validation" | "test";
        fileName: string;
        path: string;
        report: Omit<UploadValidation, "storedGzip">;
        stored: Buffer;
        sha256: string;
        contentSha256: string;
      };
    }
  | SubmissionRefusal;

/** How an inputs download is compressed: Content-Encoding gzip, a `.jsonl.gz` file, a compact `.compact.jsonl.gz` file, or not at all. */
export type InputsGzip = "encoding" | "br" | "file" | "compact" | "no";
