import type { ReactNode } from "react";
import type { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import type { ReadAnswer } from "./types-answer";

/**
 * Part of the benchmark contract (lib/benchmarks/types.ts re-exports it): what a benchmark may add to an
 * upload's page and its per-instance API. Declarations only; imports nothing from a benchmark or the registry.
 */

/** Who reads an upload's page or its per-instance API: signed in (user or admin), or a visitor. */
export type SubmissionViewer = { id: string; role: "user" | "admin" } | null;

/**
 * What a benchmark's own tables (prisma/schema/<id>.prisma) say of one upload, for the platform's reads of it
 * (BenchmarkIdentity.uploadFacts): the platform shows them without knowing the benchmark's columns.
 */
export interface UploadFacts {
  /**
   * its check keeps the upload off the ranking (listed only with flagged runs shown, like its board row's `flag`):
   * why, in one sentence, for the run page, the API's explanation and `submit --wait`; null: not flagged
   */
  flag: string | null;
  /**
   * its check found the upload no result of its own (AlpsBench: a copy of another run): why, in one sentence, as its
   * board row's `unranked` reason; a release cut before the finding leaves its row out. null: none
   */
  unranked: string | null;
  /**
   * scored except the judge: its track's judge metrics wait for the LLM judge, which was not configured when it was
   * scored ("scored except the judge: waiting for a judge" on its status, page and the queue); a worker started with
   * a judge re-queues it (BenchmarkIdentity.uploadsAwaitingJudge)
   */
  awaitingJudge: boolean;
  /** its figures published noised, by metric key: each one's rounding step (null: withheld); null: every figure exact */
  noised: { steps: Record<string, number | null> } | null;
  /** its own fields of the upload's status (GET /api/v1/submissions/{id}), public like the figures they explain */
  fields: Record<string, unknown>;
}

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
  /** the benchmark's own fields of the upload's status, as this viewer may read them (UploadFacts.fields) */
  fields: Readonly<Record<string, unknown>>;
  /** a declared metric's current figure on one of its tracks; undefined when none is stored */
  figure(track: string, metric: string): number | null | undefined;
}

/**
 * The parts of /submissions/<id> a benchmark that scores itself may add around the platform's per-track metric tables (which
 * show what its tracks declare). Each is rendered on the server; the page renders nothing for an absent one.
 */
export interface SubmissionPageHooks {
  /** above the live status: notes on the upload's figures (what its checks found, a baseline it does not beat) */
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
type ListedInstanceRead = (
  db: Db,
  submission: ListedSubmission,
  track: string,
  instanceId: string,
  viewer: SubmissionViewer,
) => Promise<Record<string, unknown> | null>;

/** The per-instance reads of an upload (`/api/v1/submissions/<id>/…`), each behind the platform's access rule. */
export interface SubmissionReadHooks {
  /** `…/breakdown`: its query (a 400 names the bad parameter) and the answer's data, which the route answers */
  breakdown?: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each benchmark's own query shape
    query: z.ZodType<any>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what `query` parsed
    answer(db: Db, submission: ListedSubmission, viewer: SubmissionViewer, query: any): Promise<ReadAnswer>;
  };
  /** `…/instance-explanation`: one listed instance, explained */
  instanceExplanation?: ListedInstanceRead;
  /** `…/instance-input`: the model input of one listed instance */
  instanceInput?: ListedInstanceRead;
}
