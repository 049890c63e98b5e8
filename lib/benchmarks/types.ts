import type { EeeBenchmarkHook } from "@/lib/eee/hook";
import type { UploadBudget } from "@/lib/uploads/upload-budget";
import type { Command } from "commander";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { JudgeSetup } from "@/lib/llm-judge/setup";
import type { SubmissionRefusal, UploadValidation } from "@/lib/submissions/contracts";
import type { GroupedBars } from "@/lib/leaderboard/charts/grouped-bars";
import type { HeatmapData } from "@/lib/leaderboard/charts/heatmap-data";
import type { ContaminationFigures, Leaderboard } from "@/lib/leaderboard/types";
import type { PackManifest } from "@/lib/packs/manifest";
import type { VerifyLine } from "@/lib/packs/pack-url";
import type { PackEntry, ReadPack } from "@/lib/packs/zip-pack";

/**
 * What a benchmark module declares so the platform (upload, worker, API, pages) can host it without naming it.
 * One folder per benchmark under lib/benchmarks/<id>/ exports one `Benchmark` from its index.ts; the registry
 * (lib/benchmarks/index.ts) lists them. Pure declarations and pure functions only: the importer is the single
 * member that does I/O, and it receives its folder from the caller.
 *
 * Two kinds of benchmark share the registry (`HostedBenchmark`). A `Benchmark` (PersonalLLM) scores an upload in one
 * pure call and the platform does the rest, as described below. A `PipelineBenchmark` (AlpsBench) scores with its
 * own multi-step pipeline (chunked, crash-safe, judged, per-instance results) and answers its own views; the
 * platform still owns the upload route, limits, duplicates, storage, the queue and failures, and reaches that
 * pipeline only through the hooks it declares (`OwnPipeline`).
 *
 * Uploads of a module's track take the platform's one path (lib/submissions/create-submission.ts): the platform
 * reads the file, parses each row with `predictionRow`, asks `check` for coverage problems, stores the file in the
 * Submission table and queues it; the worker scores it with `score` and writes Score rows; `loadView` receives
 * the public scored uploads (`UploadedRun`) to show beside the module's own rows. A module names no table of the
 * platform and the platform names no module.
 */

/** deterministic: computed from the rows alone; judge: an LLM judge's verdicts; reward-model: reward models' scores */
export type BenchmarkMetricKind = "deterministic" | "judge" | "reward-model";

export interface MetricDefinition {
  /** key in a score result and column id in a view, e.g. "total_score" */
  id: string;
  label: string;
  /** one line: what the number means */
  description: string;
  direction: "higher" | "lower";
  decimals: number;
  /** unit: 0..1, hundred: percent 0..100, likert5: a 1..5 judge scale, raw: an unbounded score (z-scores) */
  scale: "unit" | "hundred" | "likert5" | "raw";
  kind: BenchmarkMetricKind;
  /** optional column group header */
  group?: string;
}

/** One number with its uncertainty, as every scorer returns it. */
export interface MetricValue {
  value: number | null;
  n: number;
  ciLow: number | null;
  ciHigh: number | null;
}

/** A problem in an uploaded file, located so the submitter can fix it. */
export interface RowProblem {
  /** 1-based line (JSONL/CSV) or row (parquet) number; null for the file as a whole */
  line: number | null;
  field: string | null;
  message: string;
}

export interface ScoreResult<PerItem = unknown> {
  n: number;
  metrics: Record<string, MetricValue>;
  /** per evaluation item (user, instance) figures, stored for drill-down */
  items: PerItem[];
  /** set when the metrics could not be computed (every value null), e.g. reward scores nobody supplied: why, for people */
  notScored?: string;
}

/**
 * A track whose rows may carry a response text instead of (some of) its reward-model scores. The declaration is
 * pure; the worker (lib/pipeline/fill-reward-scores.ts) asks the configured reward service (lib/rewards) for the
 * missing scores through the cache and hands the filled rows to `score`. Without a service the rows stay
 * incomplete and `score` answers "not scored".
 */
