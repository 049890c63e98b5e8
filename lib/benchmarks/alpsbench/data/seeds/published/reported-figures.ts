// Figures transcribed from the AlpsBench paper (Xiao et al., 2026) and the official leaderboard site
// (https://misshsiaoo.github.io/Alps_Bench/, repository MissHsiaoo/Alps_Bench @ e3eea2a). Data: ODC-BY,
// derived from WildChat (Zhao et al., ICLR 2024). One tuple per figure: [system, source, track, metric, value],
// written table by table (see site() and figureRows()).
// Mapping: the site's Task 1/2 "accuracy" row is macro precision and its "score" row the mean algo score;
// its Task 3 figures are the authors' judge recall (baselines: exact-id recall). EI headlines come from the
// paper's Table 2 (they are not the mean of the site's three EI dimensions). Paper Table 2's Task 4 VRA/CF
// columns repeat other columns, so abilities come from the site's task4-abilities table instead.
import { figureRows, PAPER_T4_CELLS, type ReportedFigure } from "./reported-types";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** The site's table columns: the seven general LLMs, then the ground-truth-memory reference (EI rows only). */
const SITE_COLUMNS = [
  "gpt-5-2",
  "gpt-4-1-mini",
  "deepseek-v3-2-thinking",
  "gemini-3-flash",
  "llama-4-maverick",
  "claude-sonnet-4-5",
  "qwen3-max",
  "ground-truth-memory",
];

/** One row of a site table: a figure per column, in SITE_COLUMNS order. */
function site(track: TrackId, metric: string, values: readonly number[]): ReportedFigure[] {
  return values.map((value, i) => [SITE_COLUMNS[i] as string, "site", track, metric, value]);
}

const T3_CELLS = [
  ["task1", "precision"],
  ["task1", "recall"],
  ["task1", "f1"],
] as const;

