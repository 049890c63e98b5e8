import type { Metadata } from "next";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { getInstanceCounts } from "@/lib/db/queries/stats";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { SERVER_POOL_LABELS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { baselineVersusReported, COPY_INPUT_SLUG } from "@/lib/leaderboard/baseline-marks";
import { DEFAULT_SORT, TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import { overallRule } from "@/lib/leaderboard/overall-rank";
import { OVERVIEW, TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { TASK_INFO } from "@/lib/benchmarks/alpsbench/read/task-info";
import { PageHeader } from "@/components/page-header";
import { benchmarkHome, hostedBenchmarks } from "@/lib/benchmarks";
import { TRACK_IDS, TRACK_LABELS, SPLITS } from "@/lib/benchmarks/alpsbench/track-ids";
import { reportedDisagreements } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-disagreements";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "About the benchmark" };

const h2 = "mt-10 text-xl font-semibold text-fg";
const p = "mt-3 max-w-3xl text-fg-muted leading-relaxed";

const disputed = reportedDisagreements();
const example = disputed.get("gpt-5-2|task1|f1");

export default async function AboutPage() {
  const limits = env();
  const [real, demo, task2Full, task2Dev, pools] = await Promise.all([
    getInstanceCounts(db(), "alpsbench-v1"),
    getInstanceCounts(db(), "demo"),
    getView(db(), TASK_VIEWS.task2, { benchmark: "alpsbench-v1", split: "full" }),
    getView(db(), TASK_VIEWS.task2, { benchmark: "alpsbench-v1", split: "dev" }),
    storedPoolVersion(db(), "alpsbench-v1"),
  ]);
  // measured on this server's data by the real scorer (lib/pipeline/seed-reference-baselines.ts), never typed in
  const headline = TRACK_METRICS.task2.find((m) => m.id === DEFAULT_SORT.task2)!;
  const copyFull = baselineVersusReported(task2Full, COPY_INPUT_SLUG, headline.id);
  const copyDev = baselineVersusReported(task2Dev, COPY_INPUT_SLUG, headline.id);
  const copyPrecision = task2Dev.rows.find((r) => r.systemSlug === COPY_INPUT_SLUG)?.cells.precision?.value;
  const fmt = (v: number) => v.toFixed(headline.decimals);
  const overviewTracks = OVERVIEW.kind === "multi" ? OVERVIEW.parts.length : 1;
  const countTable = (counts: typeof real, caption: string) => {
    const cell = (track: string, split: string) => counts.find((c) => c.track === track && c.split === split)?.count ?? 0;
    return (
      <div className="mt-4 overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="w-full text-sm">
          <caption className="px-4 py-2 text-left text-fg-muted">{caption}</caption>
          <thead className="bg-surface-muted">
            <tr>
              <th scope="col" className="px-4 py-2 text-left">
                Track
              </th>
              {SPLITS.map((s) => (
                <th scope="col" key={s} className="px-4 py-2 text-right">
                  {s}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 text-right">
                total
              </th>
            </tr>
          </thead>
          <tbody>
            {TRACK_IDS.map((track) => (
              <tr key={track} className="border-t border-line">
                <th scope="row" className="px-4 py-1.5 text-left font-normal">
                  {TRACK_LABELS[track]}
                </th>
                {SPLITS.map((s) => (
                  <td key={s} className="px-4 py-1.5 text-right tabular-nums">
                    {cell(track, s).toLocaleString("en-US")}
                  </td>
                ))}
                <td className="px-4 py-1.5 text-right tabular-nums font-medium">{SPLITS.reduce((sum, s) => sum + cell(track, s), 0).toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  };
  return (
    <article>
      <PageHeader
        eyebrow="About"
        title="About the benchmark"
        description="AlpsBench (Xiao et al., 2026) measures personalization across the whole life of a memory: extraction, update, retrieval and use. It is built from 2,500 long real user–LLM conversations from WildChat with human-verified memories."
      />
      {(Object.keys(TASK_INFO) as (keyof typeof TASK_INFO)[]).map((task) => (
        <section key={task} aria-labelledby={`about-${task}`}>
          <h2 id={`about-${task}`} className={h2}>
            {TASK_INFO[task].name}
          </h2>
          <p className={p}>{TASK_INFO[task].long}</p>
        </section>
      ))}

      <section aria-labelledby="about-metrics">
        <h2 id="about-metrics" className={h2}>
          Metrics
        </h2>
        <p className={p}>
          Deterministic metrics are pure functions of the gold answer and the prediction. Judge metrics come from an LLM judge; every judge number names the judge
          profile (provider, model, prompt version) that produced it, and numbers from different profiles are never ranked against each other. Every aggregate is a
          mean over instances with n and a 95% bootstrap confidence interval (1,000 resamples, fixed seed).
        </p>
        <dl className="mt-4 grid max-w-4xl gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
          {[...new Map(TRACK_IDS.flatMap((t) => TRACK_METRICS[t]).map((m) => [m.label, m])).values()].map((m) => (
            <div key={m.label} className="contents">
              <dt className="font-medium text-fg">
                {m.label} <span className="text-xs text-fg-subtle">({m.kind})</span>
              </dt>
              <dd className="text-fg-muted">{m.description}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-actions">
        <h2 id="about-actions" className={h2}>
          Task 2 action accuracy (our definition)
        </h2>
        <p className={p}>
          The paper names action accuracy but publishes no code, so this leaderboard defines it. Gold actions are read from the ids of the gold updated list against
          the memory pool before the update: an id kept from the old pool is a <strong>retention</strong>, <code>&lt;selected_id&gt;_updated</code> is a{" "}
          <strong>modification</strong> of the selected memory, and <code>m_new_&lt;n&gt;</code> is an <strong>addition</strong>. An action counts as realised when
          the greedy matching pairs the gold item with a predicted item; a modification additionally needs the matched prediction to be closer to the updated value
          than to the old one. We report recall per action type and overall accuracy (realised actions / gold actions).
        </p>
      </section>

      <section aria-labelledby="about-overall">
        <h2 id="about-overall" className={h2}>
          Overall view: ranked at full coverage
        </h2>
        <p className={p}>
          <strong>The rule:</strong> {overallRule(overviewTracks)} (Here {overviewTracks} is the overview&apos;s tracks: Task 1, Task 2, Task 3 at d100 and d1000,
          the five Task 4 abilities; a track no system has a figure on, such as Task 4 on a server without a judge, is not required.)
        </p>
        <p className={p}>
          Each track is ranked on its headline column (Task 1 and Task 2 score, Task 3 judge recall, each Task 4 ability&apos;s score) with standard competition
          ranks, ties at the precision shown sharing a rank, among the systems with a figure on that track. On Task 3 a row with no judged recall (an upload or a
          re-scored run on a server without a judge) is placed by its exact-id recall: that is a Task 3 figure too, and the track counts as covered.{" "}
          <strong>Mean rank</strong> is the mean of a system&apos;s track ranks, and <strong>Tracks of n</strong> says how many of the n tracks it covers: a mean
          over one track is not comparable with a mean over nine, so only full-coverage systems get a rank, and the others are listed below them. Where a figure has
          a 95% confidence interval its rank is a range, as LMArena shows it: the best rank is 1 + the number of systems whose interval lies wholly above, the worst
          is the number of systems whose interval does not lie wholly below (itself included); a figure without an interval (most reported ones) is a point. The mean
          rank&apos;s range (shown as its interval) is the mean of those best and worst ranks. Any column header sorts by that column instead, and then every row
          with a figure there is ranked on it.
        </p>
        <p className={p}>
          <strong>What a row is:</strong> one system from one source. The authors&apos; reported figures, this server&apos;s re-scoring of their released outputs, an
          upload and a verified upload of the same system are separate rows, each with its tier badge (a re-scored row usually covers Task 1 only, so it is listed
          below the full-coverage rows). Each track&apos;s cells in a row come from one run; the system&apos;s page shows all its sources side by side.
        </p>
      </section>

      <section aria-labelledby="about-baselines">
        <h2 id="about-baselines" className={h2}>
          Reference baselines
        </h2>
        <p className={p}>
          Every board carries trivial reference rows the server computes from the data at import (and on the demo data at start-up), scored by the same scorer as
          every upload: <strong>empty prediction</strong> (no memory item, no pick), <strong>copy the input</strong> (Task 2: each instance&apos;s input memory pool
          returned unchanged), <strong>first candidate</strong> and <strong>random candidate</strong> (Task 3, with a fixed seed) and <strong>BM25</strong> (Task 3,
          query against each candidate&apos;s value). They are drawn where their figures put them, marked &quot;reference, unranked&quot;, never ranked, and read{" "}
          <code>kind: &quot;baseline&quot;</code> in the API and the downloads. Task 4 has none: its figures come from a judge.
        </p>
        <p className={p} data-copy-input-statement>
          {copyFull && copyFull.best ? (
            <>
              <strong>
                On Task 2&apos;s headline ({headline.label}), copying the input{" "}
                {copyFull.beaten === copyFull.reported ? "beats every reported LLM" : `beats ${copyFull.beaten} of the ${copyFull.reported} reported rows`}
              </strong>
              : it scores {fmt(copyFull.baseline.value)} over all instances
              {copyDev ? ` (${fmt(copyDev.baseline.value)} on dev${copyPrecision != null ? `, precision ${copyPrecision.toFixed(4)}` : ""})` : ""}, against{" "}
              {copyFull.best.name}&apos;s reported {fmt(copyFull.best.value)}, the best reported figure. The metric rewards keeping the pool: most gold memories are
              retained unchanged, so a file that applies no update at all matches them exactly. A row that does not beat it says so on the board (&quot;≤ copy the
              input&quot;) and in the downloads (<code>below_baseline</code>); read Task 2 against it, and against the action recalls, which copying cannot earn on
              modifications and additions.
            </>
          ) : (
            <>The figures comparing copy-the-input with the reported LLMs appear here once the real data is imported.</>
          )}
        </p>
      </section>

      <section aria-labelledby="about-splits">
        <h2 id="about-splits" className={h2}>
          Splits
        </h2>
        <p className={p}>
          Every track is ordered by sha256(&quot;alpsbench-public-split-v1:&quot; + benchmark_id); with unit = ⌊n/5⌋ the first unit is dev, the next validation and
          the rest test (the official release&apos;s rule). Test-split gold never leaves this server: no page, download, API answer or log shows it. Imported from
          the authors&apos; annotation packets (2,272 of the 2,330 Task 1 sessions), the rule is applied to the ids present, so a few ids near the cut points fall in
          a different split than in the official release; a release-layout import keeps the release&apos;s own splits.
        </p>
      </section>

      <section aria-labelledby="about-test-figures">
        <h2 id="about-test-figures" className={h2}>
          Test-split figures
        </h2>
        <p className={p}>
          An upload&apos;s figures on the hidden test split are computed exactly, like every other row&apos;s, as the AlpsBench authors do for hidden-test runs and
          as GLUE and SuperGLUE do. What bounds probing the hidden gold is how many answers one account gets: uploads with test-split rows are limited to{" "}
          {limits.TEST_SUBMISSIONS_PER_DAY} a day and {limits.TEST_SUBMISSIONS_PER_MONTH} in 30 days per account and benchmark (a run of many tracks counts once); a
          file with test rows must cover every test instance and may not leave most of them empty; and per-instance test results are shown to no one but the
          server&apos;s administrators. One answer is a mean over the whole test set (Task 1: 1,364 instances), so it moves by at most 1/n of the range with any one
          instance; differences between many answers could single one out, which is what the limits bound.
        </p>
        {limits.TEST_FIGURE_NOISE === "on" ? (
          <p className={p}>
            This server also adds noise (an operator option): each test figure of an upload is the exact value plus Laplace noise of scale F × Δ, where Δ is the most
            one instance moves it (the metric&apos;s range over n for a mean) and F the number of figures the track publishes, then rounded. For Task 1&apos;s test
            set that is a scale of 0.006 on 0-1 metrics (standard deviation 0.008; 95 % of draws within ±0.018), rounded to 0.01, and a scale of 0.6 on the Score,
            rounded to 1; indirect recall, a pooled ratio, gets a scale of 0.022 and direct recall is withheld. Such figures are shown at that resolution, marked ≈,
            and never bolded as a column&apos;s best; the interval shown is conservative. Each upload&apos;s test figures of a track are thereby 1-differentially
            private with respect to any one test instance.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="about-leak">
        <h2 id="about-leak" className={h2}>
          A known leak across tasks
        </h2>
        <p className={p}>
          The same session feeds several tasks: Task 2&apos;s input memory pool for a session is that session&apos;s Task 1 gold, and Task 3&apos;s candidate lists
          contain gold memories too. Because each track is split independently, Task 1 test gold is visible through other tracks&apos; inputs. The leaderboard cannot
          undo the benchmark&apos;s design; it discloses it here and adds no leak of its own (test gold that appears in no input, such as Task 2&apos;s updated and
          new memories, stays on the server). The released Task 3 pools also leak the answer through candidate ids (distractor ids repeat, the target id is unique);
          pools built by this server give every candidate a fresh opaque id and de-duplicate values. What ids cannot hide is the pool design itself: in the first
          version of those pools (v1, below) the distractors are other users&apos; memories, so the target is the one candidate that also appears in the same
          session&apos;s Task 2 input pool (public). A system that looks it up there scores without retrieving anything, and the target also names which memory a
          session&apos;s Task 2 update changes (found for 1,307 of the 1,364 Task 2 test instances this way).
        </p>
        <p className={p}>
          Every Task 1 upload is checked for a copy of that public gold: its values are compared with other tracks&apos; public inputs without case, spacing,
          punctuation or look-alike characters, and each row with the Task 2 input memories of its own session by the scorer&apos;s own value similarity (at least
          0.6, whatever the word order, so a copy with its words reordered is caught as the scorer would match it). A run where 20 % or more of its items match, or
          of those memories are matched, is flagged and not ranked; the authors&apos; released outputs reach at most 9.6 %. The scorer also pairs an item with a
          memory on label, type and confidence alone (together 0.6 of a pair&apos;s score, above the 0.30 match threshold), so junk values under the public labels
          and types score F1 1.0 and about 76: the metric is the authors&apos; and stays, and a run in which half or more of those memories are paired with a value
          sharing almost nothing (similarity below 0.2) is flagged too; the released outputs reach 12-27 % there.
        </p>
        <p className={p} data-pool-version={pools ?? "none"}>
          <strong>Task 3 pool versions.</strong> On <code>server-pools-v1</code>, the first pools this server built, picking the candidate that the same
          session&apos;s Task 2 input shows finds the target of all 2,272 instances at every pool size. <code>server-pools-v2</code> closes that: each Task 3
          instance gets an opaque id drawn with the server&apos;s secret pool seed (the released id is the session id, which is also Task 2&apos;s id for the same
          dialogue), and the distractors are the target session&apos;s other memories first, then other sessions whole, so no session stands out in a pool by how
          many of its memories it has. On the real data the same shortcut then finds nothing better than a random pick (expected recall 0.0099 on d100, 0.0010 on
          d1000, exactly the random pick&apos;s); a system that somehow knew the session would still face all of its memories (0.51 on average). A new data version
          is imported with v2; one that already holds pools keeps them (its figures were scored on them), and v1&apos;s stay under their label. This server&apos;s
          AlpsBench data holds {pools ? <code>{SERVER_POOL_LABELS[pools]}</code> : "no Task 3 pools yet"}. Files made on the released pools (session ids) are refused
          on v2 with the fix: run the harness on this server&apos;s Task 3 inputs, which keep their ids. Details and how to reproduce either version:
          docs/task3-pools.md in the repository.
        </p>
      </section>

      <section aria-labelledby="about-reported-sources">
        <h2 id="about-reported-sources" className={h2}>
          Reported figures: the official site and the paper disagree
        </h2>
        <p className={p}>
          {`${disputed.size} reported cells differ between the AlpsBench paper and the official leaderboard site (for example GPT-5.2's Task 1 F1: ${example ? `${example.shown} on the site, ${example.value} in the paper's Table 2` : "the site and Table 2 differ"}). `}
          For the general LLMs this leaderboard shows and ranks by the site&apos;s figures: the site is the authors&apos; own leaderboard, published with the
          benchmark&apos;s code and data, and it gives every metric of every task (precision, recall, F1, judge score and score for Tasks 1 and 2, each pool size of
          Task 3, each ability of Task 4), where the paper&apos;s Table 2 gives one headline per task and its Task 4 VRA and CF columns repeat other columns. The
          paper is the only source for the emotional-intelligence headlines (Table 2) and for the memory systems (Tables 3 and 4), so those come from it. Where the
          two disagree, the cell keeps the figure it ranks by and its hover note says what the other publication printed; CSV and JSON downloads carry it in a{" "}
          <code>&lt;metric&gt;__paper_value</code> column beside the figure, with <code>&lt;metric&gt;__paper_source</code> naming the table.
        </p>
      </section>

      <section aria-labelledby="data">
        <h2 id="data" className={h2}>
          Data on this server
        </h2>
        <p className={p}>Instances per track and split, as imported. The demo benchmark is synthetic data written for this site.</p>
        {countTable(real, "AlpsBench (real data; empty until imported with `npm run alpsbench -- import`)")}
        {countTable(demo, "Demo benchmark (synthetic)")}
      </section>

      <section aria-labelledby="about-credit">
        <h2 id="about-credit" className={h2}>
          Credit and licence
        </h2>
        {hostedBenchmarks().map((b) => (
          <p key={b.id} className={p} id={`about-${b.id}`}>
            <a className="font-medium text-fg underline" href={benchmarkHome(b)}>
              {b.title}
            </a>
            : {b.credit.citation}. Data licence: {b.credit.dataLicence}; code licence: {b.credit.codeLicence}. Source:{" "}
            <a className="underline" href={b.credit.url}>
              {b.credit.url}
            </a>
            .{b.credit.note ? ` ${b.credit.note}` : ""}
          </p>
        ))}
      </section>
    </article>
  );
}
