import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InputsLinks } from "@/lib/benchmarks/alpsbench/ui/inputs-links";
import { knownInputsSizes } from "@/lib/benchmarks/alpsbench/http/inputs-sizes";
import { TRACK_IDS, taskOf } from "@/lib/benchmarks/alpsbench/track-ids";
import { LeaderboardTable } from "@/components/leaderboard-table";
import { TableScopeLinks } from "@/components/leaderboard-scope-links";
import { QualityCostSection } from "@/components/charts/quality-cost-section";
import { PageHeader } from "@/components/page-header";
import { TierLegend } from "@/components/tier-legend";
import { db } from "@/lib/db/client";
import { getScoreVersions } from "@/lib/benchmarks/alpsbench/read/queries/leaderboard";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { inputsVersionFor } from "@/lib/db/queries/inputs-version";
import { tableProps } from "@/lib/leaderboard/table-props";
import { dataVersionChoices, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { readTableQuery, scopeOf } from "@/lib/leaderboard/table-state";
import { TASK_INFO } from "@/lib/benchmarks/alpsbench/read/task-info";
import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { TaskCharts } from "./task/task-charts";
import { Task3PoolsNote } from "./task/task3-pools-note";

type TaskKey = keyof typeof TASK_VIEWS;
// an own key only: `"__proto__" in TASK_VIEWS` is true (/tasks/__proto__ answered 500)
const isTask = (value: string): value is TaskKey => Object.hasOwn(TASK_VIEWS, value);

export async function generateMetadata({ params }: { params: Promise<{ task: string }> }): Promise<Metadata> {
  const { task } = await params;
  return { title: isTask(task) ? TASK_INFO[task].name : "Not found" };
}

export default async function TaskPage({
  params,
  searchParams,
}: {
  params: Promise<{ task: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { task } = await params;
  if (!isTask(task)) notFound();
  const query = readTableQuery(await searchParams);
  const scope = scopeOf(query);
  const view = TASK_VIEWS[task];
  const [board, versions, inputs] = await Promise.all([
    getView(db(), view, scope),
    getScoreVersions(db(), scope.benchmark),
    inputsVersionFor(db(), scope.benchmark),
  ]);
  // the sizes known when the page is rendered (a cached page keeps them until the next leaderboard version)
  const tracks = TRACK_IDS.filter((t) => taskOf(t) === task);
  const inputsSizes = inputs ? await knownInputsSizes(db(), inputs.slug, tracks) : {};
  const info = TASK_INFO[task];
  // The table and the charts get the same board (one object: the page ships it once) and read the same query.
  const table = tableProps(board, query);
  return (
    <div className="space-y-4">
      {/* The table comes first: the page header is short, the task's full description and the tier legend follow the table. */}
      <PageHeader eyebrow={view.title} title={info.name} description={info.short} className="pb-3" />
      <LeaderboardTable
        key={`${scope.benchmark}|${scope.split}|${scope.scoreVersion ?? ""}`}
        {...table}
        query={query}
        viewSlug={view.id}
        controls={<TableScopeLinks path={`/tasks/${task}`} versions={versions} dataVersions={dataVersionChoices(ROOT_BENCHMARK)} />}
        caption={`${info.name}: every metric`}
      />
      {/* drawn only where at least three ranked rows report their run's cost */}
      <QualityCostSection board={table.leaderboard} />
      {task === "task1" && scope.benchmark === "alpsbench-v1" ? (
        <p className="text-sm text-fg-muted">
          Re-scored rows: this server&apos;s scoring of the model outputs the authors released for 2,272 of the 2,330 Task 1 instances; the reported rows cover all
          2,330, so small differences are expected.
        </p>
      ) : null}
      {task === "task3" ? <Task3PoolsNote benchmark={scope.benchmark} /> : null}
      {inputs ? (
        <InputsLinks
          tasks={[task]}
          benchmark={inputs.slug}
          sizes={inputsSizes}
          note={
            inputs.fallback
              ? 'This server has no AlpsBench data imported yet (see docs/running.md, "Data"): these are the synthetic demo\'s inputs, to try the whole loop.'
              : undefined
          }
        />
      ) : null}
      <section aria-label="About this task" className="space-y-3">
        <p className="max-w-3xl text-[0.9375rem] leading-relaxed text-pretty text-fg-muted">{info.long}</p>
        <TierLegend />
      </section>
      {/* the charts draw the table's current rows (its filters, search and pins, read from the URL the table writes,
          through the table's own applyTableQuery; at most one page of them): a large board ships one page */}
      <TaskCharts task={task} board={table.leaderboard} />
    </div>
  );
}
