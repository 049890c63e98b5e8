"use client";

import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { ChartEmpty, ChartFigure } from "@/components/charts/chart-figure";
import { Heatmap } from "@/components/charts/heatmap";
// this whole module is loaded when the charts come into view (task-charts.tsx), recharts with it
import { AbilityRadars } from "@/lib/benchmarks/alpsbench/ui/charts/ability-radars";
import { GroupedBarChart } from "@/components/charts/grouped-bar-chart";
import { PoolScalingCharts } from "@/lib/benchmarks/alpsbench/ui/charts/pool-scaling-charts";
import { PrecisionRecallScatter } from "@/lib/benchmarks/alpsbench/ui/charts/precision-recall-scatter";
import { abilityProfiles, eiDimensions } from "@/lib/benchmarks/alpsbench/read/charts/ability-profile";
import { CHART_ROW_LIMIT, shownNote } from "@/lib/leaderboard/charts/chart-rows";
import { figureWithInterval, groupedBars, type GroupedBars } from "@/lib/leaderboard/charts/grouped-bars";
import { poolScalingCharts } from "@/lib/benchmarks/alpsbench/read/charts/pool-scaling";
import { precisionRecall, type PrScatter } from "@/lib/benchmarks/alpsbench/read/charts/precision-recall";
import { chartRows, filterNote } from "@/lib/leaderboard/charts/table-rows";
import { readTableQuery } from "@/lib/leaderboard/table-state";
import { unpackBoard, type PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import type { Leaderboard } from "@/lib/leaderboard/types";
import type { TaskId } from "@/lib/benchmarks/alpsbench/track-ids";

const fmt = (v: number | null | undefined, decimals = 3) => (typeof v === "number" ? v.toFixed(decimals) : "–");
const SCOPE_HINT = "Try the demo benchmark or another split with the switches above.";
const CI_NOTE = "Error bars: 95% bootstrap intervals over instances where the server computed the figure (reported figures have none). ";

/** A bar chart's data table: each figure with its 95% interval where it has one. */
const barTable = (caption: string, bars: GroupedBars) => ({
  caption,
  columns: ["System", ...bars.metrics.map((m) => `${m.label} [95% CI]`)],
  rows: bars.items.map((i) => [i.label, ...i.values.map((v, k) => figureWithInterval(v, i.intervals[k] ?? null))]),
});

type Rows = { board: Leaderboard; pinned: ReadonlySet<string>; note: string };

/**
 * The charts of a task page, drawn from the very board the page's table gets and the table's query read from
 * the URL (the table writes every change there), through the table's own filter function (chartRows): the
 * charts draw the table's current rows, pinned rows always, after every click. Which charts a task gets follows
 * the paper's figures. Rendered in the browser only, once scrolled into view (task-charts.tsx).
 */
export function TaskChartsBody({ task, board: packed }: { task: TaskId; board: PackedLeaderboard }) {
  const params = useSearchParams();
  const search = params.toString();
  // the table's own compact form of the board (one copy in the page's payload for both), unpacked once
  const tableBoard = useMemo(() => unpackBoard(packed), [packed]);
  const rows = useMemo((): Rows => {
    const query = readTableQuery(new URLSearchParams(search));
    const { board, pinned } = chartRows(tableBoard, query);
    return { board, pinned, note: filterNote(query, pinned.size) };
  }, [tableBoard, search]);
  return (
    <>
      {task === "task1" ? <Task1Charts {...rows} /> : null}
      {task === "task2" ? <Task2Charts {...rows} /> : null}
      {task === "task3" ? <Task3Charts {...rows} /> : null}
      {task === "task4" ? <Task4Charts {...rows} /> : null}
    </>
  );
}

const TASK1_RECALLS = [
  { column: "direct_recall", label: "Direct recall" },
  { column: "indirect_recall", label: "Indirect recall" },
];

function Task1Charts({ board, pinned, note }: Rows) {
  const bars = groupedBars(board, TASK1_RECALLS, CHART_ROW_LIMIT, pinned);
  const scatter = precisionRecall(board, CHART_ROW_LIMIT, pinned);
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      {bars.items.length === 0 ? (
        <ChartEmpty
          id="task1-direct-indirect"
          title="Direct vs indirect recall"
          reason={`No row in this scope has direct/indirect recall (the reported figures do not include them; re-scored rows do). ${SCOPE_HINT}`}
        />
      ) : (
        <ChartFigure
          id="task1-direct-indirect"
          title="Direct vs indirect recall"
          caption={`Share of explicit (direct) and implicit (indirect) gold memories each system recovered, pooled over instances (paper Figure 5). Sorted by direct recall. ${CI_NOTE}${note}${shownNote(bars.items.length, bars.total, "direct recall")}Source: ${bars.sources}.`}
          table={barTable("Direct and indirect recall by system", bars)}
        >
          <GroupedBarChart id="task1-direct-indirect" bars={bars} title="Direct and indirect recall by system" />
        </ChartFigure>
      )}
      {scatter.points.length === 0 ? (
        <ChartEmpty id="task1-precision-recall" title="Precision vs recall" reason={`No row in this scope has both precision and recall. ${SCOPE_HINT}`} />
      ) : (
        <PrFigure
          id="task1-precision-recall"
          scatter={scatter}
          lead={`Macro precision against macro recall of the memory matching, one point per system, with dashed curves of equal F1 (paper Figure 6). Marker shape shows the source tier. ${note}`}
        />
      )}
    </div>
  );
}

