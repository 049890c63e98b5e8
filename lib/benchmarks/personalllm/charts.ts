import { cellInterval } from "@/lib/leaderboard/charts/chart-rows";
import { figureWithInterval } from "@/lib/leaderboard/charts/grouped-bars";
import { colourCells } from "@/lib/leaderboard/charts/heatmap-data";
import type { LeaderboardRow } from "@/lib/leaderboard/types";
import type { BenchmarkChart, LoadedView } from "../types";
import { REWARD_ALIASES } from "./reward-models";
import { meanZMetric } from "./score-users";

/**
 * PersonalLLM's charts as data. The paper's main comparison: per setting, win rate vs best-of-8 and total score
 * by algorithm and number of shots (reported paper runs and, in their setting, re-scored submissions); and
 * the per-reward-model breakdown: mean z-score per reward model as a heat map (runs × models). Pure.
 */

const value = (row: LeaderboardRow, id: string) => row.cells[id]?.value ?? null;

function comparison(rows: LeaderboardRow[], setting: string, metric: string, label: string, domain: [number, number], decimals: number): BenchmarkChart {
  const items = rows
    .map((row) => ({
      id: row.rowId,
      label: row.systemName,
      name: row.systemName,
      tier: row.tier,
      values: [value(row, metric)],
      intervals: [cellInterval(row, metric)],
      pinned: false,
    }))
    .filter((i) => i.values[0] !== null)
    .sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0) || a.label.localeCompare(b.label, "en"));
  const title = `${setting === "setting1" ? "Setting 1 · own history in context" : "Setting 2 · learning from similar users"}: ${label}`;
  return {
    kind: "bars",
    id: `pllm-${setting}-${metric}`,
    title,
    caption: `One bar per run (algorithm · shots · responses included), best first, with its 95% bootstrap interval over users where the server computed one (the paper's reported runs have none). Reported rows are the paper's plotted runs.`,
    bars: { metrics: [{ key: "m0", label }], items, total: items.length, sources: "PersonalLLM paper (reported) and re-scored submissions" },
    domain,
    table: {
      caption: title,
      columns: ["Run", `${label} [95% CI]`],
      rows: items.map((i) => [i.label, figureWithInterval(i.values[0] ?? null, i.intervals[0] ?? null, decimals)]),
    },
  };
}

export function personalLlmCharts(viewId: string, view: LoadedView): BenchmarkChart[] {
  const rows = view.board.rows;
  const charts: BenchmarkChart[] = [];
  if (viewId === "" || viewId === "logged") {
    for (const setting of ["setting1", "setting2"]) {
      const inSetting = rows.filter((r) => view.attributes.get(r.rowId)?.setting === setting);
      if (inSetting.length === 0) continue;
      const wins = inSetting.map((r) => value(r, "win_rate_vs_best_response") ?? 0);
      const scores = inSetting.map((r) => value(r, "total_score") ?? 0);
      charts.push(
        comparison(inSetting, setting, "win_rate_vs_best_response", "Win rate vs best-of-8 (%)", [0, Math.max(5, Math.ceil(Math.max(...wins) / 5) * 5)], 1),
      );
      charts.push(
        comparison(
          inSetting,
          setting,
          "total_score",
          "Total score (persona-weighted z)",
          [Math.min(0, Math.floor(Math.min(...scores) * 4) / 4), Math.max(0, Math.ceil(Math.max(...scores) * 4) / 4)],
          4,
        ),
      );
    }
  }
  const withMeans = rows.filter((r) => REWARD_ALIASES.some((a) => value(r, meanZMetric(a)) !== null));
  if (withMeans.length > 0) {
    const all = withMeans.flatMap((r) => REWARD_ALIASES.map((a) => value(r, meanZMetric(a)))).filter((v): v is number => v !== null);
    const bound = Math.max(0.5, Math.ceil(Math.max(...all.map(Math.abs)) * 2) / 2);
    const domain: [number, number] = [-bound, bound];
    const title = "Mean z-score per reward model";
    charts.push({
      kind: "heatmap",
      id: "pllm-reward-models",
      title,
      caption: "One row per run, one column per reward model (sorted alias order): the mean over users of that model's z-scored reward (their mean_test_<alias>).",
      rowHeader: "Run",
      data: {
        columns: REWARD_ALIASES.map((a) => ({ id: a, label: a, short: a.split("_")[0] })),
        rows: withMeans.map((r) => {
          const values = REWARD_ALIASES.map((a) => value(r, meanZMetric(a)));
          const present = values.filter((v): v is number => v !== null);
          return {
            id: r.rowId,
            label: r.kind === "baseline" ? `${r.systemName} (reference baseline)` : r.systemName,
            cells: colourCells(
              values,
              domain,
              2,
              REWARD_ALIASES.map((a) => cellInterval(r, meanZMetric(a))),
            ),
            mean: present.length ? present.reduce((s, v) => s + v, 0) / present.length : null,
          };
        }),
        domain,
        decimals: 2,
      },
      table: {
        caption: title,
        columns: ["Run", ...REWARD_ALIASES],
        rows: withMeans.map((r) => [r.systemName, ...REWARD_ALIASES.map((a) => figureWithInterval(value(r, meanZMetric(a)), cellInterval(r, meanZMetric(a)), 3))]),
      },
    });
  }
  return charts;
}
