/**
 * Where every AlpsBench file goes (ARCHITECTURE.md, "The platform and its benchmarks"), read by
 * move-to-benchmark-folders.ts. A folder entry moves the whole folder, files added to it later included; a file
 * entry moves that file and the `<name>.test.ts(x)` beside it. The longest matching entry wins, so a file entry
 * inside a moved folder sends that one file elsewhere (the generic LLM-judge leaves of lib/judge).
 */
const A = "lib/benchmarks/alpsbench";

export const MOVES: [from: string, to: string][] = [
  // tracks, pure scoring, contamination, the judge (prompts, verdicts, scores, its profile and cache)
  ["lib/tracks.ts", `${A}/track-ids.ts`],
  ["lib/scoring", `${A}/scoring`],
  ["lib/contamination", `${A}/contamination`],
  ["lib/pipeline/contamination-check.ts", `${A}/contamination/contamination-check.ts`],
  ["lib/judge", `${A}/judge`],
  ["lib/db/postgres-judge-cache.ts", `${A}/judge/postgres-judge-cache.ts`],
  ["lib/db/judge-profile-row.ts", `${A}/judge/judge-profile-row.ts`],
  ["lib/pipeline/replay-judge.ts", `${A}/judge/replay/replay-judge.ts`],
  // the generic leaves of an LLM judge (no AlpsBench verdict or prompt in them)
  ["lib/judge/limiter.ts", "lib/llm-judge/limiter.ts"],
  ["lib/judge/meter.ts", "lib/llm-judge/meter.ts"],
  ["lib/judge/extract-json.ts", "lib/llm-judge/extract-json.ts"],
  ["lib/judge/stable-json.ts", "lib/llm-judge/stable-json.ts"],
  ["lib/judge/testing", "lib/llm-judge/testing"],

  // data: readers (lib/datasets), importers, seeds and the published figures they seed
  ["lib/datasets", `${A}/data`],
  ["lib/pipeline/import-dataset.ts", `${A}/data/import/import-dataset.ts`],
  ["lib/pipeline/import-progress.ts", `${A}/data/import/import-progress.ts`],
  ["lib/pipeline/import-real-data.ts", `${A}/data/import/import-real-data.ts`],
  ["lib/pipeline/write-instances.ts", `${A}/data/import/write-instances.ts`],
  ["lib/pipeline/seed-bm25-baseline.ts", `${A}/data/seeds/seed-bm25-baseline.ts`],
  ["lib/pipeline/seed-demo.ts", `${A}/data/seeds/seed-demo.ts`],
  ["lib/pipeline/seed-packets-rescored.ts", `${A}/data/seeds/seed-packets-rescored.ts`],
  ["lib/pipeline/seed-reference-baselines.ts", `${A}/data/seeds/seed-reference-baselines.ts`],
  ["lib/pipeline/seed-reported.ts", `${A}/data/seeds/seed-reported.ts`],
  ["lib/pipeline/seed-scored-submission.ts", `${A}/data/seeds/seed-scored-submission.ts`],
  ["lib/pipeline/reported-disagreements.test.ts", `${A}/data/seeds/reported-disagreements.test.ts`],
  ["prisma/seed/paper-figures.ts", `${A}/data/seeds/published/paper-figures.ts`],
  ["prisma/seed/reported-disagreements.ts", `${A}/data/seeds/published/reported-disagreements.ts`],
  ["prisma/seed/reported-figures.ts", `${A}/data/seeds/published/reported-figures.ts`],
  ["prisma/seed/reported-types.ts", `${A}/data/seeds/published/reported-types.ts`],
  ["prisma/seed/personalllm-paper-runs.ts", "lib/benchmarks/personalllm/db/paper-runs.ts"],

  // AlpsBench's scoring pipeline (the worker's generic steps go to lib/worker below)
  ["lib/pipeline/score-track.ts", `${A}/pipeline/score-track.ts`],
  ["lib/pipeline/persist-track-score.ts", `${A}/pipeline/persist-track-score.ts`],
  ["lib/pipeline/combine-with-published-test.test.ts", `${A}/pipeline/combine-with-published-test.test.ts`],
  ["lib/pipeline/kept-submitted-items.ts", `${A}/pipeline/kept-submitted-items.ts`],
  ["lib/pipeline/load-track-instances.ts", `${A}/pipeline/load-track-instances.ts`],
  ["lib/pipeline/submission-instances.ts", `${A}/pipeline/submission-instances.ts`],
  ["lib/pipeline/submission-predictions.ts", `${A}/pipeline/submission-predictions.ts`],
  ["lib/pipeline/server-pools.ts", `${A}/pipeline/server-pools.ts`],
  ["lib/pipeline/stored-pool-version.ts", `${A}/pipeline/stored-pool-version.ts`],
  ["lib/pipeline/source-fingerprint.ts", `${A}/pipeline/source-fingerprint.ts`],
  ["lib/pipeline/reference-predictions.ts", `${A}/pipeline/reference-predictions.ts`],
  ["lib/pipeline/queue-exact-test-figures.ts", `${A}/pipeline/queue-exact-test-figures.ts`],

  // upload: AlpsBench's row validators; the streaming reader and content hash are the platform's (lib/uploads)
  ["lib/predictions", `${A}/upload`],
  ["lib/predictions/parse-prediction-stream.ts", "lib/uploads/parse-prediction-stream.ts"],
  ["lib/predictions/read-prediction-file.ts", "lib/uploads/read-prediction-file.ts"],
  ["lib/predictions/content-hash.ts", "lib/uploads/content-hash.ts"],

  // read model: its queries, views, metrics and chart data
  ["lib/leaderboard/metrics.ts", `${A}/read/metrics.ts`],
  ["lib/leaderboard/views.ts", `${A}/read/views.ts`],
  ["lib/leaderboard/task-info.ts", `${A}/read/task-info.ts`],
  ["lib/leaderboard/breakdown-csv.ts", `${A}/read/breakdown-csv.ts`],
  ["lib/leaderboard/test-split-privacy.ts", `${A}/read/test-split-privacy.ts`],
  ["lib/leaderboard/charts/ability-profile.ts", `${A}/read/charts/ability-profile.ts`],
  ["lib/leaderboard/charts/pool-scaling.ts", `${A}/read/charts/pool-scaling.ts`],
  ["lib/leaderboard/charts/precision-recall.ts", `${A}/read/charts/precision-recall.ts`],
  ...[
    "instance-splits",
    "leaderboard",
    "reference-figure",
    "scorable-instances",
    "submission-breakdown",
    "submission-inputs",
    "submission-instance-input",
    "submission-instance-results",
    "submission-instance-view",
    "system-compare",
    "system-compare-cells",
    "system-score-history",
    "task3-pool-refs",
    "task3-pools",
    "view",
  ].map((name): [string, string] => [`lib/db/queries/${name}.ts`, `${A}/read/queries/${name}.ts`]),
  ["lib/db/queries/submission-breakdown-order.test.ts", `${A}/read/queries/submission-breakdown-order.test.ts`],

  // UI: its pages' components; the route files stay in app/(alpsbench) so no URL changes
  ["app/page.tsx", `${A}/ui/overview-page.tsx`],
  ["app/tasks/[task]/page.tsx", `${A}/ui/task-page.tsx`],
  ["app/tasks", "app/(alpsbench)/tasks"],
  ["app/tasks/[task]/_components", `${A}/ui/task`],
  ["components/inputs-links.tsx", `${A}/ui/inputs-links.tsx`],
  ["components/charts/ability-radars.tsx", `${A}/ui/charts/ability-radars.tsx`],
  ["components/charts/pool-scaling-charts.tsx", `${A}/ui/charts/pool-scaling-charts.tsx`],
  ["components/charts/precision-recall-scatter.tsx", `${A}/ui/charts/precision-recall-scatter.tsx`],
  ...[
    "baseline-notice",
    "contamination-notice",
    "dimension-breakdown",
    "instance-details",
    "instance-explanation-view",
    "instance-input",
    "instance-results",
    "match-explanation",
  ].map((name): [string, string] => [`app/submissions/[id]/_components/${name}.tsx`, `${A}/ui/submission/${name}.tsx`]),

  // the platform's job dispatch: today's queue worker and the generic steps of lib/pipeline
  ["lib/queue/worker.ts", "lib/worker/worker.ts"],
  ...[
    "score-submission",
    "score-module-submission",
    "submission-failure",
    "submission-job-control",
    "score-version-for",
    "queue-rescores",
    "write-module-scores",
    "fill-reward-scores",
    "reward-chunk",
    "reward-source",
  ].map((name): [string, string] => [`lib/pipeline/${name}.ts`, `lib/worker/${name}.ts`]),
  // the start-up seed walks every benchmark: platform
  ["lib/pipeline/seed.ts", "lib/db/seed.ts"],
];