/** A precision-recall scatter with its caption (`lead`, then how many rows are shown and their sources) and data table. */
function PrFigure({ id, scatter, lead }: { id: string; scatter: PrScatter; lead: string }) {
  return (
    <ChartFigure
      id={id}
      title="Precision vs recall"
      caption={`${lead}${shownNote(scatter.points.length, scatter.total, "F1")}Source: ${scatter.sources}.`}
      table={{
        caption: "Precision, recall and F1 by system",
        columns: ["System", "Precision", "Recall", "F1", "Tier"],
        rows: scatter.points.map((p) => [p.label, fmt(p.precision), fmt(p.recall), fmt(p.f1), p.tier]),
      }}
    >
      <PrecisionRecallScatter id={id} scatter={scatter} title="Precision against recall by system" />
    </ChartFigure>
  );
}

const TASK2_F1 = { column: "f1", label: "F1" };
const TASK2_ACTIONS = [
  { column: "action_accuracy", label: "Action accuracy" },
  { column: "retention_recall", label: "Retention" },
  { column: "modification_recall", label: "Modification" },
  { column: "addition_recall", label: "Addition" },
];

function Task2Charts({ board, pinned, note }: Rows) {
  const withActions = groupedBars(board, TASK2_ACTIONS).total;
  // Without any action figure in scope, four empty series would only clutter the legend.
  const bars = groupedBars(board, withActions > 0 ? [TASK2_F1, ...TASK2_ACTIONS] : [TASK2_F1], CHART_ROW_LIMIT, pinned);
  const title = withActions > 0 ? "F1 and action accuracy by action type" : "F1 by system";
  const actionNote =
    withActions === 0
      ? "Action figures are computed by this server only, and no row in this scope has them (the reported figures do not include them): F1 alone is shown."
      : withActions === bars.total
        ? "Action figures are computed by this server only."
        : `Action figures are computed by this server only (${withActions} of ${bars.total} rows have them); reported rows carry F1 alone.`;
  const scatter = precisionRecall(board, CHART_ROW_LIMIT, pinned);
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      {bars.items.length === 0 ? (
        <ChartEmpty id="task2-actions" title="F1 and action accuracy by action type" reason={`No row in this scope has Task 2 figures. ${SCOPE_HINT}`} />
      ) : (
        <ChartFigure
          id="task2-actions"
          title={title}
          caption={`Per system: F1 of the updated memory set, overall action accuracy, and the share of gold actions realised per type (retain, modify, add). ${actionNote} Sorted by F1. ${CI_NOTE}${note}${shownNote(bars.items.length, bars.total, "F1")}Source: ${bars.sources}.`}
          table={barTable("F1 and action accuracy by system", bars)}
        >
          <GroupedBarChart id="task2-actions" bars={bars} title={title} />
        </ChartFigure>
      )}
      {scatter.points.length === 0 ? null : (
        <PrFigure
          id="task2-precision-recall"
          scatter={scatter}
          lead={`Macro precision against macro recall of the updated memory set, one point per system, with dashed curves of equal F1. ${note}`}
        />
      )}
    </div>
  );
}

function Task3Charts({ board, pinned, note }: Rows) {
  const charts = poolScalingCharts(board, CHART_ROW_LIMIT, pinned);
  if (charts.length === 0) return <ChartEmpty id="task3-heatmap" title="Distractor scaling" reason={`No row in this scope has Task 3 recall. ${SCOPE_HINT}`} />;
  return <PoolScalingCharts charts={charts} note={note} />;
}

function Task4Charts({ board, pinned, note }: Rows) {
  const { profiles, total, sources } = abilityProfiles(board, CHART_ROW_LIMIT, pinned);
  const ei = eiDimensions(board, CHART_ROW_LIMIT, pinned);
  return (
    <div className="space-y-4">
      {profiles.length === 0 ? (
        <ChartEmpty id="task4-profiles" title="Ability profiles" reason={`No row in this scope has at least three Task 4 abilities. ${SCOPE_HINT}`} />
      ) : (
        <ChartFigure
          id="task4-profiles"
          title="Ability profiles"
          caption={`One radar per system over persona awareness (PA), preference following (PF, overall, general and interaction), virtual-reality awareness (VRA), constraint following (CF) and emotional intelligence (EI, English and Chinese). Every axis runs 0–1; EI's 1–5 rating is drawn as (rating − 1) / 4. Ordered by mean over the axes. ${note}${shownNote(profiles.length, total, "mean over the axes")}Source: ${sources}.`}
          table={{
            caption: "Task 4 abilities by system (EI on its 1–5 scale)",
            columns: ["System", ...(profiles[0]?.axes.map((a) => a.axis) ?? [])],
            rows: profiles.map((p) => [p.label, ...p.axes.map((a) => fmt(a.raw, a.axis.startsWith("EI") ? 2 : 3))]),
          }}
        >
          <AbilityRadars profiles={profiles} />
        </ChartFigure>
      )}
      {ei.heatmap.rows.length === 0 ? null : (
        <ChartFigure
          id="task4-ei"
          title="Emotional intelligence by dimension and language"
          caption={`Judge ratings (1–5) of resonation, expression and reception on English and Chinese dialogues; rows sorted by their mean. Each cell's 95% interval is in its tooltip and in the data table. ${note}${shownNote(ei.heatmap.rows.length, ei.total, "mean rating")}Source: ${ei.sources}.`}
          table={{
            caption: "EI dimensions by system",
            columns: ["System", ...ei.heatmap.columns.map((c) => `${c.label} [95% CI]`)],
            rows: ei.heatmap.rows.map((r) => [r.label, ...r.cells.map((c) => figureWithInterval(c.value, c.interval ?? null, 2))]),
          }}
        >
          <Heatmap
            id="task4-ei"
            data={ei.heatmap}
            rowHeader="System"
            label={`Heat map of EI ratings for ${ei.heatmap.rows.length} systems by dimension and language. The data table below lists every value.`}
          />
        </ChartFigure>
      )}
    </div>
  );
}
