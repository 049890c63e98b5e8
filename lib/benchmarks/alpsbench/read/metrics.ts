import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { LeaderboardColumn } from "@/lib/leaderboard/types";
import { METRIC_FORMATS, namedMetric, type MetricFormat } from "@/lib/metrics/named";

/**
 * Every metric the leaderboard shows, per track: the single source for column headers, directions,
 * formatting, the API's field list and the About page. Definitions follow ../shared/docs/SCORING.md. Precision,
 * recall and F1 are the shared names (lib/metrics/named.ts); their descriptions say how AlpsBench computes them.
 */
type MetricDef = Omit<LeaderboardColumn, "group">;

type Kind = MetricDef["kind"];
const factory =
  ({ scale, decimals }: MetricFormat, fixedKind?: Kind) =>
  (id: string, label: string, description: string, kind: Kind = "deterministic"): MetricDef => ({
    id,
    label,
    description,
    direction: "higher",
    decimals,
    scale,
    kind: fixedKind ?? kind,
  });
const unit = factory(METRIC_FORMATS.unit);
const hundred = factory(METRIC_FORMATS.hundred);
const likert = factory(METRIC_FORMATS.likert5, "judge");

const MEMORY_SET_METRICS: MetricDef[] = [
  hundred("algo_score_100", "Score", "Mean per-instance algo score: 100 × (0.6 × mean matched-pair similarity + 0.4 × F1). The official headline."),
  namedMetric("precision", {
    description: "Macro precision of greedy one-to-one matching of predicted to gold memories (pair score ≥ 0.30). The official site calls it accuracy.",
  }),
  namedMetric("recall", { description: "Macro recall: matched gold memories / gold memories, averaged over instances." }),
  namedMetric("f1", { description: "Macro F1 of the matching, averaged over instances." }),
  unit("direct_recall", "Direct recall", "Share of explicit (direct) gold memories matched, pooled over instances (paper Figure 5)."),
  unit("indirect_recall", "Indirect recall", "Share of implicit (indirect) gold memories matched, pooled over instances (paper Figure 5)."),
  hundred("judge_score", "Judge", "100 minus penalties from an LLM judge's review of every pair, missing and extra memory.", "judge"),
  hundred("final_score", "Final", "0.5 × algo score + 0.5 × judge score (algo score alone where the judge gave no verdict).", "judge"),
];

const TASK2_ACTION_METRICS: MetricDef[] = [
  unit("action_accuracy", "Action accuracy", "Share of gold update actions (retain, modify, add) the prediction realised. Our definition: see About."),
  unit("retention_recall", "Retention", "Share of memories that should be kept unchanged and were."),
  unit("modification_recall", "Modification", "Share of memories that should be modified and were updated to the new value."),
  unit("addition_recall", "Addition", "Share of new memories that should be added and were."),
];

const TASK3_METRICS: MetricDef[] = [
  unit("judge_recall", "Recall (judge)", "Mean judge score (0-1) that the answer used the relevant memory. The authors' headline number.", "judge"),
  unit("recall", "Recall (exact id)", "Share of instances whose selected memory id is the gold memory's id."),
];

const BINARY_ABILITY = (label: string) => [
  unit("score", label, `Share of responses an LLM judge rated as meeting the ${label} criterion given the user's memory.`, "judge"),
];

const EI_METRICS: MetricDef[] = [
  likert("ei_en", "EI (English)", "Mean of resonation, expression and reception (1-5) on English dialogues."),
  likert("ei_zh", "EI (Chinese)", "Mean of resonation, expression and reception (1-5) on Chinese dialogues."),
  likert("resonation_en", "Resonation EN", "Judge rating 1-5: does the response resonate with the user's feelings? (English)"),
  likert("expression_en", "Expression EN", "Judge rating 1-5: is empathy expressed appropriately? (English)"),
  likert("reception_en", "Reception EN", "Judge rating 1-5: would the user feel understood? (English)"),
  likert("resonation_zh", "Resonation ZH", "Judge rating 1-5 (Chinese)"),
  likert("expression_zh", "Expression ZH", "Judge rating 1-5 (Chinese)"),
  likert("reception_zh", "Reception ZH", "Judge rating 1-5 (Chinese)"),
];

export const TRACK_METRICS: Record<TrackId, MetricDef[]> = {
  task1: MEMORY_SET_METRICS,
  task2: [...MEMORY_SET_METRICS.filter((m) => !m.id.endsWith("direct_recall")), ...TASK2_ACTION_METRICS],
  "task3/d100": TASK3_METRICS,
  "task3/d300": TASK3_METRICS,
  "task3/d500": TASK3_METRICS,
  "task3/d700": TASK3_METRICS,
  "task3/d1000": TASK3_METRICS,
  "task4/ability1": BINARY_ABILITY("Persona awareness (PA)"),
  "task4/ability2": [
    ...BINARY_ABILITY("Preference following (PF)"),
    unit("pf_general", "PF general", "PF on general preferences (the official site's General detail row).", "judge"),
    unit("pf_interaction", "PF interaction", "PF on Preferences/Interaction_Preferences items (the official Interaction detail row).", "judge"),
  ],
  "task4/ability3": BINARY_ABILITY("Virtual-reality awareness (VRA)"),
  "task4/ability4": BINARY_ABILITY("Constraint following (CF)"),
  "task4/ability5": EI_METRICS,
};

export function metricDef(track: TrackId, metric: string): MetricDef | undefined {
  return TRACK_METRICS[track].find((m) => m.id === metric);
}

/** The metric a track's table is ranked by by default: its first column. */
export const DEFAULT_SORT = Object.fromEntries(TRACK_IDS.map((track) => [track, TRACK_METRICS[track][0]!.id])) as Record<TrackId, string>;