export interface RewardTextsDeclaration<Input, Prediction> {
  /** every reward model of the track: alias -> model id (the reward profile pins each at a revision) */
  models: Record<string, string>;
  /** the prompt and response of a row and the aliases whose scores it lacks; null when it lacks none or has no text */
  missing(input: Input, row: Prediction): { prompt: string; response: string; aliases: string[] } | null;
  /** the row with the given aliases' scores filled in */
  fill(row: Prediction, scores: Record<string, number>): Prediction;
}

/** How one uploaded row looks, for the submit form and /api-docs (declared, not derived: zod transforms hide it). */
export interface RowFormat {
  /** one sentence: what a row is */
  summary: string;
  columns: { name: string; type: string; required: boolean; description: string }[];
  /** one example row as JSON (JSONL line; the same columns make a CSV header or a parquet schema) */
  example: Record<string, unknown>;
  /** optional: the example as shown, when a hand-wrapped (or elided, "…") form reads better than one JSON line */
  exampleText?: string;
  /** optional: what the submitter must know beyond the columns (ids to keep, what decides the score) */
  notes?: string;
}

/** One group of the submit form's track picker (an optgroup): its tracks take one row format. */
export interface SubmitFormGroup {
  id: string;
  /** the optgroup's label and the format box's title: "Task 1 · Extraction" */
  label: string;
  rowFormat: RowFormat;
  /** `id` as the upload's `task` field takes it, `slug` as /api/v1/inputs/<slug> names it, `label` inside the group */
  tracks: { id: string; slug: string; label: string }[];
}

/**
 * How a pipeline benchmark is offered on the submit form (plain data: the form is a client component): the track
 * picker's groups in order, each with its row format, and the files its `prepareFile` takes.
 */
export interface SubmitFormDeclaration {
  groups: SubmitFormGroup[];
  files: {
    /** lower-case name endings the form takes (an archive of a whole run included) */
    extensions: string[];
    /** the file input's accept attribute */
    accept: string;
    /** the kinds in a few words, in the file input's label: ".jsonl, .json or .gz" */
    kinds: string;
    /** the hint under the file input before a file is chosen */
    hint: string;
    /** said after the format box's notes: "JSONL or one JSON array, gzipped or not." */
    note: string;
  };
  /** a data version's name on the benchmark picker ("Demo (synthetic, small)"); absent: its stored name */
  versionLabel?(slug: string, storedName: string): string;
  /** optional: what /submit shows below the form, e.g. links to download each track's inputs (loaded when rendered) */
  inputsLinks?(db: Db): Promise<ReactNode>;
}

/** What /api-docs shows of a pipeline benchmark beside the generic sections. */
export interface PipelineApiDocs {
  /** a view and query for the read example: "task1?format=csv&sort=f1" */
  exampleQuery: string;
  /** tracks as the upload's `task` field takes them, for the curl and the command-line examples */
  exampleTracks: { curl: string; cli: string };
  /** optional: its own prediction contract (rendered by its UI, loaded when the page renders); absent: its row formats are listed generically */
  contract?(): Promise<ReactNode>;
}

/** The figures of one item as stored (JSONB) and downloaded: flat, so a CSV column is one key. */
export type ItemFigures = Record<string, string | number | boolean | null>;

/**
 * How a track's per-item results (ScoreResult.items) are stored for an upload's drill-down: the platform writes
 * one row per item (key + figures, validated by `schema`) with the Score rows and shows them, 50 a page, on the
 * submission page and as CSV/JSON. Items may reveal what a hidden gold would let one compute: `public` says
 * whether anyone may read a public upload's items (default: the owner and admins only).
 */
export interface ItemRowsDeclaration<PerItem = unknown> {
  /** the item's unique key within one upload (a PersonalLLM person_id) */
  key(item: PerItem): string;
  /** pure: the stored figures of an item, parsed with `schema` before writing */
  figures(item: PerItem): ItemFigures;
  /** the boundary shape of a stored item row's figures */
  schema: z.ZodType<ItemFigures>;
  /** the figures' columns in order, for the page table and the CSV header; `table: false` keeps one to the downloads */
  columns: { id: string; label: string; decimals?: number; table?: boolean; sortable?: boolean }[];
  /** whether anyone may read the items of a public upload; default false (owner and admins only) */
  public?: boolean;
}

