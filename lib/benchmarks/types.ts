import type { EeeBenchmarkHook } from "@/lib/eee/hook";
import type { Command } from "commander";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import type { GroupedBars } from "@/lib/leaderboard/charts/grouped-bars";
import type { HeatmapData } from "@/lib/leaderboard/charts/heatmap-data";
import type { Leaderboard } from "@/lib/leaderboard/types";
import type { PackManifest } from "@/lib/packs/manifest";
import type { VerifyLine } from "@/lib/packs/pack-url";
import type { PackEntry, ReadPack } from "@/lib/packs/zip-pack";
import type { RowFormat, SubmitFormDeclaration, PipelineApiDocs } from "./types-submit-form";
import type { NavLink } from "./types-navigation";
import type { OwnPipeline } from "./types-pipeline";
import type { SubmissionPageHooks, SubmissionReadHooks, SubmissionViewer, UploadFacts } from "./types-submission-page";
import type { RescoreHook } from "./types-rescore";
import type { ScoredHook } from "./types-scored";

/**
 * The one contract between the platform (upload, worker, API, pages) and a hosted benchmark: one folder per
 * benchmark under lib/benchmarks/<id>/ exports one `Benchmark` from its index.ts; the registry (index.ts) lists them.
 * Pure declarations and functions only: the importer, the one member that does I/O, receives its folder.
 *
 * A benchmark declares its identity, tracks, splits and views, and the capabilities it brings: multi-step scoring,
 * file preparation, runs, view, inputs and snapshot answers (`pipeline`), page sections, seed, import at start,
 * review state, submit form, API docs. Each one left out takes the platform's default (hosted-capabilities.ts),
 * which reads the one-call members (`OneCallBenchmark`): the platform parses each row with `predictionRow`, checks
 * its `items`, stores and queues the file; the worker scores it with `score` and writes Score rows; `loadView` gets
 * the public scored uploads (`UploadedRun`). A benchmark names no platform table and the platform names no benchmark.
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
  /** a detail column: folded away on the page until asked for (LeaderboardColumn.detail) */
  detail?: boolean;
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
 * pure; the worker (lib/worker/fill-reward-scores.ts) asks the configured reward service (lib/rewards) for the
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

/** What a track's rows are about: the platform refuses missing, unknown and repeated items and reports the counts. */
export interface ItemsDeclaration<Input, Prediction> {
  /** the column that names a row's item, for problems: "person_id" */
  field: string;
  /** what an item is, for the missing-items message: "evaluation user" */
  noun: string;
  /** pure: every item the input expects, each once, in the order missing ones are named */
  ids(input: Input): readonly string[];
  /** pure: the item a parsed row is about */
  idOf(row: Prediction): string;
}

/** The splits an upload names: "full" is a module's one split when it declares none (every item it has). */
export type ModuleSplitId = "full" | "dev" | "validation" | "test";

/**
 * A split of a module's evaluation data (lib/benchmarks/module-splits.ts). Each upload is on one split and is
 * scored on that split's items (`readTrackInput(db, track, split)`); each split has its own board (`split` on a
 * view). A split whose gold is hidden takes the rules of a hidden test split: its uploads are test uploads
 * (TEST_SUBMISSIONS_PER_DAY / _PER_MONTH, lib/submissions/upload-limits.ts) and their per-item rows are never
 * stored nor shown, to anyone.
 */
export interface SplitDeclaration {
  id: Exclude<ModuleSplitId, "full">;
  /** the split's gold is kept from the public: uploads on it are limited and their per-item rows never stored */
  goldHidden?: boolean;
}