export const REPORTED_FIGURES: readonly ReportedFigure[] = [
  ...site("task1", "precision", [0.3537, 0.3044, 0.4978, 0.4274, 0.3029, 0.3261, 0.4493]),
  ...site("task1", "recall", [0.4922, 0.3584, 0.5518, 0.6648, 0.2097, 0.5368, 0.4044]),
  ...site("task1", "f1", [0.3853, 0.297, 0.4894, 0.497, 0.224, 0.3845, 0.4003]),
  ...site("task1", "judge_score", [71.34, 63.5381, 70.8428, 68.5422, 52.4804, 69.1382, 69.4145]),
  ...site("task1", "algo_score_100", [41.43, 33.69, 47.79, 51.67, 22.07, 41.64, 39.01]),
  ...site("task2", "precision", [0.9075, 0.5937, 0.8897, 0.6982, 0.686, 0.5569, 0.9361]),
  ...site("task2", "recall", [0.7457, 0.4709, 0.738, 0.6882, 0.5199, 0.4522, 0.6604]),
  ...site("task2", "f1", [0.8039, 0.489, 0.7924, 0.6792, 0.5804, 0.486, 0.7667]),
  ...site("task2", "judge_score", [78.1421, 58.4948, 75.063, 72.8169, 60.4582, 64.4662, 72.9136]),
  ...site("task2", "algo_score_100", [81.49, 54.66, 80.91, 68.85, 58.84, 51.25, 76.28]),
  ...site("task3/d100", "judge_recall", [0.9254, 0.8802, 0.9569, 0.9538, 0.8729, 0.9542, 0.918]),
  ["bm25-nltk", "site", "task3/d100", "recall", 0.2592],
  ["all-minilm-l6-v2", "site", "task3/d100", "recall", 0.6084],
  ...site("task3/d300", "judge_recall", [0.9052, 0.8156, 0.9484, 0.9419, 0.6005, 0.903, 0.8669]),
  ["bm25-nltk", "site", "task3/d300", "recall", 0.192],
  ["all-minilm-l6-v2", "site", "task3/d300", "recall", 0.5034],
  ...site("task3/d500", "judge_recall", [0.8884, 0.7761, 0.9376, 0.9342, 0.5616, 0.9222, 0.8314]),
  ["bm25-nltk", "site", "task3/d500", "recall", 0.1683],
  ["all-minilm-l6-v2", "site", "task3/d500", "recall", 0.4523],
  ...site("task3/d700", "judge_recall", [0.8733, 0.7482, 0.9083, 0.9268, 0.5141, 0.8999, 0.7871]),
  ["bm25-nltk", "site", "task3/d700", "recall", 0.1519],
  ["all-minilm-l6-v2", "site", "task3/d700", "recall", 0.4252],
  ...site("task3/d1000", "judge_recall", [0.8572, 0.7295, 0.9273, 0.9269, 0.4811, 0.8855, 0.7542]),
  ["bm25-nltk", "site", "task3/d1000", "recall", 0.1393],
  ["all-minilm-l6-v2", "site", "task3/d1000", "recall", 0.3954],
  ...site("task4/ability1", "score", [0.5702, 0.4018, 0.5825, 0.6895, 0.2684, 0.5614, 0.6228]),
  ...site("task4/ability2", "score", [0.7124, 0.5045, 0.6409, 0.7532, 0.1552, 0.5933, 0.6834]),
  ...site("task4/ability3", "score", [0.736, 0.278, 0.386, 0.352, 0.86, 0.948, 0.438]),
  ...site("task4/ability4", "score", [0.896, 0.7774, 0.9602, 0.8328, 0.872, 0.9514, 0.8267]),
  ...site("task4/ability2", "pf_general", [0.6983, 0.4995, 0.6483, 0.7655, 0.1152, 0.6045, 0.6901]),
  ...site("task4/ability2", "pf_interaction", [0.768, 0.524, 0.612, 0.7052, 0.308, 0.5498, 0.6574]),
  ...site("task4/ability5", "resonation_en", [2.88, 2.61, 3.17, 3.15, 2.35, 2.77, 3.24, 3.0]),
  ...site("task4/ability5", "expression_en", [3.59, 2.76, 3.68, 3.59, 2.37, 3.17, 3.78, 3.37]),
  ...site("task4/ability5", "reception_en", [3.63, 2.9, 3.78, 3.53, 2.52, 3.29, 3.89, 3.25]),
  ...site("task4/ability5", "resonation_zh", [3.08, 2.67, 3.45, 3.25, 2.5, 2.67, 3.58, 3.08]),
  ...site("task4/ability5", "expression_zh", [3.83, 2.92, 3.8, 3.95, 2.3, 3.05, 3.95, 3.57]),
  ...site("task4/ability5", "reception_zh", [3.87, 2.97, 3.93, 3.68, 2.57, 3.29, 4.03, 3.34]),
  ...figureRows("paperT2", PAPER_T4_CELLS.slice(5), {
    "gpt-5-2": [3.42, 3.9],
    "gpt-4-1-mini": [2.79, 2.92],
    "deepseek-v3-2-thinking": [3.66, 4.0],
    "gemini-3-flash": [3.49, 3.58],
    "llama-4-maverick": [2.48, 2.38],
    "claude-sonnet-4-5": [3.1, 3.05],
    "qwen3-max": [3.68, 3.84],
  }),
  ...figureRows("paperT3", T3_CELLS, {
    evermemos: [0.05, 0.934, 0.09],
    "a-mem": [0.137, 0.883, 0.225],
    "memos-no-dial": [0.285, 0.85, 0.389],
    mem0: [0.446, 0.692, 0.457],
    mem0g: [0.401, 0.723, 0.446],
    memos: [0.326, 0.824, 0.433],
    lightmem: [0.12, 0.812, 0.185],
  }),
  ...figureRows("paperT4", PAPER_T4_CELLS.slice(5), { "ground-truth-memory": [3.21, 3.33] }),
  ...figureRows("paperT4", PAPER_T4_CELLS, {
    memoryos: [0.3895, 0.5195, 0.5458, 0.146, 0.7872, 2.23, 2.26],
    "a-mem": [0.2895, 0.5422, 0.4303, 0.224, 0.8497, 1.98, 1.95],
    evermemos: [0.7246, 0.7888, 0.6494, 0.1667, 0.7265, 2.68, 2.73],
    mem0: [0.2561, 0.4123, 0.3825, 0.164, 0.7988, 1.88, 2.02],
    mem0g: [0.2684, 0.4091, 0.3904, 0.196, 0.7927, 1.87, 1.91],
    memos: [0.2596, 0.4943, 0.4502, 0.144, 0.8354, 2.05, 2.08],
    lightmem: [0.2527, 0.4411, 0.4025, 0.1579, 0.8113, 1.79, 1.83],
  }),
];
