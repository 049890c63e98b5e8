"use client";

import "@/components/charts/chart-theme.css";
import { lazy, Suspense } from "react";
import { Placeholder, WhenInView } from "@/components/charts/when-in-view";
import type { PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import type { TaskId } from "@/lib/benchmarks/alpsbench/track-ids";
import { SectionHeading } from "@/components/section-heading";

/*
 * The charts' place on a task page. Everything inside (the chart data, the heat maps, recharts) is one chunk that
 * the browser fetches and renders when the reader scrolls the section into view or asks for it: the page's HTML
 * holds no chart (Task 4's server-rendered heat map and radar data were ~40% of that page) and its first
 * JavaScript no chart code. The data is the table's own board, already in the page for the table; no-JS visitors
 * have the table's figures. React.lazy, not next/dynamic: the section is never rendered on the server, and
 * next/dynamic's loader was 2 KB more of the page's first JavaScript.
 */
const TaskChartsBody = lazy(() => import("./task-charts-body").then((m) => ({ default: m.TaskChartsBody })));

export function TaskCharts({ task, board }: { task: TaskId; board: PackedLeaderboard }) {
  return (
    <section aria-labelledby="charts-heading" className="space-y-4" data-task-charts={task}>
      <SectionHeading id="charts-heading">Charts</SectionHeading>
      <WhenInView height={400}>
        <Suspense fallback={<Placeholder height={400} />}>
          <TaskChartsBody task={task} board={board} />
        </Suspense>
      </WhenInView>
    </section>
  );
}
