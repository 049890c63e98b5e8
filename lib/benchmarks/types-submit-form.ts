import type { z } from "zod";
import type { ReactNode } from "react";
import type { Db } from "@/lib/db/create-client";

/**
 * Part of the benchmark contract (lib/benchmarks/types.ts re-exports it): how a benchmark's uploads look on the submit
 * form and /api-docs. Declarations only; imports nothing from a benchmark or the registry.
 */

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

/** A registered benchmark module's track as the submit form offers it (plain data from the module's declarations). */
export interface UploadModuleTrack {
  id: string;
  title: string;
  description: string;
  rowFormat: RowFormat;
  /** null when the track can take an upload here; otherwise what data is missing and how an operator imports it */
  missingData: string | null;
  /** the splits an upload to it names, in the module's order (the first preselected); absent: it has none */
  splits?: readonly { id: string; goldHidden: boolean }[];
}

export interface UploadModuleOption {
  id: string;
  title: string;
  tracks: readonly UploadModuleTrack[];
}

/** One group of the submit form's track picker (an optgroup): its tracks take one row format. */
interface SubmitFormGroup {
  id: string;
  /** the optgroup's label and the format box's title: "Task 1 · Extraction" */
  label: string;
  rowFormat: RowFormat;
  /** `id` as the upload's `task` field takes it, `slug` as /api/v1/inputs/<slug> names it, `label` inside the group */
  tracks: { id: string; slug: string; label: string }[];
}

/**
 * How a benchmark that prepares its own files is offered on the submit form (plain data: the form is a client component): the track
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
  /** optional: what /submit says above the form of the boards an upload is ranked on and why not on others (loaded when rendered) */
  rankingNote?(setup: { judgeConfigured: boolean }): Promise<ReactNode>;
}

/** What /api-docs shows of a benchmark (its `apiDocs`) beside the generic sections. */
export interface PipelineApiDocs {
  /** a view and query for the read example: "task1?format=csv&sort=f1" */
  exampleQuery: string;
  /** tracks as the upload's `task` field takes them, for the curl and the command-line examples */
  exampleTracks: { curl: string; cli: string };
  /** optional: its own prediction contract (rendered by its UI, loaded when the page renders); absent: its row formats are listed generically */
  contract?(): Promise<ReactNode>;
  /** optional: the query its `inputsAnswer` hook reads, for `…/inputs/{track}` and `…/inputs/{track}/example` (documented on /api-docs) */
  inputsQuery?: { inputs: z.ZodType; example: z.ZodType };
}
