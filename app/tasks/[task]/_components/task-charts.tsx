"use client";

import dynamic from "next/dynamic";
import { Placeholder, WhenInView } from "@/components/charts/lazy-charts";
import type { PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import type { TaskId } from "@/lib/tracks";

/*
 * The charts' place on a task page. Everything inside (the chart data, the heat maps, recharts) is one chunk
 * that the browser fetches and renders when the section comes into view: the page's HTML holds no chart (Task 4's
 * server-rendered heat map and radar data were ~40% of that page) and its first JavaScript no chart code. The
 * data is the table's own board, already in the page for the table; no-JS visitors have the table's figures.
 */
const TaskChartsBody = dynamic(() => import("./task-charts-body").then((m) => m.TaskChartsBody), {
  ssr: false,
  loading: () => <Placeholder height={400} />,
});

export function TaskCharts({ task, board }: { task: TaskId; board: PackedLeaderboard }) {
  return (
    <section aria-labelledby="charts-heading" className="space-y-4" data-task-charts={task}>
      <h2 id="charts-heading" className="text-lg font-semibold text-fg">
        Charts
      </h2>
      <WhenInView height={400}>
        <TaskChartsBody task={task} board={board} />
      </WhenInView>
    </section>
  );
}
