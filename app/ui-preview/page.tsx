// TEMPORARY visual check of components/*; delete before commit.
import type { Leaderboard, LeaderboardColumn, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { LeaderboardTable } from "@/components/leaderboard-table";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { TierLegend } from "@/components/tier-legend";

const columns: LeaderboardColumn[] = [
  { id: "task1:f1", label: "F1", description: "Macro F1 of greedy memory matching", direction: "higher", decimals: 3, scale: "unit", kind: "deterministic", group: "Task 1" },
  { id: "task1:score", label: "Score", description: "Mean algo score (0-100)", direction: "higher", decimals: 1, scale: "hundred", kind: "deterministic", group: "Task 1" },
  { id: "task3/d100:recall", label: "R@1", description: "Share of queries whose gold memory was selected", direction: "higher", decimals: 3, scale: "unit", kind: "deterministic", group: "Task 3 · d100" },
  { id: "task3/d100:rank", label: "Mean rank", description: "Mean rank of the gold memory", direction: "lower", decimals: 2, scale: "unit", kind: "deterministic", group: "Task 3 · d100" },
  { id: "task4:pa", label: "PA", description: "Persona awareness, 1-5 judge rating", direction: "higher", decimals: 2, scale: "likert5", kind: "judge", group: "Task 4" },
  { id: "task4:pf", label: "PF", description: "Preference following, 1-5 judge rating", direction: "higher", decimals: 2, scale: "likert5", kind: "judge", group: "Task 4" },
  { id: "task4:ei", label: "EI", description: "Emotional intelligence, 1-5 judge rating", direction: "higher", decimals: 2, scale: "likert5", kind: "judge", group: "Task 4" },
  { id: "cost", label: "Tokens", description: "Mean output tokens per instance", direction: "lower", decimals: 0, scale: "hundred", kind: "deterministic" },
];

function c(value: number | null, half?: number, n = 1398, judge?: string): MetricCell {
  return {
    value,
    n: value === null ? null : n,
    ciLow: value !== null && half !== undefined ? value - half : null,
    ciHigh: value !== null && half !== undefined ? value + half : null,
    judgeProfile: judge ?? null,
  };
}
const J = "gpt-4.1-2025-04-14/judge-v1";

const base = { openWeights: null, note: null, submissionId: null, sourceLabel: null, sourceUrl: null } as const;
const rows: LeaderboardRow[] = [
  { ...base, rowId: "r1", systemSlug: "gpt-4o", systemName: "GPT-4o", organisation: "OpenAI", kind: "general_llm", backbone: "GPT-4o", tier: "reported", sourceLabel: "Paper, Table 2", sourceUrl: "https://arxiv.org/abs/0000.00000",
    cells: { "task1:f1": c(0.5321), "task1:score": c(61.23), "task3/d100:recall": c(0.812), "task3/d100:rank": c(1.82), "task4:pa": c(4.12, undefined, 200, J), "task4:pf": c(3.98, undefined, 200, J), "task4:ei": c(null), cost: c(null) } },
  { ...base, rowId: "r2", systemSlug: "gpt-4o", systemName: "GPT-4o", organisation: "OpenAI", kind: "general_llm", backbone: "GPT-4o", tier: "rescored", submissionId: "s1",
    cells: { "task1:f1": c(0.5324, 0.011), "task1:score": c(61.4, 0.9), "task3/d100:recall": c(0.806, 0.018, 1429), "task3/d100:rank": c(1.9, 0.1, 1429), "task4:pa": c(4.08, 0.05, 200, J), "task4:pf": c(4.01, 0.06, 200, J), "task4:ei": c(3.7, 0.08, 200, J), cost: c(412) } },
  { ...base, rowId: "r3", systemSlug: "mem0", systemName: "Mem0 (graph memory, long name to test truncation)", organisation: "Mem0 AI", kind: "memory_system", backbone: "gpt-4o-mini", tier: "verified", openWeights: true, note: "Graph variant; default retrieval settings from the authors' repository.",
    cells: { "task1:f1": c(0.4411, 0.012), "task1:score": c(55.0, 1.1), "task3/d100:recall": c(0.902, 0.015, 1429), "task3/d100:rank": c(1.31, 0.05, 1429), "task4:pa": c(3.51, 0.07, 200, J), "task4:pf": c(null), "task4:ei": c(null), cost: c(1290) } },
  { ...base, rowId: "r4", systemSlug: "bm25", systemName: "BM25", organisation: null, kind: "retrieval_baseline", backbone: null, tier: "rescored",
    cells: { "task1:f1": c(null), "task1:score": c(null), "task3/d100:recall": c(0.655, 0.02, 1429), "task3/d100:rank": c(3.4, 0.2, 1429), "task4:pa": c(null), "task4:pf": c(null), "task4:ei": c(null), cost: c(0) } },
  { ...base, rowId: "r5", systemSlug: "qwen2.5-72b", systemName: "Qwen2.5-72B-Instruct", organisation: "Alibaba", kind: "general_llm", backbone: null, openWeights: true, tier: "reported", sourceLabel: "Official leaderboard", sourceUrl: "javascript:alert(1)",
    cells: { "task1:f1": c(0.4987), "task1:score": c(58.7), "task3/d100:recall": c(0.77), "task3/d100:rank": c(2.05), "task4:pa": c(4.12, undefined, 200, J), "task4:pf": c(3.6, undefined, 200, J), "task4:ei": c(3.9, undefined, 200, J), cost: c(530) } },
  { ...base, rowId: "r6", systemSlug: "llama", systemName: "Llama-3.1-8B-Instruct", organisation: "Meta", kind: "general_llm", backbone: null, openWeights: true, tier: "rescored",
    cells: { "task1:f1": c(0.3012, 0.014), "task1:score": c(44.2, 1.3), "task3/d100:recall": c(0.51, 0.025, 1429), "task3/d100:rank": c(5.8, 0.4, 1429), "task4:pa": c(2.9, 0.1, 200, J), "task4:pf": c(2.7, 0.1, 200, J), "task4:ei": c(3.1, 0.1, 200, J), cost: c(388) } },
];

const overview: Leaderboard = {
  id: "overview", title: "AlpsBench overview (test split)", split: "test", defaultSort: "task1:f1", columns, rows,
  notes: ["Task 4 ratings come from one judge profile; ratings from different judges are never ranked together.", "Reported rows are copied from the paper and were not recomputed."],
};

const task3: Leaderboard = {
  id: "task3", title: "Task 3 retrieval", split: "test", defaultSort: "d100", notes: [],
  columns: ["d100", "d300", "d500", "d700", "d1000"].map((d) => ({ id: d, label: d, description: `Recall@1 with ${d.slice(1)} distractors`, direction: "higher", decimals: 3, scale: "unit", kind: "deterministic" })),
  rows: rows.slice(1, 5).map((r, i) => ({ ...r, cells: Object.fromEntries(["d100", "d300", "d500", "d700", "d1000"].map((d, j) => [d, c(i === 2 && j === 4 ? null : 0.9 - 0.05 * j - 0.07 * i, 0.02, 1429)])) })),
};

export default function UiPreview() {
  return (
    <div className="space-y-8">
        <PageHeader
          eyebrow="Task 3 · Retrieval"
          title="Memory retrieval among distractors"
          description="Given a query and a pool of candidate memories (one relevant, the rest distractors), pick the memory the answer depends on."
          actions={<a href="#" className="rounded-md border border-line-strong px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover">Download CSV</a>}
        >
          <TierLegend />
        </PageHeader>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatCard label="Systems" value="12" hint="6 re-scored, 4 reported" />
          <StatCard label="Best F1" value="0.532" hint="GPT-4o, re-scored" href="/tasks/task1" />
          <StatCard label="Test instances" value="1,398" />
          <StatCard label="Judge profile" value="v1" hint="gpt-4.1-2025-04-14" />
        </div>
        <LeaderboardTable leaderboard={overview} />
        <LeaderboardTable leaderboard={task3} caption="Task 3, recall@1 by pool size" />
        <TierLegend layout="stack" className="max-w-md" />
    </div>
  );
}
