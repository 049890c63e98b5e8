// The AlpsBench paper's figures for cells the leaderboard shows from another publication (Xiao et al., 2026;
// transcribed in shared/data/alpsbench/reported/paper-table*.csv): Table 2 (general LLMs) for every figure the
// official site also publishes, and the GPT-4.1-mini backbone rows of Tables 3 and 4. The leaderboard ranks by
// the shown figure (REPORTED_FIGURES: the site for general LLMs, Table 2 for the EI headlines); where one of these
// disagrees with it, the cell says so on hover and downloads carry it (reported-disagreements.ts).
// One tuple per figure: [system, source, track, metric, value]; Table 2 system by system (figureRows).
import { figureRows, PAPER_T4_CELLS, type ReportedFigure } from "./reported-types";

/** Table 2's columns: Task 1 and 2 F1, Task 3 judge recall per pool size, Task 4 abilities 1-4. */
const T2_CELLS = [
  ["task1", "f1"],
  ["task2", "f1"],
  ["task3/d100", "judge_recall"],
  ["task3/d300", "judge_recall"],
  ["task3/d500", "judge_recall"],
  ["task3/d700", "judge_recall"],
  ["task3/d1000", "judge_recall"],
  ...PAPER_T4_CELLS.slice(0, 5),
] as const;

export const PAPER_FIGURES: readonly ReportedFigure[] = [
  ...figureRows("paperT2", T2_CELLS, {
    "gpt-5-2": [0.672, 0.7793, 0.9519, 0.94, 0.9249, 0.9138, 0.8945, 0.5684, 0.7043, 0.768, 0.664, 0.9083],
    "gpt-4-1-mini": [0.5373, 0.6214, 0.911, 0.8578, 0.8134, 0.801, 0.77, 0.4112, 0.5012, 0.524, 0.26, 0.7896],
    "deepseek-v3-2-thinking": [0.6742, 0.7543, 0.9728, 0.9687, 0.9606, 0.9333, 0.9495, 0.5912, 0.6499, 0.612, 0.354, 0.9419],
    "gemini-3-flash": [0.6487, 0.7686, 0.9642, 0.9585, 0.9484, 0.9427, 0.944, 0.6889, 0.7524, 0.7052, 0.3, 0.8328],
    "llama-4-maverick": [0.3772, 0.6824, 0.8958, 0.629, 0.5849, 0.5531, 0.5275, 0.2789, 0.182, 0.308, 0.734, 0.8506],
    "claude-sonnet-4-5": [0.6541, 0.7543, 0.9691, 0.9258, 0.9437, 0.9184, 0.9048, 0.5649, 0.5828, 0.5498, 0.836, 0.9271],
    "qwen3-max": [0.657, 0.719, 0.9402, 0.8986, 0.8671, 0.8216, 0.7943, 0.6246, 0.6981, 0.6574, 0.406, 0.8267],
  }),
  ["gpt-4-1-mini", "paperT3", "task1", "f1", 0.297],
  ["gpt-4-1-mini", "paperT3", "task1", "precision", 0.3044],
  ["gpt-4-1-mini", "paperT3", "task1", "recall", 0.3581],
  ...figureRows("paperT4", PAPER_T4_CELLS, { "gpt-4-1-mini": [0.4112, 0.5012, 0.524, 0.26, 0.7896, 2.79, 2.87] }),
];
