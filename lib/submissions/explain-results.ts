import { hostedTrack } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { MetricDefinition } from "@/lib/benchmarks/types";
import { type Coverage, coverageSentence } from "./coverage-text";
import { JUDGE_SETTINGS } from "./judge-settings";
import type { ServerSetup } from "./server-setup";

/**
 * What a submission's results mean, for the run page, the submission API and `submit --wait`: every declared
 * metric of its track in the track's order, a reason for each figure that is missing (no judge on this server and
 * what an operator does about it, withheld, not scored, still scoring, failed), what keeps it off the ranking
 * (a check's flag, private, hidden), and the board where its row appears, with the split and benchmark that
 * show it. Pure: the caller passes what the server is configured with.
 */

export type ResultsInput = {
  id: string;
  /** the stored track id (`task3/d300`, `personalllm/rewards`) */
  track: string;
  split: string;
  /** the BenchmarkVersion slug (a benchmark's id or one of its data versions) */
  benchmark: string;
  status: string;
  failureReason: string | null;
  note: string | null;
  visibility: "public" | "private";
  hidden: boolean;
  /** its benchmark's check keeps it off the ranking: why (UploadFacts.flag); null: not flagged */
  flag: string | null;
  /** its benchmark found the run no result of its own (a copy of another run): why (UploadFacts.unranked); null: none */
  unranked?: string | null;
  /** scored without the judge its judge metrics need (its benchmark's UploadFacts.awaitingJudge) */
  awaitingJudge?: boolean;
  systemName: string;
  /** the current score version's figures of this track */
  scores: readonly { metric: string; value: number | null }[];
  /** how many of the track's instances the file has a row for (lib/submissions/coverage.ts); null: not known */
  coverage?: Coverage | null;
};

type ResultsExplanation = {
  /** the track's place in its benchmark (runs list tracks in this order) */
  order: number;
  label: string;
  /** "scoring", "done", "failed" … plus why it is not ranked, in words */
  status: string;
  figures: { metric: string; label: string; value: number | null; decimals: number }[];
  /** missing figures grouped by reason, in the order of their first metric */
  missing: { metrics: string[]; reason: string }[];
  /** what keeps the row off the default ranking, if anything */
  notes: string[];
  /** where its row shows; null while it cannot show (private, hidden, failed, not done) */
  board: { href: string; label: string } | null;
  /** the file's coverage, and in words ("covered 3 of 454 instances; 451 had no prediction row …"); null when not known */
  coverage: { covered: number; expected: number; partial: boolean; text: string } | null;
};

export function explainResults(input: ResultsInput, setup: ServerSetup): ResultsExplanation {
  const declared = hostedTrack(input.track);
  const order = declared ? declared.benchmark.tracks.findIndex((t) => t.id === declared.track.id) : Number.MAX_SAFE_INTEGER;
  const defs: readonly MetricDefinition[] = declared?.track.metrics ?? [];
  const byMetric = new Map(input.scores.map((s) => [s.metric, s]));
  const figures = defs.map((def) => ({ metric: def.id, label: def.label, value: byMetric.get(def.id)?.value ?? null, decimals: def.decimals }));

  const missing: ResultsExplanation["missing"] = [];
  const add = (label: string, reason: string) => {
    const group = missing.find((m) => m.reason === reason);
    if (group) group.metrics.push(label);
    else missing.push({ metrics: [label], reason });
  };
  if (input.status === "done") {
    for (const def of defs) {
      const score = byMetric.get(def.id);
      if (score && score.value !== null) continue;
      add(def.label, missingReason(def, score !== undefined, input, setup));
    }
  }

  const notes: string[] = [];
  if (input.flag) notes.push(input.flag);
  if (input.unranked) notes.push(input.unranked);
  if (input.visibility === "private") notes.push("Private: only you and admins see it; it is on no public board.");
  if (input.hidden) notes.push("Hidden by a moderator: it is on no public board.");

  const showsOnBoard = input.status === "done" && input.visibility === "public" && !input.hidden;
  return {
    order,
    label: declared?.label ?? input.track,
    status: statusText(input),
    figures,
    missing,
    notes,
    board: showsOnBoard ? boardOf(input) : null,
    coverage: input.coverage ? { ...input.coverage, partial: input.coverage.covered < input.coverage.expected, text: coverageSentence(input.coverage) } : null,
  };
}

function statusText(input: ResultsInput): string {
  if (input.status === "failed") return `failed: ${input.failureReason ?? "no reason given"}`;
  if (input.status !== "done") return input.status === "queued" ? "queued" : "scoring";
  const off = input.flag ? ", flagged (unranked)" : input.unranked ? ", unranked" : "";
  if (input.awaitingJudge) return `scored except the judge: waiting for a judge${off}`;
  if (off) return `done${off}`;
  return "done";
}

function missingReason(def: MetricDefinition, stored: boolean, input: ResultsInput, setup: ServerSetup): string {
  if (def.kind === "judge") {
    if (!setup.judgeConfigured) {
      return `waiting for a judge: no LLM judge is configured on this server (its operator sets ${JUDGE_SETTINGS} and restarts the worker, which judges every upload waiting for one)`;
    }
    return "not judged: the judge gave no usable answer for this upload (see its submission page)";
  }
  if (def.kind === "reward-model") {
    if (!setup.rewardServiceConfigured) {
      return "not scored: the rows carry response texts without scores, and no reward-model service is configured on this server (its operator sets REWARD_SERVICE_URL)";
    }
    return `not scored${input.note ? `: ${input.note}` : ""}`;
  }
  if (stored) return `withheld${input.note ? `: ${input.note}` : " (test-split privacy)"}`;
  return "not computed for this split";
}

/** The board that lists this upload's row: its task's page (or the module's track view), split, data version and name. */
function boardOf(input: ResultsInput): { href: string; label: string } | null {
  const declared = hostedTrack(input.track);
  if (!declared) return null;
  const params = new URLSearchParams();
  const benchmark = declared.benchmark;
  const { pageOf, pageView, dataVersions } = capabilitiesOf(benchmark);
  // a page may group tracks (a track "<view>/<variant>" shows on its view's page), else the benchmark's default page
  const task = declared.track.id.split("/")[0] ?? declared.track.id;
  const view = benchmark.views.find((v) => v.id === task);
  const platformPage = `/benchmarks/${encodeURIComponent(benchmark.id)}${view ? `/${encodeURIComponent(view.id)}` : ""}`;
  const path = pageOf(task) ?? pageOf("") ?? (pageView ? platformPage : null);
  if (input.split !== "full") params.set("split", input.split);
  // the benchmark's default data version is what its board shows unless told
  if (input.benchmark !== dataVersions[0]) params.set("benchmark", input.benchmark);
  if (path === null) return null;
  params.set("q", input.systemName);
  // a flagged run and a copy are listed only with flagged runs shown
  if (input.flag || input.unranked) params.set("flagged", "1");
  const split = input.split === "full" ? "" : `, ${input.split} split`;
  return { href: `${path}?${params.toString()}`, label: `${benchmark.title} board${split}` };
}

/** Sorts a run's submissions in their benchmark's track order, then by split. */
export function inTrackOrder<T extends { explanation: Pick<ResultsExplanation, "order">; split: string }>(items: readonly T[]): T[] {
  const splitOrder = ["full", "dev", "validation", "test"];
  return [...items].sort((a, b) => a.explanation.order - b.explanation.order || splitOrder.indexOf(a.split) - splitOrder.indexOf(b.split));
}
