import type { RowFormat, SubmitFormDeclaration } from "@/lib/benchmarks/types";

/** A track on the picker of a benchmark with its own `submitForm` (plain data from its `submitForm` declaration). */
export interface UploadTrackOption {
  /** the track as the API's `task` field takes it */
  id: string;
  /** as /api/v1/inputs/<slug> names it */
  slug: string;
  label: string;
  /** the id of the picker group it sits in, which also picks its format box */
  task: string;
  /** the benchmark it belongs to; absent: the first of `pipelines` */
  pipeline?: string;
}

/** A data version offered on the benchmark picker ("AlpsBench", "Demo (synthetic, small)"). */
export interface UploadBenchmarkOption {
  slug: string;
  label: string;
  /** the benchmark it is a data version of; absent: the first of `pipelines` */
  pipeline?: string;
  /** its tracks that hold no evaluation data on this server, each with why (track-readiness.ts `dataVersionGaps`): not chosen */
  missingData?: Readonly<Record<string, string>>;
}

/**
 * What the signed-in uploader has left of a data version's test limits (lib/submissions/upload-limits.ts), shown
 * beside the split picker; absent for a data version whose test uploads are not limited (the demo).
 */
export interface UploadTestQuotaOption {
  perDay: number;
  perMonth: number;
  leftToday: number;
  leftMonth: number;
}

/** A benchmark's declared picker groups and accepted files (`submitForm`). */
export interface UploadPipelineOption {
  id: string;
  groups: readonly { id: string; label: string; rowFormat: RowFormat }[];
  files: SubmitFormDeclaration["files"];
  /** it serves /api/v1/inputs/<track> (and …/example): the format box links them */
  inputs: boolean;
}

/** What the file input takes while a data version of no known pipeline is chosen (none is declared). */
export const FALLBACK_FILES: SubmitFormDeclaration["files"] = {
  extensions: [".jsonl", ".json", ".gz"],
  accept: ".jsonl,.json,.gz,application/json,application/gzip",
  kinds: ".jsonl, .json or .gz",
  hint: ".jsonl, .json or .gz, up to 200 MB",
  note: "",
};

/** What a module's track takes: one JSONL, CSV or parquet file (gzip accepted). */
export const MODULE_FILES: SubmitFormDeclaration["files"] = {
  extensions: [".jsonl", ".csv", ".parquet", ".gz"],
  accept: ".jsonl,.csv,.parquet,.gz,text/csv,application/gzip",
  kinds: ".jsonl, .csv, .parquet or .gz",
  hint: ".jsonl, .csv or .parquet (gzip accepted), up to 200 MB",
  note: "JSONL (one object per line), CSV (a header row with these columns) or parquet; gzip accepted. Every row is checked before anything is stored.",
};

/** An archive of a whole run (`<track>/predictions.jsonl` files): uploaded without a task, one submission per track. */
const ARCHIVES = [".zip", ".tar.gz", ".tgz", ".tar"];
export const isArchive = (name: string) => ARCHIVES.some((ext) => name.toLowerCase().endsWith(ext));
