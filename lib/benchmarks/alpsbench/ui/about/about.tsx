import type { ReactNode } from "react";
import { serverSetup } from "@/lib/submissions/server-setup";
import type { Db } from "@/lib/db/create-client";
import { getInstanceCounts } from "@/lib/db/queries/stats";
import { env } from "@/lib/env";
import { baselineVersusReported } from "@/lib/leaderboard/baseline-marks";
import { COPY_INPUT_SLUG } from "@/lib/benchmarks/alpsbench/review";
import { storedPoolVersion } from "../../pipeline/stored-pool-version";
import { DEFAULT_SORT, TRACK_METRICS } from "../../read/metrics";
import { getView } from "../../read/queries/view";
import { OVERVIEW, TASK_VIEWS } from "../../read/views";
import { SPLITS, TRACK_IDS, TRACK_LABELS } from "../../track-ids";
import { TableHead } from "@/components/column-heads";
import { TASK_INFO } from "../../read/task-info";
import { AboutMethod } from "./about-method";
import { AboutRules } from "./about-rules";
import { p, Section } from "./about-section";
import { cliCommand } from "@/lib/platform/site";

const LEAD =
  "AlpsBench (Xiao et al., 2026) measures personalization across the whole life of a memory: extraction, update, retrieval and use. It is built from 2,500 long real user–LLM conversations from WildChat with human-verified memories.";

/** The sections of AlpsBench's part, the ranking rules first: what a reader of the boards comes for. */
const CONTENTS: { id: string; title: string }[] = [
  { id: "about-overall", title: "Ranking: the overall view, ranked at full coverage" },
  { id: "about-test-figures", title: "Test-split figures" },
  { id: "about-leak", title: "A known leak across tasks" },
  { id: "about-reported-sources", title: "Reported figures: where the official site and the paper disagree" },
  { id: "about-metrics", title: "Metrics" },
  { id: "about-actions", title: "Task 2 action accuracy" },
  { id: "about-baselines", title: "Reference baselines" },
  { id: "about-splits", title: "Splits" },
  ...(Object.keys(TASK_INFO) as (keyof typeof TASK_INFO)[]).map((task) => ({ id: `about-${task}`, title: TASK_INFO[task].name })),
  { id: "data", title: "Data on this server" },
];

/** AlpsBench's part of the About page (its `about` hook): read from this server's data, rendered by AlpsBench's own sections. */
export async function alpsBenchAbout(db: Db): Promise<{ lead: string; body: ReactNode; contents: { id: string; title: string }[] }> {
  const limits = env();
  const [real, demo, task2Full, task2Dev, pools] = await Promise.all([
    getInstanceCounts(db, "alpsbench-v1"),
    getInstanceCounts(db, "demo"),
    getView(db, TASK_VIEWS.task2, { benchmark: "alpsbench-v1", split: "full" }),
    getView(db, TASK_VIEWS.task2, { benchmark: "alpsbench-v1", split: "dev" }),
    storedPoolVersion(db, "alpsbench-v1"),
  ]);
  // measured on this server's data by the real scorer (seeds/seed-reference-baselines.ts), never typed in
  const headline = TRACK_METRICS.task2.find((m) => m.id === DEFAULT_SORT.task2)!;
  const copyFull = baselineVersusReported(task2Full, COPY_INPUT_SLUG, headline.id);
  const copyDev = baselineVersusReported(task2Dev, COPY_INPUT_SLUG, headline.id);
  const copyPrecision = task2Dev.rows.find((r) => r.systemSlug === COPY_INPUT_SLUG)?.cells.precision?.value;
  // the overview counts Task 4 only where a judge can score an upload's Task 4 files (read/queries/view.ts)
  const judgeConfigured = serverSetup().judgeConfigured;
  const overviewTracks = OVERVIEW.kind === "multi" ? OVERVIEW.parts.filter((part) => judgeConfigured || !part.judgeOnly).length : 1;
  const countTable = (counts: typeof real, caption: string) => {
    const cell = (track: string, split: string) => counts.find((c) => c.track === track && c.split === split)?.count ?? 0;
    return (
      <div className="mt-4 overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="count-table w-full text-sm">
          <caption className="px-4 py-2 text-left text-fg-muted">{caption}</caption>
          <TableHead className="bg-surface-muted" cells={["Track", ...SPLITS, "total"]} />
          <tbody>
            {TRACK_IDS.map((track) => (
              <tr key={track}>
                <th scope="row">{TRACK_LABELS[track]}</th>
                {SPLITS.map((s) => (
                  <td key={s}>{cell(track, s).toLocaleString("en-US")}</td>
                ))}
                <td>{SPLITS.reduce((sum, s) => sum + cell(track, s), 0).toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  };
  const body = (
    <>
      <AboutMethod
        headline={headline}
        copyFull={copyFull}
        copyDev={copyDev}
        copyPrecision={copyPrecision}
        overviewTracks={overviewTracks}
        judgeConfigured={judgeConfigured}
      />
      <AboutRules limits={limits} pools={pools} />
      <Section id="data" title="Data on this server">
        <p className={p}>Instances per track and split, as imported. The demo benchmark is synthetic data written for this site.</p>
        {countTable(real, `AlpsBench (real data; empty until imported with \`${cliCommand("import")}\`)`)}
        {countTable(demo, "Demo benchmark (synthetic)")}
      </Section>
    </>
  );
  return { lead: LEAD, body, contents: CONTENTS };
}