/**
 * AlpsBench's pages moved into its ui/ folder above, and the thin route file that keeps each old URL (a route
 * group adds no URL segment). move-post-steps.ts writes the route file: it re-exports the page and copies the
 * route segment config (`dynamic`, `revalidate`, ...), which Next.js reads only from the route file itself.
 */
export const ROUTES: { route: string; page: string; url: string }[] = [
  { route: "app/(alpsbench)/page.tsx", page: `${A}/ui/overview-page.tsx`, url: "/" },
  { route: "app/(alpsbench)/tasks/[task]/page.tsx", page: `${A}/ui/task-page.tsx`, url: "/tasks/[task]" },
];

/**
 * Folders this map splits between AlpsBench and the platform, with the files known to stay. A file found there
 * that is neither moved nor listed was added after the map was written: the run reports it so that someone
 * decides where it belongs (and adds it to MOVES or KEEP).
 */
export const SPLIT_FOLDERS: Record<string, string[]> = {
  "lib/pipeline": [],
  "lib/db/queries": [
    "account-api-tokens.ts",
    "account-submissions.ts",
    "admin-submissions.ts",
    "audit-log.ts",
    "inputs-version.ts",
    "leaderboard-version-memo.ts",
    "module-items.ts",
    "queue.ts",
    "run-page.ts",
    "stats.ts",
    "submission-progress-select.ts",
    "submission-status.ts",
    "system-page.ts",
  ],
  "lib/leaderboard": [
    "apply-table-query.ts",
    "baseline-marks.ts",
    "best-run.test.ts",
    "download-format.ts",
    "enums.ts",
    "noised-figure.ts",
    "organisation-label.ts",
    "overall-rank.ts",
    "packed-board.ts",
    "published-decimals.ts",
    "published-precision.ts",
    "query-docs.ts",
    "rank.ts",
    "round.ts",
    "scope.ts",
    "snapshot.ts",
    "table-props.ts",
    "table-query-docs.ts",
    "table-state.ts",
    "tier.ts",
    "to-table.ts",
    "types.ts",
  ],
  "lib/leaderboard/charts": [
    "chart-rows.ts",
    "color-scale.ts",
    "grouped-bars.ts",
    "heatmap-data.ts",
    "label-layout.ts",
    "table-rows.ts",
    "test-board.ts",
    "text-measure.ts",
  ],
  "app/submissions/[id]/_components": ["live-status.tsx", "metrics-table-head.tsx", "module-items.tsx", "module-results.tsx", "status-from-api.ts"],
  "components/charts": [
    "chart-data-table.tsx",
    "chart-figure.tsx",
    "chart-theme.css",
    "grouped-bar-chart.tsx",
    "heatmap.tsx",
    "palette.ts",
    "tier-marks.tsx",
    "use-width.ts",
    "when-in-view.tsx",
  ],
  "lib/db": [
    "async-exit-hook.d.ts",
    "cli-database.ts",
    "client.ts",
    "create-client.ts",
    "embedded-postgres.ts",
    "migrate.ts",
    "postgres-reward-cache.ts",
    "prepare-database.ts",
    "schema-engine.ts",
    "schema-files.ts",
    "seed.ts",
  ],
  "prisma/seed": [],
};
