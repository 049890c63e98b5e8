import { BenchmarkSwitcher } from "@/components/benchmark-switcher";
import { LeaderboardTable } from "@/components/leaderboard-table";
import { TableScopeLinks } from "@/components/leaderboard-scope-links";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { TierLegend } from "@/components/tier-legend";
import { db } from "@/lib/db/client";
import { getSiteStats } from "@/lib/db/queries/stats";
import { getScoreVersions } from "@/lib/benchmarks/alpsbench/read/queries/leaderboard";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { tableProps } from "@/lib/leaderboard/table-props";
import { dataVersionChoices, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { readTableQuery, scopeOf } from "@/lib/leaderboard/table-state";
import { OVERVIEW } from "@/lib/benchmarks/alpsbench/read/views";

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = readTableQuery(await searchParams);
  const scope = scopeOf(query);
  const [board, stats, versions] = await Promise.all([getView(db(), OVERVIEW, scope), getSiteStats(db(), scope.benchmark), getScoreVersions(db(), scope.benchmark)]);
  return (
    // space-y-3: with the overall columns' group header, 15 compact rows fit at 1280x900 (tests/e2e/density.test.ts)
    <div className="space-y-3">
      <BenchmarkSwitcher current="alpsbench" />
      <PageHeader
        eyebrow="AlpsBench · LLM personalization"
        title="Leaderboard"
        className="pb-3"
        description="How well LLMs and memory systems extract, update, retrieve and use what they learn about a user, on real WildChat dialogues. A row is one system from one source (its tier badge; every source on the system's page); only systems with figures on every track are ranked."
        actions={
          <a
            href="/api/v1/snapshot"
            className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover"
            title="Every leaderboard view as one versioned JSON file (CSV zip: see API)"
          >
            Download snapshot
          </a>
        }
      />
      <LeaderboardTable
        key={`${scope.benchmark}|${scope.split}|${scope.scoreVersion ?? ""}`}
        {...tableProps(board, query)}
        query={query}
        viewSlug="overview"
        controls={<TableScopeLinks path="/" versions={versions} dataVersions={dataVersionChoices(ROOT_BENCHMARK)} />}
        caption="AlpsBench overview: headline metric per task"
      />
      <p className="text-sm text-fg-muted">
        Reported rows are the authors&apos; published figures on the full benchmark. Task 1 rows re-scored by this server use the 2,272 of 2,330 instances whose
        model outputs the authors released, so they differ slightly from the reported figures.
      </p>
      <TierLegend />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Systems" value={stats.systems.toLocaleString("en-US")} hint="with at least one public score" />
        <StatCard label="Submissions" value={stats.submissions.toLocaleString("en-US")} hint="reported, re-scored and uploaded" />
        <StatCard
          label="Instances"
          value={stats.instances.toLocaleString("en-US")}
          hint={stats.instances ? "in this benchmark's tracks" : "import the real data to score uploads"}
          href="/about#data"
        />
        <StatCard label="Tracks" value="12" hint="4 tasks, 5 pool sizes, 5 abilities" href="/about" />
      </div>
    </div>
  );
}