export interface TrackDefinition<Input = unknown, Prediction = unknown, PerItem = unknown> {
  /** unique inside the benchmark, URL-safe: "rewards", "selection" */
  id: string;
  /** optional: this track's splits, when they differ from the benchmark's `splits` */
  splits?: readonly SplitDeclaration[];
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
  /** the items an upload covers, each exactly once: the platform checks and counts coverage (lib/benchmarks/check-items.ts) */
  items: ItemsDeclaration<Input, Prediction>;
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

interface ImportSummary {
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
  /** the split it was scored on: the board's (every run loadView receives is on the split the board shows) */
  split: ModuleSplitId;
  systemName: string;
  systemSlug: string;
  organisation: string | null;
  tier: "submitted" | "verified";
  createdAt: string;
  metrics: Record<string, MetricValue>;
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
   * optional: the main nav's links on its pages (before the shared Queue, About and API). Default: its views at
   * /benchmarks/<id>[/<view>] and its submit form (lib/benchmarks/navigation.ts).
   */
  navigation?: readonly NavLink[];
  /**
   * optional: a starter run, simple baselines in the benchmark's official upload format, built from the inputs this
   * database holds, for a newcomer to upload as is (`alpsbench export-predictions --starter`)
   */
  /**
   * optional: the benchmark's part of the About page (its tasks, metrics, rules, the data this server holds), read
   * from the database and rendered by its own UI; `lead` is the page's opening paragraph when it is the first to
   * declare one (the benchmark at "/"); `contents` lists its sections (id of each heading, its title) for the page's
   * table of contents at the top, the rules a reader looks for first
   */
  about?(db: Db): Promise<{ lead: string; body: ReactNode; contents?: { id: string; title: string }[] }>;
  /**
   * optional: the benchmark's settings of the platform's review rule (lib/leaderboard/review-hold.ts: an upload that
   * beats every reported and server-scored row of its board is held, unranked, until a moderator approves it).
   * `marginByTrack`: per track id, in the headline column's units, a row is held when it beats the best reference
   * less the margin (default 0); `openBookReferenceSlugs`: reference rows (System slugs) that read the public
   * answers, so they are not part of the bar; `reason`: why a new best is checked, as a held row's reason ends
   * (default "a moderator checks a new best before it is ranked").
   */
  review?: { marginByTrack?: Record<string, number>; openBookReferenceSlugs?: string[]; reason?: string };
  /**
   * optional: the benchmark's reference rows (System slugs) that carry no content (predicting nothing, labels and
   * types only): an upload that does not beat them is listed unranked, below the ranked rows, with the reason
   * (lib/leaderboard/baseline-marks.ts markBelowContentless). Other reference rows only mark the rows below them.
   */
  contentlessReferenceSlugs?: string[];
  /**
   * optional: what its own tables hold of the uploads asked for (UploadFacts), as `viewer` may read it; an upload
   * missing from the answer has none. Read by the upload's status (page, API, `submit --wait`).
   */
  uploadFacts?(db: Db, submissionIds: readonly string[], viewer: SubmissionViewer): Promise<Map<string, UploadFacts>>;
  /** optional: resets its own tables' record of the uploads' last scoring when they are re-queued (types-rescore.ts) */
  onRescore?: RescoreHook;
  /** optional: how the benchmark's boards read as Every Eval Ever records (lib/eee; `format=eee`, `alpsbench import-eee`) */
  eee?: EeeBenchmarkHook;
  /**
   * optional, pure: whether a refused upload's row keys (or CSV header) are this benchmark's rows, and of which
   * track: another benchmark's refusal then names the fix (`benchmark=<id>`, `task=<track>`) without the platform
   * knowing any benchmark's row shape. null: not this benchmark's rows.
   */
  recognisesRows?(seen: { format: "csv" | "json"; keys: readonly string[] }): { track: string; why: string } | null;
  /** `progress`: a line per step as it ends (a track's file), so a long run is never silent */
  starterRun?(db: Db, options: { dataVersion: string; split: "full" | "dev" | "validation" | "test"; progress?: (line: string) => void }): Promise<StarterFile[]>;
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
  tracks: TrackInfo[];
  /**
   * optional: the splits of its evaluation data, in the order a view's split switcher lists them; the first is the
   * one a view shows when no `split` is asked for. Absent: one split, "full" (an upload names none, a view takes no
   * `split`). A track may declare its own (`TrackDefinition.splits`).
   */
  splits?: readonly SplitDeclaration[];
  /** view ids answered at /api/v1/leaderboards/<benchmark>/<view>; "" the default */
  views: Pick<BenchmarkView, "id" | "title" | "tab">[];
  /** optional: its page; the benchmark whose home is "/" keeps its old URLs (/tasks/…, /api/v1/leaderboards/<view>). Default /benchmarks/<id> */
  home?: string;
  /** optional: the names its views answer to at /api/v1/leaderboards/<name> (the benchmark at "/": its URLs from before) */
  rootViewSlugs?: readonly string[];
  /** optional: the page of a view of its own (/benchmarks/<id>[/<view>] redirects there); null or absent: the platform's page */
  pageOf?(viewId: string): string | null;
  /** optional: the capabilities of its own pipeline (OwnPipeline); each hook it leaves out takes the platform's default */
  pipeline?: OwnPipeline;
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
   * optional: the uploads every worker re-queues at start, under their own score version, because the server's
   * settings (lib/env.ts) now differ from those their figures were published under (AlpsBench: noised test figures
   * while the noise is off); `why` completes the log line "<n> uploads <why>"
   */
  rescoreAtWorkerStart?(db: Db): Promise<{ submissionIds: string[]; why: string }>;
  /**
   * optional: its finished uploads scored except the judge because no LLM judge was configured (UploadFacts
   * `awaitingJudge`), oldest first. Apart from `rescoreAtWorkerStart`, which the benchmark's own settings decide: a
   * worker started with a judge (the platform's JUDGE_* settings) re-queues these, one without says how many wait and
   * what to set (lib/worker/judge-waiting.ts). `among`: only those of these uploads (the queue's listed ones).
   */
  uploadsAwaitingJudge?(db: Db, among?: readonly string[]): Promise<string[]>;
  /** optional: an upload's state under the ranking rules, read from its boards (held, rejected, approved, unranked); null: none */
  reviewState?(db: Db, upload: { id: string; benchmark: string; tracks: readonly string[]; split: string }): Promise<RowReviewState | null>;
  /** optional: its tracks on the submit form (picker groups, row formats, accepted files); absent: the form's module picker */
  submitForm?: SubmitFormDeclaration;
  /** optional: its examples and contract on /api-docs */
  apiDocs?: PipelineApiDocs;
  /**
   * optional: a view's read model (board, settings) for the platform's page and default answers; `uploads`: the
   * platform's scored public uploads on the view's split when the platform scores them (load-benchmark-view.ts), else
   * none; `split`: that split (the platform checks `split` and keeps it out of `params`). null: no such view; ok false:
   * a bad filter. Absent: no page for its views.
   */
  loadView?(db: Db, viewId: string, params: URLSearchParams, uploads: readonly UploadedRun[], split: ModuleSplitId): Promise<LoadViewResult>;
  /** optional: imports its data from a folder in its own layout (dev tools such as scripts/dev/views-snapshot.ts) */
  importData?(db: Db, folder: string, log: (line: string) => void): Promise<void>;
  /** optional: the importers of its data folders (`alpsbench import --from <folder>`) */
  importers?: BenchmarkImporter[];
  /**
   * optional: a track's scorer input on a split as imported on this server (the one-call scorer's I/O shell), to
   * validate and score an upload on it; null when its data has not been imported (the upload is refused with 404).
   */
  readTrackInput?(db: Db, trackId: string, split: ModuleSplitId): Promise<unknown | null>;
  /**
   * optional: whether the data `readTrackInput` reads now may be synthetic (for tests and demos): a view's CSV and
   * JSON then carry the `synthetic` column (benchmark-view-response.ts). The benchmark records it with each upload
   * it scores (`onScored`) and marks the rows itself, so a row stays "synthetic data" (unranked) whatever is
   * imported later.
   */
  evaluationDataIsSynthetic?(db: Db): Promise<boolean>;
  /** optional: records in its own tables what it keeps of an upload the module worker has scored (types-scored.ts) */
  onScored?: ScoredHook;
  /**
   * optional: what a track needs imported before it takes an upload, for people (the files, where they are published,
   * how an operator imports them; track-readiness.ts), and the cheap `hasTrackData` check of whether it is there:
   * in `dataVersion` (a stored data version's slug, as the submit form's benchmark picker names it) when given, else
   * in the data an upload is scored on by default.
   */
  trackData?: { hasTrackData(db: Db, trackId: string, dataVersion?: string): Promise<boolean>; needs(trackId: string): string; importHow: string };
  /** optional: a track's scorer input on a split read from a data folder or file, with no database (the offline `score` CLI) */
  loadTrackInput?(trackId: string, folder: string, split: ModuleSplitId): Promise<unknown>;
  /** optional, pure: the charts of a loaded view (may be empty) */
  charts?(viewId: string, view: LoadedView): BenchmarkChart[];
}

/**
 * A benchmark that declares what the platform's default capabilities read (hosted-capabilities.ts `oneCallOf`):
 * tracks with a one-call scorer, views on those tracks, its data reads and its view's read model (PersonalLLM).
 */
export type OneCallBenchmark = Omit<Benchmark, "tracks" | "views"> &
  Required<Pick<Benchmark, "importers" | "loadView" | "readTrackInput" | "loadTrackInput" | "charts">> & { tracks: AnyTrack[]; views: BenchmarkView[] };

/** A track as the platform lists it (switcher, docs, messages), without a one-shot scorer. */
export type TrackInfo = Pick<TrackDefinition, "id" | "title" | "description" | "kind" | "metrics" | "headline">;

/**
 * An upload's state under the platform's ranking rules (lib/leaderboard/review-hold.ts, baseline-marks.ts), as its
 * page and GET /api/v1/submissions/{id} show it: `pending` (held for a moderator's review), `rejected`, `unranked`
 * (no better than a contentless reference row) with the reason; `approved` with the moderator's note; `board`
 * names the board (track · split) that says so.
 */
export type RowReviewState = { state: "pending" | "rejected" | "approved" | "unranked"; reason: string | null; note: string | null; board: string };

// the contract's parts in their own files, re-exported so every benchmark and platform file imports one module
export type { RowFormat, SubmitFormDeclaration } from "./types-submit-form";
export type { PipelineStepOptions, PipelineStepContext, OwnPipeline, PreparedUpload } from "./types-pipeline";
export type { ReadAnswer } from "./types-answer";
export type { SubmissionViewer, SubmissionPageUpload, ListedSubmission, UploadFacts } from "./types-submission-page";