export interface TrackDefinition<Input = unknown, Prediction = unknown, PerItem = unknown> {
  /** unique inside the benchmark, URL-safe: "rewards", "selection" */
  id: string;
  title: string;
  description: string;
  /** how the track's headline numbers are produced */
  kind: BenchmarkMetricKind;
  /** one prediction row as uploaded (the boundary shape of an upload) */
  predictionRow: z.ZodType<Prediction>;
  rowFormat: RowFormat;
  metrics: MetricDefinition[];
  /** the metric that ranks rows by default */
  headline: string;
  /**
   * The version of this track's scorer: bump it whenever a stored number would change. Stored with the Score rows
   * (as `<benchmark>/<track>@<version>`, lib/benchmarks/module-rows.ts); `alpsbench rescore --all` re-scores the
   * track's uploads when it changes, and only then.
   */
  scorerVersion: string;
  /** optional: store the per-item results of an upload (ScoreResult.items) for drill-down and download */
  itemRows?: ItemRowsDeclaration<PerItem>;
  /** pure: coverage problems of parsed rows (missing, unknown, repeated items), each with its line */
  check(input: Input, predictions: readonly (Prediction & { line: number })[]): RowProblem[];
  /** pure: the same input and checked predictions always give the same result (fixed bootstrap seed) */
  score(input: Input, predictions: readonly Prediction[]): ScoreResult<PerItem>;
  /** optional: rows the server may complete by scoring their response text with reward models */
  rewardTexts?: RewardTextsDeclaration<Input, Prediction>;
  /**
   * optional, pure: the part of a parsed row that `score` (and `rewardTexts`) read; the duplicate rule compares
   * files on it, so two files that score the same are one submission. Default: the whole parsed row (the zod
   * `predictionRow` already drops unknown columns).
   */
  scoredRow?(row: Prediction): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds tracks of different input types
export type AnyTrack = TrackDefinition<any, any, unknown>;

/** A leaderboard view a benchmark offers: `GET /api/v1/leaderboards/<benchmark>[/<view>]`. */
export interface BenchmarkView {
  /** "" for the benchmark's default view */
  id: string;
  title: string;
  /** the view's short name on the page's view switcher; default `title` */
  tab?: string;
  /** track whose metric definitions give the view's columns */
  track: string;
  defaultSort: string;
}

export interface ImportSummary {
  /** one line per kind of row written, e.g. "1000 evaluation users" */
  lines: string[];
  counts: Record<string, number>;
}

export interface BenchmarkImporter {
  /** what kind of folder this importer reads, for messages */
  describe: string;
  /** true when the folder looks like this benchmark's data (cheap: names and parquet footers only) */
  recognises(folder: string): Promise<boolean>;
  /** reads and validates the whole folder, then writes it in one transaction (all or nothing) */
  importInto(db: Db, folder: string, log: (line: string) => void): Promise<ImportSummary>;
}

/** A view's read model plus, per row id, the benchmark's own filterable columns (settings). */
export interface LoadedView {
  board: Leaderboard;
  attributes: Map<string, Record<string, string | number | null>>;
  /** names of the attribute columns, in display order */
  attributeKeys: readonly string[];
  /** the evaluation data imported here is a synthetic stand-in: the page does not claim the dataset's licence for it */
  syntheticData?: boolean;
}

/**
 * A scored, public upload of one of the module's tracks, as the platform hands it to `loadView`: the
 * Submission's id (its status page is /submissions/<id>), the system's name, the aggregates of the current
 * score version. Tier "submitted" (or "verified" once a maintainer verified it).
 */
export interface UploadedRun {
  submissionId: string;
  /** the module's own track id ("rewards") */
  track: string;
  systemName: string;
  systemSlug: string;
  organisation: string | null;
  tier: "submitted" | "verified";
  createdAt: string;
  metrics: Record<string, MetricValue>;
  /** scored on the module's synthetic evaluation data (recorded when it was scored) */
  syntheticData: boolean;
}

export type LoadViewResult = { ok: true; view: LoadedView } | { ok: false; issues: string[] } | null;

/** A chart a benchmark declares as plain data; the platform's chart components draw it. */
export type BenchmarkChart = {
  id: string;
  title: string;
  caption: string;
  /** the same figures as a table (the text alternative) */
  table: { caption: string; columns: string[]; rows: string[][] };
} & ({ kind: "bars"; bars: GroupedBars; domain: [number, number] } | { kind: "heatmap"; data: HeatmapData; rowHeader: string });

/** What every hosted benchmark declares, whichever way it scores: the switcher, About and /api-docs read this. */
export interface BenchmarkIdentity {
  id: string;
  title: string;
  /** one paragraph for the About page and the benchmark switcher */
  description: string;
  /** the About page's credit: whom to cite, the licences, the source, and what this site took from it (`note`) */
  credit: { citation: string; dataLicence: string; codeLicence: string; url: string; note?: string };
  /**
   * optional: a starter run, simple baselines in the benchmark's official upload format, built from the inputs this
   * database holds, for a newcomer to upload as is (`alpsbench export-predictions --starter`)
   */
  /**
   * optional: the benchmark's part of the About page (its tasks, metrics, rules, the data this server holds), read
   * from the database and rendered by its own UI; `lead` is the page's opening paragraph when it is the first to
   * declare one (the benchmark at "/")
   */
  about?(db: Db): Promise<{ lead: string; body: ReactNode }>;
  /** optional: how the benchmark's boards read as Every Eval Ever records (lib/eee; `format=eee`, `alpsbench import-eee`) */
  eee?: EeeBenchmarkHook;
  starterRun?(db: Db, options: { dataVersion: string; split: "full" | "dev" | "validation" | "test" }): Promise<StarterFile[]>;
  /**
   * optional: reproducibility packs (lib/packs): `build` the pack of a scored run the caller may read (null: none,
   * e.g. a reported row), and `verify` one offline against a data folder (`alpsbench verify`), one line per figure
   */
  pack?: {
    build(db: Db, submissionId: string): Promise<{ manifest: Omit<PackManifest, "files">; entries: PackEntry[] } | null>;
    verify(pack: ReadPack, dataDir: string): Promise<VerifyLine[]>;
  };
  /**
   * optional: the benchmark's own commands of the platform's CLI (scripts/alpsbench.ts registers every hosted
   * benchmark's); may load them lazily, so the web server never loads command code
   */
  registerCommands?(program: Command, host: CommandHost): void | Promise<void>;
}

/**
 * What the platform's CLI lends a benchmark's commands (scripts/cli/command-host.ts): the parts of a command that
 * serve every benchmark (a module's data folder, a module's prediction file, a starter run), so a benchmark's
 * command never imports the registry, which imports the benchmark.
 */
export interface CommandHost {
  /** the platform's seed as `npm start` runs it (every benchmark's shipped figures), before an import */
  seed(db: Db): Promise<void>;
  /** imports a folder a registered module recognises; null: none does */
  importModuleFolder(db: Db, folder: string, log: (line: string) => void): Promise<{ benchmark: string; lines: string[]; counts: Record<string, number> } | null>;
  /** `score --benchmark <module>`: scores and prints a module's prediction file; false when `benchmark` names no module */
  scoreModuleFile(options: { benchmark: string; track?: string; data?: string; predictions: string; json?: boolean }): Promise<boolean>;
  /** `export-predictions --starter`: writes the starter run (`starterRun`) of the benchmark or data version `benchmark` into `out` */
  writeStarterRun(options: { out: string; benchmark: string; split: "full" | "dev" | "validation" | "test" }): Promise<void>;
}

/** One file of a starter run: its path in the upload layout, the track it is for, and its text. */
export type StarterFile = { path: string; track: string; rows: number; text: string };

export interface Benchmark extends BenchmarkIdentity {
  /** input row schemas by name (e.g. evaluation users, prompts): one zod schema per boundary shape */
  inputRows: Record<string, z.ZodType>;
  tracks: AnyTrack[];
  views: BenchmarkView[];
  importers: BenchmarkImporter[];
  /**
   * Reads a view from the database (the module's I/O shell). `params` carries the module's own filters
   * (the platform's table query is applied afterwards); `uploads` the platform's scored public uploads of the
   * module (lib/benchmarks/load-benchmark-view.ts). null: no such view; ok false: a bad filter.
   */
  loadView(db: Db, viewId: string, params: URLSearchParams, uploads: readonly UploadedRun[]): Promise<LoadViewResult>;
  /**
   * A track's scorer input as imported on this server (the module's I/O shell), for validating and scoring an
   * upload; null when the data the track needs has not been imported (the upload is refused with 404).
   */
  readTrackInput(db: Db, trackId: string): Promise<unknown | null>;
  /**
   * Whether the evaluation data `readTrackInput` reads now is synthetic (generated for tests and demos, not the
   * benchmark's): the worker records it on each upload it scores, so its row stays marked "synthetic data" (and
   * unranked) whatever is imported later. Absent: never synthetic.
   */
  evaluationDataIsSynthetic?(db: Db): Promise<boolean>;
  /**
   * Optional: what a track needs imported before it can take an upload, said for people (the files, where they are
   * published, how an operator imports them). The form and the API show it before anything is uploaded
   * (lib/benchmarks/track-readiness.ts); the cheap `hasTrackData` answers whether it is there.
   */
  /** Optional: the module's published figures shipped with the code, upserted on every start (idempotent; no evaluation data). */
  seedReported?(db: Db): Promise<{ reported: number }>;
  trackData?: { hasTrackData(db: Db, trackId: string): Promise<boolean>; needs(trackId: string): string; importHow: string };
  /** A track's scorer input read from a data folder or file, with no database (the offline `score` CLI). */
  loadTrackInput(trackId: string, folder: string): Promise<unknown>;
  /** pure: the charts of a loaded view (may be empty) */
  charts(viewId: string, view: LoadedView): BenchmarkChart[];
}

/** A track as the platform lists it (switcher, docs, messages), without a one-shot scorer. */
export type TrackInfo = Pick<TrackDefinition, "id" | "title" | "description" | "kind" | "metrics" | "headline">;

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

/** One step of an upload's scoring, as the platform's worker hands it to a pipeline (lib/pipeline/score-submission.ts). */
export interface PipelineStepContext {
  /** the score version the job was queued under (already checked equal to the pipeline's) */
  scoreVersion: string;
  options: PipelineStepOptions;
  /** the step's one transaction: claim the job, write, queue the next phase ("score" or "judge") and complete */
  commit(write: (tx: Prisma.TransactionClient) => Promise<void>, jobOutput: Record<string, unknown>, next?: "score" | "judge"): Promise<void>;
  log(line: string): void;
}

/**
 * The hooks of a benchmark that scores with its own pipeline. Each is one call the platform makes at a fixed point
 * and hands the result on; the benchmark never sees the queue, the limits or the Submission table's writes.
 */
export interface OwnPipeline {
  /** the version its uploads are scored under (stored with each upload; `rescore --all` compares it) */
  scoreVersion: string;
  /**
   * The data versions (BenchmarkVersion slugs) it ships, its default first: an upload's `benchmark` field names
   * one of them, or the benchmark's id for the default. The benchmark at "/" also owns every slug no benchmark
   * declares (an imported release).
   */
  dataVersions: readonly [string, ...string[]];
  /** optional: what pages call each data version ("AlpsBench", "Demo (synthetic)"); a slug without one shows as itself */
  dataVersionLabels?: Readonly<Record<string, string>>;
  /** a track by any name people give it (official harness, release folder, URL slug), as its id; null: no track */
  parseTrack(name: string): string | null;
  /** the tracks as people name them, one phrase for messages ("task1, task2, …, task4_ability5 (also written task3/d300 or task3-d300)") */
  knownTracks: string;
  /**
   * Checks one uploaded file against the data version's instances of its track and split, streaming; stores
   * nothing. The platform then stores what this returns in its one transaction (limits, duplicates, queue).
   */
  prepareFile(
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
   * Where a file of a multi-file upload (a run: an archive or many files) belongs, by its path: a track (and
   * split) its folders name; ignored (README, hidden files, anything that is no prediction file); or refused
   * (a prediction file in no track's folder), with the reason the uploader reads.
   */
  runFile(path: string): { kind: "placed"; track: string; split: "dev" | "validation" | "test" | null } | { kind: "ignored" } | { kind: "refused"; message: string };
  /**
   * Whether a client uploading a run folder sends this file at all (`submit --dir`): archive metadata and files
   * that cannot be predictions stay home; every other file is sent and the server's `runFile` decides (it may
   * ignore it and say so, or refuse it), so a client of another release never decides for the server.
   */
  sendsRunFile(path: string): boolean;
  /** one step of an upload's scoring (lib/pipeline/score-submission.ts calls it after its own checks) */
  scoreStep(db: Db, submissionId: string, context: PipelineStepContext): Promise<"continued" | "done">;
  /** `GET /api/v1/leaderboards/<benchmark>[/<view>]` and, for the benchmark at `/`, `/api/v1/leaderboards/<view>` */
  viewResponse(db: Db, viewId: string, search: URLSearchParams): Promise<Response>;
  /**
   * `GET /api/v1/inputs/<track>` (the model inputs of a track, never gold) and `…/<track>/example` (a small valid
   * prediction file); optional: a benchmark whose inputs are a public dataset serves none here
   */
  inputsResponse?(db: Db, track: string, search: URLSearchParams, kind: "inputs" | "example"): Promise<Response>;
  /** `GET /api/v1/snapshot` for this benchmark */
  snapshotResponse(db: Db, search: URLSearchParams): Promise<Response>;
  /** optional: imports the benchmark's data from a folder in its own layout (dev tools such as scripts/dev/views-snapshot.ts) */
  importData?(db: Db, folder: string, log: (line: string) => void): Promise<void>;
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

/** A benchmark with its own scoring pipeline (AlpsBench): see the file's header. */
export interface PipelineBenchmark extends BenchmarkIdentity {
  /** its page: the benchmark hosted at "/" keeps its old URLs (/tasks/…, /api/v1/leaderboards/<view>) */
  home: string;
  tracks: TrackInfo[];
  /** view ids answered at /api/v1/leaderboards/<benchmark>/<view>; "" the default */
  views: Pick<BenchmarkView, "id" | "title">[];
  /** the names its views answer to at /api/v1/leaderboards/<name> (the benchmark at "/": its URLs from before) */
  rootViewSlugs: readonly string[];
  /** the page of a view (/benchmarks/<id>[/<view>] redirects there); null: no page for it */
  pageOf(viewId: string): string | null;
  /**
   * optional: a view as the platform's page renders it at /benchmarks/<id>[/<view>] when `pageOf` answers null: the
   * read model a module's `loadView` returns (board and settings), read by the benchmark itself since its uploads
   * are scored by its own pipeline. null: no such view; ok false: a bad filter. Absent: no page for its views.
   */
  loadView?(db: Db, viewId: string, params: URLSearchParams): Promise<LoadViewResult>;
  pipeline: OwnPipeline;
  /** optional: what it adds to an upload's page (/submissions/<id>); absent: the per-track figures its tracks declare */
  submissionPage?: SubmissionPageHooks;
  /** optional: an upload's per-instance reads (/api/v1/submissions/<id>/…); absent: they answer 404 */
  submissionReads?: SubmissionReadHooks;
  /** optional: what it seeds on every start, idempotently (published figures, demo data): phrases for the start log */
  seed?(db: Db): Promise<string[]>;
  /**
   * optional: `npm start` imports its data from the folder the operator configured (`source` names the setting);
   * null when none is configured. `run` returns the summary line for the start log.
   */
  importAtStart?(): { source: string; run(db: Db, log: (line: string) => void): Promise<string> } | null;
  /**
   * optional: the uploads every worker re-queues at start, under their own score version, because the settings
   * now differ from those their figures were published under (AlpsBench: noised test figures while the noise is
   * off); `why` completes the log line "<n> uploads <why>"
   */
  rescoreAtWorkerStart?(db: Db, settings: { testFigureNoise: boolean }): Promise<{ submissionIds: string[]; why: string }>;
  /** its tracks on the submit form: picker groups, row formats, accepted files */
  submitForm: SubmitFormDeclaration;
  /** optional: its examples and contract on /api-docs */
  apiDocs?: PipelineApiDocs;
}

/** Who reads an upload's page or its per-instance API: signed in (user or admin), or a visitor. */
export type SubmissionViewer = { id: string; role: "user" | "admin" } | null;

/** An upload as its page hands it to its benchmark: already checked visible to the viewer. */
export interface SubmissionPageUpload {
  id: string;
  status: string;
  split: string;
  source: "reported" | "seed" | "upload";
  /** its data version's slug */
  benchmark: string;
  tracks: readonly string[];
  scorerVersion: string | null;
  /** the contamination check's figures, when the benchmark runs one */
  contamination: ContaminationFigures | null;
  /** a declared metric's current figure on one of its tracks; undefined when none is stored */
  figure(track: string, metric: string): number | null | undefined;
}

/**
 * The parts of /submissions/<id> a pipeline benchmark adds around the platform's per-track metric tables (which
 * show what its tracks declare). Each is rendered on the server; the page renders nothing for an absent one.
 */
export interface SubmissionPageHooks {
  /** above the live status: notes on the upload's figures (a contamination flag, a baseline it does not beat) */
  notices?(db: Db, upload: SubmissionPageUpload): Promise<ReactNode>;
  /** above the metric tables of a scored upload: its downloads */
  downloads?(upload: SubmissionPageUpload): Promise<ReactNode>;
  /** pure: why tracks of a scored upload may have no stored figure, one sentence (said after "No metrics … for …:") */
  emptyNote?(tracks: readonly string[]): string | null;
  /** below the metric tables of a scored upload: breakdowns, per-instance lists; `search` is the page's query */
  details?(db: Db, upload: SubmissionPageUpload, viewer: SubmissionViewer, search: URLSearchParams): Promise<ReactNode>;
}

/** An upload as the per-instance routes hand it to its benchmark: already checked visible to the reader. */
export interface ListedSubmission {
  id: string;
  status: string;
  split: string;
  source: "reported" | "seed" | "upload";
  tracks: string[];
  scorerVersion: string | null;
  ownerId: string | null;
  publishPredictions: boolean;
}

/** One listed instance of an upload (null: the page lists no such instance, e.g. a test-split one). */
export type ListedInstanceRead = (
  db: Db,
  submission: ListedSubmission,
  track: string,
  instanceId: string,
  viewer: SubmissionViewer,
) => Promise<Record<string, unknown> | null>;

/** The per-instance reads of an upload (`/api/v1/submissions/<id>/…`), each behind the platform's access rule. */
export interface SubmissionReadHooks {
  /** `…/breakdown`: its query (a 400 names the bad parameter) and the answer */
  breakdown?: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each benchmark's own query shape
    query: z.ZodType<any>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what `query` parsed
    respond(db: Db, submission: ListedSubmission, viewer: SubmissionViewer, query: any): Promise<Response>;
  };
  /** `…/instance-explanation`: one listed instance, explained */
  instanceExplanation?: ListedInstanceRead;
  /** `…/instance-input`: the model input of one listed instance */
  instanceInput?: ListedInstanceRead;
}

export type HostedBenchmark = Benchmark | PipelineBenchmark;

export function isPipelineBenchmark(benchmark: HostedBenchmark): benchmark is PipelineBenchmark {
  return "pipeline" in benchmark;
}
